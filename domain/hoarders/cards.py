"""The components in the Hoarders box ("Contents" in the rulebook).

55 nut cards, 11 of each kind; 30 critter cards, six sets of one of each critter; one crown.
Each seat plays with one critter set; the sets nobody plays with stay in the box.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from kennel.domain.core.rules import IdentityEnum


class Nut(IdentityEnum):
    WALNUT = "walnut"
    HAZELNUT = "hazelnut"
    SUNFLOWER_SEED = "sunflower_seed"
    ACORN = "acorn"
    PEANUT = "peanut"

    @functools.cached_property  # a constant, asked for every label: kept on the member
    def title(self) -> str:
        return self.value.replace("_", " ")


class Critter(IdentityEnum):
    """In the order the rulebook describes them, which is also the order a pick lists them in."""

    SQUIRREL = "squirrel"
    RACCOON = "raccoon"
    HAMSTER = "hamster"
    GROUNDHOG = "groundhog"
    BEAVER = "beaver"

    @functools.cached_property  # a constant, asked for every label: kept on the member
    def title(self) -> str:
        return self.value.capitalize()


NUTS_PER_KIND = 11
CRITTER_SETS = 6  # one set per seat, which is why six players at most can play
STARTING_NUTS = 3  # "Deal each player 3 random nut cards"
CRITTERS_PICKED = 2  # "secretly picks two of their critter cards"
WINNING_COUNT = 5  # "five identical nut cards"
LONE_BEAVER_DRAW = 3  # "he gets to draw three cards"

CRITTER_SET: tuple[Critter, ...] = tuple(Critter)

_NUT_RANK = {nut: rank for rank, nut in enumerate(Nut)}
_CRITTER_RANK = {critter: rank for rank, critter in enumerate(Critter)}


def box_nuts() -> tuple[Nut, ...]:
    """All nut cards as they come out of the box, before the shuffle."""
    return tuple(nut for nut in Nut for _ in range(NUTS_PER_KIND))


def sorted_nuts(nuts: Iterable[Nut]) -> tuple[Nut, ...]:
    """A collection in one canonical order, since the order a nut arrived in never matters."""
    return tuple(sorted(nuts, key=_NUT_RANK.__getitem__))


def sorted_critters(critters: Iterable[Critter]) -> tuple[Critter, ...]:
    return tuple(sorted(critters, key=_CRITTER_RANK.__getitem__))


NUT_KINDS = tuple(Nut)  # iterating an enum class is slow, and this is asked after every event


def most_identical(nuts: Iterable[Nut]) -> int:
    """The size of the largest group of identical nuts: what wins the game."""
    nuts = tuple(nuts)
    return max(map(nuts.count, NUT_KINDS)) if nuts else 0  # `map`: no frame of a comprehension
