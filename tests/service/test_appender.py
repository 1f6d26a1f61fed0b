"""Group commit: appends waiting together share one transaction; when the batch hits a version
conflict only the append that conflicts fails, and the others are stored. An append made while
nothing else is served is committed at once on the loop, not batched, while the writer thread
builds the caller's answer during the sync; waiting for it takes no turn of the loop."""

from __future__ import annotations

import asyncio
import contextvars
import threading
import time
import uuid
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
import structlog.testing
from kennel.domain.core.rng import seed_from_text
from kennel.domain.registry import GAMES
from kennel.replay.ledger import Ledger
from kennel.service.appender import INLINE_COMMIT_SECONDS, Appender, _WriterThread
from kennel.service.metrics import Metrics
from kennel.service.storage import Append, GameStore, VersionConflict
from prometheus_client import CollectorRegistry
from testkit.clock import Clock


def _opening(game_id: uuid.UUID) -> Append:
    ledger = Ledger.create(GAMES["hoarders"], str(game_id), None, ["Ann", "Bob"], seed_from_text(str(game_id)))
    return Append(game_id, ledger.records, 0, [{"kind": "note", "game_id": str(game_id)}])


def _sample(metrics: Metrics, name: str, **labels: str) -> float:
    value = metrics.registry.get_sample_value(name, labels)
    return 0.0 if value is None else value


def test_a_conflict_in_a_batch_fails_only_its_own_append(tmp_path: Path) -> None:
    store = GameStore.sqlite(tmp_path)
    metrics = Metrics(CollectorRegistry())
    appender = Appender(store, metrics)
    games = [uuid.uuid4() for _ in range(3)]
    store.append_many([_opening(games[1])])  # another writer got to the second game first

    async def append_all() -> list[BaseException | None]:
        return await asyncio.gather(*(appender.append(_opening(game)) for game in games), return_exceptions=True)

    try:
        results = asyncio.run(append_all())
        assert results[0] is None and results[2] is None
        assert isinstance(results[1], VersionConflict)
        for game in (games[0], games[2]):
            assert [r.version for r in store.read_records(game)] == [r.version for r in _opening(game).records]
    finally:
        store.close()
    # One batch of three failed, then each was written alone: two stored, one conflict.
    assert _sample(metrics, "kennel_append_batch_size_count") == 2
    assert _sample(metrics, "kennel_store_errors_total", kind="conflict") == 1


def test_appends_that_wait_together_share_one_transaction(tmp_path: Path) -> None:
    store = GameStore.sqlite(tmp_path)
    metrics = Metrics(CollectorRegistry())
    appender = Appender(store, metrics)
    games = [uuid.uuid4() for _ in range(20)]

    async def append_all() -> None:
        await asyncio.gather(*(appender.append(_opening(game)) for game in games))

    try:
        asyncio.run(append_all())
        assert all(store.read_records(game) for game in games)
    finally:
        store.close()
    # All twenty queued before the writer ran: one transaction holds them all.
    assert _sample(metrics, "kennel_append_batch_size_count") == 1
    assert _sample(metrics, "kennel_append_batch_size_sum") == 20


def test_a_lone_conflict_is_raised_to_its_caller(tmp_path: Path) -> None:
    store = GameStore.sqlite(tmp_path)
    appender = Appender(store)
    game = uuid.uuid4()
    store.append_many([_opening(game)])
    try:
        with pytest.raises(VersionConflict):
            asyncio.run(appender.append(_opening(game)))
    finally:
        store.close()


def test_a_store_failure_fails_the_whole_batch_once(tmp_path: Path) -> None:
    """Not a conflict (the store unreachable): every caller hears it, and the batch is not
    written again one append at a time (each would wait out the store's retries again)."""

    class Unreachable(OSError):
        pass

    class Failing(GameStore):
        calls = 0

        def append_many(self, appends: Sequence[Append]) -> None:
            Failing.calls += 1
            raise Unreachable("the database went away")

    store = Failing.sqlite(tmp_path)
    metrics = Metrics(CollectorRegistry())
    appender = Appender(store, metrics)
    games = [uuid.uuid4() for _ in range(8)]

    async def append_all() -> list[BaseException | None]:
        return await asyncio.gather(*(appender.append(_opening(game)) for game in games), return_exceptions=True)

    try:
        outcomes = asyncio.run(append_all())
    finally:
        store.close()
    assert all(isinstance(outcome, Unreachable) for outcome in outcomes)
    assert Failing.calls == 1
    assert _sample(metrics, "kennel_store_errors_total", kind="failure") == 1


