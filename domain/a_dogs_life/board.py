"""The city board: a graph of spaces (streets, buildings, the pound) read from board.json.

The rulebook describes the board without printing it, so the city is our design (documented in
docs/rules/a-dogs-life.md). A street square is a space; every building is one space, linked only
to the street squares that hold its entrance arrows ("A dog may never enter a building except
where indicated"). Two spaces are adjacent exactly when they are linked, which is also what
"adjacent" means for attacks and for the dogcatcher ("A building space is only adjacent to a
street if there is an arrow on the street allowing entrance to a building").

The file is read once, lazily, on first use (never at import time).
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from importlib import resources

from kennel.domain.core.rules import IdentityEnum


class SpaceKind(IdentityEnum):
    STREET = "street"
    HOME = "home"  # a starting space
    RESTAURANT = "restaurant"
    KIOSK = "kiosk"  # the newspaper kiosk
    ADDRESS = "address"  # a numbered newspaper delivery address
    POUND = "pound"

    @property
    def is_building(self) -> bool:
        return self is not SpaceKind.STREET


class Feature(IdentityEnum):
    """What stands on a street square (one thing at most)."""

    TRASH_CAN = "trash_can"
    LAMPPOST = "lamppost"
    FOUNTAIN = "fountain"


@dataclass(frozen=True)
class Space:
    id: int
    kind: SpaceKind
    name: str
    x: int  # the top-left square it covers on the drawing (buildings may cover several)
    y: int
    links: tuple[int, ...]  # adjacent spaces, by id
    w: int = 1
    h: int = 1
    number: int | None = None  # a home's or a delivery address's number
    feature: Feature | None = None


@dataclass(frozen=True)
class Board:
    width: int
    height: int
    spaces: tuple[Space, ...]  # spaces[i].id == i
    truck_start: int  # "the street space next to the Pound"

    def space(self, space_id: int) -> Space:
        return self.spaces[space_id]

    def has(self, space_id: object) -> bool:
        return (
            isinstance(space_id, int) and not isinstance(space_id, bool) and 0 <= space_id < len(self.spaces)
        )

    def links(self, space_id: int) -> tuple[int, ...]:
        return self.spaces[space_id].links

    def kind(self, space_id: int) -> SpaceKind:
        return self.spaces[space_id].kind

    def feature(self, space_id: int) -> Feature | None:
        return self.spaces[space_id].feature

    def reach(self, space_id: int) -> tuple[int, ...]:
        """The spaces adjacent to `space_id` for attacks and the dogcatcher: linked through an
        arrow "which allow[s] entry into the building". The pound has none (no dog may enter
        it), so a dog in the pound building can neither be attacked nor netted, nor attack out
        (docs/rules/a-dogs-life.md, "The pound building")."""
        return self._reach[space_id]

    @functools.cached_property
    def _reach(self) -> tuple[tuple[int, ...], ...]:
        return tuple(
            ()
            if space.kind is SpaceKind.POUND
            else tuple(n for n in space.links if self.spaces[n].kind is not SpaceKind.POUND)
            for space in self.spaces
        )

    @functools.cached_property
    def street_links(self) -> tuple[tuple[int, ...], ...]:
        """For every space, its adjacent street squares (the truck drives only on these)."""
        return tuple(
            tuple(n for n in space.links if self.spaces[n].kind is SpaceKind.STREET) for space in self.spaces
        )

    def of_kind(self, kind: SpaceKind) -> tuple[int, ...]:
        return self._by_kind[kind]

    @functools.cached_property
    def _by_kind(self) -> dict[SpaceKind, tuple[int, ...]]:
        return {kind: tuple(s.id for s in self.spaces if s.kind is kind) for kind in SpaceKind}

    def with_feature(self, feature: Feature) -> tuple[int, ...]:
        return self._by_feature[feature]

    @functools.cached_property
    def _by_feature(self) -> dict[Feature, tuple[int, ...]]:
        return {f: tuple(s.id for s in self.spaces if s.feature is f) for f in Feature}

    @functools.cached_property
    def homes(self) -> tuple[int, ...]:
        """The six starting spaces, by home number (homes[0] is Home 1)."""
        return tuple(sorted(self.of_kind(SpaceKind.HOME), key=lambda i: self.spaces[i].number or 0))

    @functools.cached_property
    def addresses(self) -> dict[int, int]:
        """Delivery address number -> space."""
        return {self.spaces[i].number or 0: i for i in self.of_kind(SpaceKind.ADDRESS)}

    @functools.cached_property
    def kiosk(self) -> int:
        (kiosk,) = self.of_kind(SpaceKind.KIOSK)
        return kiosk

    @functools.cached_property
    def pound(self) -> int:
        (pound,) = self.of_kind(SpaceKind.POUND)
        return pound

    @functools.cached_property
    def crossroads(self) -> frozenset[int]:
        """Street squares where the truck's driver has a choice: three or more streets meet."""
        return frozenset(
            s.id for s in self.spaces if s.kind is SpaceKind.STREET and len(self.street_links[s.id]) >= 3
        )


@functools.cache
def board() -> Board:
    """The city, read from board.json on first use."""
    raw = json.loads(resources.files(__package__).joinpath("board.json").read_text(encoding="utf-8"))
    spaces = tuple(
        Space(
            id=entry["id"],
            kind=SpaceKind(entry["kind"]),
            name=entry["name"],
            x=entry["x"],
            y=entry["y"],
            links=tuple(entry["links"]),
            w=entry.get("w", 1),
            h=entry.get("h", 1),
            number=entry.get("number"),
            feature=Feature(entry["feature"]) if entry.get("feature") else None,
        )
        for entry in raw["spaces"]
    )
    if any(space.id != index for index, space in enumerate(spaces)):
        raise ValueError("board.json: space ids must be 0, 1, 2, ... in order")
    return Board(width=raw["width"], height=raw["height"], spaces=spaces, truck_start=raw["truck_start"])
