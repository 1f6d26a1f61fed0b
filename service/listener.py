"""Following what every replica appends to PostgreSQL: one connection and one thread per process.

Each shard's recorder NOTIFYs its own channel in the transaction that inserts (service.postgres,
ShardRecorder). One connection LISTENs on every shard's channel; a notification says only
"this shard has something new", so the thread then reads that shard's entries after the last
one it passed on, in notification order, and hands them over in one batch per read.

Why not the library's subscription: it keeps a connection and three threads per shard (listen,
pull, and ours iterating it), and hands entries over one at a time. Every extra thread running
Python in a server process takes the interpreter lock from the event loop; with four shards
that cost more than the shards saved (measured in bench.shards, docs/deploy.md "Shards").

Nothing is skipped: the channels are listened to before the first read, a read takes every
entry after the last one passed on, and the insert lock makes notification ids commit in
order, so an entry never appears behind one already read. After the connection breaks, the
thread connects again and reads every shard from where it stopped. A process's own commits
are not read back (see `_due`): its hub knows them, as it does on SQLite, where nobody listens.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import psycopg
import structlog
from psycopg import sql

from service.storage import ATTEMPT_TOPIC, DESK_TOPIC, RECORD_TOPIC, Change

log = structlog.get_logger(__name__)

RECONNECT_AFTER = 1.0  # seconds after a broken connection before listening again
WAKE_EVERY = 0.2  # seconds: how often the thread looks whether it was asked to stop
READ_LIMIT = 500  # entries per read; a shard with more is read again at once
TOPICS = [RECORD_TOPIC, DESK_TOPIC, ATTEMPT_TOPIC]


@dataclass
class Followed:
    """One shard as the listener follows it."""

    schema: str
    table: str
    channel: str
    source: str  # what this process's own commits say in their notifications (ShardRecorder)
    last: int  # the notification id of the last entry passed on, or known without reading

    def read(self, connection: psycopg.Connection[Any]) -> list[Change]:
        rows = connection.execute(
            sql.SQL(
                "SELECT notification_id, originator_id, originator_version, topic, state FROM {}.{} "
                "WHERE notification_id > %s AND topic = ANY(%s) ORDER BY notification_id LIMIT %s"
            ).format(sql.Identifier(self.schema), sql.Identifier(self.table)),
            (self.last, TOPICS, READ_LIMIT),
            prepare=True,
        ).fetchall()
        if rows:
            self.last = rows[-1][0]
        return [Change(stream, version, topic, bytes(state)) for _, stream, version, topic, state in rows]


class StoreListener:
    """Calls `on_changes` (on its own thread) with every batch of entries appended to any of
    `shards` after it was made, by any process."""

    def __init__(
        self,
        connect: Callable[[], psycopg.Connection[Any]],
        shards: Sequence[Followed],
        on_changes: Callable[[list[Change]], None],
    ) -> None:
        self._connect = connect
        self._shards = {shard.channel: shard for shard in shards}
        self._on_changes = on_changes
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._run, name="kennel-listen", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stopped.set()
        self._thread.join(timeout=10)

    def _run(self) -> None:
        while not self._stopped.is_set():
            try:
                with self._connect() as connection:
                    self._follow(connection)
            except Exception as error:  # the database went away: say so, and listen again
                log.warning("store_listen_failed", after={s.schema: s.last for s in self._shards.values()},
                            error=repr(error))
                self._stopped.wait(RECONNECT_AFTER)

    def _follow(self, connection: psycopg.Connection[Any]) -> None:
        for channel in self._shards:
            connection.execute(sql.SQL("LISTEN {}").format(sql.Identifier(channel)))
        due = set(self._shards)  # read everything once: entries may have come before LISTEN
        while not self._stopped.is_set():
            for channel in due:
                shard = self._shards[channel]
                while changes := shard.read(connection):
                    self._on_changes(changes)
                    if len(changes) < READ_LIMIT:
                        break
            # Wait for the first notification, then take those already here without waiting:
            # a busy shard's many commits are then read once, not once each.
            notes = list(connection.notifies(timeout=WAKE_EVERY, stop_after=1))
            if notes:
                notes.extend(connection.notifies(timeout=0))
            due = self._due(notes)

    def _due(self, notes: list[psycopg.Notify]) -> set[str]:
        """The shards to read after these notifications (in commit order).

        This process's own commit, with nothing unread before it, needs no read: its hub
        folded it already, and every entry below its last id committed earlier (the insert
        lock) and was notified earlier, so was read already or made the shard due.
        """
        due: set[str] = set()
        for note in notes:
            shard = self._shards.get(note.channel)
            if shard is None or note.channel in due:
                continue
            source, _, last = note.payload.partition(" ")
            if source == shard.source and last.isdigit():
                shard.last = max(shard.last, int(last))
            else:  # another replica's (or an older Kennel's, which says nothing)
                due.add(note.channel)
        return due
