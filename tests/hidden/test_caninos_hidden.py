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

import dataclasses
from collections import Counter
from dataclasses import dataclass
from typing import Any

import pytest

from domain.caninos import GAME
from domain.caninos.cards import Card, Trick, trick_of
from domain.caninos.commands import (
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
from domain.caninos.events import (
    CardsDealt,
    CardsDrawn,
    CardsGambled,
    DeckShuffled,
    MiniDecksLaid,
    PizzasShuffled,
    RaccoonAdopted,
    SliceReturned,
    SliceStolen,
)
from domain.caninos.slices import collection_refs, table_refs
from domain.caninos.state import CaninosState
from domain.core import table as tables
from domain.core.bots import RandomBot
from domain.core.rng import Rng, seed_from_text
from domain.core.rules import RuleViolation

GAMES = 40
SAMPLES_PER_GAME = 3
REACTIONS = frozenset({Card.QUIETO, Card.MAPACHE_MISTICO, Card.PERRO_ADOPTIVO, Card.TANUKI})


@dataclass(frozen=True)
class Move:
    seat: int
    command: Any
    events: tuple[Any, ...]


@dataclass(frozen=True)
class Playthrough:
    seed: bytes
    opening: tuple[Any, ...]  # GameCreated and the set-up
    moves: tuple[Move, ...]

    def events(self, moves: int) -> list[Any]:
        return [*self.opening, *(event for move in self.moves[:moves] for event in move.events)]


def random_game(number: int) -> Playthrough:
    seat_count = 2 + number % 5
    seed = seed_from_text(f"caninos hidden {number}")
    opening = tables.create(GAME, None, [f"p{seat}" for seat in range(seat_count)], seed)
    table = tables.fold(GAME, opening)
    bot = RandomBot(f"caninos hidden {number}", undo=False)
    moves = []
    while table.ended is None:
        prompts = table.pending()
        seat = prompts[len(moves) % len(prompts)].seat
        command = bot.choose(table, seat)
        events = tables.play(table, seat, command, seed)
        for event in events:
            table = tables.evolve(table, event)
        moves.append(Move(seat, command, tuple(events)))
    return Playthrough(seed, tuple(opening), tuple(moves))


def other_world(game: Playthrough, moves: int, viewer: int | None, rng: Rng) -> Playthrough:
    """The first `moves` moves replayed in a world that differs only in what `viewer` may not know."""
    events = game.events(moves)
    state: CaninosState = tables.fold(GAME, events).state
    opening = [_reordered(event, game, events, state, viewer, rng) for event in game.opening]
    table = tables.fold(GAME, opening)
    replayed = []
    for index, move in enumerate(game.moves[:moves]):
        try:
            produced = tables.play(table, move.seat, move.command, game.seed)
        except RuleViolation as error:
            raise AssertionError(
                f"move {index} is refused in a world seat {viewer} cannot tell apart: {error}"
            )
        for event in produced:
            table = tables.evolve(table, event)
        replayed.append(Move(move.seat, move.command, tuple(produced)))
    return Playthrough(game.seed, tuple(opening), tuple(replayed))


def _reordered(
    event: Any, game: Playthrough, events: list[Any], state: CaninosState, viewer: int | None, rng: Rng
) -> Any:
    if isinstance(event, DeckShuffled):
        return DeckShuffled(deck=_other_deck(event.deck, events, state, viewer, rng))
    if isinstance(event, PizzasShuffled):
        return PizzasShuffled(pizzas=_other_pizzas(event.pizzas, events, state, rng))
    return event


def _other_deck(deck: tuple[Card, ...], events: list[Any], state: CaninosState, viewer: int | None, rng: Rng):
    """Swap some cards other seats hold unseen with undrawn cards, then reorder the undrawn rest.

    A card is held unseen when its seat drew it from the deck after the last Gamblers' trick
    against it (the Gamblers pick by position in the hand, so the hand at that moment stays) and
    has not played it; Raccoons are left alone in a seat that ever adopted one (everyone saw it),
    and the whole hand of a seat putting a play together (it declared it can make it)."""
    drawn, positions, adopted, gambled = 0, {}, set(), {}
    for event in events:
        if isinstance(event, CardsDealt | CardsDrawn):
            positions.setdefault(event.seat, []).extend(range(drawn, drawn + event.count))
            drawn += event.count
        elif isinstance(event, RaccoonAdopted):
            adopted.add(event.seat)
        elif isinstance(event, CardsGambled):
            gambled[event.seat] = drawn  # positions drawn before this moment are frozen
    swappable = []
    for seat, player in enumerate(state.players):
        if seat == viewer or (state.draft is not None and state.draft.play.seat == seat):
            continue  # a play being put together shows the seat can make it, as laying it down would
        held = Counter(player.hand)
        if seat in adopted:
            held[Card.MAPACHE_MISTICO] = 0
        for position in reversed(positions.get(seat, [])):
            if position >= gambled.get(seat, 0) and held[deck[position]] > 0:
                held[deck[position]] -= 1
                swappable.append(position)
    order = list(deck)
    undrawn = list(range(drawn, len(deck)))
    for position in swappable:
        if undrawn and rng.below(2):
            other = undrawn.pop(rng.below(len(undrawn)))
            order[position], order[other] = order[other], order[position]
    rest = rng.shuffled(order[drawn:])
    return tuple(order[:drawn]) + rest


def _other_pizzas(pizzas: tuple[Any, ...], events: list[Any], state: CaninosState, rng: Rng):
    """Reorder the pizzas still in the mini-decks that have never been on top (followed event by
    event: a steal from a mini-deck shows the next card, a returned pizza covers the top)."""
    decks: list[list[int | None]] = []  # per mini-deck, top first: the position in `pizzas`, None if returned
    seen: set[int] = set()
    for event in events:
        if isinstance(event, MiniDecksLaid):
            start = state.seat_count
            for size in event.sizes:
                decks.append(list(range(start, start + size)))
                start += size
        elif isinstance(event, SliceStolen) and event.mini_deck is not None:
            decks[event.mini_deck].pop(0)
        elif isinstance(event, SliceReturned) and event.mini_deck is not None:
            decks[event.mini_deck].insert(0, None)
        for deck in decks:
            if deck and deck[0] is not None:
                seen.add(deck[0])
    hidden = [
        position for deck in decks for position in deck if position is not None and position not in seen
    ]
    order = list(pizzas)
    for position, pizza in zip(hidden, rng.shuffled([order[p] for p in hidden]), strict=True):
        order[position] = pizza
    return tuple(order)


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


def answer(state: CaninosState, seat: int, command: Any) -> tuple[str, str] | None:
    """What the seat learns from sending `command`: the refusal, or None when it is accepted."""
    try:
        GAME.decide(state, seat, command, Rng(seed_from_text("probe"), 0))
    except RuleViolation as error:
        return error.code, error.message
    return None


def what_seat_knows(game: Playthrough, moves: int, viewer: int | None) -> dict[str, Any]:
    events = game.events(moves)
    table = tables.fold(GAME, events)
    known: dict[str, Any] = {
        "view": GAME.view(table.state, viewer),
        "stream": [_seedless(tables.redact(table, event, viewer)) for event in events],
        "pending": table.pending(),
        "outcome": GAME.outcome(table.state),
    }
    if viewer is not None:
        known["legal"] = tables.legal_commands(table, viewer)
        known["answers"] = [answer(table.state, viewer, command) for command in probes(table.state)]
    return known


def _seedless(event: Any) -> Any:
    """The seed is revealed when the game ends, when there is nothing left to hide."""
    return dataclasses.replace(event, seed="") if isinstance(event, tables.GameEnded) else event


def hidden_part(game: Playthrough, moves: int, viewer: int | None) -> Any:
    state = tables.fold(GAME, game.events(moves)).state
    hands = [player.hand for seat, player in enumerate(state.players) if seat != viewer]
    return state.deck, state.mini_decks, hands


def reaction_holdings(game: Playthrough, moves: int, viewer: int | None) -> list[Any]:
    state = tables.fold(GAME, game.events(moves)).state
    return [
        sorted(card.value for card in player.hand if card in REACTIONS)
        for seat, player in enumerate(state.players)
        if seat != viewer
    ]


@pytest.mark.parametrize("number", range(GAMES))
def test_a_seat_cannot_tell_apart_tables_that_differ_only_in_what_it_may_not_know(number):
    game = random_game(number)
    chance = Rng(seed_from_text(f"caninos points {number}"), 0)
    seat_count = len(game.opening[0].seats)
    differing = 0
    for sample in range(SAMPLES_PER_GAME):
        moves = chance.below(len(game.moves) + 1)
        for viewer in [None, *range(seat_count)]:
            world = Rng(seed_from_text(f"caninos world {number} {sample} {viewer}"), 0)
            other = other_world(game, moves, viewer, world)
            assert what_seat_knows(other, moves, viewer) == what_seat_knows(game, moves, viewer)
            differing += hidden_part(other, moves, viewer) != hidden_part(game, moves, viewer)
    assert differing > 0, "no sample changed anything hidden: the test would prove nothing"


def test_the_worlds_differ_in_who_holds_reaction_cards():
    """Some of the worlds compared above hand a ¡QUIETO!, a Raccoon, the Adopted Dog or the
    Tanuki to a seat that declined without one, or take one away."""
    reacting = 0
    for number in range(0, GAMES, 4):
        game = random_game(number)
        seat_count = len(game.opening[0].seats)
        for moves in (len(game.moves) // 3, len(game.moves) // 2):
            for viewer in range(seat_count):
                other = other_world(game, moves, viewer, Rng(seed_from_text(f"react {number} {viewer}"), 0))
                reacting += reaction_holdings(other, moves, viewer) != reaction_holdings(game, moves, viewer)
    assert reacting > 5
