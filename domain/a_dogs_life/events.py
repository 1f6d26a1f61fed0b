"""What happened. Class names are stored in logs: never rename them.

Seats are numbered from 0 in clockwise turn order; spaces are board.json ids. Every action
event of the active dog costs it one action point (evolve counts them).
"""

from __future__ import annotations

from dataclasses import dataclass

from kennel.domain.a_dogs_life.dogs import Dog, Section
from kennel.domain.a_dogs_life.state import Impounded, WinReason


@dataclass(frozen=True)
class DogChosen:
    """Setting up the Game, steps 1 and 4: the seat's random dog chart and Home Space card."""

    seat: int
    dog: Dog
    home: int


@dataclass(frozen=True)
class DeckShuffled:
    """The seat's 13 cards, shuffled, top card first. No seat ever sees the order: `redact`
    always blanks it."""

    seat: int
    deck: tuple[int, ...]


@dataclass(frozen=True)
class TurnStarted:
    """The seat's turn: its hunger after "1 – Moving a dog's hunger marker", and the action
    points it has (0 for a dog that starts its turn in the pound or starving)."""

    seat: int
    round: int
    hunger: int
    action_points: int


@dataclass(frozen=True)
class CardDrawn:
    """The top card of the seat's deck, turned face up and read at `section`."""

    seat: int
    card: int
    section: Section


@dataclass(frozen=True)
class DogImpounded:
    """The dog went to the first space of the pound, leaving what it carried on its space."""

    seat: int
    reason: Impounded


@dataclass(frozen=True)
class DogKeptInPound:
    """No card let the dog out, or one did while another dog stood in the pound building: it
    moves on to this space of the pound track (4: it leaves without a card next turn)."""

    seat: int
    pound_turn: int


@dataclass(frozen=True)
class DogReleased:
    """Leaving the Pound: the dog stands in the pound building, hunger 2, and takes a normal turn."""

    seat: int
    hunger: int
    action_points: int


@dataclass(frozen=True)
class DogMoved:
    seat: int
    to: int


@dataclass(frozen=True)
class LamppostSniffed:
    """The dog entered a space with another dog's piddle marker: its action phase ends."""

    seat: int
    space: int
    owner: int


@dataclass(frozen=True)
class TrashCanSearched:
    """A search marker now covers the trash can."""

    seat: int
    space: int


@dataclass(frozen=True)
class TrashDay:
    """The last search marker was placed: every other marker comes off the board."""

    kept: int  # the trash can that keeps its marker


@dataclass(frozen=True)
class BeggedForFood:
    seat: int
    space: int


@dataclass(frozen=True)
class FoodEaten:
    """The hunger marker moved right by `days`, to `hunger` (never past 4)."""

    seat: int
    days: int
    hunger: int


@dataclass(frozen=True)
class BoneFound:
    """A bone from the supply, onto a free carrying space."""

    seat: int


@dataclass(frozen=True)
class NothingFound:
    """The card showed nothing, or a bone the dog had no free carrying space for."""

    seat: int


@dataclass(frozen=True)
class BoneDropped:
    seat: int
    space: int


@dataclass(frozen=True)
class NewspaperDropped:
    """Face down: `address` is 0 for everyone but the dropping seat."""

    seat: int
    space: int
    address: int


@dataclass(frozen=True)
class BoneCollected:
    seat: int
    space: int


@dataclass(frozen=True)
class NewspaperCollected:
    """The newspaper at `index` on the space; `address` is 0 for everyone but the collector."""

    seat: int
    space: int
    index: int
    address: int


@dataclass(frozen=True)
class BoneBuried:
    seat: int
    buried: int  # bones now buried in the seat's home


@dataclass(frozen=True)
class DogDrank:
    seat: int
    bladder: int  # piddle markers now in the bladder


@dataclass(frozen=True)
class DogPiddled:
    """A piddle marker from the bladder onto the lamppost; a marker already there went back
    to its owner (`replaced`)."""

    seat: int
    space: int
    replaced: int | None = None


@dataclass(frozen=True)
class NewspaperTaken:
    """A random newspaper from the kiosk; `address` is 0 for everyone but the taker."""

    seat: int
    address: int


@dataclass(frozen=True)
class NewspaperDelivered:
    """The marker is flipped over, then mixed back into the kiosk's stack."""

    seat: int
    address: int


@dataclass(frozen=True)
class DogAttacked:
    attacker: int
    defender: int


@dataclass(frozen=True)
class FightTied:
    """Equal claws: nothing happens."""

    attacker: int
    defender: int


@dataclass(frozen=True)
class TruckRolled:
    """The seat's dog ended its actions; the die says how far the truck must go."""

    seat: int
    roll: int


@dataclass(frozen=True)
class TruckDriven:
    """The truck drove through these street squares, in order (up to a crossroads, or to the end)."""

    spaces: tuple[int, ...]


@dataclass(frozen=True)
class DogEscaped:
    """Beside the truck, the dog jumped through the net."""

    seat: int


@dataclass(frozen=True)
class OvertimeStarted:
    """The round limit came with these seats tied for the most buried bones: only they play on."""

    seats: tuple[int, ...]


@dataclass(frozen=True)
class GameWon:
    winners: tuple[int, ...]
    reason: WinReason
