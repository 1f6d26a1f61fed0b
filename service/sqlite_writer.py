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
"""

from __future__ import annotations

import sqlite3
import threading
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

Row = tuple[str, int, str, bytes]  # originator id (hex), version, topic, state: the library's columns


class RowTaken(Exception):
    """A row's (stream, version) is stored already: another writer appended there first."""


class SQLiteWriter:
    """Inserts rows in one transaction each, committed with `synchronous=FULL`."""

    def __init__(self, path: Path, insert_statement: str, lock_timeout: float) -> None:
        self._insert = insert_statement
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
        insert failed (kennel.service.appender: another thread then starts its own work)."""
        with self._lock:
            if self._closed:
                raise InterfaceError("the store is closed")
            connection = self._connection
            try:
                connection.execute("BEGIN")
                try:
                    connection.executemany(self._insert, rows)
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

    def close(self) -> None:
        with self._lock:
            if not self._closed:
                self._closed = True
                self._connection.close()


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
