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
from kennel.domain.core import table as tables
from kennel.domain.core.bots import RandomBot
from kennel.domain.core.rng import seed_from_text


def positions(number: int, steps: int = 300) -> Iterator[ADogsLifeState]:
    """Every state of a seeded random game of 2 to 6 seats."""
    seed = seed_from_text(f"fast paths {number}")
    seats = [f"p{s}" for s in range(2 + number % 5)]
    table = tables.fold(GAME, tables.create(GAME, GAME.random_play_options, seats, seed))
    bot = RandomBot(f"fast paths {number}", undo=False)
    for step in range(steps):
        if table.ended is not None:
            return
        yield table.state
        seat = table.pending()[step % len(table.pending())].seat
        table = tables.fold_into(table, tables.play(table, seat, bot.choose(table, seat), seed))


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
