"""The dogs: six charts (action points) and six 13-card decks ("Components", "The Icons on the Cards").

The rulebook names four dogs and describes their cards without listing them, so the charts and
decks are our design, kept as data in `dogs.json` and documented in docs/rules/a-dogs-life.md.
The file is read once, lazily, on first use (never at import time).

A card is known by its number within its dog's deck: 1 to 12 are result cards, with one result
per section; 13 is the Shuffling Dog, which has none.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from kennel.domain.core.rules import IdentityEnum


class Dog(IdentityEnum):
    """The six dog charts, in the order the box lists them (ours last)."""

    FIFI = "fifi"
    BUTCH = "butch"
    WHITE_FANG = "white_fang"
    VAGABOND = "vagabond"
    PROFESSOR = "professor"
    LUCKY = "lucky"


class Reward(IdentityEnum):
    """What a Trash Can, Restaurant or Newspaper section shows ("The Icons on the Cards")."""

    NOTHING = "nothing"  # the unhappy looking dog
    ONE_DAY = "one_day"  # 1 piece of meat
    TWO_DAYS = "two_days"  # meat and fish
    THREE_DAYS = "three_days"  # meat, fish and drumstick
    BONE = "bone"

    @property
    def days(self) -> int:
        return _DAYS.get(self, 0)


_DAYS = {Reward.ONE_DAY: 1, Reward.TWO_DAYS: 2, Reward.THREE_DAYS: 3}


class Section(IdentityEnum):
    """The section of a card that a draw consults."""

    TRASH_CAN = "trash_can"
    RESTAURANT = "restaurant"
    NEWSPAPER = "newspaper"
    ATTACK = "attack"
    ESCAPE_DOGCATCHER = "escape_dogcatcher"
    EXIT_POUND = "exit_pound"


SHUFFLING_DOG = 13  # the card number of every deck's Shuffling Dog
DECK_SIZE = 13
RESULT_CARDS = 12


# Module constants for the enum members read below as commands are decided, listed and told: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_TRASH_CAN, _RESTAURANT, _NEWSPAPER = Section.TRASH_CAN, Section.RESTAURANT, Section.NEWSPAPER


@dataclass(frozen=True)
class Card:
    number: int
    shuffling_dog: bool = False
    trash_can: Reward = Reward.NOTHING
    restaurant: Reward = Reward.NOTHING
    newspaper: Reward = Reward.NOTHING
    attack: int = 0  # claws
    escape_dogcatcher: bool = False  # True: the dog jumps through the net
    exit_pound: bool = False  # True: the dog walks out on a leash

    def reward(self, section: Section) -> Reward:
        if section is _TRASH_CAN:
            return self.trash_can
        if section is _RESTAURANT:
            return self.restaurant
        if section is _NEWSPAPER:
            return self.newspaper
        raise ValueError(f"{section.value} shows no reward")


@dataclass(frozen=True)
class DogChart:
    dog: Dog
    name: str
    action_points: int
    character: str
    cards: tuple[Card, ...]  # by number: cards[n - 1] is card n

    def card(self, number: int) -> Card:
        return self.cards[number - 1]

    @property
    def numbers(self) -> tuple[int, ...]:
        """The deck as it comes out of the box, before a shuffle."""
        return tuple(card.number for card in self.cards)


@functools.cache
def charts() -> dict[Dog, DogChart]:
    """Every dog's chart and deck, read from dogs.json on first use."""
    raw = json.loads(resources.files(__package__).joinpath("dogs.json").read_text(encoding="utf-8"))
    result = {}
    for entry in raw["dogs"]:
        dog = Dog(entry["id"])
        cards = tuple(_card(card) for card in entry["cards"])
        result[dog] = DogChart(dog, entry["name"], entry["action_points"], entry["character"], cards)
    return result


def chart(dog: Dog) -> DogChart:
    return charts()[dog]


def _card(entry: dict[str, Any]) -> Card:
    if entry.get("shuffling_dog"):
        return Card(number=int(entry["number"]), shuffling_dog=True)
    return Card(
        number=int(entry["number"]),
        trash_can=Reward(entry["trash_can"]),
        restaurant=Reward(entry["restaurant"]),
        newspaper=Reward(entry["newspaper"]),
        attack=int(entry["attack"]),
        escape_dogcatcher=bool(entry["escape_dogcatcher"]),
        exit_pound=bool(entry["exit_pound"]),
    )
