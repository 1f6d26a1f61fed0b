"""`tables.fold` folds each run of the game's own events in one pass (`_fold_game_run`), keeping
the engine's bookkeeping (version, undo point, undoable count, movers, proposers) in locals: it
must give the very table that `evolve`, event by event, gives. Seeded random games of every game,
with undo proposals and answers (engine events between the runs) and prefixes that end anywhere,
mid-decision included."""

from __future__ import annotations

from typing import Any

import pytest
from kennel.domain.core import table as tables
from kennel.domain.core.bots import RandomBot
from kennel.domain.core.rng import seed_from_text
from kennel.domain.core.rules import RuleViolation
from kennel.domain.registry import GAMES


def event_by_event(game: Any, events: list[Any]) -> tables.Table[Any]:
    table = tables.open_table(game, events[0])
    for event in events[1:]:
        table = tables.evolve(table, event)
    return table


@pytest.mark.parametrize("name", sorted(GAMES))
def test_fold_gives_the_table_evolve_gives_event_by_event(name: str) -> None:
    game: Any = GAMES[name]
    engine_events = 0
    for number in range(2):
        seed = seed_from_text(f"fold runs {name} {number}")
        players = [f"p{i}" for i in range(max(game.seats.minimum, 3 if 3 in game.seats else 2))]
        events = list(tables.create(game, game.random_play_options, players, seed))
        table = tables.fold(game, events)
        bot = RandomBot(f"fold runs {number}", undo=True)
        for step in range(400):  # bounded: a game's first few hundred decisions
            if table.ended is not None:
                break
            owing = table.owe_undo_answer() if table.proposal is not None else [p.seat for p in table.pending()]
            seat = owing[step % len(owing)]
            try:
                new = tables.play(table, seat, bot.choose(table, seat), seed)
            except RuleViolation:  # an undo the rules refuse here: another seat's turn
                continue
            events += new
            table = tables.fold_into(table, new)
        engine_events += sum(1 for event in events if tables.is_engine_event(event))
        for end in (*range(2, len(events), 23), len(events)):
            assert tables.fold(game, events[:end]) == event_by_event(game, events[:end]), f"after {end} events"
        assert tables.fold(game, events) == table
    assert engine_events > 2  # the runs were cut by the engine's own events, not only the first
