"""What each seat may see, and every event as that seat may see it.

Public: every nut collection (they lie face up), the crown, the round, the deck's size, the
face-up critters, how many critters each seat has face down, whose turn it is, and a theft
waiting for its answer. Private to a seat: its hand and its face-down critters. Nobody, not
even the seat that will draw them, sees the order of the deck.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kennel.domain.core.frozen import per_recent_part, per_recent_state, replaced, short_lived
from kennel.domain.hoarders.cards import Critter, Nut, sorted_critters
from kennel.domain.hoarders.events import CrittersPicked, NutsShuffled
from kennel.domain.hoarders.outcome import outcome
from kennel.domain.hoarders.state import Hoard, HoardersState, Phase, Theft


@short_lived
@dataclass(frozen=True)
class SeatView:
    seat: int
    nuts: tuple[Nut, ...]
    face_down: int  # how many, never which
    revealed: tuple[Critter, ...]  # face up this round, in the order they turned up


@short_lived
@dataclass(frozen=True)
class HoardersView:
    viewer: int | None  # None: a spectator
    phase: Phase
    round: int
    crown: int
    deck_size: int
    turn: int | None  # the seat revealing now (the thief while its theft awaits an answer)
    theft: Theft | None  # a theft waiting for its victim's answer
    seats: tuple[SeatView, ...]
    hand: tuple[Critter, ...]  # the viewer's own; empty for a spectator
    face_down: tuple[Critter, ...]  # the viewer's own; empty for a spectator


def view(state: HoardersState, viewer: int | None) -> HoardersView:
    public = _public_view(state)
    if viewer is None or not 0 <= viewer < len(state.hoards):  # `state.seat_count`, without its call
        return public
    own = state.hoards[viewer]
    # Sorted, so that the order the seat listed its pick in is all the view shows (one critter
    # or none is in order as it is: no call to sort it).
    face_down = own.face_down
    return replaced(
        public, viewer=viewer, hand=own.hand, face_down=face_down if len(face_down) < 2 else sorted_critters(face_down)
    )


@per_recent_state  # what every seat sees alike, made once for all of a state's viewers
def _public_view(state: HoardersState) -> HoardersView:
    """The spectator's view, which every seat's view extends with its own hand and picks."""
    return HoardersView(
        viewer=None,
        phase=state.phase,
        round=state.round,
        crown=state.crown,
        deck_size=len(state.deck),
        turn=None if outcome(state) is not None else state.seat_in_turn,
        theft=state.theft,
        seats=tuple(map(_seat_view, state.hoards, range(len(state.hoards)))),  # no generator to resume per seat
        hand=(),
        face_down=(),
    )


@per_recent_part  # a hoard unchanged since the last state is seen as before (the same object)
def _seat_view(hoard: Hoard, seat: int) -> SeatView:
    return SeatView(seat=seat, nuts=hoard.nuts, face_down=len(hoard.face_down), revealed=hoard.revealed)


def redact(event: Any, viewer: int | None) -> Any:
    """Blank what `viewer` may not see; every event still reaches every viewer, so the
    number and order of events tell nothing the rules do not."""
    if isinstance(event, NutsShuffled):
        return replaced(event, deck=())
    if isinstance(event, CrittersPicked) and event.seat != viewer:
        return replaced(event, critters=())
    return event
