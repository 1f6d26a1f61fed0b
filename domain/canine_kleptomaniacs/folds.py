"""Small pure helpers for folding events: seats by number, and tuples by value."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from kennel.domain.canine_kleptomaniacs.state import CanineState, Seat
from kennel.domain.core.frozen import replaced

T = TypeVar("T")


def has_seat(state: CanineState, seat: int | None) -> bool:
    return seat is not None and 0 <= seat < len(state.seats)  # `state.seat_count`, a call fewer


def change(state: CanineState, seat: int, how: Callable[[Seat], Seat]) -> CanineState:
    if not has_seat(state, seat):
        return state
    seats = list(state.seats)
    seats[seat] = how(seats[seat])
    return replaced(state, seats=tuple(seats))


def replaced_at(items: tuple[T, ...], index: int, item: T) -> tuple[T, ...]:
    return items[:index] + (item,) + items[index + 1 :]


def without(items: tuple[T, ...], item: T) -> tuple[T, ...]:
    """`items` less one copy of `item` (unchanged when it is not there)."""
    if item not in items:
        return items
    index = items.index(item)
    return items[:index] + items[index + 1 :]


def take(items: tuple[T, ...], wanted: tuple[T, ...]) -> tuple[tuple[T, ...], tuple[T, ...]]:
    """(what is left of `items`, what of `wanted` was found in it)."""
    taken: list[T] = []
    for item in wanted:
        if item in items:
            items = without(items, item)
            taken.append(item)
    return items, tuple(taken)
