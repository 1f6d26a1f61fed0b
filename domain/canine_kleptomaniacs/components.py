"""The components of the Canine Kleptomaniacs box: what kinds of card there are, and how many.

The kinds are enums (closed sets, named on the wire); the numbers live in `manifest.json`
beside this module, read once, lazily, by `manifest()`. The rulebook names the cards without
listing them, so most numbers there are our design (docs/rules/canine-kleptomaniacs.md, "The
components"); the ones the rulebook gives are kept under "rulebook" in the file.
"""

from __future__ import annotations

import enum
import functools
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

from kennel.domain.core.rules import IdentityEnum


class Collectable(IdentityEnum):
    """A card of the Collectables deck. The last two are the special cards."""

    BASIC_SOCKS = "basic_socks"
    GROTTY_BALLS = "grotty_balls"
    SLIPPER = "slipper"
    GRANNYS_BLOOMERS = "grannys_bloomers"
    ULTIMATE_PAW = "ultimate_paw"
    POO_PIZZA = "poo_pizza"

    @functools.cached_property  # a constant, asked for every label: kept on the member
    def title(self) -> str:
        return manifest().collectables[self].title

    @property
    def ordinary(self) -> bool:
        """One of the four kinds that make sets (not the Paw, not the Poo)."""
        return self not in (_ULTIMATE_PAW, _POO_PIZZA)

    @property
    def discardable(self) -> bool:
        """Hand Limit: "The Ultimate Paw of Pilferage and Poo Pizza cards cannot be discarded!"."""
        return self.ordinary


# Module constants for the enum members read below as commands are decided, listed and told: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_ULTIMATE_PAW = Collectable.ULTIMATE_PAW
_POO_PIZZA = Collectable.POO_PIZZA


KINDS: tuple[Collectable, ...] = tuple(c for c in Collectable if c.ordinary)  # the four set-making kinds


class ActionCard(IdentityEnum):
    """A card of the Action deck, in the order the rulebook describes them."""

    HIDING_PLACE = "hiding_place"
    FISHY_BLAST = "fishy_blast"
    PUPPY_EYES = "puppy_eyes"
    STICK_CHASE = "stick_chase"
    KEY_ODD = "key_odd"
    KEY_EVEN = "key_even"
    LEAF_STORM = "leaf_storm"
    PLUNDERING_POOCH = "plundering_pooch"
    CHARM_OFFENSIVE = "charm_offensive"
    RANCID_BADGER_POO = "rancid_badger_poo"
    WALKIES = "walkies"
    SNIFF_IT_OUT = "sniff_it_out"
    TURKEY_BUSTER = "turkey_buster"
    HUNK_O_HADDOCK = "hunk_o_haddock"
    PIGSFOOT_TREAT = "pigsfoot_treat"
    ROAST_DINNER_ROUNDIES = "roast_dinner_roundies"
    SQUIRREL = "squirrel"
    FLUFFY_RUMBLE = "fluffy_rumble"
    CHEESY_DISTRACTION = "cheesy_distraction"
    GRAPES_OF_WRATH = "grapes_of_wrath"

    @functools.cached_property  # a constant, asked for every label: kept on the member
    def title(self) -> str:
        return manifest().action_cards[self].title


# Cards that stay face up in their drawer's playing area instead of going to the discard pile.
KEPT_CARDS = (ActionCard.PLUNDERING_POOCH, ActionCard.CHARM_OFFENSIVE, ActionCard.CHEESY_DISTRACTION)
# "Collectables Reward Cards": their whole effect is a number of cards from the draw pile.
REWARD_CARDS = (
    ActionCard.TURKEY_BUSTER,
    ActionCard.HUNK_O_HADDOCK,
    ActionCard.PIGSFOOT_TREAT,
    ActionCard.ROAST_DINNER_ROUNDIES,
)
# The five power symbols a doggy card can show ("Doggy Cards").
POWER_SYMBOLS = (
    ActionCard.PUPPY_EYES,
    ActionCard.CHARM_OFFENSIVE,
    ActionCard.HUNK_O_HADDOCK,
    ActionCard.TURKEY_BUSTER,
    ActionCard.FISHY_BLAST,
)


class BedroomCard(IdentityEnum):
    """A card of the Master's Bedroom deck."""

    WACKY_EARPLUGS = "wacky_earplugs"
    GRANNYS_FALSE_TEETH = "grannys_false_teeth"
    LAUNDRY_BASKET = "laundry_basket"
    ULTIMATE_HIDING_PLACE = "ultimate_hiding_place"
    SOCK_MOUNTAIN = "sock_mountain"
    BAG_OF_BALLS = "bag_of_balls"
    PAIR_OF_SLIPPERS = "pair_of_slippers"
    WASHING_LINE = "washing_line"

    @functools.cached_property  # a constant, asked for every label: kept on the member
    def title(self) -> str:
        return manifest().bedroom_cards[self].title


class Dog(IdentityEnum):
    """A doggy character card."""

    RASCAL = "rascal"
    BISCUIT = "biscuit"
    MUDLARK = "mudlark"
    DUCHESS = "duchess"
    SCAMP = "scamp"
    PICKLES = "pickles"
    TRUFFLE = "truffle"
    BANDIT = "bandit"
    NOSEY = "nosey"
    DODGER = "dodger"


class Weapon(IdentityEnum):
    """The three weapons of a Plundering Pooch battle ("Think rock, paper, scissors!")."""

    TEA_TOWEL = "tea_towel"
    GNASHERS = "gnashers"
    BONE = "bone"

    def beats(self, other: Weapon) -> bool:
        """Our ruling: Gnashers shred the Tea Towel, the Tea Towel wraps the Bone, the Bone
        breaks the Gnashers (docs/rules/canine-kleptomaniacs.md, "The weapons")."""
        return _BEATS[self] is other


