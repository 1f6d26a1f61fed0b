"""What a seat may send. Class names are stored in logs: never rename them."""

from __future__ import annotations

from dataclasses import dataclass

from kennel.domain.core.frozen import hashed_by_type_here, short_lived
from kennel.domain.hoarders.cards import Critter, Nut


@short_lived
@dataclass(frozen=True)
class PickCritters:
    """Place two critters face down for this round ("Game Play").

    The two are listed in rulebook order (squirrel, raccoon, hamster, groundhog, beaver), so
    that each pick has exactly one spelling.
    """

    critters: tuple[Critter, ...]


@short_lived
@dataclass(frozen=True)
class RevealCritter:
    """Turn one of your face-down critters face up on your turn and resolve it.

    A critter that steals (a Raccoon, or a Groundhog repeating one) names the victim and the
    kind of nut to take; when nobody else holds a nut it names neither.
    """

    critter: Critter
    victim: int | None = None
    nut: Nut | None = None


@short_lived
@dataclass(frozen=True)
class AllowTheft:
    """Let the theft against you go ahead (any seat with a face-down card is asked)."""


@short_lived
@dataclass(frozen=True)
class CancelTheft:
    """Reveal your face-down Hamster to cancel the theft against you ("Hamster")."""


# Each command type hashes apart from the others (a server keeps commands in a dict): last, before
# any command is made.
hashed_by_type_here(globals())
