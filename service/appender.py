"""Group commit: appends that arrive together are written in one transaction.

Every acknowledged command must be durable, and with SQLite in `synchronous=FULL` each commit
waits for the disk. Paying that wait once per command caps a server at the disk's commits per
second whatever the number of games. Here each append waits in a queue while the one writer
thread commits the batch before it; the next batch then holds everything that queued
meanwhile, in one transaction and one sync. An append's caller is woken only once the
transaction that holds it has committed, so an acknowledgement still means durable.

One queue for the whole store: a sharded store (kennel.service.postgres) writes a batch that spans
shards in one transaction too, locking only the shards it touches.

Closing (at shutdown) refuses new appends and waits for the batch being written: the store is
closed only after its writer thread has let go of it (closing a SQLite connection under a thread
that is writing to it crashes the process).

The writer is one thread of its own, and the loop talks to it in one hop each way: a batch
is handed to it (`submit` hands it over at once, so that the caller can build its answer while
the disk syncs; `append` on the next turn of the loop, so that the appends of one turn share a
batch), and the thread hands the outcome back with `call_soon_threadsafe`, which settles each
caller's future. While a batch is being written the next one gathers on the loop.

An append made while the server serves nothing else (`submit(alone=True)`) is not batched: the
loop writes it itself, at once, and the caller's work of the meanwhile (its answer) runs on the
writer thread during the commit. Once the rows are inserted the loop hands that work to the
idle thread and begins the commit; SQLite lets go of the GIL while the disk syncs, and the
thread takes it and builds the answer meanwhile. The loop then waits for the work, which is
usually over before the sync. Neither thread's wake-up is then on the command's path (each
costs 40 to 70 us on the machines we measured): the thread wakes while the disk syncs, and the
loop is woken by its own sync returning. Handing the commit to the thread instead (the loop
building the answer) paid both: the thread's wake-up before the commit began, the loop's after
it ended (docs/performance.md, fifteenth pass). The loop touches nothing of the caller's while
the work runs: it is inside SQLite, then blocked until the work is done. The store must allow
this (a SQLite file this process alone writes) and its commits must have been quick. Under
load most appends are not alone and gather into batches on the thread as before
(kennel.service.calls says when a call is alone; docs/performance.md, sixth and tenth passes).

A batch is all or none. When it fails (a version conflict: another replica wrote to one of its
games first), its appends are written again one transaction each, so that only the game that
lost the race sees the conflict and decides again (kennel.service.games); the others succeed.
"""

from __future__ import annotations

import asyncio
import contextvars
import queue
import threading
import time
from collections.abc import Awaitable, Callable, Generator, Sequence
from dataclasses import dataclass
from typing import Any

import structlog
from kennel.service.errors import Unavailable
from kennel.service.metrics import Metrics
from kennel.service.storage import Append, GameStore, VersionConflict

log = structlog.get_logger(__name__)

MAX_BATCH = 256  # appends in one transaction: bounds one commit's size and latency
# An alone append's commit (the loop waits for it) that took longer than this (a slow or busy
# disk) sends the next alone appends to batches again, until one written alone there is quick.
INLINE_COMMIT_SECONDS = 0.002


@dataclass
class _Waiting:
    append: Append
    done: asyncio.Future[None]


