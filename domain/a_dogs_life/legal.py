"""Every command a seat may send now: candidates filtered through the checks `decide` applies,
so `decide` accepts exactly these and nothing else."""

from __future__ import annotations

from typing import Any

from kennel.domain.a_dogs_life.candidates import action_candidates
from kennel.domain.a_dogs_life.commands import SteerTruck
from kennel.domain.a_dogs_life.decide import ACTION_RULES, TRUCK_RULE, check
from kennel.domain.a_dogs_life.state import ADogsLifeState, Phase
from kennel.domain.a_dogs_life.truck import ways_on


def legal_commands(state: ADogsLifeState, seat: int) -> tuple[Any, ...]:
    if state.phase is Phase.OVER or seat != state.active:
        return ()
    if state.phase is Phase.TRUCK:
        candidates = [SteerTruck(to) for to in ways_on(state)]
        return tuple(c for c in candidates if check(state, seat, c, TRUCK_RULE) is None)
    if state.phase is not Phase.ACTIONS:
        return ()
    return tuple(
        command
        for command in action_candidates(state, seat)
        if check(state, seat, command, ACTION_RULES[type(command)]) is None
    )
