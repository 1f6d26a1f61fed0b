"""A Dog's Life in a player's words: a label per command type (spaces by their street and
building names), the names of the board's spaces for maps, and the how-to-play ("Object of
the Game", "Phases of the Game", "2 – Actions of dogs" in the rulebook)."""

from __future__ import annotations

from collections.abc import Mapping

from kennel.domain.a_dogs_life import commands as c
from kennel.domain.a_dogs_life.board import board
from kennel.domain.a_dogs_life.state import ADogsLifeState
from kennel.domain.core.words import CardText, CommandWords, HowToPlay, Names, Words, fixed

MOVE = "Move"
ACT = "Act here"
TRUCK = "Drive the dogcatcher's truck"


def place(space: int) -> str:
    city = board()
    return city.space(space).name if city.has(space) else "somewhere off the board"


def _move(state: ADogsLifeState, seat: int, command: c.MoveDog, names: Names) -> str:
    return f"Walk to {place(command.to)}"


def _steer(state: ADogsLifeState, seat: int, command: c.SteerTruck, names: Names) -> str:
    return f"Drive the truck to {place(command.to)}"


def _attack(state: ADogsLifeState, seat: int, command: c.AttackDog, names: Names) -> str:
    return f"Attack {names[command.defender]}'s dog"


def _drop_newspaper(state: ADogsLifeState, seat: int, command: c.DropNewspaper, names: Names) -> str:
    return f"Drop the newspaper for address {command.address} here"


def _collect_newspaper(state: ADogsLifeState, seat: int, command: c.CollectNewspaper, names: Names) -> str:
    return f"Pick up newspaper number {command.index + 1} lying here"


def _deliver(state: ADogsLifeState, seat: int, command: c.DeliverNewspaper, names: Names) -> str:
    return "Deliver the newspaper to this address"


COMMANDS: dict[type, CommandWords] = {
    c.MoveDog: CommandWords(MOVE, _move),
    c.SearchTrashCan: CommandWords(ACT, fixed("Search the trash can")),
    c.DropBone: CommandWords(ACT, fixed("Drop a bone here")),
    c.DropNewspaper: CommandWords(ACT, _drop_newspaper),
    c.CollectBone: CommandWords(ACT, fixed("Pick up the bone here")),
    c.CollectNewspaper: CommandWords(ACT, _collect_newspaper),
    c.BuryBone: CommandWords(ACT, fixed("Bury a bone at home")),
    c.BegForFood: CommandWords(ACT, fixed("Beg for food")),
    c.DrinkFromFountain: CommandWords(ACT, fixed("Drink from the fountain")),
    c.PiddleOnLamppost: CommandWords(ACT, fixed("Piddle on the lamppost")),
    c.TakeNewspaper: CommandWords(ACT, fixed("Bark at the kiosk for a newspaper")),
    c.DeliverNewspaper: CommandWords(ACT, _deliver),
    c.AttackDog: CommandWords(ACT, _attack),
    c.EndActions: CommandWords("End your turn", fixed("Stop here (the truck moves next)")),
    c.SteerTruck: CommandWords(TRUCK, _steer),
}

HOW_TO_PLAY = HowToPlay(
    goal=(
        "Find bones and bury them in your home: the first dog with four bones buried there wins "
        "at once (bones buried on earlier trips count). A game set up with a number of rounds "
        "ends after them, and the dog with the most bones buried wins."
    ),
    turn=(
        "Each turn your dog gets one day hungrier, then spends its action points (shown on its "
        "chart) walking and acting, then the dogcatcher's truck drives on. A hungry dog at zero "
        "is taken to the pound. A dog carries at most two things."
    ),
    cards=(
        CardText(
            "The city",
            "Four streets run across (Kennel Road, Biscuit Street, Collar Street, Leash Lane) and "
            "four avenues down (Poodle, Terrier, Beagle, Mastiff); Kennel Lane runs through the "
            "middle block, between the newspaper kiosk and the pound.",
        ),
        CardText("Walk", "Move to an adjacent space: one action point a space."),
        CardText("Search a trash can", "Draw a card: a bone, food, or nothing. Each can is searched once."),
        CardText("Beg for food", "In a restaurant, draw a card: food, a bone, or nothing. Once a turn each."),
        CardText("Drop or pick up", "Drop or pick up a bone or a newspaper where you stand."),
        CardText("Bury a bone", "At home: a buried bone is safe for good."),
        CardText("Drink", "At a fountain: fill your bladder."),
        CardText("Piddle", "On a lamppost: other dogs may not walk through your marker."),
        CardText("Newspapers", "Bark at the kiosk for one; deliver it to its address for a reward."),
        CardText("Attack", "Fight a dog next to you to take what it carries."),
        CardText("The truck", "It catches dogs it drives over; a caught dog goes to the pound."),
    ),
)


def components() -> Mapping[str, str]:
    """Every space's name by id ("space:120"), for front-ends that draw the city."""
    return {f"space:{space.id}": space.name for space in board().spaces}


WORDS = Words(commands=COMMANDS, how_to_play=HOW_TO_PLAY, components=components)
