"""Who owes a decision now, as one value the other modules branch on."""

from __future__ import annotations

import enum

from kennel.domain.caninos.outcome import outcome
from kennel.domain.caninos.state import CaninosState


class Phase(enum.Enum):
    OVER = "over"
    LEVELLING = "levelling"  # seats above the Pack Leader's level return slices (several at once)
    REACTION = "reaction"  # the first seat of the open window answers or declines
    DRAFT = "draft"  # the seat in turn completes the play it declared
    SPELL = "spell"  # enchanted seats choose whether to turn a plush toy back (several at once)
    TURN = "turn"  # the seat in turn plays, passes or discards
    IDLE = "idle"  # between turns (only ever seen inside a decision)


def phase(state: CaninosState) -> Phase:
    if outcome(state) is not None:
        return Phase.OVER
    if state.level is not None:
        return Phase.LEVELLING
    if state.asking:
        return Phase.REACTION
    if state.draft is not None:
        return Phase.DRAFT
    if state.unspelling:
        return Phase.SPELL
    if state.turn is not None:
        return Phase.TURN
    return Phase.IDLE
