"""Processes that write one SQLite file (`kennel serve --workers N`) take turns through a lock
file beside it (kennel.service.sqlite_writer.TurnLock), instead of meeting in SQLite's own lock,
whose busy handler sleeps a millisecond and more between tries.

Two stores opened on one file in one process stand for two workers: `flock` locks belong to an
open file, so each store's lock file conflicts with the other's as another process's would.
"""

from __future__ import annotations

import fcntl
import os
import threading
import time
import uuid
from pathlib import Path

import pytest
from eventsourcing.persistence import OperationalError
from kennel.service import sqlite_writer
from kennel.service.sqlite_writer import SQLiteWriter, TurnLock
from kennel.service.storage import DB_FILE, TURNS_SUFFIX, Append, GameStore
from testkit.stored import new_game

WRITES = 40  # appends per writer in the race below


def _turns(data: Path) -> Path:
    return data / (DB_FILE + TURNS_SUFFIX)


def test_a_store_written_by_one_process_takes_no_turns(tmp_path: Path) -> None:
    store = GameStore.sqlite(tmp_path)
    game_id, ledger, _, entries = new_game()
    store.append(game_id, ledger.records, 0, entries)
    store.close()
    assert not _turns(tmp_path).exists()


def test_two_writers_on_one_file_take_turns_and_lose_nothing(tmp_path: Path) -> None:
    stores = [GameStore.sqlite(tmp_path, shared=True) for _ in range(2)]
    games: list[list[uuid.UUID]] = [[], []]
    failures: list[BaseException] = []

    def write(index: int) -> None:
        try:
            for _ in range(WRITES):
                game_id, ledger, _, entries = new_game()
                stores[index].append_many([Append(game_id, ledger.records, 0, entries)])
                games[index].append(game_id)
        except BaseException as error:  # noqa: BLE001 - what a writer met is the test's verdict
            failures.append(error)

    writers = [threading.Thread(target=write, args=(i,)) for i in range(2)]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join(timeout=60)
    assert failures == []
    assert _turns(tmp_path).exists()
    assert oct(_turns(tmp_path).stat().st_mode & 0o777) == oct(0o600)  # beside the seeds: the owner's alone
    for game_id in games[0] + games[1]:
        assert stores[1].read_records(game_id), game_id
    for store in stores:
        store.close()


def test_a_writer_waits_for_the_turn_another_process_holds(tmp_path: Path) -> None:
    store = GameStore.sqlite(tmp_path, shared=True)
    holder = os.open(_turns(tmp_path), os.O_RDWR)
    fcntl.flock(holder, fcntl.LOCK_EX)  # another worker, mid-transaction
    game_id, ledger, _, entries = new_game()
    done = threading.Event()

    def write() -> None:
        store.append(game_id, ledger.records, 0, entries)
        done.set()

    writer = threading.Thread(target=write)
    writer.start()
    assert not done.wait(0.2)  # its turn has not come
    fcntl.flock(holder, fcntl.LOCK_UN)
    assert done.wait(10)
    writer.join()
    os.close(holder)
    assert store.read_records(game_id)
    store.close()


def test_a_turn_held_too_long_makes_the_store_unavailable(tmp_path: Path) -> None:
    """As SQLite's busy timeout would: the library's OperationalError, which the service answers
    with UNAVAILABLE (kennel.service.errors), and nothing written."""
    store = GameStore.sqlite(tmp_path, shared=True)
    writer = store._writer  # noqa: SLF001 - its turn lock, with a short timeout for the test
    assert isinstance(writer, SQLiteWriter)
    writer._turns = TurnLock(_turns(tmp_path), timeout=0.05)  # noqa: SLF001
    holder = os.open(_turns(tmp_path), os.O_RDWR)
    fcntl.flock(holder, fcntl.LOCK_EX)
    game_id, ledger, _, entries = new_game()
    started = time.monotonic()
    with pytest.raises(OperationalError):
        store.append(game_id, ledger.records, 0, entries)
    assert time.monotonic() - started < 5
    fcntl.flock(holder, fcntl.LOCK_UN)
    os.close(holder)
    store.append(game_id, ledger.records, 0, entries)  # the turn is free again: it is written now
    assert store.read_records(game_id)
    store.close()


def test_a_waiting_writer_tries_again_within_half_a_millisecond(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The point of the lock: pauses far shorter than SQLite's busy handler's (1, 2, 5 ms ...)."""
    pauses: list[float] = []
    real_sleep = time.sleep

    def sleep(seconds: float) -> None:
        pauses.append(seconds)
        real_sleep(seconds)

    monkeypatch.setattr(sqlite_writer.time, "sleep", sleep)
    lock = TurnLock(tmp_path / "turns", timeout=10)
    holder = os.open(tmp_path / "turns", os.O_RDWR)
    fcntl.flock(holder, fcntl.LOCK_EX)
    threading.Timer(0.05, fcntl.flock, (holder, fcntl.LOCK_UN)).start()
    lock.acquire()
    lock.release()
    lock.close()
    os.close(holder)
    assert pauses and max(pauses) <= sqlite_writer.TURN_LONGEST_PAUSE_S
    assert pauses[0] == sqlite_writer.TURN_FIRST_PAUSE_S
