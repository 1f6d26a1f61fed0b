"""The one connection a server process writes its SQLite store with.

The library (eventsourcing) writes through its connection pool: for each append it checks a
connection out under a semaphore, a writer lock and a condition, wraps it and a cursor in
objects of its own, and gives them back the same way. For one small append that was about
0.2 ms of Python on top of SQLite's own work (the durable commit itself takes 0.2-0.4 ms on
the machines we measure on), and it ran on the writer thread while the event loop waited for
it. So the server's appends go through this one connection instead, to the library's own
table and with its own insert statement: what is stored, and how the library reads it back
(streams, notification ids in rowid order), is unchanged. Reads still go through the library.

One writer at a time: the lock is held for a whole transaction, which may run on the event loop
(an append made while nothing else is served: kennel.service.appender) or on the appender's
thread, or, for a refused command, on a worker thread (GameStore.append_attempt).

Several processes on one file (`kennel serve --workers N`) take turns through a lock file beside
it (`TurnLock`), held for each write transaction. Without it they met in SQLite's own lock, whose
busy handler sleeps 1, 2, 5, 10 ms ... between tries: a writer that found the file locked slept
a millisecond or more while the other committed again and again, and every command in its batch
waited with it (measured with 2 workers at 64 commands in flight: about 48 such sleeps a second
per worker, 2.8 ms each, and no more commands per second than one worker made). A writer waiting
for its turn tries again after 20 microseconds, then up to every half millisecond, until the
store's lock timeout (then the store is unavailable, as SQLite's busy timeout would say).
"""

from __future__ import annotations

import fcntl
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from eventsourcing.persistence import DatabaseError, DataError, InterfaceError, OperationalError

SYNCHRONOUS_FULL = 2  # what `PRAGMA synchronous` reports for FULL
# SQLite's page cache per connection, in KiB (its default is 2,000 KiB). The operating system
# caches the file anyway, and the writer's pages (appends at random game ids) are seldom read
# again: at SQLite's default the cache grew by about 1.4 KiB per game opened up to 2 MiB, with
# no measurable saving of CPU per append (3,000 games, batches of 16).
PAGE_CACHE_KIB = 256
# Waiting for another process's write transaction (TurnLock): the first pause and the longest.
# A transaction holds the turn for about its durable commit (0.2-0.4 ms measured), so a writer
# that waits rarely waits long; pauses much longer than that leave the file idle.
TURN_FIRST_PAUSE_S = 0.00002
TURN_LONGEST_PAUSE_S = 0.0005

Row = tuple[str, int, str, bytes]  # originator id (hex), version, topic, state: the library's columns
# Rows written by one INSERT statement (a multi-row VALUES list). Python's sqlite3 lets go of the
# interpreter lock at every step of a statement and takes it back after: `executemany` steps once
# per row, so a writer thread took the lock back once per row, each time behind an event loop
# busy with Python (issue 20: a batch of 20 rows spent about 2 ms so, for a 0.5 ms sync). One
# statement is one step. Each row count is a statement of its own in the connection's cache of
# prepared statements (128 by default), so the counts are bounded; larger batches take several.
ROWS_PER_STATEMENT = 64


class RowTaken(Exception):
    """A row's (stream, version) is stored already: another writer appended there first."""


class TurnLock:
    """The write turn among the processes that write one SQLite file: an exclusive `flock` on a
    file beside it. The kernel lets go of it when its holder exits, however it exits."""

    def __init__(self, path: Path, timeout: float, clock: Callable[[], float] = time.monotonic) -> None:
        self._fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        self._timeout = timeout
        self._clock = clock

    def acquire(self) -> None:
        """Wait for the turn; raise the library's OperationalError after `timeout` seconds."""
        if self._try():
            return
        deadline = self._clock() + self._timeout
        pause = TURN_FIRST_PAUSE_S
        while True:
            time.sleep(pause)
            if self._try():
                return
            if self._clock() >= deadline:
                raise OperationalError("database is locked (another process held its write turn too long)")
            pause = min(pause * 2, TURN_LONGEST_PAUSE_S)

    def _try(self) -> bool:
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def release(self) -> None:
        fcntl.flock(self._fd, fcntl.LOCK_UN)

    def close(self) -> None:
        os.close(self._fd)


