"""Bots that play any registered game through the decider interface alone."""

from __future__ import annotations

from typing import Any

from domain.core import table as tables
from domain.core.rng import Rng, seed_from_text
from domain.core.rules import Seat
from domain.core.undo import ProposeUndo


class RandomBot:
    """Plays a uniformly random legal command; seeded, so a simulation replays identically.

    Its randomness is its own (derived from the bot's seed text), never the game's seed.
    """

    def __init__(self, seed_text: str, undo: bool = True) -> None:
        self._seed = seed_from_text(f"bot:{seed_text}")
        self._undo = undo  # False: never propose an undo (so none is ever asked of others)

    def choose(self, table: tables.Table[Any], seat: Seat) -> Any | None:
        options = tables.legal_commands(table, seat)
        if not self._undo:
            options = tuple(c for c in options if not isinstance(c, ProposeUndo)) or options
        if not options:
            return None
        return Rng(self._seed, table.version * 16 + seat).choice(options)
