"""¡Caninos! in a player's words: a label per command type and the how-to-play ("Mechanics",
"Performing Tricks", "Reaction!" in the rulebook)."""

from __future__ import annotations

from kennel.domain.caninos import commands as c
from kennel.domain.caninos.cards import Trick, title
from kennel.domain.caninos.state import CaninosState
from kennel.domain.caninos.words import slice_words
from kennel.domain.core.words import CardText, CommandWords, HowToPlay, Names, Words, fixed, listing


def _steal(state: CaninosState, seat: int, command: c.Steal, names: Names) -> str:
    return f"Steal {slice_words(command.slice, names)}"


# Module constants for the enum members read below as commands are decided, listed and told: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_TOPPING = Trick.TOPPING


def _trick(state: CaninosState, seat: int, command: c.PerformTrick, names: Names) -> str:
    if command.trick is _TOPPING:
        return f"Put your {title(command.card)} topping on a slice"
    return f"Play {title(command.card)}: the {command.trick.title.title()} trick"


def _pay(state: CaninosState, seat: int, command: c.PayWith, names: Names) -> str:
    return f"Pay with {listing([title(card) for card in command.cards])}"


def _seat(state: CaninosState, seat: int, command: c.ChooseSeat, names: Names) -> str:
    return f"Aim at {names[command.seat]}"


def _slice(state: CaninosState, seat: int, command: c.ChooseSlice, names: Names) -> str:
    return f"Choose {slice_words(command.slice, names)}"


def _discard(state: CaninosState, seat: int, command: c.DiscardCard, names: Names) -> str:
    return f"Discard {title(command.card)}"


def _react(state: CaninosState, seat: int, command: c.React, names: Names) -> str:
    return f"Stop it with {title(command.card)}"


COMMANDS: dict[type, CommandWords] = {
    c.Steal: CommandWords("Steal pizza", _steal),
    c.PerformTrick: CommandWords("Perform a trick", _trick),
    c.PayWith: CommandWords("Choose", _pay),
    c.ChooseSeat: CommandWords("Choose", _seat),
    c.ChooseSlice: CommandWords("Choose", _slice),
    c.ChooseNoMore: CommandWords("Choose", fixed("No more")),
    c.DiscardCard: CommandWords("Discard", _discard),
    c.EndTurn: CommandWords("End your turn", fixed("End your turn and draw back to six cards")),
    c.React: CommandWords("React", _react),
    c.Decline: CommandWords("React", fixed("Let it be")),
}

HOW_TO_PLAY = HowToPlay(
    goal=(
        "Be the first to hold at least 50 points of pizza (toppings count). "
        "Normal slices are worth 6, Doubles 10. If the main deck runs out first, the most points "
        "win, unless the game was set up to reshuffle the discard pile and play on."
    ),
    turn=(
        "On your turn steal pizza and perform tricks, or discard up to three cards, or pass; "
        "steal before any trick. You may steal one slice and perform one trick a turn. Anyone may stop a play "
        "at any moment with a reaction card. At the end of your turn draw back to six cards."
    ),
    cards=(
        CardText("Pack dog", "Steals a Normal slice; a pair of identical dogs steals a Double."),
        CardText("Gluttons", "Steal one more slice with the same card."),
        CardText("Smart Alecks", "Perform two more tricks with two more cards."),
        CardText("Dieters", "An opponent may not steal with a dog on their next turn."),
        CardText("Killjoys", "An opponent may not perform tricks with a dog on their next turn."),
        CardText("Gamblers", "Discard two cards, unseen, from an opponent's hand."),
        CardText("Brokers", "Move a topping to another slice, yours or another player's."),
        CardText("Birthday Girl", "Steal up to two slices of any kind from anyone."),
        CardText("Destroyer", "Lift as many toppings as you like and put them where you like."),
        CardText("Cerberus", "Lies on another player's slice: it is worth nothing, for good."),
        CardText("Pack Leader", "Toppings are discarded and everyone is cut down to the lowest score."),
        CardText("Dog Fairy", "Turns a player's pizzas into plush toys worth nothing until turned back."),
        CardText("Topping", "Raises (green) or lowers (red) a slice's value by half."),
        CardText("¡QUIETO!", "Stops any dog except a Chaos Hound, at any moment."),
        CardText("Mystic Raccoon", "Stops any steal or trick; steals anything on your turn."),
        CardText("Adopted Dog", "Stops a Mystic Raccoon and keeps it."),
        CardText("Tanuki", "Plays as any dog or Mystic Raccoon, once; it cannot be stopped."),
    ),
)

WORDS = Words(commands=COMMANDS, how_to_play=HOW_TO_PLAY)
