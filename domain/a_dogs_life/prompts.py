"""Who owes a decision now: the active seat, for its dog's actions or at a crossroads. Public."""

from __future__ import annotations

from kennel.domain.a_dogs_life.state import ACTIONS, TRUCK, ADogsLifeState
from kennel.domain.core.rules import Prompt, PromptKind, prompt


# Module constants for the enum members read below as commands are decided, listed and told: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_TURN = PromptKind.TURN
_CHOICE = PromptKind.CHOICE


def pending(state: ADogsLifeState) -> tuple[Prompt, ...]:
    if state.phase is ACTIONS:
        points = state.action_points
        return (prompt(state.active, _TURN, f"act with your dog ({points} action point(s) left)"),)
    if state.phase is TRUCK and state.truck_steps > 0:
        label = f"steer the dogcatcher's truck at the crossroads ({state.truck_steps} space(s) to go)"
        return (prompt(state.active, _CHOICE, label),)
    return ()
