"""Indistinguishability (design.md "Hidden information") for ¡Caninos!: two tables that differ
only in what seat P may not know give P identical views, redacted streams, prompts, legal
commands and error messages.

What P may not know: the cards the other seats hold (reaction cards above all: a seat holding no
¡QUIETO! must look, when it declines, exactly like a seat holding one), the order of the main deck
below its top, and the order of the Normal pizzas under the mini-deck tops. The other world
starts from the same stream with the deck shuffled otherwise: cards the other seats still hold
and drew unseen trade places with cards nobody has drawn, and the unrevealed pizzas and cards
are reordered; then it replays the same commands. Replaying, not patching state, is what
catches a rule whose public effect depends on a hidden card: then the other world's events
differ, or one of its commands is refused. The seed stays: it settles the Gamblers' unseen
picks, which every seat then sees, so another seed would be another (visible) game.
"""
from __future__ import annotations

from typing import Any

import pytest
from caninos_worlds import hidden_part, other_world
from kennel.domain.caninos import GAME
from kennel.domain.caninos.cards import Card, Trick, trick_of
from kennel.domain.caninos.commands import (
    ChooseNoMore,
    ChooseSeat,
    ChooseSlice,
    Decline,
    DiscardCard,
    EndTurn,
    PayWith,
    PerformTrick,
    React,
    Steal,
)
from kennel.domain.caninos.slices import collection_refs, table_refs
from kennel.domain.caninos.state import CaninosState
from kennel.domain.core.rng import Rng, seed_from_text
from testkit.hidden_worlds import Playthrough, random_game, what_seat_knows

GAMES = 40
SAMPLES_PER_GAME = 3
REACTIONS = frozenset({Card.QUIETO, Card.MAPACHE_MISTICO, Card.PERRO_ADOPTIVO, Card.TANUKI})


def game_number(number: int) -> Playthrough:
    return random_game(GAME, f"caninos hidden {number}", 2 + number % 5)


def probes(state: CaninosState) -> list[Any]:
    """Commands of every type, with arguments good and bad, built from public facts only."""
    refs = list(table_refs(state))
    for owner, player in enumerate(state.players):
        refs += collection_refs(owner, player.collection)
    tricks = [PerformTrick(card, trick_of(card) or Trick.GAMBLERS) for card in Card]
    return [
        *(Steal(ref) for ref in refs),
        *(ChooseSlice(ref) for ref in refs),
        *tricks,
        PerformTrick(Card.TANUKI, Trick.CERBERUS),
        *(PayWith((card,)) for card in Card),
        PayWith((Card.CHIHUAHUA_FURIOSO, Card.CHIHUAHUA_FURIOSO)),
        PayWith((Card.CHIHUAHUA_FURIOSO, Card.MORDISQUITO)),
        *(React(card) for card in Card),
        *(DiscardCard(card) for card in Card),
        *(ChooseSeat(seat) for seat in range(-1, state.seat_count + 1)),
        ChooseNoMore(),
        EndTurn(),
        Decline(),
    ]


def reaction_holdings(game: Playthrough, moves: int, viewer: int | None) -> list[Any]:
    state = game.table(moves).state
    return [
        sorted(card.value for card in player.hand if card in REACTIONS)
        for seat, player in enumerate(state.players)
        if seat != viewer
    ]


@pytest.mark.parametrize("number", range(GAMES))
def test_a_seat_cannot_tell_apart_tables_that_differ_only_in_what_it_may_not_know(number):
    game = game_number(number)
    chance = Rng(seed_from_text(f"caninos points {number}"), 0)
    differing = 0
    for sample in range(SAMPLES_PER_GAME):
        moves = chance.below(len(game.moves) + 1)
        tried = probes(game.table(moves).state)
        for viewer in [None, *range(game.seat_count)]:
            world = Rng(seed_from_text(f"caninos world {number} {sample} {viewer}"), 0)
            other = other_world(game, moves, viewer, world)
            assert what_seat_knows(other, moves, viewer, tried) == what_seat_knows(game, moves, viewer, tried)
            differing += hidden_part(other.table(moves).state, viewer) != hidden_part(game.table(moves).state, viewer)
    assert differing > 0, "no sample changed anything hidden: the test would prove nothing"


def test_the_worlds_differ_in_who_holds_reaction_cards():
    """Some of the worlds compared above hand a ¡QUIETO!, a Raccoon, the Adopted Dog or the
    Tanuki to a seat that declined without one, or take one away."""
    reacting = 0
    for number in range(0, GAMES, 4):
        game = game_number(number)
        for moves in (len(game.moves) // 3, len(game.moves) // 2):
            for viewer in range(game.seat_count):
                other = other_world(game, moves, viewer, Rng(seed_from_text(f"react {number} {viewer}"), 0))
                reacting += reaction_holdings(other, moves, viewer) != reaction_holdings(game, moves, viewer)
    assert reacting > 5
