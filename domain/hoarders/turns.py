"""Game Play: reveal turns from the crown, clockwise, twice around; then the round ends.

Moves the rules force are made here, as events inside the decision that led to them, so that a
prompt only ever asks for a real choice: a seat with no face-down critter passes, and a seat
whose only face-down critter is a Hamster must reveal it ("Hamster").
"""

from __future__ import annotations

from kennel.domain.hoarders.cards import Critter
from kennel.domain.hoarders.critters import resolve_hamster
from kennel.domain.hoarders.events import CritterRevealed, RoundEnded, RoundStarted, TurnPassed
from kennel.domain.hoarders.outcome import five_of_a_kind_holders
from kennel.domain.hoarders.resolution import Resolution


def finish_turn(resolution: Resolution) -> None:
    """After a critter resolved: unless a theft awaits its answer or someone has won, play
    the forced turns that follow and stop at the next seat with a choice (or a new round)."""
    if resolution.state.theft is not None or five_of_a_kind_holders(resolution.state):
        return
    advance_turns(resolution)


# Module constants for the enum members read below as commands are decided, listed and told: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_HAMSTER = Critter.HAMSTER


def advance_turns(resolution: Resolution) -> None:
    while True:
        state = resolution.state
        seat = state.seat_in_turn
        if seat is None:
            end_round(resolution)
            return
        face_down = state.hoards[seat].face_down
        if not face_down:
            resolution.record(TurnPassed(seat=seat))
        elif face_down == (_HAMSTER,):
            resolution.record(CritterRevealed(seat=seat, critter=_HAMSTER))
            resolve_hamster(resolution, seat)
        else:
            return


def end_round(resolution: Resolution) -> None:
    """Critters go back to hand and the crown moves left (to the next seat clockwise).

    When the deck is empty no new round starts: the game ends (docs/rules/hoarders.md).
    """
    state = resolution.state
    resolution.record(RoundEnded(round=state.round))
    if state.deck:
        resolution.record(RoundStarted(round=state.round + 1, crown=(state.crown + 1) % state.seat_count))
