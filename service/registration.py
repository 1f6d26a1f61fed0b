"""Start-up refuses a half-registered game.

Every game in kennel.domain.registry needs a member named after it (`wire_name`) in each of
kennel.proto's per-game wrappers: without one, CreateGame would accept the game and the next
call (a view, a command, an event) would fail with INTERNAL. The server checks once, at start,
and names what is missing, so the mistake is a developer's at start-up and never a player's.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from google.protobuf.descriptor import Descriptor
from kennel.domain.core.rules import Game
from kennel.domain.registry import wire_name
from kennel.v1 import kennel_pb2

# The messages of kennel.proto that wrap one member per game, and the oneof that holds it.
WRAPPERS: tuple[tuple[Descriptor, str], ...] = (
    (kennel_pb2.GameOptions.DESCRIPTOR, "game"),
    (kennel_pb2.Command.DESCRIPTOR, "game"),
    (kennel_pb2.GameView.DESCRIPTOR, "game"),
    (kennel_pb2.Event.DESCRIPTOR, "kind"),
)


class HalfRegisteredGame(RuntimeError):
    """A registered game lacks wrapper entries in kennel.proto; the message says which."""


def missing_wrappers(games: Iterable[Game[Any]]) -> list[str]:
    """`Message.oneof.member` for every wrapper entry a registered game lacks."""
    missing: list[str] = []
    for game in games:
        member = wire_name(game)
        for descriptor, oneof in WRAPPERS:
            field = descriptor.fields_by_name.get(member)
            if field is None or field.containing_oneof is None or field.containing_oneof.name != oneof:
                missing.append(f"{descriptor.full_name}.{oneof}.{member} (game {game.name!r})")
    return missing


def check_registered(games: Mapping[str, Game[Any]]) -> None:
    """Raise HalfRegisteredGame unless every registered game has all its wrapper entries."""
    missing = missing_wrappers(games.values())
    if missing:
        raise HalfRegisteredGame(
            "registered games lack their entries in proto/kennel/v1/kennel.proto: "
            + "; ".join(missing)
            + ". Add each game's member to these oneofs (and regenerate with `make proto`)."
        )
