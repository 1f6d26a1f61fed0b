"""What the rules do for a seat whose prompt runs out of time (docs/rules/a-dogs-life.md, "Timeouts")."""

from __future__ import annotations

from typing import Any

from kennel.domain.a_dogs_life.commands import EndActions, SteerTruck
from kennel.domain.a_dogs_life.legal import legal_commands
from kennel.domain.a_dogs_life.state import ADogsLifeState
from kennel.domain.core.rng import Rng
from kennel.domain.core.timeouts import default_answer


def timeout_command(state: ADogsLifeState, seat: int, rng: Rng) -> Any:
    """The dog spends no more action points ("2 – Actions of dogs": a player is never required
    to use them); at a crossroads the truck takes a street drawn at random from those it may
    take ("3 – Move the Dogcatcher's Truck"), as an absent driver favours no dog."""
    legal = legal_commands(state, seat)
    streets = [command for command in legal if isinstance(command, SteerTruck)]
    if streets:
        return rng.choice(streets)
    return default_answer(legal, preferred=(EndActions,))
