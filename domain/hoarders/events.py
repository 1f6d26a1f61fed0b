"""What happened. Class names are stored in logs: never rename them.

Seats are numbered from 0 in clockwise turn order. The nut deck's top card is its first.
"""

from __future__ import annotations

from dataclasses import dataclass

from kennel.domain.hoarders.cards import Critter, Nut


@dataclass(frozen=True)
class NutsShuffled:
    """The nut deck, in order, top card first. No seat ever sees it (`redact` blanks it)."""

    deck: tuple[Nut, ...]


@dataclass(frozen=True)
class NutsDealt:
    """A seat's starting collection, dealt face up from the top of the deck."""

    seat: int
    nuts: tuple[Nut, ...]


@dataclass(frozen=True)
class RoundStarted:
    """A new round: the crown is with `crown`, and every seat now picks two critters."""

    round: int
    crown: int


@dataclass(frozen=True)
class CrittersPicked:
    """A seat placed two critters face down; other seats see only that it did."""

    seat: int
    critters: tuple[Critter, ...]


@dataclass(frozen=True)
class CritterRevealed:
    """A seat took its reveal turn: this critter is now face up and resolves."""

    seat: int
    critter: Critter


@dataclass(frozen=True)
class TurnPassed:
    """The seat's reveal turn came with no face-down critter left, so it passed."""

    seat: int


@dataclass(frozen=True)
class NutDrawn:
    """The top nut of the deck went to the seat's collection."""

    seat: int
    nut: Nut


@dataclass(frozen=True)
class DrawMissed:
    """The seat was owed a nut but the deck was empty (docs/rules/hoarders.md)."""

    seat: int


@dataclass(frozen=True)
class TheftAttempted:
    """A Raccoon (or a Groundhog repeating one) tries to take one nut of a kind from the victim."""

    thief: int
    victim: int
    nut: Nut


@dataclass(frozen=True)
class TheftCancelled:
    """The victim revealed a face-down Hamster: the theft has no effect."""

    thief: int
    victim: int


@dataclass(frozen=True)
class NutStolen:
    thief: int
    victim: int
    nut: Nut


@dataclass(frozen=True)
class BeaversRevealed:
    """A Beaver was revealed, so every other face-down Beaver turned face up, in crown order."""

    seats: tuple[int, ...]


@dataclass(frozen=True)
class RoundEnded:
    """Every critter went back to its owner's hand."""

    round: int
