"""This game's scratch pad for one decision: `domain.core.resolution` bound to its `evolve`."""

from __future__ import annotations

from domain.core.resolution import Resolution as ScratchPad
from domain.core.rng import Rng
from domain.canine_kleptomaniacs.evolve import evolve
from domain.canine_kleptomaniacs.state import CanineState


class Resolution(ScratchPad[CanineState]):
    def __init__(self, state: CanineState, rng: Rng) -> None:
        super().__init__(state, evolve, rng)
