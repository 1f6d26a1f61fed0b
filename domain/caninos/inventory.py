"""Every component of the box by kind, wherever it lies; random playouts check it never changes."""

from __future__ import annotations

import functools
from collections import Counter
from typing import Any

from kennel.domain.caninos.cards import Card, Pizza
from kennel.domain.caninos.state import CaninosState


@functools.cache
def _names() -> tuple[tuple[Card, str], ...]:
    return tuple((card, f"card:{card.value}") for card in Card)


@functools.cache
def _pizza_names() -> tuple[tuple[Pizza, str], ...]:
    return tuple((pizza, f"pizza:{pizza.value}") for pizza in Pizza)


def inventory(state: CaninosState) -> dict[str, int]:
    cards: list[Any] = [*state.deck, *state.discard]
    pizzas: list[Any] = [*state.pizza_deck, *state.doubles]
    for deck in state.mini_decks:
        pizzas += deck
    for player in state.players:
        cards += player.hand
        cards += (hex_.card for hex_ in player.hexes)
        cards.append(player.fairy)
        for piece in player.collection:
            pizzas.append(piece.pizza)
            cards += (piece.topping, piece.cerberus)
    if state.turn is not None:
        cards += state.turn.played
    if state.play is not None and 0 not in state.adopted:
        cards += state.play.cards
    cards += (answer.card for link, answer in enumerate(state.answers, start=1) if link not in state.adopted)
    card_counts, pizza_counts = Counter(cards), Counter(pizzas)
    return {name: card_counts[card] for card, name in _names()} | {
        name: pizza_counts[pizza] for pizza, name in _pizza_names()
    }
