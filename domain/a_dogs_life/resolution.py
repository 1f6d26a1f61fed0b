"""The events one decision produces, kept together with the state they lead to.

One command sets off a chain (a search draws a card, which may be the Shuffling Dog; the turn
ends, the truck drives, the next turn starts in the pound...), and each link depends on the
state the previous one left. (Hoarders has the same class; see the report on domain/core.)
"""

from __future__ import annotations

from typing import Any

from domain.a_dogs_life.evolve import evolve
from domain.a_dogs_life.state import ADogsLifeState


class Resolution:
    """A scratch pad local to one `decide` call; the only mutable thing in the rules."""

    def __init__(self, state: ADogsLifeState) -> None:
        self.state = state
        self.events: list[Any] = []

    def record(self, event: Any) -> None:
        self.events.append(event)
        self.state = evolve(self.state, event)
