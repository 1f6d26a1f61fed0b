"""What a seat may send. Class names are stored in logs: never rename them.

Each command is one step or one action ("2 – Actions of dogs"), so that the list of legal
commands stays small: a dog walks a space at a time, and the truck's driver answers one
crossroads at a time.
"""

from __future__ import annotations

from dataclasses import dataclass

from kennel.domain.core.frozen import hashed_by_type_here, short_lived


@short_lived
@dataclass(frozen=True)
class MoveDog:
    """Move a Space: to an adjacent space (by id), for one action point."""

    to: int


@short_lived
@dataclass(frozen=True)
class SearchTrashCan:
    """Search a Trashcan the dog stands on, if no search marker covers it."""


@short_lived
@dataclass(frozen=True)
class DropBone:
    """Drop a Bone or Newspaper: a carried bone, onto the dog's space."""


@short_lived
@dataclass(frozen=True)
class DropNewspaper:
    """Drop a Bone or Newspaper: the carried newspaper for this address, face down."""

    address: int


@short_lived
@dataclass(frozen=True)
class CollectBone:
    """Collect a Bone or Newspaper: a bone lying on the dog's space."""


@short_lived
@dataclass(frozen=True)
class CollectNewspaper:
    """Collect a Bone or Newspaper: the newspaper lying on the dog's space at this position
    (0 = dropped there first), face down, so its address is seen only once it is collected."""

    index: int


@short_lived
@dataclass(frozen=True)
class BuryBone:
    """Bury a Bone: one carried bone, in the dog's own home."""


@short_lived
@dataclass(frozen=True)
class BegForFood:
    """Beg for Food in the restaurant the dog is in (once per turn per restaurant)."""


@short_lived
@dataclass(frozen=True)
class DrinkFromFountain:
    """Drink from a Fountain: fill the bladder."""


@short_lived
@dataclass(frozen=True)
class PiddleOnLamppost:
    """Piddle on a Lamppost the dog stands on (over another dog's marker after sniffing it)."""


@short_lived
@dataclass(frozen=True)
class TakeNewspaper:
    """Take a Newspaper from the Kiosk: bark for a random newspaper to deliver."""


@short_lived
@dataclass(frozen=True)
class DeliverNewspaper:
    """Deliver a Newspaper: the one for the address the dog stands in."""


@short_lived
@dataclass(frozen=True)
class AttackDog:
    """Attack an Opposing Dog: the dog of seat `defender`, on an adjacent space."""

    defender: int


@short_lived
@dataclass(frozen=True)
class EndActions:
    """Spend no more action points this turn (the rest are lost); the truck moves next."""


@short_lived
@dataclass(frozen=True)
class SteerTruck:
    """At a crossroads, drive the dogcatcher's truck on to this adjacent street square."""

    to: int


# Each command type hashes apart from the others (a server keeps commands in a dict): last, before
# any command is made.
hashed_by_type_here(globals())
