"""The PostgreSQL store: several replicas on one database, games partitioned across shards.

Each shard is one eventsourcing application ("Kennel") in its own schema (`kennel_shard_<i>`),
so each has its own events table and its own insert lock: the library takes an exclusive lock
on an application's table for every insert (it keeps notification order), so write throughput
grows with shards, not with replicas. A game's shard is a stable hash of its id modulo the
shard count, and the shard count is written once into `kennel.cluster` by the first migration:
every replica reads it from there, so a game stays in the shard it was created in. A replica
asked for another count refuses to start (re-sharding would move games, and is not supported).

Migration (schemas and tables) runs under a PostgreSQL advisory lock, bounded by the lock
timeout, so replicas starting together never race creating them; `kennel migrate` runs it on
its own, and `kennel serve` runs it on start (a no-op once done). docs/deploy.md has the rest.
"""

from __future__ import annotations

import hashlib
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

import psycopg
import structlog
from eventsourcing.persistence import (
    IntegrityError,
    InterfaceError,
    Notification,
    OperationalError,
    StoredEvent,
)
from eventsourcing.postgres import PostgresApplicationRecorder, PostgresDatastore
from kennel.replay.logformat import Attempt, Record
from kennel.service.inflight import InFlight
from kennel.service.listener import Followed, StoreListener
from kennel.service.postgres_address import CONNECT_TIMEOUT, PostgresAddress, scratch_database  # noqa: F401 - re-exported
from kennel.service.storage import (
    Append,
    Change,
    Desk,
    GameStore,
    GameSummary,
    VersionConflict,
    stored_events,
)
from psycopg import sql

log = structlog.get_logger(__name__)
T = TypeVar("T")

CLUSTER_SCHEMA = "kennel"  # holds the `cluster` table: the shard count, fixed at first migration
SHARD_SCHEMA = "kennel_shard_{}"
MIGRATE_LOCK = 0x6B656E6E656C  # advisory lock key ("kennel" in ASCII), held while migrating
MAX_SHARDS = 64
LISTEN_APPLICATION_NAME = "kennel-listen"  # how pg_stat_activity shows a replica's listening connection
DEFAULT_LOCK_TIMEOUT = 10  # seconds; 0 would wait for ever (the library's default)
DEFAULT_POOL_SIZE = 4  # connections kept per shard; the pool may grow to twice that


class ShardCountMismatch(ValueError):
    """The database was migrated with another shard count than the one asked for."""


class StoreUnavailable(OSError):
    """PostgreSQL did not answer (or refused us) at start."""


def shard_of(game_id: uuid.UUID, shards: int) -> int:
    """A game's shard: stable across processes, machines and Python versions (not `hash()`)."""
    return int.from_bytes(hashlib.sha256(game_id.bytes).digest()[:8], "big") % shards


RETRY_WAITS = (0.0, 0.05, 0.1, 0.2, 0.4, 0.5, 0.5, 0.5, 0.5)  # seconds before each retry: 2.75 s in all


def recovering(datastore: PostgresDatastore, call: Callable[[], T]) -> T:
    """`call`, tried again while the database connection fails, after dropping every broken
    connection the pool holds.

    A database restart (or failover) breaks every pooled connection at once. The library's
    answer, a check before each use (pre-ping) and a fixed 0.2 s wait between its retries,
    stalled the first call after a restart for 5 s (the pool checks its connections one by one
    with a growing back-off) or 0.2 s per broken connection without the check. Here one failure
    has the pool test all its idle connections at once (`ConnectionPool.check`), and the call is
    tried again at once. A lock that timed out is not a broken connection and is not retried:
    waiting the lock timeout again would only make the caller wait longer for the same answer.
    """
    for wait in (*RETRY_WAITS, None):
        try:
            return call()
        except (InterfaceError, OperationalError) as error:
            if wait is None or isinstance(error.__cause__, psycopg.errors.LockNotAvailable):
                raise
            log.info("store_reconnecting", error=repr(error), retry_in=wait)
            datastore.pool.check()
            time.sleep(wait)
    raise AssertionError("unreachable: the last attempt raises")


