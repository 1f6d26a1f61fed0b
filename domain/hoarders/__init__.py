"""Hoarders: gather five identical nuts with the help of sneaky critters.

Rulebook: shared/rules/hoarders.txt; our rulings where it is silent: docs/rules/hoarders.md.
"""

from kennel.domain.hoarders.game import Hoarders

GAME = Hoarders()

__all__ = ["GAME", "Hoarders"]
