"""Whole games played by random bots in this process, for tests that need real logs.

The bots and the driver are `kennel simulate`'s (`kennel.service.matches.LocalMatch`, `play_out`):
same seed text, same log bytes. On top of that, the last `open_seats` seats may start open and
be taken with `kennel.FillSeat` before play, so that logs exercise every engine cause.
"""

from __future__ import annotations

from typing import Any

from kennel.domain.core.bots import RandomBot
from kennel.domain.core.rng import seed_from_text
from kennel.domain.core.rules import Game
from kennel.replay.ledger import Ledger
from kennel.service.matches import DEFAULT_MAX_STEPS, LocalMatch, SimulationError
from kennel.service.simulate import bot_names, play_out


def bot_game(
    game: Game[Any],
    seed_text: str,
    seat_count: int,
    open_seats: int = 0,
    max_steps: int = DEFAULT_MAX_STEPS,
    must_end: bool = True,
) -> Ledger:
    """A game played to its end; raises `kennel.service.matches.SimulationError` if it stalls,
    or (when `must_end`) if it is not over after `max_steps` commands."""
    names = bot_names(seat_count)
    seed = seed_from_text(seed_text)
    seats = [*names[: seat_count - open_seats], *([None] * open_seats)]
    ledger = Ledger.create(game, f"test/{seed_text}", None, seats, seed)
    for seat in range(seat_count - open_seats, seat_count):
        ledger.commit(ledger.fill_seat(None, names[seat], f"join-{seat}", seed))
    match = LocalMatch(ledger, seed, [RandomBot(f"{seed_text}:{seat}") for seat in range(seat_count)])
    try:
        play_out(match, seed_text, max_steps)
    except SimulationError:
        if must_end or ledger.table.outcome() is not None or not ledger.table.pending():
            raise
    return ledger  # the match played on this very ledger