class ShardRecorder(PostgresApplicationRecorder):
    """The library's recorder, changed where shards and replicas need it.

    - A NOTIFY channel per schema: channels are database-wide, and the library names them after
      the table alone, so every shard would wake every listener.
    - An insert in one statement: a function in the shard's schema takes the same exclusive
      table lock the library takes (held to the commit, so notification ids commit in order)
      and inserts, in one round trip that commits on its own. The library's insert is a
      pipelined transaction of five statements that waits twice (about 0.6 ms of Python each).
    - The NOTIFY after the commit, in a transaction of its own: PostgreSQL serialises every
      committing transaction that notified, across the whole server, until its commit is on
      disk (the lock "database 0" in async.c), so a NOTIFY inside each insert lets no two
      shards commit at once. Measured with pgbench on the insert alone: 4 shards did 1.05
      times the transactions of 1 with the NOTIFY inside, 1.92 times without.

    The notification's payload says who wrote and which notification ids ("<source> <first>
    <last>"), so a process's own listener need not read back what it wrote (kennel.service.listener).
    A process killed between its commit and its NOTIFY leaves the entries stored but not
    announced: listeners also read every shard now and then (kennel.service.listener.RECHECK_EVERY).
    """

    INSERT_FUNCTION = "kennel_insert_events"

    def __init__(self, datastore: PostgresDatastore, *, events_table_name: str = "stored_events") -> None:
        super().__init__(datastore, events_table_name=events_table_name)
        self.channel_name = f"{datastore.schema}_{self.channel_name}"
        self.source = uuid.uuid4().hex  # names this handle's commits in their notifications
        schema, function = sql.Identifier(datastore.schema), sql.Identifier(self.INSERT_FUNCTION)
        id_type = sql.Identifier(datastore.originator_id_type)
        # Created (or replaced) by every migration, with the library's own tables and types.
        self.sql_create_statements.append(
            sql.SQL(
                "CREATE OR REPLACE FUNCTION {schema}.{function}"
                "(ids {id_type}[], versions bigint[], topics text[], states bytea[], lock_timeout text) "
                "RETURNS SETOF bigint LANGUAGE plpgsql AS $BODY$ BEGIN "
                "PERFORM set_config('lock_timeout', lock_timeout, true); "
                "LOCK TABLE {schema}.{table} IN EXCLUSIVE MODE; "
                "RETURN QUERY INSERT INTO {schema}.{table} (originator_id, originator_version, topic, state) "
                "SELECT * FROM unnest(ids, versions, topics, states) RETURNING notification_id; "
                "END; $BODY$"
            ).format(schema=schema, function=function, id_type=id_type, table=sql.Identifier(self.events_table_name))
        )
        self._insert = sql.SQL("SELECT * FROM {}.{}(%s::{}[], %s::bigint[], %s::text[], %s::bytea[], %s)").format(
            schema, function, id_type
        )
        self.lock_timeout = f"{datastore.lock_timeout}s"

    def insert_events(self, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Sequence[int] | None:
        return insert_across([(-1, self, stored_events)])[0] if stored_events else []  # one shard: its own function

    # The library's reads, without its own retry (10 tries, 0.2 s apart), through `recovering`.
    def select_events(self, originator_id: uuid.UUID | str, **kwargs: Any) -> Sequence[StoredEvent]:
        read = PostgresApplicationRecorder.select_events.__wrapped__  # type: ignore[attr-defined]
        return recovering(self.datastore, lambda: read(self, originator_id, **kwargs))

    def select_notifications(self, start: int | None, limit: int, *args: Any, **kwargs: Any) -> Sequence[Notification]:
        read = PostgresApplicationRecorder.select_notifications.__wrapped__  # type: ignore[attr-defined]
        return recovering(self.datastore, lambda: read(self, start, limit, *args, **kwargs))

    def max_notification_id(self) -> int | None:
        read = PostgresApplicationRecorder.max_notification_id.__wrapped__  # type: ignore[attr-defined]
        return recovering(self.datastore, lambda: read(self))

    def insertion(self, stored_events: Sequence[StoredEvent]) -> tuple[sql.Composed, tuple[Any, ...]]:
        """The statement and parameters that insert these entries into this shard's table."""
        columns = (
            [e.originator_id for e in stored_events], [e.originator_version for e in stored_events],
            [e.topic for e in stored_events], [e.state for e in stored_events], self.lock_timeout,
        )
        return self._insert, columns

    def notification(self, ids: Sequence[int]) -> tuple[str, str]:
        """The channel and payload that announce these newly committed notification ids."""
        return self.channel_name, f"{self.source} {min(ids)} {max(ids)}"


def _announce(connection: psycopg.Connection[Any], notifications: Sequence[tuple[str, str]]) -> None:
    """NOTIFY after the commit, one statement for every shard written. Failing here loses
    nothing (the entries are stored, and listeners read every shard now and then), so it is
    logged, not raised: the append succeeded, and raising would make it be written again."""
    if not notifications:
        return
    statement = "SELECT " + ", ".join(["pg_notify(%s, %s)"] * len(notifications))
    try:
        connection.execute(statement, [part for pair in notifications for part in pair], prepare=True)
    except psycopg.Error as error:
        log.warning("store_notify_failed", channels=[c for c, _ in notifications], error=repr(error))


def insert_across(parts: Sequence[tuple[int, ShardRecorder, Sequence[StoredEvent]]]) -> list[list[int]]:
    """Insert into one or more shards (index, recorder, entries) of one database in one
    transaction; returns the notification ids given, per part. Parts must be in ascending
    shard order: each insert locks its shard's table until the commit, and two transactions
    that lock tables in the same order never wait for each other in a cycle.

    One statement either way (a shard's insert function, or `kennel.insert_events` calling
    each in turn), which commits by itself; then one NOTIFY statement. Raises the library's
    IntegrityError (a version already taken) and leaves nothing stored.
    """
    datastore = parts[0][1].datastore
    return recovering(datastore, lambda: _insert_across(datastore, parts))


def _insert_across(
    datastore: PostgresDatastore, parts: Sequence[tuple[int, ShardRecorder, Sequence[StoredEvent]]]
) -> list[list[int]]:
    with datastore.get_connection() as connection:
        if len(parts) == 1:
            _, recorder, events = parts[0]
            ids = [_ids(connection.execute(*recorder.insertion(events), prepare=True))]
        else:
            every = [event for _, _, events in parts for event in events]
            rows = connection.execute(_INSERT_ACROSS, (
                [index for index, _, _ in parts], [len(events) for _, _, events in parts],
                [e.originator_id for e in every], [e.originator_version for e in every],
                [e.topic for e in every], [e.state for e in every], parts[0][1].lock_timeout,
            ), prepare=True).fetchall()
            by_shard: dict[int, list[int]] = {index: [] for index, _, _ in parts}
            for row in rows:
                by_shard[row["shard"]].append(row["notification_id"])
            ids = [by_shard[index] for index, _, _ in parts]
        _announce(connection, [recorder.notification(given) for (_, recorder, _), given in zip(parts, ids, strict=True)
                               if given])
    return ids


def _ids(cursor: psycopg.Cursor[Any]) -> list[int]:
    return [row[ShardRecorder.INSERT_FUNCTION] for row in cursor.fetchall()]  # the pool's rows are dicts


def _env(
    address: PostgresAddress, schema: str, lock_timeout: int, pool_size: int, create: bool
) -> dict[str, str]:
    return {
        "PERSISTENCE_MODULE": "eventsourcing.postgres",
        "APPLICATION_RECORDER_TOPIC": f"{__name__}:{ShardRecorder.__qualname__}",
        "POSTGRES_DBNAME": address.dbname,
        "POSTGRES_HOST": address.host,
        "POSTGRES_PORT": address.port,
        "POSTGRES_USER": address.user,
        "POSTGRES_PASSWORD": address.password,
        "POSTGRES_SCHEMA": schema,
        "POSTGRES_LOCK_TIMEOUT": str(lock_timeout),
        "POSTGRES_CONNECT_TIMEOUT": str(CONNECT_TIMEOUT),
        "POSTGRES_POOL_SIZE": str(pool_size),
        "POSTGRES_MAX_OVERFLOW": str(pool_size),
        "POSTGRES_PRE_PING": "n",  # broken connections are dropped all at once instead (`recovering`)
        "CREATE_TABLE": "y" if create else "n",
    }


_INSERT_ACROSS = sql.SQL(
    "SELECT * FROM {}.insert_events(%s::int[], %s::int[], %s::uuid[], %s::bigint[], %s::text[], %s::bytea[], %s)"
).format(sql.Identifier(CLUSTER_SCHEMA))


class PostgresGameStore(GameStore):
    """One shard: the SQLite store's interface, on a schema of a PostgreSQL database, shared by
    every replica; `listen` follows what any replica appends (LISTEN/NOTIFY)."""

    shared = True

    def __init__(self, address: PostgresAddress, schema: str, lock_timeout: int, pool_size: int) -> None:
        env = _env(address, schema, lock_timeout, pool_size, create=False)
        super().__init__(env, location=f"{address} {schema}")
        self.schema = schema
        self.address = address
        self._listener: StoreListener | None = None

    def listen(self, on_changes: Callable[[list[Change]], None]) -> None:
        if self._listener is not None:
            raise RuntimeError("this store already has a listener")
        self._listener = listen_to([self], on_changes)

    @property
    def recorder(self) -> ShardRecorder:
        return self._recorder  # type: ignore[return-value]

    def followed(self) -> Followed:
        """This shard, for a listener to follow from its newest entry now."""
        recorder = self.recorder
        return Followed(self.schema, recorder.events_table_name, recorder.channel_name, recorder.source,
                        last=recorder.max_notification_id() or 0)

    def close(self) -> None:
        if self._listener is not None:
            self._listener.stop()
        super().close()

    def pragmas(self) -> dict[str, Any]:
        raise NotImplementedError("SQLite pragmas: this store is PostgreSQL")


def listen_to(
    shards: Sequence[PostgresGameStore], on_changes: Callable[[list[Change]], None]
) -> StoreListener:
    """One listener (one connection, one thread) for every shard of a process's store."""
    address = shards[0].address
    listener = StoreListener(
        lambda: address.connect(autocommit=True, application_name=LISTEN_APPLICATION_NAME),
        [s.followed() for s in shards], on_changes,
    )
    listener.start()
    return listener


class ShardedStore(GameStore):
    """Several shards behind the one store interface; each call goes to its game's shard."""

    shared = True

    def __init__(self, shards: Sequence[PostgresGameStore], location: str) -> None:
        # No application of its own: every call is routed to a shard (which has one).
        self.shards = list(shards)
        self.location = location
        self._listener: StoreListener | None = None
        self.in_flight = InFlight()  # its own calls across shards (each shard counts its own)

    def shard(self, game_id: uuid.UUID) -> GameStore:
        return self.shards[shard_of(game_id, len(self.shards))]

    def listen(self, on_changes: Callable[[list[Change]], None]) -> None:
        if self._listener is not None:
            raise RuntimeError("this store already has a listener")
        self._listener = listen_to(self.shards, on_changes)

    def close(self) -> None:
        if self._listener is not None:
            self._listener.stop()
        self.in_flight.settle()  # each shard waits for its own calls as it closes
        for shard in self.shards:
            shard.close()

    def pragmas(self) -> dict[str, Any]:
        raise NotImplementedError("SQLite pragmas: this store is PostgreSQL")

    def append_many(self, appends: Sequence[Append], before_commit: Callable[[], None] | None = None) -> None:
        """All or none, across shards: one transaction that locks the tables of the shards it
        touches (only those), in shard order. A process's batch then costs one transaction
        however many shards it spans, while batches of other replicas that touch other shards
        commit alongside. `before_commit` is called before the write (GameStore.append_many)."""
        if before_commit is not None:
            before_commit()
        by_shard: dict[int, list[Append]] = {}
        for append in appends:
            by_shard.setdefault(shard_of(append.game_id, len(self.shards)), []).append(append)
        parts = [(index, self.shards[index].recorder, stored_events(by_shard[index])) for index in sorted(by_shard)]
        try:
            with self.in_flight.call():
                insert_across(parts)
        except IntegrityError as error:
            raise VersionConflict(", ".join(str(a.game_id) for a in appends)) from error

    def append_attempt(self, game_id: uuid.UUID, number: int, attempt: Attempt) -> None:
        self.shard(game_id).append_attempt(game_id, number, attempt)

    def read_attempts(self, game_id: uuid.UUID) -> list[Attempt]:
        return self.shard(game_id).read_attempts(game_id)

    def read_records(self, game_id: uuid.UUID, after: int = 0) -> list[Record]:
        return self.shard(game_id).read_records(game_id, after)

    def read_desk(self, game_id: uuid.UUID) -> Desk:
        return self.shard(game_id).read_desk(game_id)

    def summaries(self, page: int = 1000) -> Iterator[GameSummary]:
        for shard in self.shards:
            yield from shard.summaries(page)
