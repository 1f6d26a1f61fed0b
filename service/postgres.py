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
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import psycopg
import structlog
from eventsourcing.persistence import InterfaceError, OperationalError, StoredEvent
from eventsourcing.postgres import PostgresApplicationRecorder, PostgresDatastore
from eventsourcing.utils import retry
from psycopg import sql

from replay.logformat import Attempt, Record
from service.listener import Followed, StoreListener
from service.storage import (
    ATTEMPT_TOPIC,
    DESK_TOPIC,
    RECORD_TOPIC,
    Append,
    Change,
    Desk,
    GameStore,
    GameSummary,
    KennelStore,
)

log = structlog.get_logger(__name__)

CLUSTER_SCHEMA = "kennel"  # holds the `cluster` table: the shard count, fixed at first migration
SHARD_SCHEMA = "kennel_shard_{}"
MIGRATE_LOCK = 0x6B656E6E656C  # advisory lock key ("kennel" in ASCII), held while migrating
MAX_SHARDS = 64
LISTEN_APPLICATION_NAME = "kennel-listen"  # how pg_stat_activity shows a replica's listening connection
DEFAULT_LOCK_TIMEOUT = 10  # seconds; 0 would wait for ever (the library's default)
DEFAULT_POOL_SIZE = 4  # connections kept per shard; the pool may grow to twice that
CONNECT_TIMEOUT = 5  # seconds
_TOPICS = (RECORD_TOPIC, DESK_TOPIC, ATTEMPT_TOPIC)


class ShardCountMismatch(ValueError):
    """The database was migrated with another shard count than the one asked for."""


class StoreUnavailable(OSError):
    """PostgreSQL did not answer (or refused us) at start."""


@dataclass(frozen=True)
class PostgresAddress:
    """A postgresql:// address, split as the library's settings want it."""

    dbname: str
    host: str
    port: str
    user: str
    password: str

    @classmethod
    def parse(cls, url: str) -> PostgresAddress:
        if not url.startswith(("postgresql://", "postgres://")):
            raise ValueError("a store address is postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE")
        try:
            parts = psycopg.conninfo.conninfo_to_dict(url)
        except psycopg.ProgrammingError:
            raise ValueError("a store address is postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE") from None
        user = str(parts.get("user") or "postgres")
        return cls(
            dbname=str(parts.get("dbname") or user),
            host=str(parts.get("host") or "127.0.0.1"),
            port=str(parts.get("port") or "5432"),
            user=user,
            password=str(parts.get("password") or ""),
        )

    def connect(self, **kwargs: Any) -> psycopg.Connection[Any]:
        return psycopg.connect(
            dbname=self.dbname, host=self.host, port=self.port, user=self.user, password=self.password,
            connect_timeout=CONNECT_TIMEOUT, **kwargs,
        )

    def __str__(self) -> str:
        """For logs and messages: never the password."""
        return f"postgresql://{self.user}@{self.host}:{self.port}/{self.dbname}"


@contextmanager
def scratch_database(admin_url: str, prefix: str) -> Iterator[str]:
    """A new, empty database on `admin_url`'s server, named `prefix` and a random suffix; yields
    its postgresql:// address and drops it afterwards (tests and benchmarks: nothing is kept)."""
    name = f"{prefix}_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield f"{admin_url.rsplit('/', 1)[0]}/{name}"
    finally:
        with psycopg.connect(admin_url, autocommit=True) as admin:
            # FORCE: a killed process's sessions may linger a moment.
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


def shard_of(game_id: uuid.UUID, shards: int) -> int:
    """A game's shard: stable across processes, machines and Python versions (not `hash()`)."""
    return int.from_bytes(hashlib.sha256(game_id.bytes).digest()[:8], "big") % shards


