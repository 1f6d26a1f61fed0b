"""This game's scratch pad for one decision: `domain.core.resolution` bound to its `evolve`."""

from __future__ import annotations

from domain.core.resolution import Resolution as ScratchPad
from domain.a_dogs_life.evolve import evolve
from domain.a_dogs_life.state import ADogsLifeState


class Resolution(ScratchPad[ADogsLifeState]):
    def __init__(self, state: ADogsLifeState) -> None:
        super().__init__(state, evolve)
