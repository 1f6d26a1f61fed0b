"""Reading a log pauses the cyclic garbage collector only while it reads, and only if it ran."""

from __future__ import annotations

import gc

import pytest
from kennel.domain.registry import GAMES
from kennel.replay.bulk import without_cycle_collection
from kennel.replay.ledger import Ledger
from kennel.replay.logformat import LogFormatError, parse_log
from testkit.bot_games import bot_game


@without_cycle_collection
def collector_state(fail: bool = False) -> bool:
    if fail:
        raise ValueError("fails")
    return gc.isenabled()


def test_the_collector_is_paused_inside_and_resumed_after_even_on_an_error() -> None:
    assert gc.isenabled()
    assert collector_state() is False
    assert gc.isenabled()
    with pytest.raises(ValueError):
        collector_state(fail=True)
    assert gc.isenabled()


def test_a_collector_paused_by_its_program_stays_paused() -> None:
    gc.disable()
    try:
        assert collector_state() is False
        with pytest.raises(ValueError):
            collector_state(fail=True)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_loading_a_game_leaves_the_collector_running_and_cycles_are_still_collected() -> None:
    game = GAMES["hoarders"]
    played = bot_game(game, "bulk", 3)
    raw = played.log().to_bytes()
    log = parse_log(raw)
    loaded = Ledger.from_records(game, log.header, log.records)
    assert loaded.table == played.table
    with pytest.raises(LogFormatError):
        parse_log(raw + b"not json\n")
    assert gc.isenabled()
    cycle: list[object] = []
    cycle.append(cycle)
    del cycle
    assert gc.collect() >= 1
