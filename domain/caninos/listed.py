"""What a seat in turn may steal and which tricks it may start, listed once per state and seat.

The server lists a seat's legal commands when it builds that seat's view of a state; the command
the seat then sends is checked by `decide` against the very same lists for the same state. Kept
beside the state (`per_recent_state`), per seat: a seat's lists depend on its own hand, and are
only ever given to that seat's listing or to the check of that seat's own command.
"""

from __future__ import annotations

from typing import Any

from kennel.domain.caninos.cards import Card, Trick
from kennel.domain.caninos.state import CaninosState, SliceRef
from kennel.domain.caninos.stealing import steal_targets
from kennel.domain.caninos.tricks import trick_choices
from kennel.domain.core.frozen import per_recent_state


@per_recent_state
def _lists(state: CaninosState) -> dict[Any, Any]:
    """This state's lists made so far, by (what, seat)."""
    return {}


def steals_of(state: CaninosState, seat: int) -> list[SliceRef]:
    """`steal_targets(state, seat)`, made once per state and seat (do not change the list)."""
    lists = _lists(state)
    key = (0, seat)
    found: list[SliceRef] | None = lists.get(key)
    if found is None:
        found = lists[key] = steal_targets(state, seat)
    return found


def tricks_of(state: CaninosState, seat: int) -> list[tuple[Card, Trick]]:
    """`trick_choices(state, seat)`, made once per state and seat (do not change the list)."""
    lists = _lists(state)
    key = (1, seat)
    found: list[tuple[Card, Trick]] | None = lists.get(key)
    if found is None:
        found = lists[key] = trick_choices(state, seat)
    return found
