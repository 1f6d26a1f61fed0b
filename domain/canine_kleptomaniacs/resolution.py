"""This game's scratch pad for one decision: `kennel.domain.core.resolution` bound to its `evolve`."""

from __future__ import annotations

from kennel.domain.canine_kleptomaniacs.evolve import evolve
from kennel.domain.canine_kleptomaniacs.state import CanineState
from kennel.domain.core.resolution import Resolution as ScratchPad
from kennel.domain.core.rng import Rng


class Resolution(ScratchPad[CanineState]):
    def __init__(self, state: CanineState, rng: Rng) -> None:
        super().__init__(state, evolve, rng)
