"""`permitted_actions` (what `legal_commands` and `has_choice` ask) makes the checks every
command shares once, not once per candidate: at every position of seeded random games it lets
through exactly the candidates `check` (what `decide` applies) lets through."""

from __future__ import annotations

from collections.abc import Iterator

from kennel.domain.a_dogs_life import GAME
from kennel.domain.a_dogs_life.candidates import action_candidates
from kennel.domain.a_dogs_life.commands import EndActions
from kennel.domain.a_dogs_life.decide import ACTION_RULES, check, has_choice, permitted_actions
from kennel.domain.a_dogs_life.state import ADogsLifeState, Phase
from testkit.hidden_worlds import random_game


def positions(number: int, steps: int = 300) -> Iterator[ADogsLifeState]:
    """Every state of a seeded random game of 2 to 6 seats, until it ends."""
    game = random_game(GAME, f"fast paths {number}", 2 + number % 5, GAME.random_play_options, max_moves=steps)
    return (table.state for table in game.tables() if table.ended is None)


def test_permitted_actions_are_the_candidates_check_lets_through() -> None:
    checked = 0
    for state in (state for number in range(5) for state in positions(number)):
        for seat in (*range(state.seat_count), True, -1):
            slow = [
                command
                for command in (action_candidates(state, seat) if 0 <= seat < state.seat_count else [])
                if check(state, seat, command, ACTION_RULES[type(command)]) is None
            ]
            assert list(permitted_actions(state, seat)) == slow
            checked += len(slow)
        if state.phase is Phase.ACTIONS:
            assert has_choice(state) == any(
                not isinstance(command, EndActions)
                and check(state, state.active, command, ACTION_RULES[type(command)]) is None
                for command in action_candidates(state, state.active)
            )
    assert checked > 1000
