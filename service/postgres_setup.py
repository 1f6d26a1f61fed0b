"""Setting up a PostgreSQL store: the migration that creates the cluster table and every shard,
once and under an advisory lock, and opening a migrated database's shards (docs/deploy.md).

The shards themselves (the recorder, inserts across shards, the store per shard) are
kennel.service.postgres."""

from __future__ import annotations

from typing import Any

import psycopg
import structlog
from kennel.service.postgres import (
    CLUSTER_SCHEMA,
    DEFAULT_LOCK_TIMEOUT,
    DEFAULT_POOL_SIZE,
    MAX_SHARDS,
    MIGRATE_LOCK,
    SHARD_SCHEMA,
    PostgresAddress,
    PostgresGameStore,
    ShardCountMismatch,
    ShardedStore,
    ShardRecorder,
    StoreUnavailable,
    _env,
)
from kennel.service.storage import (
    GameStore,
    KennelStore,
)
from psycopg import sql

log = structlog.get_logger(__name__)


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
    connection.execute(_insert_across_function(count))
    return count


def _insert_across_function(count: int) -> sql.Composed:
    """`kennel.insert_events`: one transaction over several shards, in one statement, calling
    each shard's insert function in turn, in the order given (ascending), each with its slice of
    the columns. One static call per shard (written for the database's shard count), so that
    PostgreSQL plans each once per session instead of on every call."""
    branch = sql.SQL(
        "WHEN {index} THEN RETURN QUERY SELECT {index}, n FROM {schema}.{function}(ids[first:last], "
        "versions[first:last], topics[first:last], states[first:last], lock_timeout) AS n; "
    )
    branches = sql.SQL("").join(
        branch.format(index=sql.Literal(index), schema=sql.Identifier(SHARD_SCHEMA.format(index)),
                      function=sql.Identifier(ShardRecorder.INSERT_FUNCTION))
        for index in range(count)
    )
    return sql.SQL(
        "CREATE OR REPLACE FUNCTION {cluster}.insert_events(shards int[], counts int[], ids uuid[], "
        "versions bigint[], topics text[], states bytea[], lock_timeout text) "
        "RETURNS TABLE (shard int, notification_id bigint) "
        "LANGUAGE plpgsql AS $BODY$ DECLARE i int; first int := 1; last int; BEGIN "
        "FOR i IN 1 .. array_length(shards, 1) LOOP "
        "last := first + counts[i] - 1; "
        "CASE shards[i] {branches} END CASE; "
        "first := last + 1; "
        "END LOOP; END; $BODY$"
    ).format(cluster=sql.Identifier(CLUSTER_SCHEMA), branches=branches)


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
