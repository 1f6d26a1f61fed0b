"""Hands: what a hand can give up, and cards coming into hands from the draw piles.

Every card that comes into a hand may be the Ultimate Paw of Pilferage, which "you must
declare immediately": `declare_paw` follows every such move with `PawDeclared`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import combinations_with_replacement

from kennel.domain.canine_kleptomaniacs.components import Collectable, sorted_collectables
from kennel.domain.canine_kleptomaniacs.events import (
    BedroomCardMissed,
    BedroomCardTaken,
    CollectablesDrawn,
    DrawMissed,
    PawDeclared,
)
from kennel.domain.canine_kleptomaniacs.resolution import Resolution


def kinds_in(cards: Iterable[Collectable]) -> tuple[Collectable, ...]:
    """The distinct kinds among `cards`, in enum order."""
    return sorted_collectables(set(cards))


def discardable(hand: Iterable[Collectable]) -> tuple[Collectable, ...]:
    """The cards that may go to the Laundry Pile: neither the Paw nor the Poo Pizza."""
    return tuple(card for card in hand if card.discardable)


def set_kinds(hand: tuple[Collectable, ...]) -> tuple[Collectable, ...]:
    """The kinds of which the hand holds a set: two or more cards."""
    counts = Counter(hand)
    return tuple(kind for kind in kinds_in(hand) if kind.ordinary and counts[kind] >= 2)


def picks(cards: tuple[Collectable, ...], size: int) -> tuple[tuple[Collectable, ...], ...]:
    """Every distinct way to pick `size` of `cards` (a multiset), each listed in enum order."""
    counts = Counter(cards)
    return tuple(
        pick
        for pick in combinations_with_replacement(kinds_in(cards), size)
        if all(counts[kind] >= n for kind, n in Counter(pick).items())
    )


def declare_paw(resolution: Resolution, holder_before: int | None) -> None:
    """Ultimate Paw: "When drawn or received from another player into your hand you must declare it"."""
    holder = resolution.state.paw_holder
    if holder is not None and holder != holder_before:
        resolution.record(PawDeclared(seat=holder))


def draw_collectables(resolution: Resolution, seat: int, count: int) -> None:
    """Take `count` cards from the top of the Collectables deck; an empty deck gives nothing
    (docs/rules: "An empty Collectables deck")."""
    if count <= 0:
        return
    deck = resolution.state.collectables
    drawn = deck[:count]
    before = resolution.state.paw_holder
    if drawn:
        resolution.record(CollectablesDrawn(seat=seat, count=len(drawn), cards=drawn))
    if len(drawn) < count:
        resolution.record(DrawMissed(seat=seat, count=count - len(drawn)))
    declare_paw(resolution, before)


def take_bedroom_card(resolution: Resolution, seat: int) -> None:
    """The top card of the Master's Bedroom deck, face up into the seat's playing area."""
    deck = resolution.state.bedroom
    resolution.record(BedroomCardTaken(seat=seat, card=deck[0]) if deck else BedroomCardMissed(seat=seat))
