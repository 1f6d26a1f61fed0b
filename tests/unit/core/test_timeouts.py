"""Turn timers in the engine (domain/core/timeouts.py): the limit is recorded in the stream, an
expired prompt is the server's own recorded cause followed by the rules' answer, and a game with
expiries replays and verifies like any other, for every registered game."""

from __future__ import annotations

from typing import Any

import pytest
from kennel.domain.core import table as tables
from kennel.domain.core.bots import RandomBot
from kennel.domain.core.rng import Rng, seed_from_text
from kennel.domain.core.rules import RuleViolation
from kennel.domain.core.timeouts import MIN_PROMPT_LIMIT_MS, PromptExpired, TimerSet
from kennel.domain.core.undo import AnswerUndo, ProposeUndo, UndoAnswered
from kennel.domain.hoarders import GAME as HOARDERS
from kennel.domain.hoarders.cards import Critter
from kennel.domain.hoarders.commands import PickCritters
from kennel.domain.registry import GAMES
from kennel.replay.ledger import Ledger
from kennel.replay.logformat import EXPIRE_PROMPT
from kennel.replay.rerun import rerun
from kennel.replay.verify import verify

SEED = seed_from_text("timeout tests")
SEATS = ["Ada", "Bo", "Cy"]


def opened(limit: int = 1000) -> tables.Table[Any]:
    return tables.fold(HOARDERS, tables.create(HOARDERS, None, SEATS, SEED, limit))


def folded(table: tables.Table[Any], events: list[Any]) -> tables.Table[Any]:
    for event in events:
        table = tables.evolve(table, event)
    return table


def test_the_limit_is_recorded_right_after_game_created_and_only_when_set() -> None:
    timed = tables.create(HOARDERS, None, SEATS, SEED, 1500)
    assert timed[1] == TimerSet(prompt_limit_ms=1500)
    assert tables.fold(HOARDERS, timed).prompt_limit_ms == 1500
    untimed = tables.create(HOARDERS, None, SEATS, SEED)
    assert not any(isinstance(event, TimerSet) for event in untimed)
    assert untimed[1:] == timed[2:], "the deal does not depend on the timer"


def test_an_untimed_game_writes_its_create_command_as_before() -> None:
    """Logs written before turn timers keep their bytes: the field is left out when 0."""
    untimed = Ledger.create(HOARDERS, "g", None, SEATS, SEED)
    assert "prompt_limit_ms" not in untimed.records[0].cause.data
    timed = Ledger.create(HOARDERS, "g", None, SEATS, SEED, prompt_limit_ms=2000)
    assert timed.records[0].cause.data["prompt_limit_ms"] == 2000


@pytest.mark.parametrize("limit", [1, MIN_PROMPT_LIMIT_MS - 1, 8 * 24 * 3600 * 1000])
def test_a_limit_no_one_could_play_to_is_refused(limit: int) -> None:
    with pytest.raises(RuleViolation, match="^kennel/bad_time_limit:"):
        tables.create(HOARDERS, None, SEATS, SEED, limit)


def test_an_expiry_is_refused_without_a_timer_or_a_prompt() -> None:
    with pytest.raises(RuleViolation, match="^kennel/no_time_limit:"):
        tables.expire(opened(limit=0), 0, SEED)
    table = opened()
    pick = PickCritters((Critter.SQUIRREL, Critter.RACCOON))
    table = folded(table, tables.play(table, 0, pick, SEED))
    with pytest.raises(RuleViolation, match="^kennel/nothing_owed:"):
        tables.expire(table, 0, SEED)  # seat 0 has picked; the others owe their picks


def test_an_expired_prompt_records_the_seat_then_the_rules_answer() -> None:
    table = opened()
    events = tables.expire(table, 1, SEED)
    assert events[0] == PromptExpired(seat=1)
    default = HOARDERS.timeout_command(table.state, 1, Rng(SEED, table.version))
    assert events[1:] == tables.play(table, 1, default, SEED), "the same events as the seat sending it"


def test_an_undo_not_answered_in_time_is_refused() -> None:
    """Silence is no consent: the proposal falls."""
    table = opened()
    table = folded(table, tables.play(table, 0, PickCritters((Critter.SQUIRREL, Critter.RACCOON)), SEED))
    table = folded(table, tables.play(table, 0, ProposeUndo(), SEED))
    events = tables.expire(table, 1, SEED)
    assert events == [PromptExpired(seat=1), UndoAnswered(seat=1, agree=False)]
    assert folded(table, events).proposal is None
    assert AnswerUndo(agree=True) not in tables.legal_commands(folded(table, events), 2)


STEPS = 2000  # decisions per random game


@pytest.mark.parametrize("name", sorted(GAMES))
def test_games_with_expiries_replay_and_verify(name: str) -> None:
    """Random playouts where one decision in three is an expiry: every default is legal (the
    engine checks), the log verifies from its seed and re-runs byte for byte."""
    game = GAMES[name]
    for number in range(2):
        seed = seed_from_text(f"{name} expiries {number}")
        ledger = Ledger.create(game, f"g{number}", None, SEATS, seed, prompt_limit_ms=1000)
        chance = Rng(seed_from_text(f"driver {number}"), 0)
        bot = RandomBot(f"{name}{number}")
        steps = 0
        while ledger.table.ended is None and steps < STEPS:
            prompts = ledger.table.pending()
            seat = prompts[chance.below(len(prompts))].seat
            if chance.below(3) == 0:
                ledger.commit(ledger.expire(seat, f"expire-{steps}", seed))
            else:
                ledger.commit(ledger.play(seat, bot.choose(ledger.table, seat), f"c{steps}", seed))
            steps += 1
        # Rules as written may let random play run on (A Dog's Life ends only when a dog buries
        # its bones): such a game is checked as far as it went, which is what a dispute needs.
        assert ledger.table.ended is not None or steps == STEPS, "the game stalled"
        raw = ledger.log().to_bytes()
        assert any(record.cause.type == EXPIRE_PROMPT for record in ledger.records)
        report = verify(raw)
        # A running game's log carries no seed: verify checks its chain; the re-run below its rules.
        assert report.ok and (report.rules_checked or ledger.table.ended is None), report
        assert rerun(game, ledger.log(), seed).log().to_bytes() == raw
