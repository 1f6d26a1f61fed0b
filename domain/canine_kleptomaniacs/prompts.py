"""Who owes a decision now. Public: a prompt never depends on a hidden card.

Several seats may owe a choice at once (Grapes of Wrath, Walkies, a battle's weapons, Charm
Offensive answers). Seats are asked whenever public knowledge leaves them a choice: a victim
showing a Charm Offensive is asked whatever it holds, a seat over the hand limit is asked
which card to discard even if all its cards are alike.
"""

from __future__ import annotations

from kennel.domain.canine_kleptomaniacs.events import Step
from kennel.domain.canine_kleptomaniacs.state import (
    Battle,
    CanineState,
    Choosing,
    Naming,
    Offer,
    Owed,
    Theft,
    TurnPhase,
)
from kennel.domain.core.rules import Prompt, PromptKind, prompt

CHOICE, REACTION, SECRET, TURN = PromptKind.CHOICE, PromptKind.REACTION, PromptKind.SECRET_CHOICE, PromptKind.TURN

_LABELS = {
    Step.CHOOSE_VICTIM: "choose whom to rob with Puppy Eyes",
    Step.POOCH_OPPONENT: "choose whom to pass the second Plundering Pooch to, and battle",
    Step.SNIFF_CHOICE: "sniff through the Laundry Pile, or choose whom to rob",
    Step.SNIFF_SELECT: "pick cards from the Laundry Pile",
    Step.KEY_REROLL: "discard a Collectable to roll again for the Master's Bedroom, or stop",
    Step.LEAF_STORM: "discard cards to the Laundry Pile, or stop and draw as many",
    Step.RANCID_DISCARD: "discard two Collectables (Rancid Badger Poo)",
    Step.GRAPES: "lose a set of Collectables, or one card (Grapes of Wrath)",
    Step.WALKIES: "pick a card to pass clockwise (Walkies)",
    Step.RUMBLE_IMMUNITY: "claim Mr. Squirrel's immunity from the Fluffy Rumble, or join in",
    Step.SPOILS: "take a Master's Bedroom card or three cards from the loser",
    Step.HAND_LIMIT: "discard down to ten cards",
}


def pending(state: CanineState) -> tuple[Prompt, ...]:
    if state.finished is not None or state.turn_number == 0:
        return ()
    effect = state.effect
    if effect is None:
        return (prompt(state.turn, TURN, turn_label(state)),)
    if isinstance(effect, Choosing):
        kind = REACTION if effect.step is Step.RUMBLE_IMMUNITY else CHOICE
        return (prompt(effect.seat, kind, _LABELS[effect.step]),)
    if isinstance(effect, Naming):
        # Between events of one decision, every seat may have been named already.
        return tuple(
            prompt(effect.seat, CHOICE, f"name the kind seat {seat} must hand over (Stick Chase)")
            for seat in effect.remaining[:1]
        )
    if isinstance(effect, Owed):
        kind = SECRET if effect.step is Step.WALKIES else CHOICE
        return tuple(prompt(seat, kind, _LABELS[effect.step]) for seat in effect.owing)
    if isinstance(effect, Theft):
        label = f"roll your Charm Offensive against seat {effect.thief}'s {effect.card.title}, or let it be"
        return tuple(prompt(seat, REACTION, label) for seat in effect.waiting)
    if isinstance(effect, Battle):
        return tuple(
            prompt(seat, SECRET, f"choose a weapon for throw {effect.throws + 1} (Plundering Pooch)")
            for seat, weapon in zip(effect.fighters, effect.weapons, strict=True)
            if weapon is None
        )
    if isinstance(effect, Offer):
        if not effect.sent:
            return (prompt(effect.proposer, CHOICE, "make your trade offer, or call it off"),)
        return (prompt(effect.partner, CHOICE, f"accept or decline seat {effect.proposer}'s trade offer"),)
    return ()


# Module constants for the enum members read below as commands are decided, listed and told: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_OPEN = TurnPhase.OPEN
_HIDING = TurnPhase.HIDING
_SWAPPING = TurnPhase.SWAPPING


def turn_label(state: CanineState) -> str:
    if state.phase is _OPEN:
        if state.first_turn:
            return "take an Action card or hide a set (first turn)"
        return "take an Action card, hide, swap, or take Mr. Squirrel"
    if state.phase is _HIDING:
        return "hide more sets, trade, or end your turn"
    if state.phase is _SWAPPING:
        return "swap more sets, trade, or end your turn"
    return "trade, or end your turn"
