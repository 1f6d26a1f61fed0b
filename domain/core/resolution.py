"""The events one decision produces, kept together with the state they lead to.

A decision is often a chain of consequences (a Beaver turns up other Beavers; a declined
reaction closes a window and the chain resolves; a search draws the Shuffling Dog), and each
link depends on the state the previous one left. Every game's `decide` builds its events on
one of these scratch pads.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from kennel.domain.core.rng import Rng

S = TypeVar("S")


class Resolution(Generic[S]):
    """A scratch pad local to one `decide` call; the only mutable thing in the rules."""

    def __init__(self, state: S, evolve: Callable[[S, Any], S], rng: Rng | None = None) -> None:
        self.state = state
        self.rng = rng
        self.events: list[Any] = []
        self._evolve = evolve

    def record(self, event: Any) -> None:
        self.events.append(event)
        self.state = self._evolve(self.state, event)
