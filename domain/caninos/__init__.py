"""¡Caninos!: steal pizza with dogs, raccoons and a tanuki, and answer every play in a chain.

Rulebook: shared/rules/caninos.txt; our rulings and component design: docs/rules/caninos.md.
"""

from kennel.domain.caninos.game import Caninos

GAME = Caninos()

__all__ = ["GAME", "Caninos"]
