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
import threading
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import psycopg
import structlog
from eventsourcing.postgres import PostgresApplicationRecorder, PostgresDatastore
from psycopg import sql

from replay.logformat import Attempt, Record
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
DEFAULT_LOCK_TIMEOUT = 10  # seconds; 0 would wait for ever (the library's default)
DEFAULT_POOL_SIZE = 4  # connections kept per shard; the pool may grow to twice that
CONNECT_TIMEOUT = 5  # seconds
RESUBSCRIBE_AFTER = 1.0  # seconds after a broken subscription before listening again
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
    """The library's recorder, with a NOTIFY channel per schema: channels are database-wide, and
    the library names them after the table alone, so every shard would wake every listener."""

    def __init__(self, datastore: PostgresDatastore, *, events_table_name: str = "stored_events") -> None:
        super().__init__(datastore, events_table_name=events_table_name)
        self.channel_name = f"{datastore.schema}_{self.channel_name}"


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
        self._listener: _Listener | None = None

    def listen(self, on_change: Callable[[Change], None]) -> None:
        if self._listener is not None:
            raise RuntimeError("this store already has a listener")
        self._listener = _Listener(self._recorder, self.schema, on_change)  # type: ignore[arg-type]
        self._listener.start()

    def close(self) -> None:
        if self._listener is not None:
            self._listener.stop()
        super().close()

    def pragmas(self) -> dict[str, Any]:
        raise NotImplementedError("SQLite pragmas: this store is PostgreSQL")


class _Listener:
    """One subscription per shard and process, on its own thread, for the hub to fan out.

    It starts after the newest entry stored now; if the database connection breaks, it
    subscribes again after the last entry it passed on, so nothing is skipped.
    """

    def __init__(
        self, recorder: PostgresApplicationRecorder, schema: str, on_change: Callable[[Change], None]
    ) -> None:
        self._recorder = recorder
        self._schema = schema
        self._on_change = on_change
        self._last = recorder.max_notification_id() or 0
        self._stopped = threading.Event()
        self._lock = threading.Lock()
        self._subscription: Any = None
        self._thread = threading.Thread(target=self._run, name=f"kennel-listen-{schema}", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        with self._lock:
            self._stopped.set()
            if self._subscription is not None:
                self._subscription.stop()
        self._thread.join(timeout=10)

    def _run(self) -> None:
        while not self._stopped.is_set():
            try:
                with self._lock:
                    if self._stopped.is_set():
                        return
                    self._subscription = self._recorder.subscribe(gt=self._last, topics=_TOPICS)
                with self._subscription as subscription:
                    for notification in subscription:
                        self._on_change(
                            Change(notification.originator_id, notification.originator_version,
                                   notification.topic, notification.state)
                        )
                        self._last = notification.id
            except Exception as error:  # the database went away: say so, and listen again
                log.warning("store_listen_failed", shard=self._schema, after=self._last, error=repr(error))
                self._stopped.wait(RESUBSCRIBE_AFTER)


class ShardedStore(GameStore):
    """Several shards behind the one store interface; each call goes to its game's shard."""

    shared = True

    def __init__(self, shards: Sequence[GameStore], location: str) -> None:
        # No application of its own: every call is routed to a shard (which has one).
        self.shards = list(shards)
        self.location = location

    def shard(self, game_id: uuid.UUID) -> GameStore:
        return self.shards[shard_of(game_id, len(self.shards))]

    def listen(self, on_change: Callable[[Change], None]) -> None:
        for shard in self.shards:
            shard.listen(on_change)

    def close(self) -> None:
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
    opened: list[GameStore] = []
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
