"""Every command a seat may send now: candidates filtered through the checks `decide` applies,
so `decide` accepts exactly these and nothing else."""

from __future__ import annotations

from typing import Any

from kennel.domain.a_dogs_life.commands import SteerTruck
from kennel.domain.a_dogs_life.decide import TRUCK_RULE, check, permitted_actions
from kennel.domain.a_dogs_life.state import OVER, TRUCK, ADogsLifeState
from kennel.domain.a_dogs_life.truck import ways_on
from kennel.domain.core.frozen import one_per_value

_STEER = one_per_value(SteerTruck)  # one object per street square: see `candidates._MOVE`


def legal_commands(state: ADogsLifeState, seat: int) -> tuple[Any, ...]:
    if state.phase is OVER or seat != state.active:
        return ()
    if state.phase is TRUCK:
        candidates = [_STEER(to) for to in ways_on(state)]
        return tuple([c for c in candidates if check(state, seat, c, TRUCK_RULE) is None])
    return permitted_actions(state, seat)
