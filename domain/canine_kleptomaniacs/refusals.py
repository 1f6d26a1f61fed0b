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
from kennel.domain.canine_kleptomaniacs.trading import proposals_per_turn
from kennel.domain.canine_kleptomaniacs.turns import must_take_action_card
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


def refused(code: str, message: str) -> RuleViolation:
    return RuleViolation(f"canine-kleptomaniacs/{code}", message)


def explain(state: CanineState, seat: int, command: Any) -> RuleViolation:
    if state.effect is not None:
        return _while_resolving(state, seat, command)
    if not isinstance(command, (*TURN_COMMANDS, cmd.PlayCheesyDistraction)):
        return refused("nothing_to_answer", "Nothing waits for that answer now.")
    if isinstance(command, cmd.PlayCheesyDistraction):
        return _cheesy(state, seat)
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
    if isinstance(command, cmd.OfferTrade):
        return refused("bad_offer", "Offer another seat one thing you hold for one thing it may give.")
    return refused("bad_answer", f"That is not an answer to what you owe now: {own[0].label}.")


def _cheesy(state: CanineState, seat: int) -> RuleViolation:
    if ActionCard.CHEESY_DISTRACTION not in state.seats[seat].kept:
        return refused("no_cheesy_distraction", "You have no Cheesy Distraction face up.")
    holder = state.paw_holder
    if holder is None:
        return refused("no_paw_to_steal", "Nobody holds the Ultimate Paw of Pilferage.")
    return refused("no_paw_to_steal", "You hold the Ultimate Paw of Pilferage yourself.")


def _turn(state: CanineState, seat: int, command: Any) -> RuleViolation:
    paw = state.paw_holder == seat
    if isinstance(command, cmd.ProposeTrade):
        if state.proposals >= proposals_per_turn():
            return refused("no_more_trades", f"You have proposed {proposals_per_turn()} trades this turn already.")
        return refused("turn_over", "Your turn is over.")
    if isinstance(command, cmd.EndTurn):
        if state.phase is TurnPhase.OPEN:
            return refused("no_action_yet", "Take your action first: an Action card, hiding, or Mr. Squirrel.")
        return refused("must_take_action_card", "After two quiet turns in a row you must take an Action card.")
    if isinstance(command, cmd.TakeActionCard):
        if state.phase is TurnPhase.HIDING:
            return refused("action_taken", "Your action this turn is hiding and swapping.")
        return refused("action_taken", "You have already taken your action this turn.")
    if isinstance(command, cmd.TakeMrSquirrel):
        if state.first_turn:
            return refused("first_turn", "The first turn takes an Action card or hides a set.")
        if state.mr_squirrel == seat:
            return refused("have_mr_squirrel", "You have Mr. Squirrel already.")
        if must_take_action_card(state, seat):
            return refused("must_take_action_card", "After two quiet turns in a row you must take an Action card.")
        return refused("action_taken", "You have already taken your action this turn.")
    # Hiding and swapping.
    if state.phase is TurnPhase.ACTED and not paw:
        return refused("action_taken", "You have already taken your action this turn.")
    if must_take_action_card(state, seat) and not paw:
        return refused("must_take_action_card", "After two quiet turns in a row you must take an Action card.")
    if state.first_turn and not isinstance(command, cmd.HideSet):
        return refused("first_turn", "The first turn takes an Action card or hides a set.")
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
