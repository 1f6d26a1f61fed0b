"""Undo that the players agree to, for every game alike.

A seat proposes to undo; every other seat is asked (CHOICE prompts, all at once); if all agree,
the game's state goes back to what it was right after its last irreversible event. Nothing is
deleted: the proposal, each answer and the undo itself are events in the log, and the undone
events stay where they were, so the log still tells everything that happened.

Irreversible is the game's call (`Game.reveals`): an event that showed some seat something
hidden from it, or recorded a random outcome. Undoing past one would let a player take back a
move after learning what it should not have known, or re-roll chance.
"""

from __future__ import annotations

from dataclasses import dataclass

from kennel.domain.core.codec import TypeRegistry
from kennel.domain.core.rules import Seat
from kennel.domain.core.seating import SEATING_COMMANDS


@dataclass(frozen=True)
class ProposeUndo:
    """Ask the other seats to undo back to just after the last irreversible event."""


@dataclass(frozen=True)
class AnswerUndo:
    agree: bool


@dataclass(frozen=True)
class UndoProposed:
    seat: Seat
    to_version: int  # the state after this version is what an agreed undo restores


@dataclass(frozen=True)
class UndoAnswered:
    seat: Seat
    agree: bool


@dataclass(frozen=True)
class Undone:
    to_version: int


@dataclass(frozen=True)
class Proposal:
    """An open proposal: who asked, back to which version, who has agreed so far."""

    seat: Seat
    to_version: int
    agreed: tuple[Seat, ...] = ()


# Proposals one seat may make at one decision (between two of the game's own events): a refused
# proposal cannot be made again and again to hold a game up (issue 16). Two, not one: asking
# again once after a refusal is fair play (our golden Caninos reaction chain does).
MAX_PROPOSALS = 2

# Every command of the engine's own: undo's, and leaving or returning to a seat (seating).
ENGINE_COMMANDS: TypeRegistry[object] = TypeRegistry(
    {"kennel.ProposeUndo": ProposeUndo, "kennel.AnswerUndo": AnswerUndo, **SEATING_COMMANDS}
)
UNDO_EVENTS = {"kennel.UndoProposed": UndoProposed, "kennel.UndoAnswered": UndoAnswered, "kennel.Undone": Undone}
