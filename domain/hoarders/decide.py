"""Deciding: check a seat's command against the rules, then resolve it into events.

Every refusal is a `RuleViolation` whose message speaks only of public facts and of the
sender's own cards, so that an error never tells a seat what it may not know.
"""

from __future__ import annotations

from typing import Any

from kennel.domain.core.rules import RuleViolation
from kennel.domain.hoarders.cards import CRITTERS_PICKED, Critter, Nut, sorted_critters
from kennel.domain.hoarders.commands import AllowTheft, CancelTheft, PickCritters, RevealCritter
from kennel.domain.hoarders.critters import resolve_critter, steals, theft_targets
from kennel.domain.hoarders.events import CritterRevealed, CrittersPicked, NutStolen, TheftCancelled
from kennel.domain.hoarders.outcome import outcome
from kennel.domain.hoarders.resolution import Resolution
from kennel.domain.hoarders.state import HoardersState, Phase, Theft
from kennel.domain.hoarders.turns import advance_turns, finish_turn

RULEBOOK_ORDER = ", ".join(critter.value for critter in Critter)


def decide(state: HoardersState, seat: int, command: Any) -> list[Any]:
    return decide_folded(state, seat, command)[0]


def decide_folded(state: HoardersState, seat: int, command: Any) -> tuple[list[Any], HoardersState]:
    """The events, and the state they lead to (`Game.decide_folded`)."""
    resolution = _resolve(state, seat, command)
    return resolution.events, resolution.state


def _resolve(state: HoardersState, seat: int, command: Any) -> Resolution:
    if outcome(state) is not None:
        raise RuleViolation("hoarders/game_over", "The game is over.")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.seat_count:
        raise RuleViolation("hoarders/no_such_seat", f"There is no seat {seat}.")
    if isinstance(command, PickCritters):
        return pick_critters(state, seat, command)
    if isinstance(command, RevealCritter):
        return reveal_critter(state, seat, command)
    if isinstance(command, AllowTheft):
        return allow_theft(state, seat)
    if isinstance(command, CancelTheft):
        return cancel_theft(state, seat)
    raise RuleViolation("hoarders/unknown_command", "Hoarders has no such command.")


# Module constants for the enum members read below as commands are decided, listed and told: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_PICKING = Phase.PICKING
_REVEALING = Phase.REVEALING
_HAMSTER = Critter.HAMSTER


def pick_critters(state: HoardersState, seat: int, command: PickCritters) -> Resolution:
    """Game Play: "Each player secretly picks two of their critter cards"."""
    if state.phase is not _PICKING:
        raise RuleViolation("hoarders/not_picking", "Critters are picked only at the start of a round.")
    hoard = state.hoards[seat]
    if hoard.has_picked:
        raise RuleViolation("hoarders/already_picked", "You have already picked your critters this round.")
    critters = command.critters
    if (
        not isinstance(critters, tuple)
        or len(critters) != CRITTERS_PICKED
        or not all(isinstance(critter, Critter) for critter in critters)
    ):
        raise RuleViolation("hoarders/bad_pick", "Pick exactly two critters.")
    if critters[0] is critters[1]:
        raise RuleViolation("hoarders/bad_pick", "Pick two different critters.")
    if critters != sorted_critters(critters):
        raise RuleViolation(
            "hoarders/bad_pick", f"List the two critters in rulebook order: {RULEBOOK_ORDER}."
        )
    missing = [critter for critter in critters if critter not in hoard.hand]
    if missing:
        raise RuleViolation("hoarders/no_such_critter", f"Your {missing[0].title} is not in your hand.")
    resolution = Resolution(state)
    resolution.record(CrittersPicked(seat=seat, critters=critters))
    if resolution.state.phase is _REVEALING:
        advance_turns(resolution)
    return resolution


