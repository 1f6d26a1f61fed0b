"""Every registered game's `OtherWorlds` hook (tests/testkit/hidden_worlds.py), by game name.

A game added to `kennel.domain.registry.GAMES` must add its hook here: the test over every game fails
for a game without one.
"""

from __future__ import annotations

import a_dogs_life_worlds
import canine_kleptomaniacs_worlds
import caninos_worlds
import hoarders_worlds
from testkit.hidden_worlds import OtherWorlds

WORLDS: dict[str, OtherWorlds] = {
    "hoarders": hoarders_worlds,
    "canine-kleptomaniacs": canine_kleptomaniacs_worlds,
    "caninos": caninos_worlds,
    "a-dogs-life": a_dogs_life_worlds,
}
