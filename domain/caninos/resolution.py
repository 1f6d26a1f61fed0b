"""This game's scratch pad for one decision: `domain.core.resolution` bound to its `evolve`."""

from __future__ import annotations

from domain.core.resolution import Resolution as ScratchPad
from domain.caninos.evolve import evolve
from domain.caninos.state import CaninosState


class Resolution(ScratchPad[CaninosState]):
    def __init__(self, state: CaninosState) -> None:
        super().__init__(state, evolve)
