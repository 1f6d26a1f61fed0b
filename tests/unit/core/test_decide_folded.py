"""`Game.decide_folded` gives the state its events lead to, so the engine need not fold them
again (`kennel.domain.core.table`): for every game, at every decision of seeded random games,
the same events as `decide` and the same state as folding them with `evolve`."""

from __future__ import annotations

from typing import Any

import pytest
from kennel.domain.core import table as tables
from kennel.domain.core.bots import RandomBot
from kennel.domain.core.rng import Rng, seed_from_text
from kennel.domain.registry import GAMES


@pytest.mark.parametrize("name", sorted(GAMES))
def test_decide_folded_gives_decides_events_and_the_state_they_fold_to(name: str) -> None:
    game: Any = GAMES[name]
    decisions = 0
    for number in range(3):
        seed = seed_from_text(f"folded {name} {number}")
        players = [f"p{i}" for i in range(max(game.seats.minimum, 3 if 3 in game.seats else 2))]
        table = tables.fold(game, tables.create(game, game.random_play_options, players, seed))
        bot = RandomBot(f"folded {number}", undo=False)
        while table.ended is None and decisions < 300 * (number + 1):
            seat = table.pending()[decisions % len(table.pending())].seat
            command = bot.choose(table, seat)
            events, state = game.decide_folded(table.state, seat, command, Rng(seed, table.version))
            assert list(events) == list(game.decide(table.state, seat, command, Rng(seed, table.version)))
            folded = table.state
            for event in events:
                folded = game.evolve(folded, event)
            assert state == folded
            table = tables.fold_into(table, tables.play(table, seat, command, seed))
            decisions += 1
    assert decisions > 150
