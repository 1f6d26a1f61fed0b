"""Stealing Pizza: what may be stolen, and with which cards (options A to D and the
modified-value table).

- A Normal slice (and every reduced slice, Normal or Double): A) one dog from any pack,
  B) a Chaos Hound, C) a Mystic Raccoon.
- A Double slice (and every upgraded Normal): A) a pair of identical dogs, B) a Chaos Hound,
  C) a Mystic Raccoon, D) two different dogs of one pack when the Double's two ingredients are
  among the thief's Normal slices (real Doubles only: an upgraded Normal has one ingredient).
- An upgraded Double (15 points): only a Mystic Raccoon.
- The Tanuki steals anything, as a Mystic Raccoon would, and cannot be stopped.
- Dieters: the seat under them may not steal with any dog during its turn (Raccoon and Tanuki
  still may).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from itertools import combinations

from kennel.domain.caninos.cards import (
    Card,
    Kind,
    Pizza,
    Trick,
    distinct,
    increases,
    ingredients_of,
    is_dog,
    is_double,
    kind_of,
    pack_of,
)
from kennel.domain.caninos.slices import named_slices, slice_named, table_slices
from kennel.domain.caninos.state import CaninosState, Slice, SliceRef


class StealAs(enum.Enum):
    """How a slice is stolen, after the modified-value table."""

    NORMAL = "normal"
    DOUBLE = "double"
    RACCOON = "raccoon"  # an upgraded Double: "Steal with a Mystic Raccoon"


# For `steal_as`, asked per slice and seat as steals are listed: module constants, not enum
# class attributes (read through `EnumType`'s `__getattr__` hook; see phases.PHASE_TURN).
_NORMAL, _DOUBLE, _RACCOON = StealAs.NORMAL, StealAs.DOUBLE, StealAs.RACCOON


def steal_as(piece: Slice) -> StealAs | None:
    """None: a slice under Cerberus cannot be stolen (docs/rules/caninos.md, "Cerberus")."""
    if piece.cerberus is not None:
        return None
    double = is_double(piece.pizza)
    if piece.topping is None:
        return _DOUBLE if double else _NORMAL
    if not increases(piece.topping):
        return _NORMAL  # "With reduction ... Steal as a Normal pizza"
    return _RACCOON if double else _DOUBLE


def topping_kept(piece: Slice) -> bool:
    """A stolen slice keeps a reduction and loses an increase (the modified-value table)."""
    return piece.topping is not None and not increases(piece.topping)


# Module constants for the enum members read below as commands are decided, listed and told: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_DIETERS = Trick.DIETERS
_KILLJOYS = Trick.KILLJOYS
_MYSTIC_RACCOON = Kind.MYSTIC_RACCOON
_TANUKI = Kind.TANUKI
_PACK_DOG = Kind.PACK_DOG
_CHAOS_HOUND = Kind.CHAOS_HOUND


def under_dieters(state: CaninosState, seat: int) -> bool:
    hexes = state.players[seat].hexes
    # Most seats lie under no hex: asked per trick listed, so no generator is made for none.
    return bool(hexes) and any(hex_.trick is _DIETERS for hex_ in hexes)


def under_killjoys(state: CaninosState, seat: int) -> bool:
    hexes = state.players[seat].hexes
    return bool(hexes) and any(hex_.trick is _KILLJOYS for hex_ in hexes)


def held_ingredients(state: CaninosState, seat: int) -> frozenset[Pizza]:
    """The Normal pizzas among the seat's slices (plush toys are no pizza), for option D."""
    return frozenset(
        piece.pizza
        for piece in state.players[seat].collection
        if not piece.plush and not is_double(piece.pizza)
    )


def payments(state: CaninosState, seat: int, piece: Slice, hand: tuple[Card, ...]) -> list[tuple[Card, ...]]:
    """Every way to steal `piece` with cards from `hand`, each spelled once: single cards in
    hand order, then pairs of identical dogs, then option D pairs."""
    how = steal_as(piece)
    if how is None:
        return []
    no_dogs = under_dieters(state, seat)
    kinds = distinct(hand)
    ways: list[tuple[Card, ...]] = []
    for card in kinds:
        kind = kind_of(card)
        if kind in (_MYSTIC_RACCOON, _TANUKI):
            ways.append((card,))
        elif no_dogs:
            continue
        elif (
            kind is _CHAOS_HOUND
            and how is not _RACCOON
            or kind is _PACK_DOG
            and how is _NORMAL
        ):
            ways.append((card,))
    if how is not _DOUBLE or no_dogs:
        return ways
    dogs = [card for card in kinds if kind_of(card) is _PACK_DOG]
    ways.extend((card, card) for card in dogs if hand.count(card) >= 2)
    if is_double(piece.pizza) and set(ingredients_of(piece.pizza)) <= held_ingredients(state, seat):
        ways.extend(
            (first, second) for first, second in combinations(dogs, 2) if pack_of(first) is pack_of(second)
        )
    return ways


