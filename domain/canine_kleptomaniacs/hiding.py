"""Collectables and Hiding Places, and Swapping: the sets a seat may hide or swap now.

- "You can only hide ONE TYPE of Collectables card on a Hiding Place."
- "You can only add cards to a Hiding Place in SETS of TWO OR MORE."
- A set from the hand is every card of its kind there (docs/rules: "A set is all of a kind"),
  with any Master's Bedroom cards of that kind, or Laundry Baskets, from the playing area.
- Each Hiding Place takes part in one swap a turn at most (docs/rules: "Swaps per turn").
- Sets are swapped between Hiding Places only where it changes something: between an Ultimate
  Hiding Place and an ordinary one (docs/rules: "Swapping between Hiding Places").
"""

from __future__ import annotations

from collections import Counter
from itertools import product

from kennel.domain.canine_kleptomaniacs.commands import HideSet, SwapPlaces, SwapSets
from kennel.domain.canine_kleptomaniacs.components import (
    KINDS,
    BedroomCard,
    Collectable,
    hideable_as,
    represents,
)
from kennel.domain.canine_kleptomaniacs.events import PlacesSwapped, SetHidden, SetsSwapped
from kennel.domain.canine_kleptomaniacs.resolution import Resolution
from kennel.domain.canine_kleptomaniacs.state import Seat
from kennel.domain.core.frozen import per_recent_part

SET_SIZE = 2  # "a set is TWO OR MORE CARDS OF THE SAME KIND"


def bedroom_choices(seat: Seat, kind: Collectable) -> tuple[tuple[BedroomCard, ...], ...]:
    """Every selection of the seat's face-up Master's Bedroom cards that may join a set of
    `kind` (none, some or all of them), each in enum order."""
    usable = Counter(card for card in seat.bedroom if hideable_as(card, kind))
    cards = sorted(usable, key=list(BedroomCard).index)
    return tuple(
        tuple(card for card, n in zip(cards, counts, strict=True) for _ in range(n))
        for counts in product(*(range(usable[card] + 1) for card in cards))
    )


def set_size(seat: Seat, kind: Collectable, bedroom_cards: tuple[BedroomCard, ...]) -> int:
    """How many Collectables of `kind` the new set makes: the hand's cards of `kind`, and what
    each Master's Bedroom card stands for (a Laundry Basket: two)."""
    return seat.hand.count(kind) + sum(represents(card, kind) for card in bedroom_cards)


def new_sets(seat: Seat, kind: Collectable) -> tuple[tuple[BedroomCard, ...], ...]:
    """The Master's Bedroom selections that make a set of `kind` with the hand's cards."""
    if not seat.bedroom:
        return ((),) if seat.hand.count(kind) >= SET_SIZE else ()
    return tuple(chosen for chosen in bedroom_choices(seat, kind) if set_size(seat, kind, chosen) >= SET_SIZE)


# Kept per seat part: a seat's hides and its swaps are listed from the same sets (each once
# per seat part, `legal._hides` and `legal._swaps`), which were found twice before.
@per_recent_part
def all_new_sets(seat: Seat) -> dict[Collectable, tuple[tuple[BedroomCard, ...], ...]]:
    """`new_sets` of every kind (do not change the dict)."""
    return {kind: new_sets(seat, kind) for kind in KINDS}


def hide_commands(seat: Seat) -> list[HideSet]:
    commands: list[HideSet] = []
    sets = all_new_sets(seat)
    if not any(sets.values()):
        return commands
    for number, place in enumerate(seat.places):
        for kind in KINDS:
            if place.empty or place.kind is kind:
                commands.extend(HideSet(number, kind, chosen) for chosen in sets[kind])
    return commands


def swap_commands(seat: Seat) -> list[SwapSets | SwapPlaces]:
    commands: list[SwapSets | SwapPlaces] = []
    sets = all_new_sets(seat)
    for number, place in enumerate(seat.places):
        if place.empty or place.swapped:
            continue
        for kind in KINDS:
            if kind is not place.kind:
                commands.extend(SwapSets(number, kind, chosen) for chosen in sets[kind])
    places = seat.places
    for first in range(len(places)):
        for second in range(first + 1, len(places)):
            a, b = places[first], places[second]
            if a.ultimate != b.ultimate and not (a.swapped or b.swapped) and not (a.empty and b.empty):
                commands.append(SwapPlaces(first, second))
    return commands


def hide_set(resolution: Resolution, seat: int, command: HideSet) -> None:
    hand = resolution.state.seats[seat].hand
    cards = tuple(card for card in hand if card is command.kind)
    resolution.record(
        SetHidden(seat=seat, place=command.place, kind=command.kind, cards=cards, bedroom_cards=command.bedroom_cards)
    )


def swap_sets(resolution: Resolution, seat: int, command: SwapSets) -> None:
    own = resolution.state.seats[seat]
    old = own.places[command.place]
    cards = tuple(card for card in own.hand if card is command.kind)
    resolution.record(
        SetsSwapped(
            seat=seat,
            place=command.place,
            kind=command.kind,
            cards=cards,
            bedroom_cards=command.bedroom_cards,
            returned_cards=old.cards,
            returned_bedroom_cards=old.bedroom_cards,
        )
    )


def swap_places(resolution: Resolution, seat: int, command: SwapPlaces) -> None:
    resolution.record(PlacesSwapped(seat=seat, first=command.first, second=command.second))
