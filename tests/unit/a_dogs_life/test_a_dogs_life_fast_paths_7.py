"""The seventh pass's fast paths of A Dog's Life give what the plain paths give, at every
position of seeded random games:

- the active seat's permitted actions are made once per state (`decide._permitted`): the same
  object for the same state, asked by `has_choice` and `legal_commands` alike, and made afresh
  for a new state; they are the candidates `check` lets through, and nothing for other seats;
- the public view's ground and dogs are kept per tuple of the state's (`views._ground_seen`,
  `views._dogs_seen`): a state holding the same tuple is seen with the same object, and every
  view equals the view written item by item.
"""

from __future__ import annotations

from collections.abc import Iterator

from kennel.domain.a_dogs_life import GAME
from kennel.domain.a_dogs_life.candidates import action_candidates
from kennel.domain.a_dogs_life.commands import EndActions
from kennel.domain.a_dogs_life.decide import ACTION_RULES, check, has_choice, permitted_actions
from kennel.domain.a_dogs_life.legal import legal_commands
from kennel.domain.a_dogs_life.state import ADogsLifeState, Phase
from kennel.domain.a_dogs_life import views
from kennel.domain.core.frozen import replaced
from testkit.hidden_worlds import random_game


def positions(number: int, steps: int = 300) -> Iterator[ADogsLifeState]:
    game = random_game(GAME, f"fast paths 7 {number}", 2 + number % 5, GAME.random_play_options, max_moves=steps)
    return (table.state for table in game.tables() if table.ended is None)


def _plain(state: ADogsLifeState, seat: int) -> list[object]:
    return [
        command
        for command in action_candidates(state, seat)
        if check(state, seat, command, ACTION_RULES[type(command)]) is None
    ]


def test_permitted_actions_made_once_per_state_are_the_plain_ones() -> None:
    asked = 0
    for state in (state for number in range(4, 8) for state in positions(number)):
        for seat in (*range(state.seat_count), True, -1):
            plain = _plain(state, seat) if 0 <= seat < state.seat_count else []
            permitted = permitted_actions(state, seat)
            assert list(permitted) == plain
            if state.phase is Phase.ACTIONS and seat is state.active:
                assert permitted_actions(state, seat) is permitted  # made once for the state
                assert legal_commands(state, seat) is permitted
                asked += 1
            elif state.phase is not Phase.TRUCK:
                assert legal_commands(state, seat) == tuple(plain)
        if state.phase is Phase.ACTIONS:
            assert has_choice(state) == any(not isinstance(command, EndActions) for command in _plain(state, state.active))
            moved = replaced(state, action_points=state.action_points)  # an equal state, another object
            assert moved == state and permitted_actions(moved, state.active) == permitted_actions(state, state.active)
            assert permitted_actions(moved, state.active) is not permitted_actions(state, state.active) or not plain
    assert asked > 300


def _plain_view(state: ADogsLifeState, viewer: int | None) -> views.ADogsLifeView:
    public = replaced(
        views._public_view(state),
        ground=tuple(views._face_down(item) for item in state.ground),
        dogs=tuple(views._dog_view(seat, dog, False) for seat, dog in enumerate(state.dogs)),
    )
    if viewer is None or not state.dogs[viewer].newspapers:
        return replaced(public, viewer=viewer)
    dogs = list(public.dogs)
    dogs[viewer] = views._dog_view(viewer, state.dogs[viewer], True)
    return replaced(public, viewer=viewer, dogs=tuple(dogs))


def test_views_with_kept_ground_and_dogs_equal_those_written_item_by_item() -> None:
    kept = lying = 0
    for state in (state for number in range(8, 14) for state in positions(number)):
        for viewer in (None, *range(state.seat_count)):
            seen = views.view(state, viewer)
            plain = _plain_view(state, viewer)
            assert seen == plain and repr(seen) == repr(plain)
        public = views._public_view(state)
        again = replaced(state, round=state.round)  # another state holding the same tuples
        assert views._public_view(again) is not public
        assert views._public_view(again).ground is public.ground and views._public_view(again).dogs is public.dogs
        kept += 1
        lying += len(public.ground)
    assert kept > 300 and lying > 100

