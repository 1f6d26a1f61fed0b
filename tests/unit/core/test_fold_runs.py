"""`tables.fold` folds each run of the game's own events in one pass (`_fold_game_run`), keeping
the engine's bookkeeping (version, undo point, undoable count, movers, proposers) in locals: it
must give the very table that `evolve`, event by event, gives. Seeded random games of every game,
with undo proposals and answers (engine events between the runs) and prefixes that end anywhere,
mid-decision included."""

from __future__ import annotations

from typing import Any

import pytest
from kennel.domain.core import table as tables
from kennel.domain.registry import GAMES
from testkit.hidden_worlds import random_game


def event_by_event(game: Any, events: list[Any]) -> tables.Table[Any]:
    table = tables.open_table(game, events[0])
    for event in events[1:]:
        table = tables.evolve(table, event)
    return table


@pytest.mark.parametrize("name", sorted(GAMES))
def test_fold_gives_the_table_evolve_gives_event_by_event(name: str) -> None:
    game: Any = GAMES[name]
    seats = max(game.seats.minimum, 3 if 3 in game.seats else 2)
    engine_events = 0
    for number in range(2):
        played = random_game(game, f"fold runs {name} {number}", seats, game.random_play_options, 400, undo=True)
        events = played.events(len(played.moves))
        engine_events += sum(1 for event in events if tables.is_engine_event(event))
        for end in (*range(2, len(events), 23), len(events)):
            assert tables.fold(game, events[:end]) == event_by_event(game, events[:end]), f"after {end} events"
    assert engine_events > 2  # more than the two GameCreated: runs were cut by engine events inside the stream
