"""¡Caninos! worlds a seat cannot tell from the real one (kennel.domain.core.worlds).

What a seat may not know: the cards the other seats hold, the order of the main deck, and the
order of the Normal pizzas under the mini-deck tops. Shuffles are filled in a random order;
another seat's draw takes the sampled deck's top cards. When the stream shows a card where the
sampled world put another (the seat's own draw, or a card another seat plays, reacts with,
discards or loses to the Gamblers), hidden cards trade places (kennel.domain.core.hidden)
between the deck and the hands of the seats other than this one. A pizza stolen from a
mini-deck, and each mini-deck's top in the view, are brought to the top from under the tops.

Not kept: which cards another seat drew before a Gamblers' trick (the sampled hand is just as
likely), and which pizzas under the tops the seat once saw uncovered.
"""

from __future__ import annotations

from typing import Any

from kennel.domain.caninos.cards import Pizza, Trick, sorted_cards
from kennel.domain.caninos.events import (
    CardDiscarded,
    CardsDealt,
    CardsDrawn,
    CardsGambled,
    DeckShuffled,
    DiscardShuffled,
    PizzasShuffled,
    PlayMade,
    Reacted,
    SliceStolen,
)
from kennel.domain.caninos.state import CaninosState
from kennel.domain.caninos.views import CaninosView
from kennel.domain.core import hidden
from kennel.domain.core.frozen import replaced
from kennel.domain.core.rng import Rng

DECK = "deck"


def fill(state: CaninosState, event: Any, seat: int, rng: Rng) -> tuple[CaninosState, Any]:
    if isinstance(event, DeckShuffled) and not event.deck:
        return state, DeckShuffled(deck=rng.shuffled(state.deck))
    if isinstance(event, DiscardShuffled) and not event.deck:
        return state, replaced(event, deck=rng.shuffled(state.discard))
    if isinstance(event, PizzasShuffled) and not event.pizzas:
        return state, replaced(event, pizzas=rng.shuffled(state.pizza_deck))
    if isinstance(event, CardsDealt | CardsDrawn):
        if event.seat == seat:
            return _cards(
                state,
                seat,
                rng,
                lambda places, sources: hidden.on_top(places, DECK, event.cards, sources, rng),
            ), event
        return state, replaced(event, cards=state.deck[: event.count])
    used = _used(event)
    if used is not None and used[0] != seat:
        owner, cards = used
        return _cards(
            state, seat, rng, lambda places, sources: hidden.holding(places, owner, cards, sources, rng)
        ), event
    if isinstance(event, SliceStolen) and event.mini_deck is not None:
        return _pizza_on_top(state, event.mini_deck, event.slice.pizza, rng), event
    return state, event


def settle(state: CaninosState, view: CaninosView, seat: int, rng: Rng) -> CaninosState:
    """Each mini-deck's top as the view shows it (a steal uncovers the next one unannounced)."""
    wrong = tuple(
        n
        for n, shown in enumerate(view.mini_decks)
        if shown.top is not None and state.mini_decks[n][:1] != (shown.top,)
    )
    for place, number in enumerate(wrong):
        top = view.mini_decks[number].top
        assert top is not None
        state = _pizza_on_top(
            state, number, top, rng, tops=wrong[place + 1 :]
        )  # not from those already right
    return state


def _used(event: Any) -> tuple[int, tuple[Any, ...]] | None:
    """The seat whose hand `event` takes cards from, and the cards."""
    if isinstance(event, PlayMade) and event.play.trick is not Trick.GLUTTONS:
        return event.play.seat, event.play.cards
    if isinstance(event, Reacted | CardDiscarded):
        return event.seat, (event.card,)
    if isinstance(event, CardsGambled):
        return event.seat, event.cards
    return None


def _cards(state: CaninosState, seat: int, rng: Rng, move: Any) -> CaninosState:
    places: hidden.Places = {DECK: list(state.deck)}
    places.update({other: list(p.hand) for other, p in enumerate(state.players) if other != seat})
    sources = [DECK, *(other for other in range(state.seat_count) if other != seat)]
    move(places, sources)
    players = tuple(
        replaced(p, hand=sorted_cards(places[other])) if other != seat else p
        for other, p in enumerate(state.players)
    )
    return replaced(state, deck=tuple(places[DECK]), players=players)


def _pizza_on_top(
    state: CaninosState, number: int, pizza: Pizza, rng: Rng, tops: tuple[int, ...] = ()
) -> CaninosState:
    """Mini-deck `number` with `pizza` on top, from under any mini-deck's top (or from the top of
    a mini-deck in `tops`, whose top is wrong too)."""
    decks = [list(deck) for deck in state.mini_decks]
    if not 0 <= number < len(decks) or not decks[number] or decks[number][0] == pizza:
        return state
    spots = [
        (d, i)
        for d, deck in enumerate(decks)
        for i in range(len(deck))
        if deck[i] == pizza and (i or d in tops)
    ]
    if not spots:
        return state
    d, i = rng.choice(spots)
    decks[d][i], decks[number][0] = decks[number][0], decks[d][i]
    return replaced(state, mini_decks=tuple(tuple(deck) for deck in decks))
