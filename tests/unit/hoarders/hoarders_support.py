"""Given-events / when-command / then-events-or-error helpers for the Hoarders rule tests.

A scenario starts from `opening(...)`: the setup events with the collections and deck order the
test needs, so each test states its table in a line or two. (Named `hoarders_support`, not
`support`, because test folders have no `__init__.py` and every module name must be unique.)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import pytest
from kennel.domain.core.rng import Rng, seed_from_text
from kennel.domain.core.rules import RuleViolation
from kennel.domain.hoarders import GAME
from kennel.domain.hoarders.cards import Critter, Nut, box_nuts, sorted_critters
from kennel.domain.hoarders.events import CrittersPicked, NutsDealt, NutsShuffled, RoundStarted
from kennel.domain.hoarders.options import Options
from kennel.domain.hoarders.state import HoardersState

WALNUT, HAZELNUT, SUNFLOWER_SEED, ACORN, PEANUT = Nut
SQUIRREL, RACCOON, HAMSTER, GROUNDHOG, BEAVER = Critter

RNG = Rng(seed_from_text("hoarders unit tests"), 0)  # decide never draws from it


def opening(*collections: Sequence[Nut], deck: Sequence[Nut] | None = None, crown: int = 0) -> list[Any]:
    """Setup events for one seat per collection, the crown with `crown` (seat 0 unless told).

    The deck after the deal is `deck`, top card first, or else every nut not dealt, in box order.
    """
    dealt = [nut for collection in collections for nut in collection]
    if deck is None:
        remaining = Counter(box_nuts()) - Counter(dealt)
        deck = [nut for nut in Nut for _ in range(remaining[nut])]
    return [
        NutsShuffled(deck=(*dealt, *deck)),
        *(NutsDealt(seat=seat, nuts=tuple(nuts)) for seat, nuts in enumerate(collections)),
        RoundStarted(round=1, crown=crown),
    ]


def picks(*pairs: Iterable[Critter]) -> list[CrittersPicked]:
    """Seat i picks pairs[i]."""
    return [CrittersPicked(seat=seat, critters=sorted_critters(pair)) for seat, pair in enumerate(pairs)]


def given(*event_lists: Iterable[Any]) -> HoardersState:
    events = [event for events in event_lists for event in events]
    seat_count = sum(isinstance(event, NutsDealt) for event in events)
    state = GAME.initial_state(Options(), seat_count)
    for event in events:
        state = GAME.evolve(state, event)
    return state


def when(state: HoardersState, seat: int, command: Any) -> list[Any]:
    return list(GAME.decide(state, seat, command, RNG))


def after(state: HoardersState, seat: int, command: Any) -> HoardersState:
    """The state once the command's events are folded in."""
    for event in when(state, seat, command):
        state = GAME.evolve(state, event)
    return state


def then_refused(state: HoardersState, seat: int, command: Any, code: str) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        when(state, seat, command)
    assert caught.value.code == code, caught.value
    return caught.value
