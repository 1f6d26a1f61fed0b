"""Undo that the players agree to (domain/core/undo.py, docs/disputes.md), on Hoarders, whose
secret picks are its only reversible events (docs/rules/hoarders.md, "Undo")."""

from __future__ import annotations

from typing import Any

import pytest
from kennel.domain.core import table as tables
from kennel.domain.core.rng import seed_from_text
from kennel.domain.core.rules import PromptKind, RuleViolation
from kennel.domain.core.undo import (
    MAX_PROPOSALS,
    AnswerUndo,
    ProposeUndo,
    UndoAnswered,
    Undone,
    UndoProposed,
    undo_actor,
)
from kennel.domain.hoarders import GAME
from kennel.domain.hoarders.cards import Critter
from kennel.domain.hoarders.commands import PickCritters, RevealCritter
from kennel.domain.registry import GAMES
from testkit.bot_games import bot_game

SEED = seed_from_text("undo tests")
PICK = PickCritters(critters=(Critter.SQUIRREL, Critter.HAMSTER))


def opened(seats: int = 3) -> tables.Table[Any]:
    return tables.fold(GAME, tables.create(GAME, None, [f"p{i}" for i in range(seats)], SEED))


def sent(table: tables.Table[Any], seat: int, command: Any) -> tuple[tables.Table[Any], list[Any]]:
    events = tables.play(table, seat, command, SEED)
    for event in events:
        table = tables.evolve(table, event)
    return table, events


def refused(code: str) -> Any:
    return pytest.raises(RuleViolation, match=f"^{code}:")


def test_nothing_can_be_undone_right_after_the_deal() -> None:
    table = opened()
    assert ProposeUndo() not in tables.legal_commands(table, 0)
    with refused("kennel/nothing_to_undo"):
        tables.play(table, 0, ProposeUndo(), SEED)


def test_every_other_seat_must_agree_and_then_the_picks_are_taken_back() -> None:
    start = opened()
    table, _ = sent(start, 0, PICK)
    assert ProposeUndo() in tables.legal_commands(table, 0)
    table, events = sent(table, 0, ProposeUndo())
    assert events == [UndoProposed(seat=0, to_version=start.version)]
    assert {(p.seat, p.kind) for p in table.pending()} == {(1, PromptKind.CHOICE), (2, PromptKind.CHOICE)}
    assert tables.legal_commands(table, 0) == ()
    assert tables.legal_commands(table, 1) == (AnswerUndo(agree=True), AnswerUndo(agree=False))
    with refused("kennel/undo_pending"):
        tables.play(table, 2, PICK, SEED)
    with refused("kennel/no_undo_to_answer"):
        tables.play(table, 0, AnswerUndo(agree=True), SEED)
    table, events = sent(table, 1, AnswerUndo(agree=True))
    assert events == [UndoAnswered(seat=1, agree=True)]
    table, events = sent(table, 2, AnswerUndo(agree=True))
    assert events == [UndoAnswered(seat=2, agree=True), Undone(to_version=start.version)]
    assert table.state == start.state and table.version == start.version + 5  # nothing deleted
    assert table.pending() == start.pending()


def test_only_a_seat_that_made_a_move_an_undo_takes_back_may_propose_it() -> None:
    """Issue 18: "Propose undo" was offered before one had moved, to ask the others to take
    back their own moves. Who made the moves since the last reveal is public (their events
    name them), so the rule tells nobody anything."""
    table, _ = sent(opened(), 0, PICK)
    assert ProposeUndo() not in tables.legal_commands(table, 1)
    with refused("kennel/nothing_of_yours_to_undo"):
        tables.play(table, 1, ProposeUndo(), SEED)
    table, _ = sent(table, 1, PICK)
    assert all(ProposeUndo() in tables.legal_commands(table, seat) for seat in (0, 1))
    for seat, command in ((1, ProposeUndo()), (0, AnswerUndo(agree=True)), (2, AnswerUndo(agree=True))):
        table, _ = sent(table, seat, command)
    assert table.movers == () and all(ProposeUndo() not in tables.legal_commands(table, s) for s in range(3))


def test_one_refusal_ends_the_proposal_and_the_game_goes_on() -> None:
    table, _ = sent(opened(), 0, PICK)
    before = table.state
    table, _ = sent(table, 0, ProposeUndo())
    table, events = sent(table, 2, AnswerUndo(agree=False))
    assert events == [UndoAnswered(seat=2, agree=False)]
    assert table.proposal is None and table.state == before
    table, _ = sent(table, 2, PICK)  # the game goes on


def test_undo_never_goes_back_past_a_reveal() -> None:
    table = opened(2)
    for seat in (0, 1):
        table, _ = sent(table, seat, PICK)
    table, _ = sent(table, 0, RevealCritter(critter=Critter.SQUIRREL))  # shows a card, draws a nut
    assert ProposeUndo() not in tables.legal_commands(table, 1)
    with refused("kennel/nothing_to_undo"):
        tables.play(table, 1, ProposeUndo(), SEED)


def test_an_undone_game_folds_from_its_log_to_the_same_table() -> None:
    table, events = sent(opened(), 0, PICK)
    log = [*tables.create(GAME, None, ["p0", "p1", "p2"], SEED), *events]
    for seat, command in ((0, ProposeUndo()), (1, AnswerUndo(agree=True)), (2, AnswerUndo(agree=True))):
        table, events = sent(table, seat, command)
        log += events
    assert tables.fold(GAME, log) == table


def test_a_seat_proposes_once_per_decision_so_undo_cannot_stall_a_game() -> None:
    """Issue 16: a seat refused again and again held a timed game up. MAX_PROPOSALS per seat
    between two of the game's own events; another seat may still propose, and after the next
    game event the first may propose again."""
    table = opened(4)
    for seat in (0, 1):
        table, _ = sent(table, seat, PICK)
    for _ in range(MAX_PROPOSALS):
        table, _ = sent(table, 1, ProposeUndo())
        table, _ = sent(table, 0, AnswerUndo(agree=False))
    assert ProposeUndo() not in tables.legal_commands(table, 1)
    with refused("kennel/undo_limit"):
        tables.play(table, 1, ProposeUndo(), SEED)
    assert ProposeUndo() in tables.legal_commands(table, 0)
    table, _ = sent(table, 0, ProposeUndo())
    table, _ = sent(table, 1, AnswerUndo(agree=False))
    table, _ = sent(table, 2, PICK)  # the game's own event: a new decision
    assert ProposeUndo() in tables.legal_commands(table, 1)


@pytest.mark.parametrize("game_name", sorted(GAMES))
def test_every_reversible_event_names_the_seat_that_made_it(game_name: str) -> None:
    """Who may propose an undo is read from the reversible events (`undo_actor`, the
    `seat` or `proposer` field that `Game.reveals` asks for): one without would leave its maker
    unable to take it back."""
    game = GAMES[game_name]
    ledger = bot_game(game, f"undo actors {game_name}", game.seats.maximum, max_steps=1500, must_end=False)
    reversible = [
        event for event in ledger.events[1:] if not tables.is_engine_event(event) and not game.reveals(event)
    ]
    assert reversible, "random play made no reversible move"
    assert all(undo_actor(event) is not None for event in reversible)
