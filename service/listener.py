"""Following what every replica appends to PostgreSQL: one connection and one thread per process.

Each write NOTIFYs the channel of every shard it wrote to, right after its commit, naming the
writer and the notification ids written (kennel.service.postgres, ShardRecorder). One connection
LISTENs on every shard's channel; after notifications arrive, the thread reads, in one query,
what each shard notified holds after the last entry it passed on, in each shard's order, and
hands it over in one batch.

Why not the library's subscription: it keeps a connection and three threads per shard (listen,
pull, and ours iterating it), and hands entries over one at a time. Every extra thread running
Python in a server process takes the interpreter lock from the event loop; with four shards
that cost more than the shards saved (measured with bench.shards).

Nothing is skipped: the channels are listened to before the first read, a read takes every
entry after the last one passed on, and the insert lock makes notification ids commit in
order, so an entry never appears behind one already read. After the connection breaks, the
thread connects again and reads every shard from where it stopped. A process's own commits
are not read back (see `_due`): its hub knows them, as it does on SQLite, where nobody listens.
Notifications are sent after the commit (kennel.service.postgres.ShardRecorder says why), so a writer
killed in between announces nothing: every shard is also read every RECHECK_EVERY seconds.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import psycopg
import structlog
from kennel.service.storage import ATTEMPT_TOPIC, DESK_TOPIC, RECORD_TOPIC, Change
from psycopg import sql

log = structlog.get_logger(__name__)

RECONNECT_AFTER = 1.0  # seconds after a broken connection before listening again
READY_WITHIN = 10.0  # seconds `start` waits for the first LISTEN and read
RECHECK_EVERY = 5.0  # seconds: every shard is read this often even without a notification
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

    def query(self, position: int) -> sql.Composed:
        """This shard's part of a read: what follows `last`, tagged with its position."""
        return sql.SQL(
            "(SELECT {position} AS shard, notification_id, originator_id, originator_version, topic, "
            "CASE WHEN topic = {desk} THEN state ELSE ''::bytea END AS state "  # see Change.state
            "FROM {schema}.{table} WHERE notification_id > %s AND topic = ANY(%s) ORDER BY notification_id LIMIT %s)"
        ).format(position=sql.Literal(position), desk=sql.Literal(DESK_TOPIC), schema=sql.Identifier(self.schema),
                 table=sql.Identifier(self.table))


def read(connection: psycopg.Connection[Any], shards: Sequence[Followed]) -> tuple[list[Change], list[Followed]]:
    """One query for every shard given: what each holds after its `last` (which moves on),
    in each shard's order; and the shards that had more than one read returns."""
    query = sql.SQL(" UNION ALL ").join(shard.query(position) for position, shard in enumerate(shards))
    params = [value for shard in shards for value in (shard.last, TOPICS, READ_LIMIT)]
    rows = connection.execute(sql.SQL("SELECT * FROM ({}) AS r ORDER BY shard, notification_id").format(query), params,
                              prepare=True).fetchall()
    counts = [0] * len(shards)
    changes = []
    for position, notification_id, stream, version, topic, state in rows:
        shards[position].last = notification_id
        counts[position] += 1
        changes.append(Change(stream, version, topic, bytes(state)))
    return changes, [shard for shard, count in zip(shards, counts, strict=True) if count == READ_LIMIT]


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
        self._listening = threading.Event()
        self._thread = threading.Thread(target=self._run, name="kennel-listen", daemon=True)

    def start(self, timeout: float = READY_WITHIN) -> None:
        """Start, and return once listening: whatever is appended after this returns is heard.
        If the database does not answer within `timeout`, return anyway: the thread goes on
        trying, and reads from where it was made once it connects."""
        self._thread.start()
        if not self._listening.wait(timeout):
            log.warning("store_listen_not_ready", seconds=timeout)

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
        recheck = time.monotonic() + RECHECK_EVERY
        while not self._stopped.is_set():
            unread = [self._shards[channel] for channel in sorted(due)]
            while unread:
                changes, unread = read(connection, unread)
                if changes:
                    self._on_changes(changes)
            self._listening.set()
            # Wait for the first notification, then take those already here without waiting:
            # a busy shard's many commits are then read once, not once each.
            notes = list(connection.notifies(timeout=WAKE_EVERY, stop_after=1))
            if notes:
                notes.extend(connection.notifies(timeout=0))
            due = self._due(notes)
            if time.monotonic() >= recheck:  # a writer killed between commit and NOTIFY
                due, recheck = set(self._shards), time.monotonic() + RECHECK_EVERY

    def _due(self, notes: list[psycopg.Notify]) -> set[str]:
        """The shards to read after these notifications.

        A notification of this process's own commit needs no read when its entries follow the
        last one passed on directly (its hub folded them already): the listener moves past
        them. Anything else, another replica's commit or a gap, is read from the last entry on.
        """
        due: set[str] = set()
        for note in notes:
            shard = self._shards.get(note.channel)
            if shard is None:
                continue
            source, first, last = (note.payload.split(" ") + ["", ""])[:3]
            if source == shard.source and first.isdigit() and last.isdigit():
                if int(last) <= shard.last:
                    continue  # read already
                if int(first) == shard.last + 1:
                    shard.last = int(last)
                    continue
            due.add(note.channel)
        return due