class _Recording(GameStore):
    """A SQLite store that notes, for each append, the thread it is written on and whether it
    was committed alone (on its caller's thread, not the writer's); it may be slow, and a
    commit may wait, once its rows are in, for the test to say so (`gate`)."""

    threads: list[str]
    alone: list[bool]
    delay = 0.0
    clock: Clock | None = None  # moved on by `takes` for each append, with no real wait
    takes = 0.0
    gate: threading.Event | None = None
    gate_opened_in_time: bool | None = None

    def append_many(self, appends: Sequence[Append], before_commit: Callable[[], None] | None = None) -> None:
        thread = threading.current_thread().name
        self.threads.append(thread)
        self.alone.append(not thread.startswith("kennel-writer"))
        time.sleep(self.delay)
        if self.clock is not None:
            self.clock.now += self.takes
        gate = self.gate

        def begun() -> None:
            if before_commit is not None:
                before_commit()
            if gate is not None:  # the commit waits here, its rows in, until the test says so
                self.gate_opened_in_time = gate.wait(timeout=10)

        super().append_many(appends, begun)


def _recording(tmp_path: Path) -> _Recording:
    store = _Recording.sqlite(tmp_path)
    store.threads = []
    store.alone = []
    return store


_CALL: contextvars.ContextVar[str] = contextvars.ContextVar("call", default="none")


def test_an_alone_append_is_committed_on_the_loop_while_the_writer_thread_does_the_callers_work(
    tmp_path: Path,
) -> None:
    """Alone (the only call served): the append is committed on the caller's thread at once,
    and the caller's work (its answer) runs on the writer thread, in the caller's context,
    while the commit syncs: the commit here waits, its rows in, until that work has run, so
    the test fails if the work waits for the commit or runs on the loop. `submit` returns once
    both are over, and awaiting what it returns takes no turn of the loop. Not alone: written
    on the writer thread in a batch, the work done on the loop meanwhile, as ever. The metrics
    count the one committed alone."""
    store = _recording(tmp_path)
    store.gate = threading.Event()
    metrics = Metrics(CollectorRegistry())
    appender = Appender(store, metrics)
    games = [uuid.uuid4() for _ in range(2)]
    worked: list[tuple[str, str, bool]] = []

    def work() -> None:  # the caller's answer, built while the commit runs
        worked.append((threading.current_thread().name, _CALL.get(), bool(store.read_records(games[len(worked)]))))
        assert store.gate is not None
        store.gate.set()

    async def both() -> None:
        turns: list[str] = []
        _CALL.set("the first call")
        committing = appender.submit(_opening(games[0]), alone=True, meanwhile=work)
        assert store.read_records(games[0])  # committed once `submit` returns
        assert len(worked) == 1
        asyncio.get_running_loop().call_soon(turns.append, "a turn of the loop")
        await committing
        assert turns == []  # awaited without yielding to the loop
        _CALL.set("the second call")
        await appender.submit(_opening(games[1]), meanwhile=work)
        assert turns == ["a turn of the loop"]

    try:
        asyncio.run(both())
    finally:
        store.close()
    assert store.gate_opened_in_time is True
    assert store.alone == [True, False]
    assert store.threads[0] == "MainThread" and store.threads[1].startswith("kennel-writer")
    # The first call's work ran on the writer thread before its commit was over (nothing stored
    # yet); the second's on the loop (whether its batch is stored by then is a race).
    assert worked[0] == ("kennel-writer", "the first call", False)
    assert worked[1][:2] == ("MainThread", "the second call")
    assert _sample(metrics, "kennel_appends_on_loop_total") == 1


