"""Random playouts: every game ends, no card is ever created or lost, and a log replays to the
same table (design.md "Randomness and fairness")."""

from __future__ import annotations

from typing import Any

import pytest
from kennel.domain.core import table as tables
from kennel.domain.core.bots import RandomBot
from kennel.domain.core.rng import seed_from_text
from kennel.domain.hoarders import GAME

MAX_COMMANDS = 3000  # far beyond any game seen (a few hundred at most); a loop would hit it


def play_out(number: int) -> tuple[tables.Table[Any], list[Any]]:
    seat_count = 2 + number % 5
    seed = seed_from_text(f"playout {number}")
    events = tables.create(GAME, None, [f"p{seat}" for seat in range(seat_count)], seed)
    table = tables.fold(GAME, events)
    expected = GAME.inventory(table.state)
    bot = RandomBot(f"playout {number}")
    for step in range(MAX_COMMANDS):
        if table.ended is not None:
            return table, events
        prompts = table.pending()
        seat = prompts[step % len(prompts)].seat
        new = tables.play(table, seat, bot.choose(table, seat), seed)
        for event in new:
            table = tables.evolve(table, event)
            assert GAME.inventory(table.state) == expected
        events.extend(new)
    raise AssertionError(f"game {number} ({seat_count} seats) did not end within {MAX_COMMANDS} commands")


def test_two_hundred_random_games_end_with_an_outcome_and_keep_every_card():
    for number in range(200):
        table, events = play_out(number)
        outcome = GAME.outcome(table.state)
        assert outcome is not None and table.outcome() == outcome
        assert len(outcome.winners) == 1 and len(outcome.scores) == table.state.seat_count
        # "The game ends immediately": no seat ever gets past its fifth identical nut.
        assert max(outcome.scores) <= 5, (number, outcome)
        assert GAME.pending(table.state) == ()


@pytest.mark.parametrize("number", [0, 1, 2, 3, 4])
def test_a_log_replays_to_the_same_table_and_the_same_seed_plays_the_same_game(number):
    table, events = play_out(number)
    assert tables.fold(GAME, events) == table
    again_table, again = play_out(number)
    encoded = [tables.encode_event(GAME, event) for event in events]
    assert [tables.encode_event(GAME, event) for event in again] == encoded
