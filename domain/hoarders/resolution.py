"""This game's scratch pad for one decision: `domain.core.resolution` bound to its `evolve`."""

from __future__ import annotations

from domain.core.resolution import Resolution as ScratchPad
from domain.hoarders.evolve import evolve
from domain.hoarders.state import HoardersState


class Resolution(ScratchPad[HoardersState]):
    def __init__(self, state: HoardersState) -> None:
        super().__init__(state, evolve)
