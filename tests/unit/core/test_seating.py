"""Bot seats and takeover in the engine (domain/core/seating.py): the seating is recorded right
after the opening, a seat is taken over after N expiries or when its player leaves, and given back
with a fresh count; a bot's seat can neither leave nor return; a game without seating writes its
create command as before; a game with takeovers replays and verifies."""

from __future__ import annotations

from typing import Any

import pytest
from kennel.domain.core import seating as seatings
from kennel.domain.core import table as tables
from kennel.domain.core.rng import seed_from_text
from kennel.domain.core.rules import RuleViolation
from kennel.domain.hoarders import GAME as HOARDERS
from kennel.replay.ledger import Ledger
from kennel.replay.verify import verify

SEED = seed_from_text("seating tests")
SEATS = ["Ada", "Bo"]
TAKEOVER: dict[str, Any] = {"takeover_kind": "random", "takeover_level": 1, "takeover_after": 2}


def opened(seating: dict[str, Any] | None, limit: int = 1000) -> tables.Table[Any]:
    return tables.fold(HOARDERS, tables.create(HOARDERS, None, SEATS, SEED, limit, seating))


def test_the_seating_is_recorded_after_the_opening_and_only_when_asked() -> None:
    events = tables.create(
        HOARDERS, None, SEATS, SEED, 1000, {"bots": [{"seat": 1, "kind": "search", "level": 2}]}
    )
    assert events[2] == seatings.SeatingSet(bots=(seatings.BotSeat(1, "search", 2),))
    assert tables.create(HOARDERS, None, SEATS, SEED, 1000)[2:] == events[3:], (
        "the deal does not depend on it"
    )
    plain = Ledger.create(HOARDERS, "g", None, SEATS, SEED)
    assert "seating" not in plain.records[0].cause.data, "logs without bots keep their bytes"


@pytest.mark.parametrize(
    "seating",
    [
        {"bots": [{"seat": 2, "kind": "random", "level": 1}]},
        {"bots": [{"seat": 1, "kind": "random", "level": 1}, {"seat": 1, "kind": "search", "level": 1}]},
        {"takeover_after": 3},
        {**TAKEOVER, "takeover_after": seatings.MAX_TAKEOVER_AFTER + 1},
        {"bots": "everyone"},
    ],
)
def test_a_malformed_seating_is_refused(seating: dict[str, Any]) -> None:
    with pytest.raises(RuleViolation) as refused:
        tables.create(HOARDERS, None, SEATS, SEED, 0, seating)
    assert refused.value.code == "kennel/bad_seating"


def test_a_seat_is_taken_over_after_n_expiries_and_returns_with_a_fresh_count() -> None:
    table = opened(TAKEOVER)
    first = tables.expire(table, 0, SEED)
    assert not any(isinstance(e, seatings.SeatTakenOver) for e in first)
    table = tables.fold_into(table, first)
    table = tables.fold_into(table, tables.expire(table, 1, SEED))  # seat 1 once, so Hoarders goes on
    second = tables.expire(table, 0, SEED)
    assert second[-1] == seatings.SeatTakenOver(seat=0, reason=seatings.TIMED_OUT)
    table = tables.fold_into(table, second)
    assert table.seating is not None and table.seating.bot_of(0) == ("random", 1)
    back = tables.play(table, 0, seatings.ReturnSeat(), SEED)
    assert back == [seatings.SeatReturned(seat=0)]
    table = tables.fold_into(table, back)
    assert table.seating is not None and table.seating.bot_of(0) is None
    assert table.seating.expiries[0] == 0, "a returning player starts a fresh count"


def test_leaving_needs_a_takeover_and_a_bot_seat_neither_leaves_nor_returns() -> None:
    with pytest.raises(RuleViolation) as no_takeover:
        tables.play(opened(None), 0, seatings.LeaveSeat(), SEED)
    assert no_takeover.value.code == "kennel/no_takeover"
    bots = opened({"bots": [{"seat": 1, "kind": "random", "level": 1}], **TAKEOVER})
    for command in (seatings.LeaveSeat(), seatings.ReturnSeat()):
        with pytest.raises(RuleViolation) as refused:
            tables.play(bots, 1, command, SEED)
        assert refused.value.code == "kennel/bot_seat"
    with pytest.raises(RuleViolation) as not_away:
        tables.play(bots, 0, seatings.ReturnSeat(), SEED)
    assert not_away.value.code == "kennel/seat_not_away"
    assert seatings.LeaveSeat() not in tables.legal_commands(bots, 0), "leaving is no move a bot would pick"


def test_a_game_with_leaving_and_returning_replays_and_verifies() -> None:
    ledger = Ledger.create(HOARDERS, "g", None, SEATS, SEED, seating=TAKEOVER)
    ledger.commit(ledger.play(1, seatings.LeaveSeat(), "leave", SEED))
    for step in range(10_000):
        if ledger.table.ended is not None:
            break
        if step == 7:
            ledger.commit(ledger.play(1, seatings.ReturnSeat(), "return", SEED))
        seat = ledger.table.pending()[0].seat
        ledger.commit(ledger.play(seat, tables.legal_commands(ledger.table, seat)[0], f"c{step}", SEED))
    assert ledger.table.ended is not None
    report = verify(ledger.log().to_bytes())
    assert report.ok, report
