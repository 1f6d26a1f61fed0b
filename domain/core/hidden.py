"""Moving hidden cards so that a sampled world shows what a seat just saw (kennel.domain.core.worlds).

A sampled world places every card a seat cannot see somewhere it could be; when the stream then
shows a card in a place where the sampled world put another (a card drawn from the deck that the
world dealt to an opponent, a card an opponent plays that the world left in the deck), the two
trade places. These helpers do the trading on plain lists, keyed by whatever names a game gives
its hidden places; each game maps its state to such lists and back.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Hashable, Sequence
from typing import Any

from kennel.domain.core.rng import Rng

Places = dict[Hashable, list[Any]]


def on_top(
    places: Places,
    deck: Hashable,
    cards: Sequence[Any],
    sources: Sequence[Hashable],
    rng: Rng,
    fixed: Collection[Any] = (),
) -> None:
    """`deck` starts with `cards` in this order, each brought from lower in the deck or from a
    hidden place in `sources` (swapped with the card that was there). A card in `fixed` (one
    whose place is public) never leaves its place to make room."""
    pile = places[deck]
    for position, card in enumerate(cards):
        if position >= len(pile) or pile[position] == card:
            continue
        lower = [i for i in range(position + 1, len(pile)) if pile[i] == card]
        if lower:
            other = rng.choice(lower)
            pile[position], pile[other] = pile[other], pile[position]
            continue
        if pile[position] in fixed:
            movable = [i for i in range(position + 1, len(pile)) if pile[i] not in fixed]
            if not movable:
                continue
            other = rng.choice(movable)
            pile[position], pile[other] = pile[other], pile[position]
        found = _find(places, card, [s for s in sources if s != deck], rng)
        if found is not None:
            place, index = found
            places[place][index], pile[position] = pile[position], places[place][index]


def holding(
    places: Places,
    owner: Hashable,
    cards: Sequence[Any],
    sources: Sequence[Hashable],
    rng: Rng,
    fixed: Collection[Any] = (),
) -> None:
    """`owner` holds every one of `cards` (a multiset): each missing card is brought from a
    hidden place in `sources`, in exchange for one of the owner's cards that is not needed
    (never one in `fixed`)."""
    hand = places[owner]
    missing = Counter(cards) - Counter(hand)
    for card, count in missing.items():
        for _ in range(count):
            spare = [
                i
                for i, held in enumerate(hand)
                if held not in fixed and Counter(hand)[held] > Counter(cards)[held]
            ]
            found = _find(places, card, [s for s in sources if s != owner], rng)
            if found is None or not spare:  # places keep their sizes: those are public
                return
            place, index = found
            mine = rng.choice(spare)
            hand[mine], places[place][index] = places[place][index], hand[mine]


def exchange(places: Places, card: Any, replacement: Any, sources: Sequence[Hashable], rng: Rng) -> bool:
    """`card`, taken from a hidden place in `sources`, leaves `replacement` in its stead (the
    card was shown elsewhere, where the sampled world had `replacement`)."""
    found = _find(places, card, sources, rng)
    if found is None:
        return False
    place, index = found
    places[place][index] = replacement
    return True


def _find(places: Places, card: Any, sources: Sequence[Hashable], rng: Rng) -> tuple[Hashable, int] | None:
    spots = [(place, i) for place in sources for i, held in enumerate(places[place]) if held == card]
    return rng.choice(spots) if spots else None
