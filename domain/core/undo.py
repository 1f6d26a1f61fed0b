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

import dataclasses
import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kennel.domain.core.codec import TypeRegistry
from kennel.domain.core.frozen import hashed_by_type
from kennel.domain.core.rules import RuleViolation, Seat
from kennel.domain.core.seating import SEATING_COMMANDS

if TYPE_CHECKING:  # the table holds the undo state; this module only reads it
    from kennel.domain.core.table import Table


@dataclass(frozen=True)
class ProposeUndo:
    """Ask the other seats to undo back to just after the last irreversible event."""


@dataclass(frozen=True)
class AnswerUndo:
    agree: bool


hashed_by_type([ProposeUndo, AnswerUndo])  # offered beside the game's commands: see `frozen.hashed_by_type`


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


_ACTOR_FIELDS = ("seat", "proposer")


def undo_actor(event: Any) -> Seat | None:
    """The seat that made a reversible event: its `seat` (or `proposer`) field (`Game.reveals`).
    Every seat sees it, so who may propose an undo tells nobody anything hidden."""
    for field in _actor_fields(type(event)):
        actor = getattr(event, field, None)
        if isinstance(actor, int) and not isinstance(actor, bool):
            return actor
    return None


@functools.cache  # one entry per event class
def _actor_fields(cls: type) -> tuple[str, ...]:
    """Which of `_ACTOR_FIELDS` a `cls` may have: asking an event for one it lacks raised and
    caught an AttributeError, for most events folded. An instance attribute that is neither a
    dataclass field nor the class's is possible only without dataclass fields or with `__getattr__`."""
    if not dataclasses.is_dataclass(cls) or hasattr(cls, "__getattr__"):
        return _ACTOR_FIELDS
    names = {field.name for field in dataclasses.fields(cls)}
    return tuple(name for name in _ACTOR_FIELDS if name in names or hasattr(cls, name))


def may_propose_undo(table: Table[Any], seat: Seat) -> bool:
    """Whether `seat` may propose an undo now: something is undoable, the seat made one of
    those moves, and it has proposals left this decision (what `decide_undo` refuses otherwise)."""
    return (
        table.proposal is None
        and table.undoable > 0
        and table.undo_point is not None
        and seat in table.movers
        and table.proposers.count(seat) < MAX_PROPOSALS
    )


def decide_undo(table: Table[Any], seat: Seat, command: Any) -> list[Any]:
    """The engine's own commands: proposing an undo and answering a proposal."""
    if isinstance(command, ProposeUndo):
        if table.proposal is not None:
            raise RuleViolation("kennel/undo_pending", "An undo is already being decided.")
        if table.undoable == 0 or table.undo_point is None:
            raise RuleViolation(
                "kennel/nothing_to_undo",
                "Nothing can be undone: the last event showed hidden cards or a random outcome.",
            )
        if seat not in table.movers:
            raise RuleViolation(
                "kennel/nothing_of_yours_to_undo",
                "Only a player who made one of the moves since the last reveal or roll may ask to undo them.",
            )
        if table.proposers.count(seat) >= MAX_PROPOSALS:
            raise RuleViolation(
                "kennel/undo_limit",
                f"A seat may propose an undo {MAX_PROPOSALS} time(s) per decision; play on, or wait for the next.",
            )
        return [UndoProposed(seat=seat, to_version=table.undo_point[0])]
    if seat not in table.owe_undo_answer():
        raise RuleViolation("kennel/no_undo_to_answer", "No undo proposal waits for your answer.")
    answered = UndoAnswered(seat=seat, agree=command.agree)
    assert table.proposal is not None  # owe_undo_answer() is empty without one
    if command.agree and table.owe_undo_answer() == (seat,):
        return [answered, Undone(to_version=table.proposal.to_version)]
    return [answered]