class Appender:
    """Writes appends for the server's event loop, batching those that wait together."""

    def __init__(
        self, store: GameStore, metrics: Metrics | None = None, max_batch: int = MAX_BATCH,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self._store = store
        self._clock = clock  # times commits, to tell a quick one (INLINE_COMMIT_SECONDS)
        self._metrics = metrics
        self._max_batch = max_batch
        self._waiting: list[_Waiting] = []  # touched on the event loop only
        # One thread, kept: a batch handed to it starts at once, without a task or a turn of the loop.
        self._thread = _WriterThread()
        self._writing = False  # a batch is on the writer thread
        self._kick: asyncio.Handle | None = None  # a hand-over scheduled for the next turn
        self._idle: asyncio.Event | None = None  # set when nothing is written or waiting (close)
        self._closed = False
        self._quick = True  # the last commit took at most INLINE_COMMIT_SECONDS (see `submit`)

    async def append(self, append: Append) -> None:
        """Return once `append` is committed; raise VersionConflict if one of its versions is taken,
        Unavailable once the server is shutting down. The batch leaves on the next turn of the
        loop: the appends decided in this one join it."""
        waiting = self._queue(append)
        if not self._writing and self._kick is None:
            self._kick = asyncio.get_running_loop().call_soon(self._hand_over)
        await waiting

    def submit(
        self, append: Append, alone: bool = False, meanwhile: Callable[[], None] | None = None
    ) -> Awaitable[None]:
        """Queue `append` and hand it to the writer thread now if it is idle, run `meanwhile`
        (the caller's work while the append is committed; it must not raise), and return what,
        awaited, returns once the append is committed (or raises, as `append` does). The caller
        must not publish anything of the append before that.

        `alone`: the caller serves the only call in progress. The append is then not batched
        when nothing else is written or waiting and the store allows it: it is committed on the
        spot, `meanwhile` running on the writer thread during the sync (see the module's
        docstring), and what this returns is already settled (awaiting it takes no turn of
        the loop)."""
        if alone and self._quick and not self._writing and not self._waiting and self._store.writes_inline:
            self._refuse_when_closed()
            return self._commit_alone(append, meanwhile)
        waiting = self._queue(append)
        if not self._writing:
            self._hand_over()
        if meanwhile is not None:
            meanwhile()
        return waiting

    def _commit_alone(self, append: Append, meanwhile: Callable[[], None] | None) -> _Settled:
        """On the loop: commit `append` now, `meanwhile` on the writer thread during the sync."""
        beside = None if meanwhile is None else _Beside(meanwhile)
        started = self._clock()
        try:
            failure = self._write([append], before_commit=None if beside is None else self._start(beside))[0]
        finally:
            self._quick = self._clock() - started <= INLINE_COMMIT_SECONDS
            if beside is not None:
                beside.wait()  # at once if it never started: the insert failed (nothing to prepare)
        if self._metrics is not None:
            self._metrics.appends_on_loop.inc()
        return _Settled(failure)

    def _start(self, beside: _Beside) -> Callable[[], None]:
        def start() -> None:  # the rows are in; the commit and its sync begin as this returns
            beside.started = True
            self._thread.submit(beside.run)
        return start

    def _queue(self, append: Append) -> asyncio.Future[None]:
        done = self._future()
        self._waiting.append(_Waiting(append, done))
        return done

    def _future(self) -> asyncio.Future[None]:
        self._refuse_when_closed()
        return asyncio.get_running_loop().create_future()

    def _refuse_when_closed(self) -> None:
        if self._closed:
            raise Unavailable("kennel/shutting_down", "The server is shutting down; try again shortly.")

    def _hand_over(self) -> None:
        """On the loop: give the writer thread the next batch, or note that it is idle."""
        if self._kick is not None:
            self._kick.cancel()
            self._kick = None
        if self._writing:
            return  # the batch being written hands over the next when it is done
        # Callers cancelled before their batch left are not written (nobody awaits them).
        self._waiting = [w for w in self._waiting if not w.done.cancelled()]
        if not self._waiting:
            if self._idle is not None:
                self._idle.set()
            return
        batch, self._waiting = self._waiting[: self._max_batch], self._waiting[self._max_batch :]
        self._writing = True
        loop = asyncio.get_running_loop()
        self._thread.submit(self._write_batch, loop, batch)

    def _write_batch(self, loop: asyncio.AbstractEventLoop, batch: list[_Waiting]) -> None:
        """On the writer thread: write, then hand the outcome back to the loop in one call."""
        started = self._clock()
        try:
            failures: list[BaseException | None] = list(self._write([w.append for w in batch]))
        except BaseException as error:  # the write itself failed: every caller hears of it
            failures = [error] * len(batch)
        if len(batch) == 1:  # a lone append's commit, as quick as on the loop?
            self._quick = self._clock() - started <= INLINE_COMMIT_SECONDS
        try:
            loop.call_soon_threadsafe(self._settle, batch, failures)
        except RuntimeError:  # the loop is closed: nobody is left to wake
            log.warning("append_outcome_unheard", appends=len(batch))

    def _settle(self, batch: list[_Waiting], failures: list[BaseException | None]) -> None:
        """On the loop: wake each caller with its outcome, then write what gathered meanwhile."""
        self._writing = False
        for waiting, failure in zip(batch, failures, strict=True):
            if waiting.done.done():  # its caller was cancelled; the write stands (it is stored)
                continue
            if failure is None:
                waiting.done.set_result(None)
            else:
                waiting.done.set_exception(failure)
        self._hand_over()

    async def close(self) -> None:
        """Refuse new appends and return once every queued one is written (or has failed)."""
        self._closed = True
        if self._writing or self._waiting:
            if self._idle is None:
                self._idle = asyncio.Event()
            if not self._writing:
                self._hand_over()
            await self._idle.wait()
        self._thread.stop()  # the thread ends; nothing is handed to it any more

    def _write(
        self, appends: Sequence[Append], before_commit: Callable[[], None] | None = None
    ) -> list[Exception | None]:
        """On the writer thread: one transaction for all, or one each after a version conflict.
        Any other failure (the store unreachable) is every append's: writing them one by one
        would only make each caller wait for the store's retries again. `before_commit`: see
        GameStore.append_many (an alone append's hands the caller's work to the thread)."""
        try:
            if before_commit is None:
                self._store.append_many(appends)
            else:
                self._store.append_many(appends, before_commit)
        except VersionConflict as conflict:
            if len(appends) == 1:
                self._count_error(conflict)
                return [conflict]
            log.info("group_commit_split", appends=len(appends), reason=type(conflict).__name__)
            return [self._write_one(append) for append in appends]
        except Exception as error:  # handed to every caller, which maps it to its gRPC status
            self._count_error(error)
            return [error] * len(appends)
        if self._metrics is not None:
            self._metrics.append_batch.observe(len(appends))
        return [None] * len(appends)

    def _write_one(self, append: Append) -> Exception | None:
        try:
            self._store.append_many([append])
        except Exception as error:
            self._count_error(error)
            return error
        if self._metrics is not None:
            self._metrics.append_batch.observe(1)
        return None

    def _count_error(self, error: Exception) -> None:
        if self._metrics is not None:
            self._metrics.store_errors.labels("conflict" if isinstance(error, VersionConflict) else "failure").inc()


class _WriterThread:
    """The writer thread: runs what it is handed, in order, one at a time. A queue and a thread
    of our own, not a ThreadPoolExecutor: handing work to one made a Future (a Condition and its
    lock), took and gave back a Semaphore and settled the Future on the thread, all in Python,
    on both sides of each hand-over (a round trip measured 25 us against 17 us here), and the
    thread's part of it held the interpreter lock just as the loop woke from a commit. Nothing
    handed here returns anything or raises (what it writes, it reports itself); a failure that
    escapes is logged, never lost. Started on first use; `stop` ends it once what was handed
    to it is done."""

    def __init__(self) -> None:
        self._queue: queue.SimpleQueue[tuple[Callable[..., None], tuple[Any, ...]] | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None

    def submit(self, work: Callable[..., None], *args: Any) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="kennel-writer", daemon=True)
            self._thread.start()
        self._queue.put((work, args))

    def stop(self) -> None:
        if self._thread is not None:
            self._queue.put(None)

    def _run(self) -> None:
        get = self._queue.get
        while True:
            item = get()
            if item is None:
                return
            work, args = item
            try:
                work(*args)
            except BaseException:  # noqa: BLE001 (the thread must go on writing; the error is logged)
                log.exception("writer_failed")


class _Beside:
    """The caller's work on the writer thread while the loop commits an alone append
    (Appender.submit). A plain lock, taken at first and given back once the work is done: the
    loop blocks on it directly; an asyncio future would need a turn of the loop and a wake-up
    through it. The work runs in the caller's context (its log lines keep the call's fields)."""

    __slots__ = ("work", "started", "_context", "_done")

    def __init__(self, work: Callable[[], None]) -> None:
        self.work = work
        self.started = False  # handed to the thread (touched by the loop only)
        self._context = contextvars.copy_context()
        self._done = threading.Lock()
        self._done.acquire()

    def run(self) -> None:
        """On the writer thread."""
        try:
            self._context.run(self.work)
        finally:
            self._done.release()

    def wait(self) -> None:
        """On the loop: until the work is done, if it was handed over."""
        if self.started:
            self._done.acquire()


class _Settled:
    """An append's outcome, already known: awaiting it raises the failure, with no turn of the loop."""

    __slots__ = ("failure",)

    def __init__(self, failure: BaseException | None) -> None:
        self.failure = failure

    def __await__(self) -> Generator[Any, None, None]:
        if self.failure is not None:
            raise self.failure
        return
        yield  # makes this a generator that returns without ever yielding: no turn of the loop
