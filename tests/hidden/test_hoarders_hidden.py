"""Indistinguishability (design.md "Hidden information") for Hoarders: two tables that differ
only in what seat P may not know give P identical views, redacted streams, legal commands,
prompts and error messages. The other worlds are `hoarders_worlds`; this file adds a probe of
every command type, good and bad, and many more samples than the test over every game.
"""

from __future__ import annotations

from itertools import product
from typing import Any

import pytest
from hoarders_worlds import hidden_part, other_world
from kennel.domain.core.rng import Rng, seed_from_text
from kennel.domain.hoarders import GAME
from kennel.domain.hoarders.cards import Critter, Nut
from kennel.domain.hoarders.commands import AllowTheft, CancelTheft, PickCritters, RevealCritter
from testkit.hidden_worlds import Playthrough, random_game, what_seat_knows

GAMES = 60
SAMPLES_PER_GAME = 3


def game_number(number: int) -> Playthrough:
    return random_game(GAME, f"hidden {number}", 2 + number % 5)


def probes(seat_count: int) -> list[Any]:
    """Commands of every type, with arguments good and bad."""
    pairs = [*product(Critter, repeat=2), (), (Critter.SQUIRREL,), tuple(Critter)[:3]]
    victims = [None, -1, *range(seat_count), seat_count]
    reveals = [RevealCritter(c, v, n) for c, v, n in product(Critter, victims, [None, *Nut])]
    return [*(PickCritters(pair) for pair in pairs), *reveals, AllowTheft(), CancelTheft()]


@pytest.mark.parametrize("number", range(GAMES))
def test_a_seat_cannot_tell_apart_tables_that_differ_only_in_what_it_may_not_know(number):
    game = game_number(number)
    chance = Rng(seed_from_text(f"points {number}"), 0)
    differing = 0
    for sample in range(SAMPLES_PER_GAME):
        moves = chance.below(len(game.moves) + 1)
        tried = probes(game.seat_count)
        for viewer in [None, *range(game.seat_count)]:
            other = other_world(
                game, moves, viewer, Rng(seed_from_text(f"world {number} {sample} {viewer}"), 0)
            )
            assert what_seat_knows(other, moves, viewer, tried) == what_seat_knows(game, moves, viewer, tried)
            differing += hidden_part(other.table(moves).state, viewer) != hidden_part(game.table(moves).state, viewer)
    assert differing > 0, "no sample changed anything hidden: the test would prove nothing"


@pytest.mark.parametrize("number", range(0, GAMES, 6))
def test_no_decision_depends_on_the_seed(number):
    """The seed only shuffles the deck at setup; every later decision ignores the Rng it gets."""
    game = game_number(number)
    for moves in range(0, len(game.moves), 3):
        state = game.table(moves).state
        for prompt in GAME.pending(state):
            for command in GAME.legal_commands(state, prompt.seat):
                first = GAME.decide(state, prompt.seat, command, Rng(seed_from_text("one"), moves))
                second = GAME.decide(state, prompt.seat, command, Rng(seed_from_text("two"), moves))
                assert first == second
