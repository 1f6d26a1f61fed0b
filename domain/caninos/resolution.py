"""The events one decision produces, kept together with the state they lead to.

A decision is a chain of consequences (a decline closes a window, the chain resolves, a steal
wins the game or the turn ends, cards are drawn, the next turn starts), and each link depends on
the state the previous one left. Written for ¡Caninos! after the pattern of Hoarders' own; the
engine core could hold one generic scratch pad for every game (see the report of issue 4).
"""

from __future__ import annotations

from typing import Any

from domain.caninos.evolve import evolve
from domain.caninos.state import CaninosState


class Resolution:
    """A scratch pad local to one `decide` call; the only mutable thing in the rules."""

    def __init__(self, state: CaninosState) -> None:
        self.state = state
        self.events: list[Any] = []

    def record(self, event: Any) -> None:
        self.events.append(event)
        self.state = evolve(self.state, event)
