"""Bots never peek (issue 19, design.md "Bots"): with the same seed, the search bot's choice is
the same in two worlds that differ only in what its seat may not know.

The worlds are the hidden-information oracle's (`tests/hidden/<game>_worlds.py`): the same game
with other hands, another deck order, other face-down choices. A bot is handed only its seat's
`Sight`; if anything of the truth leaked into it (or into the bot by another way), the choices
would part in some of these worlds. The check also holds the bot to its contract: what it
chooses is one of the seat's legal commands.
"""

from __future__ import annotations

import pytest
from kennel.domain.bots import make_bot
from kennel.domain.core import table as tables
from kennel.domain.core.rng import Rng, seed_from_text
from kennel.domain.core.sight import sight_of
from kennel.domain.registry import GAMES
from testkit.hidden_worlds import random_game
from worlds import WORLDS

PLAYOUTS = 3  # per game
POINTS = 4  # per playout: points where the seat owes a choice between several commands
MAX_MOVES = 150


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_search_bot_chooses_alike_in_worlds_its_seat_cannot_tell_apart(name: str) -> None:
    game, oracle = GAMES[name], WORLDS[name]
    compared = differing = 0
    for number in range(PLAYOUTS):
        seats = game.seats.minimum + number % (min(game.seats.maximum, 4) - game.seats.minimum + 1)
        played = random_game(game, f"bot honesty {name} {number}", seats, max_moves=MAX_MOVES)
        chance = Rng(seed_from_text(f"bot honesty points {name} {number}"), 0)
        choices, table = [], played.table(0)
        for moves, move in enumerate(played.moves, start=1):
            table = tables.fold_into(table, move.events)
            choices += [
                (moves, p.seat) for p in table.pending() if len(tables.legal_commands(table, p.seat)) > 1
            ]
        for point in range(POINTS):
            moves, seat = choices[chance.below(len(choices))]
            other = oracle.other_world(
                played, moves, seat, Rng(seed_from_text(f"{name} {number} {point}"), 0)
            )
            here = sight_of(played.table(moves), played.events(moves), seat)
            there = sight_of(other.table(moves), other.events(moves), seat)
            differing += oracle.hidden_part(played.table(moves).state, seat) != oracle.hidden_part(
                other.table(moves).state, seat
            )
            seed = f"honest {name} {number} {point}"
            chosen = make_bot(game, "search", seed, level=1).choose(here)
            assert chosen in here.legal
            assert make_bot(game, "search", seed, level=1).choose(there) == chosen, (
                f"{name} game {number} move {moves}: seat {seat}'s bot chose otherwise in another world"
            )
            compared += 1
    assert compared == PLAYOUTS * POINTS
    assert differing > 0, f"no world of {name} changed anything hidden: the test would prove nothing"
