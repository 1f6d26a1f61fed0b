"""A nested frozen value's encoding kept by the value's identity (kennel.service.protobytes,
`_nested`) is the value's encoding: every game's view of every viewer of bot games, asked in
turn across games with the kept encodings pushed out all the time, is the message filled by
reflection (`wire.fill`) and serialised; and a value made after another was pushed out and
dropped (its id free again) is written as itself. A run of nested messages (a repeated field)
is kept whole by its tuple's identity only when it cannot change: a list, or a tuple holding a
value that is not a frozen dataclass, is written afresh each time."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import zip_longest
from typing import Any

import pytest
from kennel import wire
from kennel.domain.core import table as tables
from kennel.domain.core.codec import to_json
from kennel.domain.registry import GAMES, wire_name
from kennel.service import protobytes
from kennel.v1 import kennel_pb2 as pb
from testkit.bot_games import bot_game


def _states(game: Any, seed_text: str, seats: int) -> list[Any]:
    ledger = bot_game(game, seed_text, seats)
    table, states = None, []
    for event in ledger.events:
        table = tables.open_table(game, event) if table is None else tables.evolve(table, event)
        states.append(table.state)
    return states


@pytest.mark.parametrize("kept", [protobytes.KEPT, 3])
def test_every_view_with_kept_parts_is_the_view_filled_by_reflection(kept: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(protobytes, "KEPT", kept)
    checked = 0
    games = sorted(GAMES)
    runs = [(GAMES[name], _states(GAMES[name], f"protobytes-cache-{name}", 3)[::3]) for name in games]
    for positions in zip_longest(*(states for _, states in runs)):
        for (game, _), state in zip(runs, positions, strict=True):
            if state is None:
                continue
            member = pb.GameView.DESCRIPTOR.fields_by_name[wire_name(game)].message_type
            encode = protobytes.encoder(member)
            for viewer in (checked % 3, None, 0, 1, 2):  # the same state's parts asked again
                view = game.view(state, viewer)
                expected = pb.GameView()
                filled = getattr(expected, wire_name(game))
                wire.fill(filled, to_json(view))
                assert encode(view) == filled.SerializeToString(), (game.name, viewer)
            checked += 1
    assert checked > 200


def test_a_value_whose_id_is_free_again_is_written_as_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    @dataclass(frozen=True)
    class Info:
        seat: int
        name: str | None

    @dataclass(frozen=True)
    class Seated:  # a part of `View`: its version and seats
        version: int
        seats: tuple[Info, ...]

    monkeypatch.setattr(protobytes, "KEPT", 8)  # more than a round makes: its ids still kept
    encode = protobytes.encoder(pb.View.DESCRIPTOR)
    for round_ in range(200):
        value = Seated(round_, tuple(Info(seat, f"p{round_}-{seat}") for seat in range(3)))
        expected = pb.View(version=round_, seats=[pb.SeatInfo(seat=i.seat, name=i.name) for i in value.seats])
        assert encode(value) == expected.SerializeToString(), round_
        assert encode(value) == expected.SerializeToString(), round_  # kept: the same bytes
        del value
        # the values pushed out are freed at once (no cycles): new ones may take their ids


@dataclass(frozen=True)
class _Info:
    seat: int
    name: str | None


@dataclass
class _OpenInfo:  # not frozen: its fields may change after it was written
    seat: int
    name: str | None


@dataclass(frozen=True)
class _Seated:  # a part of `View`: its version and seats
    version: int
    seats: Any = field(default=())


def _expected(value: _Seated) -> bytes:
    return pb.View(
        version=value.version, seats=[pb.SeatInfo(seat=i.seat, name=i.name) for i in value.seats]
    ).SerializeToString()


def test_a_run_of_frozen_values_shared_by_two_values_is_written_once_as_itself() -> None:
    encode = protobytes.encoder(pb.View.DESCRIPTOR)
    seats = tuple(_Info(seat, f"p{seat}") for seat in range(3))
    first, second = _Seated(1, seats), _Seated(2, seats)  # as every viewer's view shares its public tuples
    assert encode(first) == _expected(first)
    assert encode(second) == _expected(second)
    assert encode(_Seated(3, seats[:2])) == _expected(_Seated(3, seats[:2]))  # another tuple, another run


def test_a_run_that_may_change_is_written_afresh() -> None:
    encode = protobytes.encoder(pb.View.DESCRIPTOR)
    as_list = [_Info(0, "Ada"), _Info(1, "Bo")]
    value = _Seated(1, as_list)
    assert encode(value) == _expected(value)
    as_list.append(_Info(2, "Cy"))  # the same list object, one seat more
    assert encode(value) == _expected(value)
    mixed = (_Info(0, "Ada"), _OpenInfo(1, "Bo"))
    value = _Seated(2, mixed)
    assert encode(value) == _expected(value)
    mixed[1].name = "Bea"  # the same tuple, a value in it changed
    assert encode(value) == _expected(value)
    assert b"Bea" in encode(value)
