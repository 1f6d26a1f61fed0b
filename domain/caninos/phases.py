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


# Each phase as a module constant too, for the paths that branch on the phase (several times
# per command): `Phase.TURN` is an attribute of an enum class, read through `EnumType`'s
# `__getattr__` hook (about 870 instructions, callgrind), where a module constant is a look-up.
PHASE_OVER, PHASE_LEVELLING, PHASE_REACTION = Phase.OVER, Phase.LEVELLING, Phase.REACTION
PHASE_DRAFT, PHASE_SPELL, PHASE_TURN, PHASE_IDLE = Phase.DRAFT, Phase.SPELL, Phase.TURN, Phase.IDLE


def phase(state: CaninosState) -> Phase:
    if outcome(state) is not None:
        return PHASE_OVER
    if state.level is not None:
        return PHASE_LEVELLING
    if state.asking:
        return PHASE_REACTION
    if state.draft is not None:
        return PHASE_DRAFT
    if state.unspelling:
        return PHASE_SPELL
    if state.turn is not None:
        return PHASE_TURN
    return PHASE_IDLE
