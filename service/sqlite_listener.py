"""Following what other processes append to one SQLite file (`kennel serve --workers N`).

SQLite has no LISTEN/NOTIFY, so a thread polls: every POLL_EVERY seconds it reads, on its own
connection, the entries stored after the last one it passed on (the table's rowid,
which the library uses as the notification id) and hands them over in one batch, as the
PostgreSQL listener does (kennel.service.listener). SQLite has one writer at a time and gives
each new row the next rowid inside its write transaction, so rows commit in rowid order and an
entry never appears behind one already read. A process's own appends are read back too; the hub
already folded them, and checks again under the game's lock before catching up
(kennel.service.live.LiveGame.behind), so they cost a read and nothing else.

Only a store opened as shared (the workers of one server) starts this thread: a single server
process on SQLite is the only writer and hears nothing.
"""

from __future__ import annotations

import sqlite3
import threading
import uuid
from collections.abc import Callable
from pathlib import Path

import structlog
from kennel.service.storage import ATTEMPT_TOPIC, DESK_TOPIC, RECORD_TOPIC, Change

log = structlog.get_logger(__name__)

POLL_EVERY = 0.005  # seconds between reads when the last one found nothing
READ_LIMIT = 500  # entries per read; a fuller read is followed by another at once
TABLE = "stored_events"  # eventsourcing's table for the application named Kennel
# Only a desk entry's state is read (see Change.state).
_QUERY = (
    f"SELECT rowid, originator_id, originator_version, topic, CASE WHEN topic = ? THEN state ELSE x'' END "
    f"FROM {TABLE} WHERE rowid > ? AND topic IN (?, ?, ?) ORDER BY rowid LIMIT ?"
)


class SQLitePoller:
    """Calls `on_changes` (on its own thread) with every batch of entries appended to the file
    after `start` returned, by any process."""

    def __init__(self, path: Path, on_changes: Callable[[list[Change]], None]) -> None:
        self._path = path
        self._on_changes = on_changes
        self._stopped = threading.Event()
        self._connection = self._connect()
        row = self._connection.execute(f"SELECT COALESCE(MAX(rowid), 0) FROM {TABLE}").fetchone()
        self._last = int(row[0])  # what was there before: the hub reads the index itself
        self._thread = threading.Thread(target=self._run, name="kennel-sqlite-poll", daemon=True)

    def _connect(self) -> sqlite3.Connection:
        # Read and write (a read-only connection to a WAL file needs the -shm file writable
        # anyway); it only ever reads, each read its own short transaction.
        return sqlite3.connect(self._path, check_same_thread=False, timeout=10)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stopped.set()
        self._thread.join(timeout=10)
        self._connection.close()

    def read(self) -> list[Change]:
        """The entries after the last one passed on (at most READ_LIMIT); moves past them."""
        rows = self._connection.execute(
            _QUERY, (DESK_TOPIC, self._last, RECORD_TOPIC, DESK_TOPIC, ATTEMPT_TOPIC, READ_LIMIT)
        ).fetchall()
        if rows:
            self._last = int(rows[-1][0])
        return [Change(uuid.UUID(str(stream)), int(version), topic, bytes(state))
                for _, stream, version, topic, state in rows]

    def _run(self) -> None:
        while not self._stopped.is_set():
            try:
                changes = self.read()
            except sqlite3.Error as error:  # a lock held too long, say: try again at the next poll
                log.warning("store_poll_failed", error=repr(error))
                changes = []
            if changes:
                self._on_changes(changes)
            if len(changes) < READ_LIMIT:
                self._stopped.wait(POLL_EVERY)
