"""Who owes a decision now: the active seat, for its dog's actions or at a crossroads. Public."""

from __future__ import annotations

from kennel.domain.a_dogs_life.state import ACTIONS, TRUCK, ADogsLifeState
from kennel.domain.core.rules import Prompt, PromptKind


def pending(state: ADogsLifeState) -> tuple[Prompt, ...]:
    if state.phase is ACTIONS:
        points = state.action_points
        return (Prompt(state.active, PromptKind.TURN, f"act with your dog ({points} action point(s) left)"),)
    if state.phase is TRUCK and state.truck_steps > 0:
        label = f"steer the dogcatcher's truck at the crossroads ({state.truck_steps} space(s) to go)"
        return (Prompt(state.active, PromptKind.CHOICE, label),)
    return ()
