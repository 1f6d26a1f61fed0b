"""Why a command is refused, in a sentence a player understands.

Only called for commands `legal_commands` does not list. The reasons speak only of public facts
(whose turn it is, what is face up, how many cards a hand holds) and of the sender's own hand:
never of another seat's hand, the decks or a secret choice.
"""

from __future__ import annotations

from typing import Any

from kennel.domain.canine_kleptomaniacs import commands as cmd
from kennel.domain.canine_kleptomaniacs.components import ActionCard, BedroomCard, Collectable
from kennel.domain.canine_kleptomaniacs.prompts import pending
from kennel.domain.canine_kleptomaniacs.state import CanineState, TurnPhase
from kennel.domain.canine_kleptomaniacs.trading import offers_per_turn
from kennel.domain.core.rules import RuleViolation

TURN_COMMANDS = (
    cmd.TakeActionCard,
    cmd.HideSet,
    cmd.SwapSets,
    cmd.SwapPlaces,
    cmd.TakeMrSquirrel,
    cmd.EndTurn,
    cmd.ProposeTrade,
)
HIDING_COMMANDS = (cmd.HideSet, cmd.SwapSets, cmd.SwapPlaces)
OFFER_COMMANDS = (cmd.TradeWith, cmd.GiveInTrade, cmd.AskInTrade, cmd.SendOffer, cmd.OfferTrade)


def refused(code: str, message: str) -> RuleViolation:
    return RuleViolation(f"canine-kleptomaniacs/{code}", message)


def explain(state: CanineState, seat: int, command: Any) -> RuleViolation:
    if isinstance(command, cmd.OfferTrade):
        return refused(
            "bad_offer", "One-for-one offers were rules version 1: name a partner, put in and ask for things, then send."
        )
    if isinstance(command, cmd.PlayCheesyDistraction):
        return _cheesy(state, seat)
    if isinstance(command, cmd.ProposeTrade) and state.proposals_of(seat) >= offers_per_turn():
        return refused("no_more_trades", f"You have begun {offers_per_turn()} trade offers this turn already.")
    if state.effect is not None:
        return _while_resolving(state, seat, command)
    if not isinstance(command, TURN_COMMANDS):
        return refused("nothing_to_answer", "Nothing waits for that answer now.")
    if seat != state.turn:
        if isinstance(command, HIDING_COMMANDS) and state.paw_holder == seat:
            return _hiding(state, seat, command)
        return refused("not_your_turn", f"It is seat {state.turn}'s turn.")
    return _turn(state, seat, command)


def _while_resolving(state: CanineState, seat: int, command: Any) -> RuleViolation:
    prompts = pending(state)
    own = [prompt for prompt in prompts if prompt.seat == seat]
    if not own:
        if not prompts:
            return refused("waiting", "A card is still being resolved.")
        waiting = ", ".join(f"seat {p.seat}" for p in prompts)
        return refused("waiting", f"Waiting for {waiting} to {prompts[0].label}.")
    if isinstance(command, OFFER_COMMANDS):
        return refused(
            "bad_offer",
            "Name a partner you may trade with, put in only what you hold, ask only for what it shows "
            "(or as many hand cards as it holds), and send something each way.",
        )
    return refused("bad_answer", f"That is not an answer to what you owe now: {own[0].label}.")


def _cheesy(state: CanineState, seat: int) -> RuleViolation:
    if ActionCard.CHEESY_DISTRACTION not in state.seats[seat].kept:
        return refused("no_cheesy_distraction", "You have no Cheesy Distraction face up.")
    holder = state.paw_holder
    if holder is None:
        return refused("no_paw_to_steal", "Nobody holds the Ultimate Paw of Pilferage.")
    if holder == seat:
        return refused("no_paw_to_steal", "You hold the Ultimate Paw of Pilferage yourself.")
    return refused("waiting", "The Paw is being stolen or passed just now: wait until that is over.")


_ACTIONS = {
    TurnPhase.HIDING: "Your action this turn is hiding.",
    TurnPhase.SWAPPING: "Your action this turn is swapping.",
}


def _turn(state: CanineState, seat: int, command: Any) -> RuleViolation:
    paw = state.paw_holder == seat
    done = _ACTIONS.get(state.phase, "You have already taken your action this turn.")
    if isinstance(command, cmd.ProposeTrade):
        return refused("turn_over", "Your turn is over.")
    if isinstance(command, cmd.EndTurn):
        return refused("no_action_yet", "Take your action first: an Action card, hiding, swapping, or Mr. Squirrel.")
    if isinstance(command, cmd.TakeActionCard):
        return refused("action_taken", done)
    if isinstance(command, cmd.TakeMrSquirrel):
        if state.first_turn:
            return refused("first_turn", "The first turn takes an Action card or hides a set.")
        if state.mr_squirrel == seat:
            return refused("have_mr_squirrel", "You have Mr. Squirrel already.")
        return refused("action_taken", done)
    # Hiding and swapping: ONE action, unless the seat holds the Paw.
    if state.first_turn and not isinstance(command, cmd.HideSet):
        return refused("first_turn", "The first turn takes an Action card or hides a set.")
    if not paw and state.phase is TurnPhase.ACTED:
        return refused("action_taken", done)
    if not paw and state.phase is TurnPhase.HIDING and not isinstance(command, cmd.HideSet):
        return refused("action_taken", done)
    if not paw and state.phase is TurnPhase.SWAPPING and isinstance(command, cmd.HideSet):
        return refused("action_taken", done)
    return _hiding(state, seat, command)


def _hiding(state: CanineState, seat: int, command: Any) -> RuleViolation:
    own = state.seats[seat]
    places = own.places
    if isinstance(command, cmd.SwapPlaces):
        numbers = (command.first, command.second)
        if not all(_is_int(n) and 0 <= n < len(places) for n in numbers) or command.first >= command.second:
            return refused("bad_place", "Name two of your Hiding Places, the lower number first.")
        if places[command.first].swapped or places[command.second].swapped:
            return refused("swapped_already", "Each Hiding Place takes part in one swap a turn.")
        return refused("nothing_to_swap", "Both Hiding Places are empty.")
    place_number = command.place
    if not _is_int(place_number) or not 0 <= place_number < len(places):
        return refused("bad_place", f"You have no Hiding Place {place_number}.")
    place = places[place_number]
    kind = command.kind
    if not isinstance(kind, Collectable) or not kind.ordinary:
        return refused("bad_kind", "Only Basic Socks, Grotty Balls, Slippers and Granny's Bloomers make sets.")
    cards = command.bedroom_cards
    if not isinstance(cards, tuple) or not all(isinstance(card, BedroomCard) for card in cards):
        return refused("bad_bedroom_cards", "Name Master's Bedroom cards.")
    if isinstance(command, cmd.SwapSets):
        if place.empty:
            return refused("nothing_to_swap", f"Nothing is hidden on Hiding Place {place_number}: hide a set there.")
        if place.swapped:
            return refused("swapped_already", "Each Hiding Place takes part in one swap a turn.")
        if place.kind is kind:
            return refused("same_kind", f"Hiding Place {place_number} already holds {kind.title}: hide them there.")
    elif not place.empty and place.kind is not kind:
        assert place.kind is not None
        return refused(
            "one_kind_per_place", f"Hiding Place {place_number} holds {place.kind.title}: one kind per Hiding Place."
        )
    return refused(
        "not_a_set",
        f"That is no set: every {kind.title} in your hand, with Master's Bedroom cards of that kind "
        "you show (listed in order), must make two or more.",
    )


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