def can_steal_with(state: CaninosState, seat: int, ref: SliceRef, cards: tuple[Card, ...]) -> bool:
    """Whether these cards, together or one of them alone, may steal the slice (the Gluttons'
    "Steal one additional slice of pizza with this same card")."""
    piece = stealable(state, seat, ref)
    if piece is None:
        return False
    ways = payments(state, seat, piece, cards)
    return cards in ways or any(len(way) == 1 for way in ways)


def stealable(state: CaninosState, seat: int, ref: SliceRef) -> Slice | None:
    """The slice `ref` names if the seat could ever steal it: from the table or another seat."""
    if ref.owner == seat:
        return None
    return slice_named(state, ref)


def steal_targets(state: CaninosState, seat: int) -> list[SliceRef]:
    """Every slice the seat may try to steal with the cards in its hand: the table first, then
    the other seats' collections in seat order."""
    means = Means.of(state, seat, state.players[seat].hand)
    return [ref for ref, piece in every_other_slice_named(state, seat) if means.may_pay(piece)]


@dataclass(frozen=True)
class Means:
    """What a hand may steal with, summed up once for every slice it is held against: whether
    `payments` finds a way, without listing the ways (a seat's turn asks it of every slice on
    the table and in the other collections). Tests hold it to `bool(payments(...))`."""

    wild: bool  # a Mystic Raccoon or the Tanuki: steals anything
    hound: bool  # a Chaos Hound it may steal with (not under Dieters)
    dog: bool  # a pack dog it may steal with
    dog_pair: bool  # two identical pack dogs (option A for a Double)
    pack_pair: bool  # two different dogs of one pack (option D)
    held: frozenset[Pizza]  # the seat's Normal pizzas, for option D

    @classmethod
    def of(cls, state: CaninosState, seat: int, hand: tuple[Card, ...]) -> Means:
        no_dogs = under_dieters(state, seat)
        # One pass over the hand's cards, each kind of card once (a generator per flag walked
        # the hand again and again: made once per seat in turn and state, about 45 calls).
        kinds: set[Kind] = set()
        dogs: list[Card] = []
        for card in set(hand):
            kind = kind_of(card)
            kinds.add(kind)
            if kind is _PACK_DOG and not no_dogs:
                dogs.append(card)
        packs = [pack_of(card) for card in dogs]
        pack_pair = len(set(packs)) < len(packs)
        return cls(
            wild=_MYSTIC_RACCOON in kinds or _TANUKI in kinds,
            hound=not no_dogs and _CHAOS_HOUND in kinds,
            dog=bool(dogs),
            dog_pair=any(hand.count(card) >= 2 for card in dogs),
            pack_pair=pack_pair,
            held=held_ingredients(state, seat) if pack_pair else frozenset(),
        )

    def may_pay(self, piece: Slice) -> bool:
        how = steal_as(piece)
        if how is None:
            return False
        if self.wild:
            return True
        if how is _NORMAL:
            return self.hound or self.dog
        if how is _RACCOON:
            return False
        return (
            self.hound
            or self.dog_pair
            or self.pack_pair
            and is_double(piece.pizza)
            and set(ingredients_of(piece.pizza)) <= self.held
        )


def every_other_slice(state: CaninosState, seat: int) -> list[SliceRef]:
    return [ref for ref, _ in every_other_slice_named(state, seat)]


def every_other_slice_named(state: CaninosState, seat: int) -> list[tuple[SliceRef, Slice]]:
    """`every_other_slice`, each ref with the slice it names (`slice_named`)."""
    named = table_slices(state)
    for owner, player in enumerate(state.players):
        if owner != seat:
            named.extend(named_slices(player.collection, owner))
    return named


def steals_with_a_dog(cards: tuple[Card, ...]) -> bool:
    return any(is_dog(card) for card in cards)
