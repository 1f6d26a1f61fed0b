"""This game's scratch pad for one decision: `kennel.domain.core.resolution` bound to its `evolve`."""

from __future__ import annotations

from kennel.domain.core.resolution import Resolution as ScratchPad
from kennel.domain.hoarders.evolve import evolve
from kennel.domain.hoarders.state import HoardersState


class Resolution(ScratchPad[HoardersState]):
    def __init__(self, state: HoardersState) -> None:
        super().__init__(state, evolve)
