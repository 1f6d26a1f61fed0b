"""The engine's shortcuts hold to the plain code they replace, at every position of seeded
random games of every game: `to_json` (its dispatch inlined for sequences and dataclass fields)
gives what the plain recursive definition gives for every view, legal command and event, and
`undo_actor` (which asks an event only for the actor fields its class may have) names the seat
that asking for both names, and `telling.named` (which skips texts without "eat ") names seats
as the regular expression alone does."""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from typing import Any

import pytest
from kennel.domain.core import table as tables
from kennel.domain.core import telling
from kennel.domain.core.codec import to_json
from kennel.domain.core.undo import undo_actor
from kennel.domain.registry import GAMES
from testkit.hidden_worlds import random_game


def plain_to_json(value: Any) -> Any:
    """`to_json` as first written: enums by value, tuples as lists, dataclasses by field."""
    if value is None or type(value) in (bool, int, str):
        return value
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, bool | int | str):
        return value
    if dataclasses.is_dataclass(value):
        return {field.name: plain_to_json(getattr(value, field.name)) for field in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [plain_to_json(item) for item in value]
    if isinstance(value, Mapping):
        return {str(key): plain_to_json(item) for key, item in value.items()}
    raise TypeError(f"cannot encode {type(value).__name__} as JSON")


def plain_undo_actor(event: Any) -> int | None:
    for field in ("seat", "proposer"):
        actor = getattr(event, field, None)
        if isinstance(actor, int) and not isinstance(actor, bool):
            return actor
    return None


def plain_named(text: str, names: list[str]) -> str:
    return telling._SEAT_NUMBER.sub(
        lambda m: names[int(m.group(2))] if 0 <= int(m.group(2)) < len(names) else m.group(0), text
    )


def same_json(a: Any, b: Any) -> bool:
    """Equal, and of the same JSON types all the way down (True is not 1 here)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_json(a[key], b[key]) for key in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_to_json_and_undo_actor_give_the_plain_answers(name: str) -> None:
    game: Any = GAMES[name]
    seats = max(game.seats.minimum, 3 if 3 in game.seats else 2)
    checked = 0
    for number in range(2):
        seed_text = f"engine fast paths {name} {number}"
        played = random_game(game, seed_text, seats, game.random_play_options, 300, undo=True)
        for event in played.events(len(played.moves)):
            assert same_json(to_json(event), plain_to_json(event)), event
            assert undo_actor(event) == plain_undo_actor(event), event
        for table in played.tables():
            names = telling.names_of(table)
            texts = [prompt.label for prompt in table.pending()]
            for viewer in (None, *range(seats)):
                view = game.view(table.state, viewer)
                assert same_json(to_json(view), plain_to_json(view))
                if viewer is not None:
                    for command in tables.legal_commands(table, viewer):
                        assert same_json(to_json(command), plain_to_json(command)), command
                        texts.append(telling.label(table, viewer, command, names).text)
            outcome = table.outcome()
            texts += ["seat 1 and Seat 0, seat 9", *([outcome.reason] if outcome is not None else [])]
            for text in texts:
                assert telling.named(text, names) == plain_named(text, names), text
            checked += 1
    assert checked > 100
