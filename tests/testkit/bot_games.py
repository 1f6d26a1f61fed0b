"""Whole games played by random bots in this process, for tests that need real logs.

The bots and the driver are `kennel simulate`'s (`kennel.service.matches.LocalMatch`, `play_out`):
same seed text, same log bytes. On top of that, the last `open_seats` seats may start open and
be taken with `kennel.FillSeat` before play, so that logs exercise every engine cause.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator, Mapping
from typing import Any

from kennel.domain.core import table as tables
from kennel.domain.core.bots import RandomBot
from kennel.domain.core.codec import Json
from kennel.domain.core.rng import seed_from_text
from kennel.domain.core.rules import Game
from kennel.domain.core.table import Table
from kennel.domain.registry import GAMES
from kennel.replay.ledger import Ledger
from kennel.service.matches import DEFAULT_MAX_STEPS, LocalMatch, SimulationError
from kennel.service.simulate import bot_names, play_out


def finishing_options(game: Game[Any]) -> Mapping[str, Json]:
    """The options a test that needs a finished random game plays `game` under (empty: defaults).
    The game says which (`Game.random_play_options`): the rules as written let A Dog's Life run
    on until a dog buries its bones, which random bots almost never do, so such tests play the
    rulebook's timed variant (tests/playouts play the defaults, capped)."""
    return dict(game.random_play_options)


def finishing_arguments(game: Game[Any]) -> list[str]:
    """`finishing_options` as `kennel simulate` and `kennel play` take them (`--option NAME=JSON`)."""
    options = finishing_options(game)
    return [arg for name, value in options.items() for arg in ("--option", f"{name}={json.dumps(value)}")]


def bot_game(
    game: Game[Any],
    seed_text: str,
    seat_count: int,
    open_seats: int = 0,
    max_steps: int = DEFAULT_MAX_STEPS,
    must_end: bool = True,
) -> Ledger:
    """A game played to its end; raises `kennel.service.matches.SimulationError` if it stalls,
    or (when `must_end`) if it is not over after `max_steps` commands. A game that must end is
    played under `finishing_options`; otherwise under the game's defaults, the rules as written."""
    names = bot_names(seat_count)
    seed = seed_from_text(seed_text)
    seats = [*names[: seat_count - open_seats], *([None] * open_seats)]
    options = finishing_options(game) if must_end else None
    ledger = Ledger.create(game, f"test/{seed_text}", options, seats, seed)
    for seat in range(seat_count - open_seats, seat_count):
        ledger.commit(ledger.fill_seat(None, names[seat], f"join-{seat}", seed))
    match = LocalMatch(ledger, seed, [RandomBot(f"{seed_text}:{seat}") for seat in range(seat_count)])
    try:
        play_out(match, seed_text, max_steps)
    except SimulationError:
        if must_end or ledger.table.outcome() is not None or not ledger.table.pending():
            raise
    return ledger  # the match played on this very ledger


@functools.cache
def bot_game_events(name: str, label: str, players: int = 3) -> tuple[Any, ...]:
    """The events of a seeded bot game of the registered game `name` (kept: tests walk them often)."""
    return tuple(bot_game(GAMES[name], label, players).events)


def bot_game_tables(name: str, label: str, players: int = 3) -> Iterator[Table[Any]]:
    """Every state of that game, from its first event on (as the server folds them)."""
    game: Any = GAMES[name]
    table = None
    for event in bot_game_events(name, label, players):
        table = tables.open_table(game, event) if table is None else tables.evolve(table, event)
        yield table


def ledger_tables(ledger: Ledger) -> list[Table[Any]]:
    """Every state of a played ledger's game, from its first event on (as the server folds them)."""
    table: Table[Any] | None = None
    found: list[Table[Any]] = []
    for event in ledger.events:
        table = tables.open_table(ledger.game, event) if table is None else tables.evolve(table, event)
        found.append(table)
    return found
