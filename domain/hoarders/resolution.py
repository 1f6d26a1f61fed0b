"""The events one decision produces, kept together with the state they lead to.

Resolving a reveal is a chain (a Beaver turns up other Beavers, a turn ends and the next seats
pass or must reveal their Hamster), and each link depends on the state the previous one left.
"""

from __future__ import annotations

from typing import Any

from domain.hoarders.evolve import evolve
from domain.hoarders.state import HoardersState


class Resolution:
    """A scratch pad local to one `decide` call; the only mutable thing in the rules."""

    def __init__(self, state: HoardersState) -> None:
        self.state = state
        self.events: list[Any] = []

    def record(self, event: Any) -> None:
        self.events.append(event)
        self.state = evolve(self.state, event)
