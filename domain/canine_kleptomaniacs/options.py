"""Game options: the two variants the rulebook prints."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Options:
    # "Optional Rule": a seat that hides every card of one kind of Collectable scores double the
    # face value of all its hidden cards.
    all_of_a_kind: bool = False
    # "For a longer game": when the Action deck first runs out it is formed again, with one more
    # Hiding Place per seat; the game then ends when either draw pile runs out. Five seats at most.
    longer_game: bool = False
