"""This game's scratch pad for one decision: `kennel.domain.core.resolution` bound to its `evolve`."""

from __future__ import annotations

from kennel.domain.a_dogs_life.evolve import evolve
from kennel.domain.a_dogs_life.state import ADogsLifeState
from kennel.domain.core.resolution import Resolution as ScratchPad


class Resolution(ScratchPad[ADogsLifeState]):
    def __init__(self, state: ADogsLifeState) -> None:
        super().__init__(state, evolve)