class ShardRecorder(PostgresApplicationRecorder):
    """The library's recorder with two changes.

    A NOTIFY channel per schema: channels are database-wide, and the library names them after
    the table alone, so every shard would wake every listener.

    An insert in one round trip: the library's insert is a transaction of five statements
    (lock timeout, LOCK TABLE, NOTIFY, INSERT, COMMIT) sent as a pipeline that waits twice, and
    costs about 0.6 ms of Python per transaction. Here a function in the shard's schema does the
    same (the same exclusive lock, held to the commit, so notification ids still commit in
    order), called as one statement that commits on its own.
    """

    INSERT_FUNCTION = "kennel_insert_events"

    def __init__(self, datastore: PostgresDatastore, *, events_table_name: str = "stored_events") -> None:
        super().__init__(datastore, events_table_name=events_table_name)
        self.channel_name = f"{datastore.schema}_{self.channel_name}"
        # Names this handle's commits in their notifications, so that its own listener need not
        # read back what it wrote (service.listener).
        self.source = uuid.uuid4().hex
        schema, function = sql.Identifier(datastore.schema), sql.Identifier(self.INSERT_FUNCTION)
        # Created (or replaced) by every migration, with the library's own tables and types.
        self.sql_create_statements.append(
            sql.SQL(
                "CREATE OR REPLACE FUNCTION {schema}.{function}"
                "(events {schema}.{event}[], lock_timeout text, source text) "
                "RETURNS SETOF bigint LANGUAGE plpgsql AS $BODY$ DECLARE ids bigint[]; BEGIN "
                "PERFORM set_config('lock_timeout', lock_timeout, true); "
                "LOCK TABLE {schema}.{table} IN EXCLUSIVE MODE; "
                "WITH inserted AS (INSERT INTO {schema}.{table} (originator_id, originator_version, topic, state) "
                "SELECT e.originator_id, e.originator_version, e.topic, e.state FROM unnest(events) AS e "
                "RETURNING notification_id) "
                "SELECT array_agg(notification_id ORDER BY notification_id) INTO ids FROM inserted; "
                # The payload: who wrote, and the last notification id written.
                "PERFORM pg_notify({channel}, source || ' ' || ids[array_upper(ids, 1)]); "
                "RETURN QUERY SELECT unnest(ids); "
                "END; $BODY$"
            ).format(
                schema=schema, function=function, event=sql.Identifier(self.stored_event_type_name),
                table=sql.Identifier(self.events_table_name), channel=sql.Literal(self.channel_name),
            )
        )
        self._insert = sql.SQL("SELECT * FROM {}.{}(%s, %s, %s)").format(schema, function)
        self._lock_timeout = f"{datastore.lock_timeout}s"

    @retry((InterfaceError, OperationalError), max_attempts=10, wait=0.2)
    def insert_events(self, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Sequence[int] | None:
        if not stored_events:
            return []
        events = [
            self.construct_pg_stored_event(e.originator_id, e.originator_version, e.topic, e.state)
            for e in stored_events
        ]
        with self.datastore.get_connection() as connection, connection.cursor() as cursor:
            cursor.execute(self._insert, (events, self._lock_timeout, self.source), prepare=True)
            return [row[self.INSERT_FUNCTION] for row in cursor.fetchall()]


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
        "POSTGRES_PRE_PING": "y",  # a connection broken by a database restart is replaced, not used
        "CREATE_TABLE": "y" if create else "n",
    }


def migrate(url: str, shards: int | None = None, lock_timeout: int = DEFAULT_LOCK_TIMEOUT) -> int:
    """Create the cluster table and every shard's schema and tables, once; returns the shard count.

    `shards` None takes the recorded count (1 on a new database). Raises ShardCountMismatch if
    the database was migrated with another count.
    """
    if shards is not None and not 1 <= shards <= MAX_SHARDS:
        raise ValueError(f"shards must be 1 to {MAX_SHARDS}, not {shards}")
    address = PostgresAddress.parse(url)
    try:
        with address.connect(autocommit=True) as connection:
            connection.execute(sql.SQL("SET lock_timeout = {}").format(sql.Literal(f"{lock_timeout}s")))
            connection.execute("SELECT pg_advisory_lock(%s)", (MIGRATE_LOCK,))
            try:
                count = _migrate_locked(connection, address, shards, lock_timeout)
            finally:
                connection.execute("SELECT pg_advisory_unlock(%s)", (MIGRATE_LOCK,))
    except psycopg.OperationalError as error:  # unreachable, refused, or the lock timed out
        raise StoreUnavailable(f"cannot migrate {address}: {str(error).strip()}") from error
    return count


