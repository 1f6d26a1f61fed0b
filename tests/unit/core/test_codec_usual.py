"""The codec's quicker ways (`_usual_decoder` before each dataclass's checked decoder, and
tuples of plain values or enum values made in C) decode exactly what the checked decoders
decode, and refuse with the same errors: on every event and command of bot games of every game,
and on each field of them changed to values of other types."""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass
from typing import Any

import pytest
from kennel.domain.core import decoding
from kennel.domain.core import table as tables
from kennel.domain.core.codec import DecodeError, from_json
from kennel.domain.registry import GAMES
from testkit.bot_games import bot_game


def outcome(call: Any, *args: Any) -> tuple[str, str]:
    """What happened, comparable down to types (`repr` tells 1 from True, a tuple from a list)."""
    try:
        return "value", repr(call(*args))
    except Exception as error:  # noqa: BLE001 - the comparison is of whatever happens
        return "error", f"{type(error).__name__}: {error}"


def checked(cls: type, data: Any) -> Any:
    """The reference: the checked decoder alone, with every tuple decoded item by item."""
    return decoding._checked_decoder(cls)(data)


OTHERS: list[Any] = [None, True, False, 0, 1, -1, 2.0, "", "x", "red", [], [1], ["red"], [True], {}, {"a": 1}]


def changed(data: dict[str, Any], rng: random.Random) -> list[Any]:
    """`data` with one field given another value, left out, or joined by an unknown one."""
    out: list[Any] = [{**data, "unknown": 1}, [data], "data"]
    for key, value in data.items():
        out.append({k: v for k, v in data.items() if k != key})
        for other in rng.sample(OTHERS, 6):
            out.append({**data, key: other})
        if isinstance(value, list) and value:
            out.append({**data, key: [*value, rng.choice(OTHERS)]})
            out.append({**data, key: [rng.choice(OTHERS), *value[1:]]})
        if isinstance(value, dict) and value:
            inner = rng.choice(sorted(value))
            out.append({**data, key: {**value, inner: rng.choice(OTHERS)}})
    return out


@pytest.mark.parametrize("name", sorted(GAMES))
def test_events_decode_as_the_checked_decoders_decode_them(name: str) -> None:
    game = GAMES[name]
    ledger = bot_game(game, f"codec usual {name}", 3 if 3 in game.seats else 2, open_seats=1)
    rng = random.Random(name)
    compared = 0
    for record in ledger.records:
        registry = tables.ENGINE_EVENTS if record.event["type"].startswith("kennel.") else game.events
        cls = registry.type_named(record.event["type"])
        data = record.event["data"]
        assert repr(registry.decode(record.event)) == repr(checked(cls, data))
        if rng.random() < 0.2:
            for bad in changed(data, rng):
                quick = registry.data_decoder(record.event["type"])
                assert outcome(quick, bad) == outcome(checked, cls, bad), bad
                compared += 1
    for record in ledger.records:
        if record.cause.seat is not None and not record.cause.type.startswith("kennel."):
            command = {"type": record.cause.type, "data": record.cause.data}
            cls = game.commands.type_named(command["type"])
            assert repr(game.commands.decode(command)) == repr(checked(cls, command["data"]))
    assert compared > 300


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


class Number(enum.Enum):
    ONE = 1
    TWO = 2


@dataclass(frozen=True)
class Shapes:
    flag: bool
    count: int
    name: str
    colour: Colour
    maybe_count: int | None
    maybe_colour: Colour | None
    numbers: tuple[int, ...]
    names: tuple[str, ...]
    flags: tuple[bool, ...]
    colours: tuple[Colour, ...]
    ones: tuple[Number, ...]
    defaulted: int = 3


GOOD = {"flag": True, "count": 2, "name": "n", "colour": "red", "maybe_count": None, "maybe_colour": "blue",
        "numbers": [1, 2], "names": ["a"], "flags": [False], "colours": ["red", "blue"], "ones": [1, 2],
        "defaulted": 4}


def test_every_shape_the_quicker_ways_take_decodes_and_refuses_as_checked() -> None:
    rng = random.Random(7)
    values = [*OTHERS, 1.0, [1, True], [1.0], ["red", 1], [1, 1.0], [True, 1], ["blue", "blue"]]
    values += [[2, 1], [[1]]]
    cases = [GOOD, {k: v for k, v in GOOD.items() if k != "defaulted"}]
    for key in GOOD:
        for value in values:
            cases.append({**GOOD, key: value})
    for _ in range(300):
        case = dict(GOOD)
        for key in rng.sample(sorted(GOOD), 2):
            case[key] = rng.choice(values)
        cases.append(case)
    for case in cases:
        assert outcome(from_json, Shapes, case) == outcome(checked, Shapes, case), case
    assert from_json(Shapes, GOOD).ones == (Number.ONE, Number.TWO)
    with pytest.raises(DecodeError):
        from_json(Shapes, {**GOOD, "numbers": [1, True]})
