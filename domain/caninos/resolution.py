"""This game's scratch pad for one decision: `kennel.domain.core.resolution` bound to its `evolve`."""

from __future__ import annotations

from kennel.domain.caninos.evolve import evolve
from kennel.domain.caninos.state import CaninosState
from kennel.domain.core.resolution import Resolution as ScratchPad


class Resolution(ScratchPad[CaninosState]):
    def __init__(self, state: CaninosState) -> None:
        super().__init__(state, evolve)
