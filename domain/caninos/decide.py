"""Deciding: check a seat's command against the rules, then resolve it into events.

Each command is checked against exactly the options `legal` lists for it (they are computed by
the same functions), so `decide` accepts what `legal_commands` lists and nothing else. Every
refusal is a `RuleViolation` whose message speaks only of public facts and of the sender's own
cards, so that an error never tells a seat what it may not know.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kennel.domain.caninos.cards import MAX_DISCARDS, Card, Trick, title
from kennel.domain.caninos.commands import (
    ChooseNoMore,
    ChooseSeat,
    ChooseSlice,
    Decline,
    DiscardCard,
    EndTurn,
    PayWith,
    PerformTrick,
    React,
    Steal,
)
from kennel.domain.caninos.drafts import Step, next_step
from kennel.domain.caninos.events import (
    CardDiscarded,
    Declined,
    NoMoreChosen,
    Reacted,
    SeatChosen,
    SliceChosen,
    StealDeclared,
    TrickDeclared,
)
from kennel.domain.caninos.phases import PHASE_OVER, Phase, phase
from kennel.domain.caninos.reactions import answers_to_answer, describe_latest, held_answers, window
from kennel.domain.caninos.resolution import Resolution
from kennel.domain.caninos.spell import keep, plush_options, turn_back
from kennel.domain.caninos.state import CaninosState, Draft, SliceRef
from kennel.domain.caninos.listed import payments_of, seats_of, slices_of, steals_of, tricks_of
from kennel.domain.caninos.stealing import stealable
from kennel.domain.caninos.turns import end_turn, lay_down, levelling_options, owing, return_slice, settle
from kennel.domain.caninos.words import draft_question
from kennel.domain.core.frozen import replaced
from kennel.domain.core.rng import Rng
from kennel.domain.core.rules import RuleViolation


def decide(state: CaninosState, seat: int, command: Any, rng: Rng) -> list[Any]:
    return decide_folded(state, seat, command, rng)[0]


def decide_folded(state: CaninosState, seat: int, command: Any, rng: Rng) -> tuple[list[Any], CaninosState]:
    """The events, and the state they lead to (`Game.decide_folded`)."""
    if phase(state) is PHASE_OVER:
        raise RuleViolation("caninos/game_over", "The game is over.")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(state.players):
        raise RuleViolation("caninos/no_such_seat", f"There is no seat {seat}.")
    handle = _HANDLERS.get(type(command))
    if handle is None:
        raise RuleViolation("caninos/unknown_command", "¡Caninos! has no such command.")
    resolution = Resolution(state)
    handle(resolution, seat, command, rng)
    settle(resolution, rng)
    return resolution.events, resolution.state


# ---- the turn ----


def steal(resolution: Resolution, seat: int, command: Steal, rng: Rng) -> None:
    """Stealing Pizza: one slice per turn, and before any trick ("you must always steal pizza
    first")."""
    state = resolution.state
    turn = _your_turn(state, seat)
    if turn.discarded:
        raise _discarding()
    if turn.stole:
        raise RuleViolation("caninos/already_stole", "You may steal only one slice of pizza per turn.")
    if turn.tried:
        raise RuleViolation("caninos/steal_first", "Steal first, then perform tricks: your trick is done.")
    if command.slice not in steals_of(state, seat):  # the lists the seat's view was made from
        if not isinstance(command.slice, SliceRef) or stealable(state, seat, command.slice) is None:
            raise RuleViolation("caninos/no_such_slice", "There is no such slice to steal.")
        raise RuleViolation("caninos/cannot_steal", "No card in your hand may steal that slice now.")
    resolution.record(StealDeclared(seat=seat, slice=command.slice))


def perform_trick(resolution: Resolution, seat: int, command: PerformTrick, rng: Rng) -> None:
    """Performing Tricks: one per turn, three after a Smart Aleck's."""
    state = resolution.state
    turn = _your_turn(state, seat)
    if turn.discarded:
        raise _discarding()
    if len(turn.tricks) >= turn.trick_limit:
        raise RuleViolation("caninos/no_tricks_left", "You have performed every trick you may this turn.")
    if (command.card, command.trick) not in tricks_of(state, seat):
        card, trick = command.card, command.trick
        if not isinstance(card, Card) or not isinstance(trick, Trick):
            raise RuleViolation("caninos/bad_trick", "Name a card and the trick it performs.")
        if card not in state.players[seat].hand and trick is not Trick.GLUTTONS:
            raise RuleViolation("caninos/no_such_card", f"You hold no {title(card)}.")
        raise RuleViolation(
            "caninos/bad_trick", f"Your {title(card)} may not perform the {trick.title} trick now."
        )
    resolution.record(TrickDeclared(seat=seat, card=command.card, trick=command.trick))


def discard_card(resolution: Resolution, seat: int, command: DiscardCard, rng: Rng) -> None:
    """Mechanics: "discard up to three cards from your hand", an option instead of playing."""
    state = resolution.state
    turn = _your_turn(state, seat)
    if turn.laid:
        raise RuleViolation("caninos/cannot_discard", "You played cards this turn, so you may not discard.")
    if turn.discarded >= MAX_DISCARDS:
        raise RuleViolation("caninos/cannot_discard", f"You may discard up to {MAX_DISCARDS} cards.")
    if not isinstance(command.card, Card) or command.card not in state.players[seat].hand:
        raise RuleViolation("caninos/no_such_card", "You hold no such card.")
    resolution.record(CardDiscarded(seat=seat, card=command.card))


def end_your_turn(resolution: Resolution, seat: int, command: EndTurn, rng: Rng) -> None:
    _your_turn(resolution.state, seat)
    end_turn(resolution, rng)


# ---- completing a play ----


# Module constants for the enum members read below as commands are decided, listed and told: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_CARDS = Step.CARDS
_SEAT = Step.SEAT
_SPELL = Phase.SPELL
_LEVELLING = Phase.LEVELLING
_SLICE = Step.SLICE
_SLICE_OR_DONE = Step.SLICE_OR_DONE
_TURN = Phase.TURN
_DRAFT = Phase.DRAFT
_REACTION = Phase.REACTION


def pay_with(resolution: Resolution, seat: int, command: PayWith, rng: Rng) -> None:
    draft = _your_draft(resolution.state, seat, (_CARDS,))
    if command.cards not in payments_of(resolution.state, draft):
        raise RuleViolation("caninos/cannot_pay", "Those cards from your hand may not steal that slice.")
    lay_down(resolution, replaced(draft.play, cards=command.cards))


def choose_seat(resolution: Resolution, seat: int, command: ChooseSeat, rng: Rng) -> None:
    draft = _your_draft(resolution.state, seat, (_SEAT,))
    if command.seat not in seats_of(resolution.state, draft):
        raise RuleViolation("caninos/bad_seat", f"Seat {command.seat} is no target for this trick.")
    resolution.record(SeatChosen(seat=seat, target=command.seat))


def choose_slice(resolution: Resolution, seat: int, command: ChooseSlice, rng: Rng) -> None:
    state = resolution.state
    if phase(state) is _SPELL:
        _enchanted(state, seat)
        if command.slice not in plush_options(state, seat):
            raise RuleViolation("caninos/bad_slice", "Turn back one of your own plush toys.")
        turn_back(resolution, seat, command.slice)
        return
    if phase(state) is _LEVELLING:
        if seat not in owing(state):
            raise RuleViolation("caninos/not_owing", "You are not above the Pack Leader's level.")
        if command.slice not in levelling_options(state, seat):
            raise RuleViolation("caninos/bad_slice", "Return one of your slices that is worth points.")
        return_slice(resolution, seat, command.slice)
        return
    draft = _your_draft(state, seat, (_SLICE, _SLICE_OR_DONE))
    if command.slice not in slices_of(state, draft):
        raise RuleViolation("caninos/bad_slice", f"That slice will not do: {draft_question(draft)}.")
    resolution.record(SliceChosen(seat=seat, slice=command.slice))


def choose_no_more(resolution: Resolution, seat: int, command: ChooseNoMore, rng: Rng) -> None:
    if phase(resolution.state) is _SPELL:
        _enchanted(resolution.state, seat)
        keep(resolution, seat)
        return
    _your_draft(resolution.state, seat, (_SLICE_OR_DONE,))
    resolution.record(NoMoreChosen(seat=seat))


# ---- answering ----


def react(resolution: Resolution, seat: int, command: React, rng: Rng) -> None:
    """Reaction!: answer the latest link; a window then opens on the answer."""
    state = resolution.state
    _asked(state, seat)
    card = command.card
    if card not in held_answers(state, seat):
        if not isinstance(card, Card) or card not in state.players[seat].hand:
            raise RuleViolation("caninos/no_such_card", "You hold no such card.")
        raise RuleViolation(
            "caninos/cannot_answer", f"A {title(card)} cannot answer {describe_latest(state)}."
        )
    assert state.play is not None
    asking = window(state, state.play, seat, answers_to_answer(card))
    resolution.record(Reacted(seat=seat, card=card, asking=asking))


def decline(resolution: Resolution, seat: int, command: Decline, rng: Rng) -> None:
    _asked(resolution.state, seat)
    resolution.record(Declined(seat=seat))


# ---- who may act ----


def _your_turn(state: CaninosState, seat: int) -> Any:
    current = phase(state)
    if current is not _TURN:
        raise _busy(state, current)
    assert state.turn is not None
    if seat != state.turn.seat:
        raise RuleViolation("caninos/not_your_turn", f"It is seat {state.turn.seat}'s turn.")
    return state.turn


def _your_draft(state: CaninosState, seat: int, steps: tuple[Step, ...]) -> Draft:
    current = phase(state)
    if current is not _DRAFT:
        if current is _TURN:
            raise RuleViolation(
                "caninos/no_choice_pending", "There is nothing to choose: declare a play first."
            )
        raise _busy(state, current)
    draft = state.draft
    assert draft is not None
    if seat != draft.play.seat:
        raise RuleViolation("caninos/not_your_turn", f"Seat {draft.play.seat} is putting its play together.")
    if next_step(draft) not in steps:
        raise RuleViolation("caninos/wrong_choice", f"The play asks you to {draft_question(draft)}.")
    return draft


def _enchanted(state: CaninosState, seat: int) -> None:
    if seat not in state.unspelling:
        raise RuleViolation(
            "caninos/not_enchanted", "Only an enchanted seat chooses now whether to turn a plush toy back."
        )


def _asked(state: CaninosState, seat: int) -> None:
    current = phase(state)
    if current is not _REACTION:
        raise RuleViolation("caninos/nothing_to_answer", "Nothing is waiting for an answer.")
    if seat != state.asking[0]:
        raise RuleViolation(
            "caninos/not_asked", f"Seat {state.asking[0]} is asked to answer {describe_latest(state)}."
        )


def _busy(state: CaninosState, current: Phase) -> RuleViolation:
    if current is _LEVELLING:
        return RuleViolation(
            "caninos/levelling", "Seats above the Pack Leader's level must return pizza first."
        )
    if current is _REACTION:
        return RuleViolation(
            "caninos/reaction_pending",
            f"Seat {state.asking[0]} must first answer or decline {describe_latest(state)}.",
        )
    if current is _DRAFT:
        assert state.draft is not None
        return RuleViolation(
            "caninos/choice_pending", f"Seat {state.draft.play.seat} must first complete its play."
        )
    if current is _SPELL:
        return RuleViolation(
            "caninos/unspelling", "Enchanted seats must first choose whether to turn a plush toy back."
        )
    return RuleViolation("caninos/not_your_turn", "It is nobody's turn.")


def _discarding() -> RuleViolation:
    return RuleViolation(
        "caninos/discarding", "You chose to discard this turn: discard another card or end your turn."
    )


Handler = Callable[[Resolution, int, Any, Rng], None]
_HANDLERS: dict[type, Handler] = {
    Steal: steal,
    PerformTrick: perform_trick,
    PayWith: pay_with,
    ChooseSeat: choose_seat,
    ChooseSlice: choose_slice,
    ChooseNoMore: choose_no_more,
    DiscardCard: discard_card,
    EndTurn: end_your_turn,
    React: react,
    Decline: decline,
}
