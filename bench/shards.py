"""Write throughput of the PostgreSQL store with 1 shard and with 4 (issue 7).

Commands per second decided and appended through `GameHub` (decide -> append -> fold, as the
servicer does, without gRPC), by `concurrency` bots each playing Hoarders games back to back, for
a fixed time, on a new database per measurement that is dropped afterwards. With `processes` > 1
that many processes (like replicas, each its own hub) run `concurrency` bots each, on one database.

    python -m bench.shards [--dsn postgresql://postgres@127.0.0.1:5432/postgres] [--seconds 10]
                           [--concurrency 16] [--processes 1]

prints JSON: {"1": {...}, "4": {...}, "ratio_4_to_1": ...}. Each insert into one shard's table
takes that table's lock (docs/deploy.md, "Shards"), so with one shard appends to different
games still queue behind each other; with four they spread over four tables.

`database_only` measures the same inserts without Kennel's Python in the way: pgbench clients
(C, from PostgreSQL's client tools) calling each shard's insert function then NOTIFY, as
ShardRecorder does, one small append at a time, spread evenly over the shards: what the database allows one shard and four when
replicas have cores of their own.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import random
import re
import shutil
import subprocess
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from kennel.domain.core import table as tables
from kennel.domain.core.undo import ProposeUndo
from kennel.service.appender import Appender
from kennel.service.games import GameHub
from kennel.service.logs import configure
from kennel.service.postgres import SHARD_SCHEMA, ShardRecorder, scratch_database
from kennel.service.postgres_setup import migrate, open_postgres

DEFAULT_DSN = "postgresql://postgres@127.0.0.1:5432/postgres"
GAME = "hoarders"


async def _bot(hub: GameHub, rnd: random.Random, deadline: float, counts: list[int]) -> None:
    live = (await hub.create(GAME, None, ["a", "b"]))[0]
    while time.monotonic() < deadline:
        table = live.table
        if table.ended is not None:
            counts[1] += 1
            live = (await hub.create(GAME, None, ["a", "b"]))[0]
            continue
        owing = [prompt.seat for prompt in table.pending()]
        for seat in [*owing, *(s for s in range(len(table.seats)) if s not in owing)]:
            legal = [c for c in tables.legal_commands(table, seat) if not isinstance(c, ProposeUndo)]
            if legal:
                await hub.submit(live, seat, uuid.uuid4().hex, rnd.choice(legal))
                counts[0] += 1
                break
        else:
            raise RuntimeError("nobody may act and the game is not over")


async def _run(
    dsn: str, shards: int, seconds: float, concurrency: int, pool_size: int, group_commit: bool = True
) -> dict[str, Any]:
    store = await asyncio.to_thread(open_postgres, dsn, shards, pool_size=pool_size)
    try:
        # Without group commit every command is its own transaction, as with the library alone:
        # the shard's insert lock is then what more shards relieve.
        appender = Appender(store) if group_commit else Appender(store, max_batch=1)
        hub = GameHub(store, Ed25519PrivateKey.generate(), appender)
        await hub.start()
        counts = [0, 0]  # commands, games finished
        started = time.monotonic()
        deadline = started + seconds
        await asyncio.gather(*(_bot(hub, random.Random(i), deadline, counts) for i in range(concurrency)))
        elapsed = time.monotonic() - started
    finally:
        await asyncio.to_thread(store.close)
    return {
        "shards": shards, "processes": 1, "concurrency": concurrency, "group_commit": group_commit,
        "seconds": round(elapsed, 2),
        "commands": counts[0],
        "games_finished": counts[1], "commands_per_second": round(counts[0] / elapsed, 1),
    }


def _run_in_process(
    url: str, shards: int, seconds: float, concurrency: int, pool_size: int, group_commit: bool
) -> dict[str, Any]:
    configure("json", level=logging.WARNING)
    return asyncio.run(_run(url, shards, seconds, concurrency, pool_size, group_commit))


def measure(
    dsn: str, shards: int, seconds: float = 10.0, concurrency: int = 16, processes: int = 1, pool_size: int = 8,
    group_commit: bool = True,
) -> dict[str, Any]:
    """Commands/s through GameHub on a new database (made from `dsn`'s server and dropped after)."""
    with scratch_database(dsn, "kennel_bench") as url:
        if processes == 1:
            return asyncio.run(_run(url, shards, seconds, concurrency, pool_size, group_commit))
        import multiprocessing

        migrate(url, shards)  # once, before the processes start
        with multiprocessing.get_context("spawn").Pool(processes) as pool:
            parts = pool.starmap(
                _run_in_process, [(url, shards, seconds, concurrency, pool_size, group_commit)] * processes
            )
    elapsed = max(part["seconds"] for part in parts)
    commands = sum(part["commands"] for part in parts)
    return {
        "shards": shards, "processes": processes, "concurrency": concurrency * processes,
        "group_commit": group_commit, "seconds": elapsed,
        "commands": commands, "games_finished": sum(part["games_finished"] for part in parts),
        "commands_per_second": round(commands / elapsed, 1),
    }


def database_only(dsn: str, shards: int, seconds: float = 8.0, clients: int = 16) -> dict[str, Any]:
    """Transactions/s of pgbench clients calling the shards' insert function (one append of one
    entry each, to a new stream), on a new database dropped afterwards. Raises FileNotFoundError
    when pgbench is not installed."""
    pgbench = shutil.which("pgbench")
    if pgbench is None:
        raise FileNotFoundError("pgbench (PostgreSQL's client tools) is not installed")
    with scratch_database(dsn, "kennel_bench") as url, tempfile.TemporaryDirectory() as folder:
        migrate(url, shards)
        scripts: list[str] = []
        for index in range(shards):
            schema = SHARD_SCHEMA.format(index)
            script = Path(folder) / f"{schema}.sql"
            # What ShardRecorder.insert_events sends: one entry to a new stream, then the NOTIFY.
            script.write_text(
                f"SELECT count(*) FROM {schema}.{ShardRecorder.INSERT_FUNCTION}(ARRAY[gen_random_uuid()], "
                f"ARRAY[1::bigint], ARRAY['kennel.Record'], ARRAY['\\x00'::bytea], '10s');\n"
                f"SELECT pg_notify('{schema}_kennel_events', 'pgbench');\n",
                encoding="utf-8",
            )
            scripts += ["-f", f"{script}@1"]
        done = subprocess.run(
            [pgbench, "--no-vacuum", "--protocol=prepared", f"--client={clients}", "--jobs=2",
             f"--time={max(1, round(seconds))}", *scripts, url],
            capture_output=True, text=True, timeout=seconds + 60, check=True,
        )
    found = re.search(r"tps = ([\d.]+)", done.stdout)
    if found is None:
        raise RuntimeError(f"pgbench printed no tps: {done.stdout[-500:]}")
    return {"shards": shards, "clients": clients, "seconds": seconds,
            "transactions_per_second": round(float(found.group(1)), 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.shards", description=__doc__.split("\n\n")[0])
    parser.add_argument("--dsn", default=DEFAULT_DSN, help="a database on the server to use (new ones are made)")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--concurrency", type=int, default=16, help="bots playing at once (per process)")
    parser.add_argument("--processes", type=int, default=1, help="processes on one database, like replicas")
    args = parser.parse_args(argv)
    configure("json", level=logging.WARNING)  # stdout is for the JSON figures
    one = measure(args.dsn, 1, args.seconds, args.concurrency, args.processes)
    four = measure(args.dsn, 4, args.seconds, args.concurrency, args.processes)
    print(json.dumps({"1": one, "4": four,
                      "ratio_4_to_1": round(four["commands_per_second"] / max(one["commands_per_second"], 1e-9), 2)},
                     indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
