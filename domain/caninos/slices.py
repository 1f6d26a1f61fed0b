"""Finding slices by what everyone sees of them, on the table and in collections.

A `SliceRef` names a slice by owner, pizza, topping and plush state; identical slices are alike,
so a ref names the first matching slice, and a list of refs offers each kind of slice once.
Slices under Cerberus never match: nothing may take or touch them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

from kennel.domain.caninos.cards import Card, Pizza, sorted_pizzas
from kennel.domain.caninos.state import CaninosState, Player, Slice, SliceRef
from kennel.domain.core.frozen import one_per_value, per_recent_part, replaced

T = TypeVar("T")


def matches(piece: Slice, ref: SliceRef) -> bool:
    return (
        piece.cerberus is None
        and piece.pizza is ref.pizza
        and piece.topping is ref.topping
        and piece.plush == ref.plush
    )


def find(collection: Sequence[Slice], ref: SliceRef) -> int | None:
    for index, piece in enumerate(collection):
        if matches(piece, ref):
            return index
    return None


def ref_of(owner: int, piece: Slice) -> SliceRef:
    return SliceRef(owner=owner, pizza=piece.pizza, topping=piece.topping, plush=piece.plush)


def collection_refs(
    owner: int, collection: tuple[Slice, ...], keep: Callable[[Slice], bool] | None = None
) -> list[SliceRef]:
    """Each kind of slice in a collection once, in collection order (never one under Cerberus),
    that `keep` accepts. `keep` is asked of what a ref names (pizza, topping, plush toy), as
    every rule that names slices asks it: alike slices are one kind, so it is asked of the first
    of each kind, from the collection's kinds listed once (`named_slices`)."""
    named = named_slices(collection, owner)
    if keep is None:
        return [ref for ref, _ in named]
    return [ref for ref, piece in named if keep(piece)]


# Kept per collection (a tuple that most states share with the one before): a seat's steals and
# the slices a trick may name are listed against every collection, state after state.
@per_recent_part
def named_slices(collection: tuple[Slice, ...], owner: int) -> list[tuple[SliceRef, Slice]]:
    """`collection_slices(owner, collection)` (do not change the list)."""
    return collection_slices(owner, collection)


def collection_slices(
    owner: int, collection: Iterable[Slice], keep: Callable[[Slice], bool] = lambda piece: True
) -> list[tuple[SliceRef, Slice]]:
    """`collection_refs`, each with the slice it names (the first alike: `slice_named`), for
    callers that look at the slices too and need not find them again."""
    named: list[tuple[SliceRef, Slice]] = []
    # The refs' fields but the owner (the same for all), in a set: a ref is made once per kind
    # of slice, not once per slice and compared with every ref so far.
    seen: set[tuple[Pizza, Card | None, bool]] = set()
    for piece in collection:
        if piece.cerberus is None and keep(piece):
            alike = (piece.pizza, piece.topping, piece.plush)
            if alike not in seen:
                seen.add(alike)
                named.append((ref_of(owner, piece), piece))
    return named


def table_refs(state: CaninosState) -> list[SliceRef]:
    """The Doubles in the row (each kind once), then the Normals on top of the mini-decks."""
    return [ref for ref, _ in table_slices(state)]


def table_slices(state: CaninosState) -> list[tuple[SliceRef, Slice]]:
    """`table_refs`, each with the slice it names (`slice_named`: the pizza, nothing on it)."""
    pizzas = list(sorted_pizzas(set(state.doubles)))
    for deck in state.mini_decks:
        if deck and deck[0] not in pizzas:  # a ref on the table names its pizza alone
            pizzas.append(deck[0])
    return [_on_table(pizza) for pizza in pizzas]


# A pizza on the table, named and as a slice: one pair per pizza (there are eighteen), not a
# ref and a slice made per listing.
_on_table = one_per_value(lambda pizza: (SliceRef(owner=None, pizza=pizza), Slice(pizza)))


def mini_deck_showing(state: CaninosState, pizza: Pizza) -> int | None:
    for index, deck in enumerate(state.mini_decks):
        if deck and deck[0] is pizza:
            return index
    return None


def slice_named(state: CaninosState, ref: SliceRef) -> Slice | None:
    """The slice `ref` names now, or None when there is none."""
    if ref.owner is None:
        on_table = ref.pizza in state.doubles or mini_deck_showing(state, ref.pizza) is not None
        return Slice(ref.pizza) if on_table and ref.topping is None and not ref.plush else None
    if not 0 <= ref.owner < state.seat_count:
        return None
    collection = state.players[ref.owner].collection
    index = find(collection, ref)
    return None if index is None else collection[index]


def can_take_topping(piece: Slice) -> bool:
    """A slice a topping may be put on: a pizza slice (not a plush toy, not under Cerberus)
    with no topping yet ("only one topping per slice of pizza")."""
    return piece.topping is None and not piece.plush and piece.cerberus is None


def redistributed(
    players: tuple[Player, ...], lifted: Sequence[SliceRef], onto: Sequence[SliceRef]
) -> tuple[tuple[Player, ...], tuple[Card, ...]]:
    """The players once the toppings on `lifted` are taken off (in order) and the first
    `len(onto)` of them are put on `onto` (in order); also the toppings still in hand.

    Used by the Destroyer (all lifted first, so toppings can swap slices) and the Brokers."""
    collections = [list(player.collection) for player in players]
    toppings: list[Card] = []
    for ref in lifted:
        if ref.owner is None or not 0 <= ref.owner < len(collections):
            continue
        index = find(collections[ref.owner], ref)
        if index is None or collections[ref.owner][index].topping is None:
            continue
        piece = collections[ref.owner][index]
        toppings.append(piece.topping)  # type: ignore[arg-type]
        collections[ref.owner][index] = replaced(piece, topping=None)
    placed = 0
    for topping, ref in zip(toppings, onto, strict=False):
        if ref.owner is None or not 0 <= ref.owner < len(collections):
            continue
        index = find(collections[ref.owner], ref)
        if index is None:
            continue
        collections[ref.owner][index] = replaced(collections[ref.owner][index], topping=topping)
        placed += 1
    changed = tuple(
        replaced(player, collection=tuple(collection))
        for player, collection in zip(players, collections, strict=True)
    )
    return changed, tuple(toppings[placed:])


def without(items: tuple[T, ...], item: T) -> tuple[T, ...]:
    """`items` less one copy of `item` (unchanged when it is not there)."""
    if item not in items:
        return items
    index = items.index(item)
    return items[:index] + items[index + 1 :]


def without_all(items: tuple[T, ...], removed: Iterable[T]) -> tuple[T, ...]:
    for item in removed:
        items = without(items, item)
    return items
