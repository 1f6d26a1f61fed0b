"""A Dog's Life: find bones, bury them at home, and keep away from the dogcatcher.

Rulebook: shared/rules/a-dogs-life.txt; our board, dogs and rulings: docs/rules/a-dogs-life.md.
"""

from kennel.domain.a_dogs_life.game import ADogsLife

GAME = ADogsLife()

__all__ = ["GAME", "ADogsLife"]
