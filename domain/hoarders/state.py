"""The whole truth of a Hoarders table, hidden cards and deck order included."""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass

from kennel.domain.hoarders.cards import CRITTERS_PICKED, Critter, Nut


class Phase(enum.Enum):
    SETUP = "setup"  # before the first round starts
    PICKING = "picking"  # every seat secretly picks two critters
    REVEALING = "revealing"  # seats reveal in turn, crown first, twice around
    ROUND_ENDED = "round_ended"  # critters are back in hand; the next round, or the end, follows


# The phases every seat's legal commands and prompts branch on, as module constants: an enum
# class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), where a module constant is a dict look-up.
PICKING, REVEALING = Phase.PICKING, Phase.REVEALING


@dataclass(frozen=True)
class Theft:
    """A theft waiting for its victim's answer (a Hamster may cancel it)."""

    thief: int
    victim: int
    nut: Nut


@dataclass(frozen=True)
class Hoard:
    """What one seat has in front of it and in hand."""

    nuts: tuple[Nut, ...] = ()  # face up, in canonical order
    hand: tuple[Critter, ...] = ()
    face_down: tuple[Critter, ...] = ()  # picked this round, not yet revealed
    revealed: tuple[Critter, ...] = ()  # picked this round, face up, in the order revealed

    @property
    def played(self) -> tuple[Critter, ...]:
        """The critters picked this round, face down or face up."""
        return self.revealed + self.face_down

    @property
    def has_picked(self) -> bool:
        # `len(self.played)`, without concatenating the two (asked for every seat of every state)
        return len(self.revealed) + len(self.face_down) == CRITTERS_PICKED

    def partner_of(self, critter: Critter) -> Critter | None:
        """The other card played this round (what a Groundhog repeats)."""
        others = [c for c in self.played if c is not critter]
        return others[0] if others else None


@dataclass(frozen=True)
class HoardersState:
    deck: tuple[Nut, ...]  # top card first
    hoards: tuple[Hoard, ...]  # by seat
    phase: Phase = Phase.SETUP
    round: int = 0
    crown: int = 0
    turns_taken: int = 0  # reveal turns used this round (a reveal or a pass each)
    theft: Theft | None = None

    @property
    def seat_count(self) -> int:
        return len(self.hoards)

    @property
    def turns_per_round(self) -> int:
        """Twice around the table: each seat has two critters to resolve."""
        return CRITTERS_PICKED * self.seat_count

    def seats_from_crown(self) -> Iterator[int]:
        """Every seat in turn order, starting with the crown (the tie-break order)."""
        for step in range(self.seat_count):
            yield (self.crown + step) % self.seat_count

    @property
    def seat_in_turn(self) -> int | None:
        """The seat whose reveal turn it is, or None outside the reveals.

        While a theft waits for its victim's answer the thief's turn is still running.
        """
        if self.phase is not REVEALING:
            return None
        if self.theft is not None:
            return self.theft.thief
        # `turns_per_round` and `seat_count` spelled out: asked several times per command (the
        # decision, its forced turns, every seat's legal commands, the view), and each property
        # is a Python call of its own.
        seats = len(self.hoards)
        if self.turns_taken >= CRITTERS_PICKED * seats:
            return None
        return (self.crown + self.turns_taken) % seats
