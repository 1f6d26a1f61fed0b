"""Canine Kleptomaniacs: pilfer, hide and trade Collectables, raid the Master's Bedroom.

Rulebook: shared/rules/canine-kleptomaniacs.txt; our rulings and component design where it is
silent: docs/rules/canine-kleptomaniacs.md.
"""

from kennel.domain.canine_kleptomaniacs.game import CanineKleptomaniacs

GAME = CanineKleptomaniacs()

__all__ = ["GAME", "CanineKleptomaniacs"]
