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

A batch is all or none. When it fails (a version conflict: another replica wrote to one of its
games first), its appends are written again one transaction each, so that only the game that
lost the race sees the conflict and decides again (kennel.service.games); the others succeed.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass

import structlog
from kennel.service.errors import Unavailable
from kennel.service.metrics import Metrics
from kennel.service.storage import Append, GameStore, VersionConflict

log = structlog.get_logger(__name__)

MAX_BATCH = 256  # appends in one transaction: bounds one commit's size and latency


@dataclass
class _Waiting:
    append: Append
    done: asyncio.Future[None]


class Appender:
    """Writes appends for the server's event loop, batching those that wait together."""

    def __init__(self, store: GameStore, metrics: Metrics | None = None, max_batch: int = MAX_BATCH) -> None:
        self._store = store
        self._metrics = metrics
        self._max_batch = max_batch
        self._waiting: list[_Waiting] = []
        self._writer: asyncio.Task[None] | None = None
        self._closed = False

    async def append(self, append: Append) -> None:
        """Return once `append` is committed; raise VersionConflict if one of its versions is taken,
        Unavailable once the server is shutting down."""
        if self._closed:
            raise Unavailable("kennel/shutting_down", "The server is shutting down; try again shortly.")
        waiting = _Waiting(append, asyncio.get_running_loop().create_future())
        self._waiting.append(waiting)
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._drain())
        await waiting.done

    async def _drain(self) -> None:
        """Write batches until nothing waits; the task ends then, and the next append starts another."""
        while self._waiting:
            # Let the commands already decided in this turn of the loop join the batch: one more
            # transaction costs more than this.
            await asyncio.sleep(0)
            batch, self._waiting = self._waiting[: self._max_batch], self._waiting[self._max_batch :]
            try:
                failures = await asyncio.to_thread(self._write, [w.append for w in batch])
            except BaseException as error:  # the thread itself failed: every caller hears of it
                for waiting in batch:
                    if not waiting.done.done():
                        waiting.done.set_exception(error)
                raise
            for waiting, failure in zip(batch, failures, strict=True):
                if waiting.done.done():  # its caller was cancelled; the write stands (it is stored)
                    continue
                if failure is None:
                    waiting.done.set_result(None)
                else:
                    waiting.done.set_exception(failure)

    async def close(self) -> None:
        """Refuse new appends and return once every queued one is written (or has failed)."""
        self._closed = True
        while self._writer is not None and not self._writer.done():
            # asyncio.wait, not await: a cancelled shutdown must not cancel the write callers wait for.
            await asyncio.wait([self._writer])

    def _write(self, appends: Sequence[Append]) -> list[Exception | None]:
        """On the writer thread: one transaction for all, or one each after a version conflict.
        Any other failure (the store unreachable) is every append's: writing them one by one
        would only make each caller wait for the store's retries again."""
        try:
            self._store.append_many(appends)
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
