"""The events one decision produces, kept together with the state they lead to.

Resolving a command is a chain (an Action card's effect, the forced moves after it, the end of
the turn and the start of the next), and each link reads the state the previous one left.
(Hoarders has the same helper; it belongs in domain/core, see the report of issue 3.)
"""

from __future__ import annotations

from typing import Any

from domain.canine_kleptomaniacs.evolve import evolve
from domain.canine_kleptomaniacs.state import CanineState
from domain.core.rng import Rng


class Resolution:
    """A scratch pad local to one `decide` call; the only mutable thing in the rules."""

    def __init__(self, state: CanineState, rng: Rng) -> None:
        self.state = state
        self.rng = rng
        self.events: list[Any] = []

    def record(self, event: Any) -> None:
        self.events.append(event)
        self.state = evolve(self.state, event)