def test_an_alone_append_that_fails_does_not_hand_over_its_callers_work(tmp_path: Path) -> None:
    """The insert failed (the version is taken): there is nothing to prepare, the work is not
    run, and awaiting the append raises the conflict without a turn of the loop."""
    store = GameStore.sqlite(tmp_path)
    appender = Appender(store)
    game = uuid.uuid4()
    store.append_many([_opening(game)])
    worked: list[str] = []

    async def again() -> None:
        committing = appender.submit(_opening(game), alone=True, meanwhile=lambda: worked.append("work"))
        await committing

    try:
        with pytest.raises(VersionConflict):
            asyncio.run(again())
    finally:
        store.close()
    assert worked == []


def test_an_alone_append_waits_its_turn_behind_a_batch_being_written(tmp_path: Path) -> None:
    """A batch on the writer thread (the connection is its): an alone append joins the next batch."""
    store = _recording(tmp_path)
    store.delay = 0.05
    appender = Appender(store)
    games = [uuid.uuid4() for _ in range(2)]

    async def both() -> None:
        first = appender.submit(_opening(games[0]))  # on the thread, for 50 ms
        second = appender.submit(_opening(games[1]), alone=True)
        assert isinstance(second, asyncio.Future) and not second.done()
        await asyncio.gather(first, second)

    try:
        asyncio.run(both())
        assert all(store.read_records(game) for game in games)
    finally:
        store.close()
    assert store.alone == [False, False]


def test_a_slow_commit_sends_alone_appends_to_batches_until_one_there_is_quick(tmp_path: Path) -> None:
    """An alone commit that took longer than INLINE_COMMIT_SECONDS (a slow disk) held the loop
    that long: the next alone append is batched, and once one written so is quick, alone
    appends are committed alone again."""
    store = _recording(tmp_path)
    store.clock = Clock()
    appender = Appender(store, clock=store.clock)
    games = [uuid.uuid4() for _ in range(4)]

    async def four() -> None:
        store.takes = 2 * INLINE_COMMIT_SECONDS
        await appender.submit(_opening(games[0]), alone=True)  # alone, slowly
        store.takes = 0.0
        await appender.submit(_opening(games[1]), alone=True)  # batched, quickly
        await appender.submit(_opening(games[2]), alone=True)  # alone again
        await appender.submit(_opening(games[3]), alone=True)

    try:
        asyncio.run(four())
    finally:
        store.close()
    assert store.alone == [True, False, True, True]


def test_an_alone_conflict_is_raised_through_its_future(tmp_path: Path) -> None:
    store = GameStore.sqlite(tmp_path)
    appender = Appender(store)
    game = uuid.uuid4()
    store.append_many([_opening(game)])

    async def again() -> None:
        await appender.submit(_opening(game), alone=True)

    try:
        with pytest.raises(VersionConflict):
            asyncio.run(again())
    finally:
        store.close()


def test_a_store_shared_with_other_processes_is_never_committed_alone(tmp_path: Path) -> None:
    """Another process may hold the file's lock: an alone commit would hold the loop while it waits."""
    store = _Recording.sqlite(tmp_path, shared=True)
    store.threads = []
    store.alone = []
    appender = Appender(store)

    async def one() -> None:
        await appender.submit(_opening(uuid.uuid4()), alone=True)

    try:
        asyncio.run(one())
    finally:
        store.close()
    assert store.alone == [False]


def test_the_writer_thread_runs_its_work_in_order_and_goes_on_after_a_failure() -> None:
    """What is handed to the writer thread runs there, one at a time, in the order handed; work
    that raises is logged and the next still runs; `stop` ends the thread after what was handed."""
    writer = _WriterThread()
    ran: list[tuple[int, str]] = []
    done = threading.Event()

    def work(number: int) -> None:
        ran.append((number, threading.current_thread().name))
        if number == 3:
            raise RuntimeError("boom")

    with structlog.testing.capture_logs() as captured:
        for number in range(10):
            writer.submit(work, number)
        writer.submit(done.set)
        writer.stop()
        assert done.wait(timeout=10)
        assert writer._thread is not None
        writer._thread.join(timeout=10)
        assert not writer._thread.is_alive()
    assert ran == [(number, "kennel-writer") for number in range(10)]
    assert [line["event"] for line in captured] == ["writer_failed"]
