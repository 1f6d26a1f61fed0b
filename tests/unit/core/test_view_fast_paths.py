"""A game's view is made from parts shared by every viewer of one state (a public view kept
per state, or its parts kept per part) and the few fields only the viewer may see; at every
position of seeded random games of every game, for every viewer in every order of asking, it
is the view made from scratch for that viewer as first written (`plain_views`)."""

from __future__ import annotations

import gc
from typing import Any

import pytest
from kennel.domain.core import frozen
from kennel.domain.core.codec import to_json
from kennel.domain.registry import GAMES
from plain_views import PLAIN_VIEWS
from test_engine_fast_paths import same_json
from testkit.hidden_worlds import random_game


def seat_counts(game: Any) -> list[int]:
    return sorted({game.seats.minimum, 3 if 3 in game.seats else game.seats.minimum, game.seats.maximum})


def test_every_game_has_a_plain_view() -> None:
    assert set(PLAIN_VIEWS) == set(GAMES)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_view_is_the_view_made_from_scratch(name: str) -> None:
    game: Any = GAMES[name]
    plain = PLAIN_VIEWS[name]
    checked = 0
    for seats in seat_counts(game):
        played = random_game(game, f"view fast paths {name} {seats}", seats, game.random_play_options, 300, undo=True)
        for table in played.tables():
            # Out-of-range seats see what a spectator sees; the first viewer asked changes from
            # position to position, so the public part is made on the way to each kind of viewer.
            viewers: list[int | None] = [None, *range(seats), seats, -1]
            turn = checked % len(viewers)
            for viewer in viewers[turn:] + viewers[:turn]:
                view, expected = game.view(table.state, viewer), plain(table.state, viewer)
                assert view == expected and type(view) is type(expected), (viewer, table.version)
                assert same_json(to_json(view), to_json(expected))
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_view_is_right_however_many_states_came_between(name: str) -> None:
    """More states than the shared parts kept, asked for again in turn, and states dropped
    (their ids free for new objects): never a view of another state."""
    game: Any = GAMES[name]
    seats = seat_counts(game)[0]
    played = random_game(game, f"view fast paths, many {name}", seats, game.random_play_options, 200)
    states = [table.state for table in played.tables()]
    assert len(states) > 50
    for round_ in range(3):
        ordered = states if round_ % 2 == 0 else states[::-1]
        for state in ordered:
            for viewer in (0, None, seats - 1):
                assert game.view(state, viewer) == PLAIN_VIEWS[name](state, viewer)
    # Copies made and dropped: a new copy often takes a dropped one's id.
    for state in states[:: max(1, len(states) // 20)]:
        for _ in range(3):
            copy = frozen.replaced(state)
            assert game.view(copy, 0) == PLAIN_VIEWS[name](copy, 0)
            del copy
            gc.collect()
