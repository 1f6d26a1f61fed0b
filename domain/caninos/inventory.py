"""Every component of the box by kind, wherever it lies; random playouts check it never changes."""

from __future__ import annotations

from collections import Counter

from domain.caninos.cards import Card, Pizza
from domain.caninos.state import CaninosState


def inventory(state: CaninosState) -> dict[str, int]:
    cards: Counter[Card] = Counter(state.deck)
    cards.update(state.discard)
    pizzas: Counter[Pizza] = Counter(state.pizza_deck)
    pizzas.update(state.doubles)
    for deck in state.mini_decks:
        pizzas.update(deck)
    for player in state.players:
        cards.update(player.hand)
        cards.update(hex_.card for hex_ in player.hexes)
        if player.fairy is not None:
            cards[player.fairy] += 1
        for piece in player.collection:
            pizzas[piece.pizza] += 1
            cards.update(card for card in (piece.topping, piece.cerberus) if card is not None)
    if state.turn is not None:
        cards.update(state.turn.played)
    if state.play is not None and 0 not in state.adopted:
        cards.update(state.play.cards)
    cards.update(
        answer.card for link, answer in enumerate(state.answers, start=1) if link not in state.adopted
    )
    return {f"card:{card.value}": cards[card] for card in Card} | {
        f"pizza:{pizza.value}": pizzas[pizza] for pizza in Pizza
    }