def reveal_critter(state: HoardersState, seat: int, command: RevealCritter) -> Resolution:
    """Game Play: on your turn, reveal one of your face-down critters and resolve it."""
    if state.phase is not _REVEALING:
        raise RuleViolation("hoarders/not_revealing", "Critters are revealed once every seat has picked two.")
    if state.theft is not None:
        raise _theft_pending(state.theft)
    if seat != state.seat_in_turn:
        raise RuleViolation(
            "hoarders/not_your_turn", f"It is seat {state.seat_in_turn}'s turn to reveal a critter."
        )
    critter = command.critter
    hoard = state.hoards[seat]
    if not isinstance(critter, Critter):
        raise RuleViolation("hoarders/no_such_critter", "There is no such critter.")
    if critter not in hoard.face_down:
        raise RuleViolation("hoarders/no_such_critter", f"You have no face-down {critter.title}.")
    if steals(hoard, critter):
        _check_theft(state, seat, command)
    elif command.victim is not None or command.nut is not None:
        raise RuleViolation(
            "hoarders/steals_nothing", f"Your {critter.title} steals nothing: name no victim and no nut."
        )
    resolution = Resolution(state)
    resolution.record(CritterRevealed(seat=seat, critter=critter))
    resolve_critter(resolution, seat, critter, command.victim, command.nut)
    finish_turn(resolution)
    return resolution


def allow_theft(state: HoardersState, seat: int) -> Resolution:
    theft = _theft_against(state, seat)
    resolution = Resolution(state)
    resolution.record(NutStolen(thief=theft.thief, victim=theft.victim, nut=theft.nut))
    finish_turn(resolution)
    return resolution


def cancel_theft(state: HoardersState, seat: int) -> Resolution:
    """Hamster: "if you have a face down Hamster card you can reveal it to cancel the theft".

    Once face up it cannot cancel again this round, which needs no bookkeeping: only a
    face-down Hamster can cancel, and each seat has one.
    """
    theft = _theft_against(state, seat)
    if _HAMSTER not in state.hoards[seat].face_down:
        raise RuleViolation("hoarders/no_hamster", "You have no face-down Hamster to cancel the theft with.")
    resolution = Resolution(state)
    resolution.record(TheftCancelled(thief=theft.thief, victim=theft.victim))
    finish_turn(resolution)
    return resolution


def _check_theft(state: HoardersState, thief: int, command: RevealCritter) -> None:
    """Raccoon: "Pick a player and steal one of the nut cards from their collection"."""
    victim, nut = command.victim, command.nut
    if not theft_targets(state, thief):
        if victim is not None or nut is not None:
            raise RuleViolation(
                "hoarders/bad_victim", "Nobody else holds a nut: reveal without naming a victim or a nut."
            )
        return
    if victim is None:
        raise RuleViolation("hoarders/bad_victim", "Name the player to steal from.")
    if isinstance(victim, bool) or not isinstance(victim, int) or not 0 <= victim < state.seat_count:
        raise RuleViolation("hoarders/bad_victim", f"There is no seat {victim}.")
    if victim == thief:
        raise RuleViolation("hoarders/bad_victim", "You cannot steal from yourself.")
    if not state.hoards[victim].nuts:
        raise RuleViolation("hoarders/bad_victim", f"Seat {victim} has no nut to steal.")
    if not isinstance(nut, Nut):
        raise RuleViolation("hoarders/bad_nut", "Name the kind of nut to steal.")
    if nut not in state.hoards[victim].nuts:
        raise RuleViolation("hoarders/bad_nut", f"Seat {victim} has no {nut.title}.")


def _theft_against(state: HoardersState, seat: int) -> Theft:
    theft = state.theft
    if theft is None:
        raise RuleViolation("hoarders/no_theft_to_answer", "No theft is waiting for an answer.")
    if theft.victim != seat:
        raise RuleViolation("hoarders/no_theft_to_answer", f"Only seat {theft.victim} may answer this theft.")
    return theft


def _theft_pending(theft: Theft) -> RuleViolation:
    return RuleViolation(
        "hoarders/theft_pending", f"Seat {theft.victim} must first answer the theft by seat {theft.thief}."
    )
