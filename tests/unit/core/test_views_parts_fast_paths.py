"""A view's pieces made per part of the state (`frozen.per_recent_part`: a seat's hoard, player,
dog or seat) are the pieces made from scratch: at every position of bot games of every game,
for every viewer, with parts kept across states and with almost none kept (pushed out at once),
the view is the view as first written (`plain_views`); and a kept piece is one part's and one
set of arguments' only (a dog seen by its own seat is not the dog others see). Hoarders' picks,
made once per hand, are the hand's pairs."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any

import pytest
from kennel.domain.core import frozen
from kennel.domain.core import table as tables
from kennel.domain.core.codec import to_json
from kennel.domain.hoarders.cards import CRITTERS_PICKED, sorted_critters
from kennel.domain.hoarders.commands import PickCritters
from kennel.domain.hoarders.outcome import outcome
from kennel.domain.hoarders.state import Phase
from kennel.domain.registry import GAMES
from plain_views import PLAIN_VIEWS
from test_engine_fast_paths import same_json
from testkit.bot_games import bot_game


@pytest.mark.parametrize("recent", [frozen.RECENT_PARTS, 1])
@pytest.mark.parametrize("name", sorted(GAMES))
def test_views_of_parts_kept_across_states_are_the_views_made_from_scratch(
    name: str, recent: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(frozen, "RECENT_PARTS", recent)
    game: Any = GAMES[name]
    plain = PLAIN_VIEWS[name]
    ledger = bot_game(game, f"views-parts-{name}", 3, open_seats=1)
    table, checked = None, 0
    for event in ledger.events:
        table = tables.open_table(game, event) if table is None else tables.evolve(table, event)
        for viewer in (checked % 3, None, 0, 1, 2, 3):
            view, expected = game.view(table.state, viewer), plain(table.state, viewer)
            assert view == expected and type(view) is type(expected), (viewer, table.version)
            assert same_json(to_json(view), to_json(expected))
        checked += 1
    assert checked > 50


@dataclass(frozen=True)
class _Part:
    value: int


def test_a_piece_is_kept_per_part_object_and_arguments() -> None:
    made: list[tuple[int, int]] = []

    @frozen.per_recent_part
    def piece(part: _Part, seat: int) -> tuple[int, int]:
        made.append((part.value, seat))
        return (part.value, seat)

    one, equal = _Part(1), _Part(1)
    assert piece(one, 0) == (1, 0) and piece(one, 0) is piece(one, 0)
    assert piece(one, 1) == (1, 1)  # another seat: made again
    assert piece(equal, 0) == (1, 0)  # an equal part, another object: made again
    assert made == [(1, 0), (1, 1), (1, 0)]


def test_a_part_pushed_out_and_dropped_is_never_taken_for_a_new_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(frozen, "RECENT_PARTS", 4)

    @frozen.per_recent_part
    def piece(part: _Part) -> int:
        return part.value

    for value in range(500):
        assert piece(_Part(value)) == value  # each dropped at once: ids come back


def test_hoarders_picks_kept_per_hand_are_the_pairs_of_the_hand() -> None:
    game: Any = GAMES["hoarders"]
    picking = 0
    for seats in (2, 3, game.seats.maximum):
        ledger = bot_game(game, f"views-parts-picks-{seats}", seats)
        table = None
        for event in ledger.events:
            table = tables.open_table(game, event) if table is None else tables.evolve(table, event)
            state = table.state
            for seat in range(seats):
                hoard = state.hoards[seat]
                if state.phase is not Phase.PICKING or hoard.has_picked or outcome(state) is not None:
                    continue
                pairs = combinations(sorted_critters(hoard.hand), CRITTERS_PICKED)
                assert game.legal_commands(state, seat) == tuple(PickCritters(critters=pair) for pair in pairs)
                picking += 1
    assert picking > 50


def test_a_piece_kept_with_a_limit_of_its_own_is_kept_so_long() -> None:
    made: list[int] = []

    @frozen.per_recent_part(limit=2)
    def piece(part: _Part) -> int:
        made.append(part.value)
        return part.value

    parts = [_Part(value) for value in range(3)]
    for part in (*parts, parts[2], parts[1], parts[0]):
        assert piece(part) == part.value
    assert made == [0, 1, 2, 0]  # the last two kept; the first pushed out and made again
