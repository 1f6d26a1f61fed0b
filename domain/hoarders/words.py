"""Hoarders in a player's words: a label per command type and the how-to-play ("Goal of the
Game", "Game Play", "The Critter Cards" in the rulebook)."""

from __future__ import annotations

from kennel.domain.core.words import CardText, CommandWords, HowToPlay, Names, Words, listing
from kennel.domain.hoarders.cards import Critter
from kennel.domain.hoarders.commands import AllowTheft, CancelTheft, PickCritters, RevealCritter
from kennel.domain.hoarders.critters import effect_of
from kennel.domain.hoarders.state import HoardersState

WHAT_IT_DOES = {
    Critter.SQUIRREL: "draw the top nut",
    Critter.RACCOON: "steal a nut",
    Critter.HAMSTER: "no effect on your own turn",
    Critter.GROUNDHOG: "repeat your other critter",
    Critter.BEAVER: "Beavers draw nuts",
}


def _pick(state: HoardersState, seat: int, command: PickCritters, names: Names) -> str:
    return f"Play {listing([c.title for c in command.critters])} face down"


# Module constants for the enum members read below as commands are decided, listed and told: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_GROUNDHOG = Critter.GROUNDHOG
_RACCOON = Critter.RACCOON


def _reveal(state: HoardersState, seat: int, command: RevealCritter, names: Names) -> str:
    critter = command.critter
    if command.victim is not None and command.nut is not None:
        return f"Reveal your {critter.title}: steal a {command.nut.title} from {names[command.victim]}"
    effect = effect_of(state.hoards[seat], critter)
    if critter is _GROUNDHOG:
        if effect is None:
            return "Reveal your Groundhog: it has nothing to repeat"
        if effect is _RACCOON:
            return "Reveal your Groundhog: nobody else has a nut to steal"
        return f"Reveal your Groundhog: repeat your {effect.title} ({WHAT_IT_DOES[effect]})"
    if critter is _RACCOON:
        return "Reveal your Raccoon: nobody else has a nut to steal"
    return f"Reveal your {critter.title}: {WHAT_IT_DOES[critter]}"


def _theft(state: HoardersState, names: Names) -> str:
    theft = state.theft
    return "" if theft is None else f"{names[theft.thief]} takes your {theft.nut.title}"


def _allow(state: HoardersState, seat: int, command: AllowTheft, names: Names) -> str:
    theft = _theft(state, names)
    return f"Let it happen: {theft}" if theft else "Let the theft happen"


def _cancel(state: HoardersState, seat: int, command: CancelTheft, names: Names) -> str:
    return "Reveal your Hamster: cancel the theft"


COMMANDS: dict[type, CommandWords] = {
    PickCritters: CommandWords("Pick two critters", _pick),
    RevealCritter: CommandWords("Reveal a critter", _reveal),
    AllowTheft: CommandWords("Answer the theft", _allow),
    CancelTheft: CommandWords("Answer the theft", _cancel),
}

HOW_TO_PLAY = HowToPlay(
    goal="Be the first to hold five identical nuts (five walnuts, say). The game ends at once.",
    turn=(
        "Every round each player secretly plays two critters face down. Then, starting with the "
        "crown and going clockwise twice around the table, each player reveals one face-down "
        "critter and does what it says. When everyone has revealed both, critters go back to "
        "hand and the crown moves left."
    ),
    cards=(
        CardText("Squirrel", "Draw the top nut from the deck."),
        CardText("Raccoon", "Steal one nut of the kind you name from a player you name."),
        CardText(
            "Hamster",
            "When someone steals from you, reveal your face-down Hamster to cancel the theft. "
            "Revealed on your own turn it does nothing.",
        ),
        CardText(
            "Groundhog",
            "Repeats your other critter this round (a Raccoon may rob someone else). "
            "It cannot repeat a Beaver.",
        ),
        CardText(
            "Beaver",
            "Everyone who played a Beaver reveals it. A lone Beaver draws three nuts; with several "
            "Beavers, everyone who played none draws one.",
        ),
    ),
)

WORDS = Words(commands=COMMANDS, how_to_play=HOW_TO_PLAY)