def _migrate_locked(
    connection: psycopg.Connection[Any], address: PostgresAddress, shards: int | None, lock_timeout: int
) -> int:
    schema = sql.Identifier(CLUSTER_SCHEMA)
    connection.execute(sql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(schema))
    connection.execute(
        sql.SQL(
            "CREATE TABLE IF NOT EXISTS {}.cluster (one boolean PRIMARY KEY DEFAULT true CHECK (one), "
            "shards integer NOT NULL, created timestamptz NOT NULL DEFAULT now())"
        ).format(schema)
    )
    row = connection.execute(sql.SQL("SELECT shards FROM {}.cluster").format(schema)).fetchone()
    if row is None:
        count = shards or 1
        connection.execute(sql.SQL("INSERT INTO {}.cluster (shards) VALUES (%s)").format(schema), (count,))
        log.info("store_migrated", store=str(address), shards=count)
    else:
        count = int(row[0])
        if shards is not None and shards != count:
            raise ShardCountMismatch(
                f"{address} holds {count} shard(s), not {shards}: a game's shard is fixed when it is "
                "created, so the count cannot change (docs/deploy.md, 'Shards')"
            )
    for index in range(count):
        name = SHARD_SCHEMA.format(index)
        connection.execute(sql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(sql.Identifier(name)))
        # The library creates the table, its index and types (IF NOT EXISTS), under our lock.
        KennelStore(env=_env(address, name, lock_timeout, 1, create=True)).close()
    return count


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

    def followed(self) -> Followed:
        """This shard, for a listener to follow from its newest entry now."""
        recorder: ShardRecorder = self._recorder  # type: ignore[assignment]
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

    def shard(self, game_id: uuid.UUID) -> GameStore:
        return self.shards[shard_of(game_id, len(self.shards))]

    def listen(self, on_changes: Callable[[list[Change]], None]) -> None:
        if self._listener is not None:
            raise RuntimeError("this store already has a listener")
        self._listener = listen_to(self.shards, on_changes)

    def close(self) -> None:
        if self._listener is not None:
            self._listener.stop()
        for shard in self.shards:
            shard.close()

    def pragmas(self) -> dict[str, Any]:
        raise NotImplementedError("SQLite pragmas: this store is PostgreSQL")

    def append(
        self, game_id: uuid.UUID, records: Sequence[Record], desk_version: int,
        desk_entries: Sequence[dict[str, Any]] = (),
    ) -> None:
        self.shard(game_id).append(game_id, records, desk_version, desk_entries)

    def append_many(self, appends: Sequence[Append]) -> None:
        """All or none holds within one shard only: service.appender batches per shard."""
        stores = {id(self.shard(a.game_id)) for a in appends}
        if len(stores) > 1:
            raise ValueError("one transaction cannot span shards: append to each shard on its own")
        if appends:
            self.shard(appends[0].game_id).append_many(appends)

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


def open_postgres(
    url: str, shards: int | None = None, lock_timeout: int = DEFAULT_LOCK_TIMEOUT,
    pool_size: int = DEFAULT_POOL_SIZE,
) -> GameStore:
    """Migrate (once, under the advisory lock), then open every shard of the database."""
    count = migrate(url, shards, lock_timeout)
    address = PostgresAddress.parse(url)
    opened: list[PostgresGameStore] = []
    try:
        for index in range(count):
            opened.append(PostgresGameStore(address, SHARD_SCHEMA.format(index), lock_timeout, pool_size))
    except BaseException:
        for store in opened:
            store.close()
        raise
    if count == 1:
        return opened[0]
    return ShardedStore(opened, location=f"{address} ({count} shards)")
