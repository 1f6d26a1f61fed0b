"""A new game's opening records and desk entries, as the hub would store them (store tests)."""

from __future__ import annotations

import secrets
import uuid
from typing import Any

from kennel.domain.registry import game_named
from kennel.replay.ledger import Ledger


def new_game(seats: tuple[str | None, ...] = ("Ann", None)) -> tuple[uuid.UUID, Ledger, bytes, list[dict[str, Any]]]:
    """A hoarders game's opening records and desk entries, as the hub would store them."""
    game_id = uuid.uuid4()
    seed = secrets.token_bytes(32)
    ledger = Ledger.create(game_named("hoarders"), str(game_id), None, seats, seed)
    entries = [{"kind": "created", "game_id": str(game_id), "header": ledger.header.to_json(), "seed": seed.hex()}]
    return game_id, ledger, seed, entries
