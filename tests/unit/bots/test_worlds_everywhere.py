"""Sampling never fails on a reachable view (issue 19): in random games of every game, at every
decision, every seat's carried worlds fold in the new events, agree with its view and give it
the same legal commands (a search plays them there).

`Sampler.worlds` checks each world against the seat's view and raises `NoWorld` on a mismatch,
so a game whose filling misses an event kind (Canine Kleptomaniacs' item-by-item trades of rules
version 2 did) fails here with the position named. The worlds carried from decision to decision
are the ones a search bot uses, so this is the path the duel and the server's bots take.
"""

from __future__ import annotations

import random

import pytest
from kennel.domain.bots import KITS
from kennel.domain.core import table as tables
from kennel.domain.core.rng import seed_from_text
from kennel.domain.core.sight import Sight
from kennel.domain.core.worlds import NoWorld, Sampler
from kennel.domain.registry import GAMES

GAMES_EACH = 4  # per game, at 2, 3, 4 and 2 seats
STEPS = 300  # decisions per game (most random games are longer: positions from every phase)
WORLDS = 2  # per seat and decision


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_seats_worlds_agree_with_its_view_at_every_decision_of_random_games(name: str) -> None:
    game, kit = GAMES[name], KITS[name]
    checked = 0
    for number in range(GAMES_EACH):
        seats = max(game.seats.minimum, min(game.seats.maximum, 2 + number % 3))
        seed = seed_from_text(f"worlds everywhere {name} {number}")
        events = tables.create(game, None, [f"p{seat}" for seat in range(seats)], seed)
        table = tables.fold(game, events)
        histories = [[tables.redact(table, event, seat) for event in events] for seat in range(seats)]
        samplers = [Sampler(kit.worlds, seed_from_text(f"sampler {number} {seat}")) for seat in range(seats)]
        chance = random.Random(number)
        for step in range(STEPS):
            if table.ended is not None:
                break
            for seat in range(seats):
                legal = tables.legal_commands(table, seat)
                sight = Sight(game, seat, tuple(histories[seat]), game.view(table.state, seat), legal)
                where = f"{name} game {number} step {step} seat {seat}"
                try:
                    worlds = samplers[seat].worlds(sight, WORLDS)
                except NoWorld as error:
                    pytest.fail(f"{where}: {error}; last events {histories[seat][-3:]}")
                for world in worlds:  # a search plays the seat's commands in it: all must be legal there
                    there = tables.legal_commands(world, seat)
                    assert there == legal, f"{where}: other legal commands in a world; {histories[seat][-3:]}"
                checked += 1
            prompts = table.pending()
            actor = prompts[chance.randrange(len(prompts))].seat
            legal = tables.legal_commands(table, actor)
            decision = tables.play_folded(table, actor, legal[chance.randrange(len(legal))], seed)
            for seat in range(seats):
                histories[seat].extend(tables.redact(table, event, seat) for event in decision.events)
            table = decision.table
    assert checked > GAMES_EACH * 50
