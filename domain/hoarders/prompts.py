"""Who owes a decision now. Public: a prompt never depends on a hidden card (a theft's victim
is asked whenever it has anything face down, Hamster or not)."""

from __future__ import annotations

from kennel.domain.core.rules import Prompt, PromptKind, prompt
from kennel.domain.hoarders.outcome import outcome
from kennel.domain.hoarders.state import PICKING, HoardersState


# Module constants for the enum members read below as commands are decided, listed and told: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_REACTION = PromptKind.REACTION
_TURN = PromptKind.TURN
_SECRET_CHOICE = PromptKind.SECRET_CHOICE


def pending(state: HoardersState) -> tuple[Prompt, ...]:
    if outcome(state) is not None:
        return ()
    if state.phase is PICKING:
        return tuple(
            prompt(seat, _SECRET_CHOICE, "pick two critters")
            for seat, hoard in enumerate(state.hoards)
            if not hoard.has_picked
        )
    if state.theft is not None:
        theft = state.theft
        label = f"answer seat {theft.thief}'s theft of one of your {theft.nut.title}s"
        return (prompt(theft.victim, _REACTION, label),)
    seat = state.seat_in_turn
    return () if seat is None else (prompt(seat, _TURN, "reveal a critter"),)
