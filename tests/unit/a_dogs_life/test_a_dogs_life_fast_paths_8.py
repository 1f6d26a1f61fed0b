"""The eighth pass's fast paths of A Dog's Life give what the plain paths give, at every
position of seeded random games:

- `ADogsLifeState.bone_on` says what `GroundItem(space, BONE) in state.ground` says, on every
  space;
- the action candidates, made at once from the moves kept per space and the attacks kept per
  seat, are the candidates written one by one, each the very object `_MOVE` or `_ATTACK` gives;
  the kept tuples are the same object for the same space or seat;
- `truck_ways`, kept per square and square left, is the ways worked out afresh;
- the permitted actions (a check per candidate, looked up by command type; the moves only on
  the truck's space) are the candidates `decide.check` lets through, whole rule by rule;
- `outcome` is None while the game goes on, and once it is over the same object for the same
  state, made afresh for another.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from kennel.domain.a_dogs_life import GAME, candidates
from kennel.domain.a_dogs_life.board import SpaceKind, board
from kennel.domain.a_dogs_life.decide import ACTION_RULES, check, permitted_actions
from kennel.domain.a_dogs_life.outcome import outcome
from kennel.domain.a_dogs_life.state import ADogsLifeState, GroundItem, ItemKind, Phase
from kennel.domain.a_dogs_life.truck import truck_ways
from kennel.domain.core.frozen import replaced
from testkit.hidden_worlds import random_game


def positions(number: int, steps: int = 300) -> Iterator[ADogsLifeState]:
    options = GAME.random_play_options
    game = random_game(GAME, f"fast paths 8 {number}", 2 + number % 5, options, max_moves=steps)
    return (table.state for table in game.tables())


def _candidates_one_by_one(state: ADogsLifeState, seat: int) -> list[Any]:
    dog = state.dogs[seat]
    if dog.position is None:
        return []
    return [
        *(candidates._MOVE(to) for to in board().links(dog.position)),
        *candidates._PLAIN_ACTIONS,
        *(candidates._DROP_NEWSPAPER(address) for address in dog.newspapers),
        *(candidates._COLLECT_NEWSPAPER(index) for index in range(len(state.newspapers_on(dog.position)))),
        *(candidates._ATTACK(other) for other in range(state.seat_count) if other != seat),
        candidates._END_ACTIONS,
    ]


def test_bone_on_and_candidates_are_the_plain_ones() -> None:
    listed = bones = 0
    for state in (state for number in range(4) for state in positions(number)):
        for space in range(len(board().spaces)):
            assert state.bone_on(space) == (GroundItem(space, ItemKind.BONE) in state.ground)
            bones += state.bone_on(space)
        for seat in range(state.seat_count):
            made = candidates.action_candidates(state, seat)
            plain = _candidates_one_by_one(state, seat)
            assert made == plain and all(a is b for a, b in zip(made, plain, strict=True))
            listed += 1
    assert listed > 1000 and bones > 50
    for space in range(len(board().spaces)):
        assert candidates._MOVES_FROM(space) is candidates._MOVES_FROM(space)
    assert candidates._ATTACKS_BY((3, 1)) is candidates._ATTACKS_BY((3, 1))
    assert candidates._ATTACKS_BY((3, 1)) == (candidates._ATTACK(0), candidates._ATTACK(2))


def test_truck_ways_kept_are_the_ways_worked_out() -> None:
    city = board()
    streets = [space.id for space in city.spaces if space.kind is SpaceKind.STREET]
    for space in streets:
        for came_from in (None, *city.street_links[space], *streets[:5]):
            assert truck_ways(space, came_from) == truck_ways.__wrapped__(space, came_from)
            assert truck_ways(space, came_from) is truck_ways(space, came_from)


def test_permitted_actions_are_what_check_lets_through() -> None:
    on_the_truck = asked = 0
    for state in (state for number in range(4, 8) for state in positions(number)):
        if state.phase is not Phase.ACTIONS:
            continue
        seat = state.active
        plain = [
            command
            for command in _candidates_one_by_one(state, seat)
            if check(state, seat, command, ACTION_RULES[type(command)]) is None
        ]
        assert list(permitted_actions(state, seat)) == plain
        on_the_truck += state.dogs[seat].position == state.truck
        asked += 1
    assert asked > 300 and on_the_truck > 0


def test_outcome_is_kept_once_the_game_is_over() -> None:
    over = 0
    for number in range(8, 12):
        options = {"round_limit": 3, "overtime_rounds": 0}
        game = random_game(GAME, f"fast paths 8 {number}", 2 + number % 3, options)
        for state in (table.state for table in game.tables()):
            found = outcome(state)
            if state.phase is not Phase.OVER:
                assert found is None
                continue
            assert found is not None and outcome(state) is found
            assert found.scores == tuple(dog.buried for dog in state.dogs) and found.winners == state.winners
            again = replaced(state, round=state.round)  # an equal state, another object
            assert outcome(again) == found and outcome(again) is not found
            over += 1
    assert over >= 4
