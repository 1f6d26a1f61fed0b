"""¡Caninos! worlds one seat cannot tell apart (the `OtherWorlds` hook, tests/testkit/hidden_worlds.py).

What P may not know: the cards the other seats hold (reaction cards above all: a seat holding no
¡QUIETO! must look, when it declines, exactly like a seat holding one), the order of the main deck
below its top, and the order of the Normal pizzas under the mini-deck tops. The other world
starts from the same stream with the deck shuffled otherwise: cards the other seats still hold
and drew unseen trade places with cards nobody has drawn, and the unrevealed pizzas and cards
are reordered; then it replays the same commands. The seed stays: it settles the Gamblers'
unseen picks, which every seat then sees, so another seed would be another (visible) game.
"""

from __future__ import annotations

from collections import Counter
from functools import partial
from typing import Any

from kennel.domain.caninos.cards import Card
from kennel.domain.caninos.events import (
    CardsDealt,
    CardsDrawn,
    CardsGambled,
    ChainResolved,
    DeckShuffled,
    MiniDecksLaid,
    PizzasShuffled,
    RaccoonAdopted,
    SliceReturned,
    SliceStolen,
)
from kennel.domain.caninos.state import CaninosState
from kennel.domain.core.rng import Rng
from kennel.domain.core.rules import Viewer
from testkit.hidden_worlds import Playthrough, Resolved, moves_after, replay


def other_world(game: Playthrough, moves: int, viewer: Viewer, rng: Rng) -> Playthrough:
    events = game.events(moves)
    state: CaninosState = game.table(moves).state
    opening = [_reordered(event, events, state, viewer, rng) for event in game.opening]
    return replay(game, opening, moves, viewer)


def hidden_part(state: CaninosState, viewer: Viewer) -> Any:
    hands = [player.hand for seat, player in enumerate(state.players) if seat != viewer]
    return state.deck, state.mini_decks, hands


def _reordered(event: Any, events: list[Any], state: CaninosState, viewer: Viewer, rng: Rng) -> Any:
    if isinstance(event, DeckShuffled):
        return DeckShuffled(deck=_other_deck(event.deck, events, state, viewer, rng))
    if isinstance(event, PizzasShuffled):
        return PizzasShuffled(pizzas=_other_pizzas(event.pizzas, events, state, rng))
    return event


def _other_deck(deck: tuple[Card, ...], events: list[Any], state: CaninosState, viewer: Viewer, rng: Rng):
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


def resolved_otherwise(game: Playthrough, viewer: Viewer, rng: Rng) -> list[Resolved]:
    """Each play resolved, just after its chain of answers: a seat that declined may have
    held a ¡QUIETO! and kept it, so the other world deals the other hands otherwise."""
    points = moves_after(game, _a_chain_resolved)
    return [(moves, partial(other_world, game, moves, viewer, rng)) for moves in points]


def _a_chain_resolved(event: Any) -> bool:
    return isinstance(event, ChainResolved)