class SQLiteWriter:
    """Inserts rows in one transaction each, committed with `synchronous=FULL`.

    `turns`: the lock file that the processes sharing the file take turns through (None when
    this process alone writes it)."""

    def __init__(self, path: Path, insert_statement: str, lock_timeout: float, turns: Path | None = None) -> None:
        self._insert = _MultiRowInsert(insert_statement)
        self._turns = None if turns is None else TurnLock(turns, lock_timeout)
        # Autocommit mode: transactions are begun and committed here, explicitly.
        self._connection = sqlite3.connect(
            str(path), isolation_level=None, check_same_thread=False, timeout=lock_timeout
        )
        self._lock = threading.Lock()
        self._closed = False
        cursor = self._connection.cursor()
        # Every acknowledged append survives a power cut (docs/reliability.md, "Durability"):
        # in WAL mode FULL syncs the log at every commit; NORMAL would not.
        cursor.execute("PRAGMA synchronous=FULL")
        if self.pragma("synchronous") != SYNCHRONOUS_FULL:
            raise OSError(f"SQLite refused synchronous=FULL (it reports {self.pragma('synchronous')})")
        if self.pragma("journal_mode") != "wal":  # the library switched the file to WAL on its first connection
            raise OSError("the SQLite store is not in WAL mode")
        cursor.execute(f"PRAGMA cache_size=-{PAGE_CACHE_KIB}")

    def pragma(self, name: str) -> Any:
        with self._lock:
            return self._connection.execute(f"PRAGMA {name}").fetchone()[0]

    @property
    def busy(self) -> bool:
        """Whether another thread is writing now (an append made on the loop would wait for it)."""
        return self._lock.locked()

    def insert(self, rows: Sequence[Row], before_commit: Callable[[], None] | None = None) -> None:
        """Store `rows` in one durable transaction: all or none. Raises RowTaken when a row's
        stream and version are taken, the library's OperationalError when the file is busy or
        full (the store is unavailable: the caller may try again). `before_commit` is called
        once the rows are inserted, just before the commit (and its sync) begins; not if the
        insert failed (kennel.service.appender: another thread then starts its own work).

        Rows that one statement holds, with nothing to run before the commit, are written by
        that statement alone in autocommit mode: SQLite makes it its own transaction, committed
        (and synced) as the statement ends, all or none. One step, so the writer thread takes
        the interpreter lock back once for the whole write instead of three times."""
        with self._lock:
            if self._closed:
                raise InterfaceError("the store is closed")
            connection = self._connection
            turns = self._turns
            if turns is not None:
                turns.acquire()
            try:
                if before_commit is None and 0 < len(rows) <= ROWS_PER_STATEMENT:
                    connection.execute(*self._insert.statement(rows))
                    return
                connection.execute("BEGIN")
                try:
                    for start in range(0, len(rows), ROWS_PER_STATEMENT):
                        connection.execute(*self._insert.statement(rows[start : start + ROWS_PER_STATEMENT]))
                    if before_commit is not None:
                        before_commit()
                    connection.execute("COMMIT")
                except BaseException:
                    if connection.in_transaction:
                        connection.rollback()
                    raise
            except sqlite3.IntegrityError as error:
                raise RowTaken(str(error)) from error
            except sqlite3.Error as error:
                raise _library_error(error) from error
            finally:
                if turns is not None:
                    turns.release()

    def close(self) -> None:
        with self._lock:
            if not self._closed:
                self._closed = True
                self._connection.close()
                if self._turns is not None:
                    self._turns.close()


class _MultiRowInsert:
    """The library's one-row insert (`INSERT INTO t VALUES (?,?,?,?)`) for any number of rows
    up to ROWS_PER_STATEMENT: the same columns, in the same order, so the rows get their rowids
    (the library's notification ids) in the order given, as `executemany` gave them."""

    def __init__(self, one_row: str) -> None:
        head, found, group = one_row.rpartition("VALUES")
        group = group.strip()
        if not found or not (group.startswith("(") and group.endswith(")")) or "?" not in group:
            raise ValueError(f"not a one-row insert: {one_row!r}")
        self._head = f"{head}VALUES "
        self._group = group
        self._statements: dict[int, str] = {}

    def statement(self, rows: Sequence[Row]) -> tuple[str, list[Any]]:
        """The SQL for `len(rows)` rows and its parameters, the rows' values one after another."""
        count = len(rows)
        sql = self._statements.get(count)
        if sql is None:
            sql = self._statements[count] = self._head + ",".join([self._group] * count)
        return sql, [value for row in rows for value in row]


def _library_error(error: sqlite3.Error) -> Exception:
    """The library's exception for a SQLite error, as its own transactions raise them (the
    service maps those to gRPC statuses: kennel.service.errors)."""
    if isinstance(error, sqlite3.OperationalError):
        return OperationalError(error)
    if isinstance(error, sqlite3.InterfaceError):
        return InterfaceError(error)
    if isinstance(error, sqlite3.DataError):
        return DataError(error)
    return DatabaseError(error)
