"""Migration (issue 7): replicas starting together create the schema once, never racing."""

from __future__ import annotations

import threading

import psycopg
from kennel.service.postgres_setup import migrate
from testkit.postgres import fresh_database

STARTERS = 6


def test_migrations_started_together_all_succeed_and_agree() -> None:
    with fresh_database("migrate") as url:
        results: list[int | BaseException] = []
        barrier = threading.Barrier(STARTERS)

        def start() -> None:
            barrier.wait(timeout=10)
            try:
                results.append(migrate(url, 3))
            except BaseException as error:
                results.append(error)

        threads = [threading.Thread(target=start) for _ in range(STARTERS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        assert results == [3] * STARTERS
        with psycopg.connect(url) as connection:
            tables = connection.execute(
                "SELECT table_schema FROM information_schema.tables WHERE table_name = 'kennel_events'"
            ).fetchall()
            assert sorted(schema for (schema,) in tables) == ["kennel_shard_0", "kennel_shard_1", "kennel_shard_2"]
            assert connection.execute("SELECT count(*) FROM kennel.cluster").fetchone() == (1,)
        assert migrate(url) == 3  # a replica started without --shards takes the recorded count
