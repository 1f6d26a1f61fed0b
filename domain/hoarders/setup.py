"""Setup: the table before the first card, then the shuffle, the deal and the crown."""

from __future__ import annotations

from kennel.domain.core.rng import Rng
from kennel.domain.core.rules import RuleViolation
from kennel.domain.hoarders.cards import CRITTER_SET, CRITTER_SETS, STARTING_NUTS, box_nuts
from kennel.domain.hoarders.events import NutsDealt, NutsShuffled, RoundStarted
from kennel.domain.hoarders.options import Options
from kennel.domain.hoarders.state import Hoard, HoardersState

MIN_SEATS = 2  # someone to steal from
MAX_SEATS = CRITTER_SETS  # one critter set per seat


def initial_state(options: Options, seat_count: int) -> HoardersState:
    """The nuts still in box order and a critter set in every seat's hand."""
    return HoardersState(deck=box_nuts(), hoards=tuple(Hoard(hand=CRITTER_SET) for _ in range(seat_count)))


def setup(options: Options, seat_count: int, rng: Rng) -> list[object]:
    """Shuffle the nut deck, deal three face-up nuts to each seat, give seat 0 the crown.

    The seat order is the creator's, so "decide which player is going first" is decided by
    whoever fills seat 0.
    """
    if not MIN_SEATS <= seat_count <= MAX_SEATS:
        raise RuleViolation(
            "hoarders/bad_seat_count", f"Hoarders is played by {MIN_SEATS} to {MAX_SEATS} players."
        )
    deck = rng.shuffled(box_nuts())
    dealt = [
        NutsDealt(seat=seat, nuts=deck[seat * STARTING_NUTS : (seat + 1) * STARTING_NUTS])
        for seat in range(seat_count)
    ]
    return [NutsShuffled(deck=deck), *dealt, RoundStarted(round=1, crown=0)]
