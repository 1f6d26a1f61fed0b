"""A nested frozen value's encoding kept by the value's identity (kennel.service.protobytes,
`_nested`) is the value's encoding: every game's view of every viewer of bot games, asked in
turn across games with the kept encodings pushed out all the time, is the message filled by
reflection (`wire.fill`) and serialised; and a value made after another was pushed out and
dropped (its id free again) is written as itself."""

from __future__ import annotations

from dataclasses import dataclass
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