_BEATS = {Weapon.GNASHERS: Weapon.TEA_TOWEL, Weapon.TEA_TOWEL: Weapon.BONE, Weapon.BONE: Weapon.GNASHERS}


@dataclass(frozen=True)
class CollectableSpec:
    title: str
    points: int
    count: int


@dataclass(frozen=True)
class ActionSpec:
    title: str
    count: int
    text: str
    draws: int  # for the Collectables Reward cards; 0 for every other card


@dataclass(frozen=True)
class BedroomSpec:
    title: str
    points: int  # face value, scored when the card lies face up in the playing area
    count: int
    stands_for: Collectable | None  # the kind of Collectable it represents when hidden
    wild: bool  # the Laundry Basket: stands for any kind, the kind of its Hiding Place
    how_many: int  # how many Collectables it represents when hidden


@dataclass(frozen=True)
class DogSpec:
    title: str
    target: Collectable
    bonus_each: int  # Pooch Points per target Collectable hidden at the game's end
    power: ActionCard  # the symbol: drawing this Action card gives the dog's extra power


@dataclass(frozen=True)
class Manifest:
    numbers: Mapping[str, int]  # the numbers the rulebook gives
    collectables: Mapping[Collectable, CollectableSpec]
    action_cards: Mapping[ActionCard, ActionSpec]
    bedroom_cards: Mapping[BedroomCard, BedroomSpec]
    dogs: Mapping[Dog, DogSpec]
    rulings: Mapping[str, int]  # the numbers of our rulings

    def number(self, name: str) -> int:
        return self.numbers[name]


@functools.cache
def manifest() -> Manifest:
    """The box's contents, read from manifest.json on first use (never at import)."""
    raw = json.loads(resources.files(__package__).joinpath("manifest.json").read_text("utf-8"))
    return _parse(raw)


def _parse(raw: Mapping[str, Any]) -> Manifest:
    def keyed(enum_type: type[enum.Enum], table: Mapping[str, Any]) -> dict[Any, Any]:
        if set(table) != {member.value for member in enum_type}:
            raise ValueError(f"manifest.json lists other {enum_type.__name__} kinds than the code")
        return {enum_type(key): value for key, value in table.items()}

    collectables = {
        kind: CollectableSpec(spec["title"], spec["points"], spec["count"])
        for kind, spec in keyed(Collectable, raw["collectables"]).items()
    }
    actions = {
        card: ActionSpec(spec["title"], spec["count"], spec["text"], spec.get("draws", 0))
        for card, spec in keyed(ActionCard, raw["action_cards"]).items()
    }
    bedroom = {
        card: BedroomSpec(
            title=spec["title"],
            points=spec["points"],
            count=spec["count"],
            stands_for=None if spec["stands_for"] in (None, "any") else Collectable(spec["stands_for"]),
            wild=spec["stands_for"] == "any",
            how_many=spec["how_many"],
        )
        for card, spec in keyed(BedroomCard, raw["bedroom_cards"]).items()
    }
    dogs = {
        dog: DogSpec(spec["title"], Collectable(spec["target"]), spec["bonus_each"], ActionCard(spec["power"]))
        for dog, spec in keyed(Dog, raw["dogs"]).items()
    }
    return Manifest(
        numbers=dict(raw["rulebook"]),
        collectables=collectables,
        action_cards=actions,
        bedroom_cards=bedroom,
        dogs=dogs,
        rulings=dict(raw["rulings"]),
    )


# Canonical orders: a hand, a set or a pick is always listed in enum order, so each has one spelling.
_COLLECTABLE_RANK = {kind: rank for rank, kind in enumerate(Collectable)}
_BEDROOM_RANK = {card: rank for rank, card in enumerate(BedroomCard)}
_ACTION_RANK = {card: rank for rank, card in enumerate(ActionCard)}


def sorted_collectables(cards: Iterable[Collectable]) -> tuple[Collectable, ...]:
    return tuple(sorted(cards, key=_COLLECTABLE_RANK.__getitem__))


def sorted_bedroom(cards: Iterable[BedroomCard]) -> tuple[BedroomCard, ...]:
    return tuple(sorted(cards, key=_BEDROOM_RANK.__getitem__))


def sorted_actions(cards: Iterable[ActionCard]) -> tuple[ActionCard, ...]:
    return tuple(sorted(cards, key=_ACTION_RANK.__getitem__))


def points(kind: Collectable) -> int:
    return manifest().collectables[kind].points


def represents(card: BedroomCard, kind: Collectable) -> int:
    """How many Collectables of `kind` a Master's Bedroom card stands for when hidden with them."""
    spec = manifest().bedroom_cards[card]
    if spec.wild or spec.stands_for is kind:
        return spec.how_many
    return 0


def hideable_as(card: BedroomCard, kind: Collectable) -> bool:
    """Whether a Master's Bedroom card may be hidden in a set of `kind` ("a Collectables symbol")."""
    return represents(card, kind) > 0


def box_collectables() -> tuple[Collectable, ...]:
    return tuple(kind for kind, spec in manifest().collectables.items() for _ in range(spec.count))


def box_actions() -> tuple[ActionCard, ...]:
    """The Action cards other than Hiding Places (those are counted out per seat at set-up)."""
    return tuple(card for card, spec in manifest().action_cards.items() for _ in range(spec.count))


def box_bedroom() -> tuple[BedroomCard, ...]:
    return tuple(card for card, spec in manifest().bedroom_cards.items() for _ in range(spec.count))
