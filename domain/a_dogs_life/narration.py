"""A Dog's Life's events in plain sentences, for `kennel replay explain` and the replay page.

The event given is already redacted for its reader, so a blanked field is narrated as hidden.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kennel.domain.a_dogs_life.board import board
from kennel.domain.a_dogs_life.dogs import Section, chart
from kennel.domain.a_dogs_life.events import (
    BeggedForFood,
    BoneBuried,
    BoneCollected,
    BoneDropped,
    BoneFound,
    CardDrawn,
    DeckShuffled,
    DogAttacked,
    DogChosen,
    DogDrank,
    DogEscaped,
    DogImpounded,
    DogKeptInPound,
    DogMoved,
    DogPiddled,
    DogReleased,
    FightTied,
    FoodEaten,
    GameWon,
    LamppostSniffed,
    NewspaperCollected,
    NewspaperDelivered,
    NewspaperDropped,
    NewspaperTaken,
    NothingFound,
    OvertimeStarted,
    TrashCanSearched,
    TrashDay,
    TruckDriven,
    TruckRolled,
    TurnStarted,
)
from kennel.domain.a_dogs_life.state import Impounded, WinReason
from kennel.domain.core.dispatch import by_type


def describe(event: Any, names: Sequence[str]) -> str:
    return _describe(event, names)


def _place(space: int) -> str:
    city = board()
    return city.space(space).name if city.has(space) else f"space {space}"


def _address(address: int) -> str:
    return f"address {address}" if address else "a hidden address"


def _seats(seats: Sequence[int], names: Sequence[str]) -> str:
    return " and ".join(names[seat] for seat in seats)


@by_type
def _describe(event: Any, names: Sequence[str]) -> str:
    raise TypeError(f"no sentence for {type(event).__name__}")


@_describe.register
def _(event: DogChosen, names: Sequence[str]) -> str:
    return f"{names[event.seat]} plays {chart(event.dog).name}, at home in {_place(event.home)}."


@_describe.register
def _(event: DeckShuffled, names: Sequence[str]) -> str:
    if event.deck:
        return f"{names[event.seat]}'s deck was shuffled; from the top: {', '.join(map(str, event.deck))}."
    return f"{names[event.seat]}'s deck was shuffled face down."


@_describe.register
def _(event: TurnStarted, names: Sequence[str]) -> str:
    if event.action_points:
        return (
            f"Round {event.round}: {names[event.seat]}'s turn; hunger {event.hunger}, "
            f"{event.action_points} action points."
        )
    return f"Round {event.round}: {names[event.seat]}'s turn (hunger {event.hunger}, no action points)."


_SECTION = {
    Section.TRASH_CAN: "the trash can",
    Section.RESTAURANT: "the restaurant",
    Section.NEWSPAPER: "the newspaper reward",
    Section.ATTACK: "the fight",
    Section.ESCAPE_DOGCATCHER: "escaping the dogcatcher",
    Section.EXIT_POUND: "leaving the pound",
}


@_describe.register
def _(event: CardDrawn, names: Sequence[str]) -> str:
    if event.card == 13:
        return f"{names[event.seat]} drew the Shuffling Dog for {_SECTION[event.section]}."
    return f"{names[event.seat]} drew card {event.card} for {_SECTION[event.section]}."


_WHY = {
    Impounded.STARVED: "starved and was taken to the pound",
    Impounded.LOST_FIGHT: "lost the fight and went to the pound",
    Impounded.CAUGHT: "was caught under the dogcatcher's truck",
    Impounded.NETTED: "was netted by the dogcatcher",
}


@_describe.register
def _(event: DogImpounded, names: Sequence[str]) -> str:
    return f"{names[event.seat]} {_WHY[event.reason]}, dropping what it carried."


@_describe.register
def _(event: DogKeptInPound, names: Sequence[str]) -> str:
    return f"{names[event.seat]} stays in the pound (next turn: space {event.pound_turn} of the pound track)."


@_describe.register
def _(event: DogReleased, names: Sequence[str]) -> str:
    points = event.action_points
    return f"{names[event.seat]} left the pound, hunger {event.hunger}, with {points} action points."


@_describe.register
def _(event: DogMoved, names: Sequence[str]) -> str:
    return f"{names[event.seat]} moved to {_place(event.to)}."


@_describe.register
def _(event: LamppostSniffed, names: Sequence[str]) -> str:
    return f"{names[event.seat]} sniffed {names[event.owner]}'s lamppost and forgot everything else."


@_describe.register
def _(event: TrashCanSearched, names: Sequence[str]) -> str:
    return f"{names[event.seat]} searched the trash can at {_place(event.space)}."


@_describe.register
def _(event: TrashDay, names: Sequence[str]) -> str:
    return f"Trash day: new garbage everywhere but at {_place(event.kept)}."


@_describe.register
def _(event: BeggedForFood, names: Sequence[str]) -> str:
    return f"{names[event.seat]} begged at {_place(event.space)}."


@_describe.register
def _(event: FoodEaten, names: Sequence[str]) -> str:
    return f"{names[event.seat]} ate {event.days} day(s)' worth of food (hunger {event.hunger})."


@_describe.register
def _(event: BoneFound, names: Sequence[str]) -> str:
    return f"{names[event.seat]} found a bone."


@_describe.register
def _(event: NothingFound, names: Sequence[str]) -> str:
    return f"{names[event.seat]} got nothing."


@_describe.register
def _(event: BoneDropped, names: Sequence[str]) -> str:
    return f"{names[event.seat]} dropped a bone at {_place(event.space)}."


@_describe.register
def _(event: NewspaperDropped, names: Sequence[str]) -> str:
    return (
        f"{names[event.seat]} dropped the newspaper for {_address(event.address)} at {_place(event.space)}."
    )


@_describe.register
def _(event: BoneCollected, names: Sequence[str]) -> str:
    return f"{names[event.seat]} picked up a bone at {_place(event.space)}."


@_describe.register
def _(event: NewspaperCollected, names: Sequence[str]) -> str:
    return (
        f"{names[event.seat]} picked up the newspaper for {_address(event.address)} at {_place(event.space)}."
    )


@_describe.register
def _(event: BoneBuried, names: Sequence[str]) -> str:
    return f"{names[event.seat]} buried a bone ({event.buried} buried)."


@_describe.register
def _(event: DogDrank, names: Sequence[str]) -> str:
    return f"{names[event.seat]} drank from the fountain (bladder {event.bladder})."


@_describe.register
def _(event: DogPiddled, names: Sequence[str]) -> str:
    over = f", over {names[event.replaced]}'s marker" if event.replaced is not None else ""
    return f"{names[event.seat]} piddled on the lamppost at {_place(event.space)}{over}."


@_describe.register
def _(event: NewspaperTaken, names: Sequence[str]) -> str:
    return f"{names[event.seat]} barked at the kiosk and got the newspaper for {_address(event.address)}."


@_describe.register
def _(event: NewspaperDelivered, names: Sequence[str]) -> str:
    return f"{names[event.seat]} delivered the newspaper to address {event.address}."


@_describe.register
def _(event: DogAttacked, names: Sequence[str]) -> str:
    return f"{names[event.attacker]} attacked {names[event.defender]}."


@_describe.register
def _(event: FightTied, names: Sequence[str]) -> str:
    return f"{names[event.attacker]} and {names[event.defender]} showed as many claws: nothing happened."


@_describe.register
def _(event: TruckRolled, names: Sequence[str]) -> str:
    return f"{names[event.seat]} rolled {event.roll} for the dogcatcher's truck."


@_describe.register
def _(event: TruckDriven, names: Sequence[str]) -> str:
    return (
        f"The dogcatcher's truck drove to {_place(event.spaces[-1])}." if event.spaces else "The truck stood."
    )


@_describe.register
def _(event: DogEscaped, names: Sequence[str]) -> str:
    return f"{names[event.seat]} hid from the dogcatcher."


@_describe.register
def _(event: OvertimeStarted, names: Sequence[str]) -> str:
    return f"Time is up with {_seats(event.seats, names)} tied: they play on until one buries a bone."


_WON = {
    WinReason.BONES_BURIED: "buried the bones needed and won",
    WinReason.MOST_BONES: "buried the most bones by the last round and won",
    WinReason.OVERTIME_BONE: "buried a bone first in overtime and won",
    WinReason.SHARED: "share the win, still tied when the overtime rounds (a house rule) ran out",
}


@_describe.register
def _(event: GameWon, names: Sequence[str]) -> str:
    return f"{_seats(event.winners, names)} {_WON[event.reason]}."
