"""What a seat in turn may steal and which tricks it may start, listed once per state and seat;
and the options of the state's own draft step, once per state.

The server lists a seat's legal commands when it builds that seat's view of a state; the command
the seat then sends is checked by `decide` against the very same lists for the same state. Kept
beside the state (`per_recent_state`), per seat: a seat's lists depend on its own hand, and are
only ever given to that seat's listing or to the check of that seat's own command.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from kennel.domain.caninos.cards import Card, Trick
from kennel.domain.caninos.state import CaninosState, Draft, SliceRef
from kennel.domain.caninos.stealing import steal_targets
from kennel.domain.caninos.tricks import card_options, seat_options, slice_options, trick_choices
from kennel.domain.core.frozen import per_recent_state

L = TypeVar("L")  # a kind of list of options
A = TypeVar("A")  # what it is listed for besides the state: a seat, a draft


@per_recent_state
def _lists(state: CaninosState) -> dict[Any, Any]:
    """This state's lists made so far, by (what, seat)."""
    return {}


def steals_of(state: CaninosState, seat: int) -> list[SliceRef]:
    """`steal_targets(state, seat)`, made once per state and seat (do not change the list)."""
    return _kept(state, (0, seat), steal_targets, seat)


def tricks_of(state: CaninosState, seat: int) -> list[tuple[Card, Trick]]:
    """`trick_choices(state, seat)`, made once per state and seat (do not change the list)."""
    return _kept(state, (1, seat), trick_choices, seat)


def slices_of(state: CaninosState, draft: Draft) -> list[SliceRef]:
    """`slice_options(state, draft)`, made once per state for the state's own draft (a draft
    step's slices are listed by `settle`, by the seat's view and by `decide`'s check alike)."""
    return _own_draft(state, draft, _SLICES, slice_options)


def seats_of(state: CaninosState, draft: Draft) -> list[int]:
    """`seat_options(state, draft)`, as `slices_of`."""
    return _own_draft(state, draft, _SEATS, seat_options)


def payments_of(state: CaninosState, draft: Draft) -> list[tuple[Card, ...]]:
    """`card_options(state, draft)`, as `slices_of` (the draft's seat's own hand: only its
    listing and its command's check ask)."""
    return _own_draft(state, draft, _PAYMENTS, card_options)


def _own_draft(state: CaninosState, draft: Draft, key: tuple[int, None], make: Callable[[CaninosState, Draft], L]) -> L:
    """`make(state, draft)`, kept with the state's lists when `draft` is the state's own (another
    draft, a trick's asked whether it may start, is made afresh)."""
    if draft is not state.draft:
        return make(state, draft)
    return _kept(state, key, make, draft)


def _kept(state: CaninosState, key: tuple[int, Any], make: Callable[[CaninosState, A], L], arg: A) -> L:
    """`make(state, arg)`, made once per state and `key`."""
    lists = _lists(state)
    found: L | None = lists.get(key)
    if found is None:
        found = lists[key] = make(state, arg)
    return found


# The keys of the state's own draft's lists (a seat's lists are keyed by (what, seat)).
_SLICES, _SEATS, _PAYMENTS = (2, None), (3, None), (4, None)
