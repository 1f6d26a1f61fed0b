"""`kennel serve --workers N` (issue 20): commands/s with 1 and with 2 worker processes on one
port, in one run, over SQLite (one file, the workers polling it) and over PostgreSQL (the
workers as replicas) where a server answers.

The load: Hoarders bots with `inflight` games at once (as the commands section), through 8
channels (8 connections, which the kernel spreads over the workers; each game keeps to one).
Each worker's CPU over the run says how near its one core it came (its ceiling); the load
generator's CPU is reported beside it, since on 2 cores it competes with the workers.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from bench import procs
from bench.sizes import Sizes

GAME = "hoarders"
CHANNELS = 8
WORKER_COUNTS = (1, 2)
# The shortest run and warm-up this section makes, whatever the sizes: with a supervisor, N
# processes and 8 connections to bring up, the smoke test's 0.1 s warm-up and 0.3 s run could
# end before one command was measured on a loaded machine (seen in CI: no commands/s at all).
MIN_SECONDS = 1.0
MIN_WARMUP = 0.5


def _children(pid: int) -> list[int]:
    """The processes `pid` started (the supervisor's workers)."""
    try:
        with open(f"/proc/{pid}/task/{pid}/children", encoding="ascii") as children:
            return [int(child) for child in children.read().split()]
    except OSError:
        return []


def measure(sizes: Sizes, work: Path, workers: int, store: list[str], label: str) -> dict[str, Any]:
    data = work / f"workers-{label}-{workers}"
    server = procs.kennel_server(data, work / f"workers-{label}-{workers}.log", "--workers", str(workers), *store)
    try:
        pids = _children(server.pid) if workers > 1 else [server.pid]
        before = [procs.cpu_seconds(pid) for pid in pids]
        started = time.perf_counter()
        players = sizes.players
        seconds, warmup = max(sizes.seconds, MIN_SECONDS), max(sizes.warmup, MIN_WARMUP)
        result = procs.run_json(
            procs.bench_module("load", "play", "--address", server.address, "--game", GAME, "--players", str(players),
                               "--inflight", str(sizes.inflight), "--channels", str(CHANNELS),
                               "--seconds", str(seconds), "--warmup", str(warmup)),
            timeout=120 + 4 * (seconds + warmup),
        )
        wall = time.perf_counter() - started
        cpu = [round(procs.cpu_seconds(pid) - cpu0, 3) for pid, cpu0 in zip(pids, before, strict=True)]
    finally:
        server.stop()
    command = result.get("command", {})
    return {
        "workers": workers, "commands_per_second": command.get("per_second"), "p50_ms": command.get("p50_ms"),
        "p99_ms": command.get("p99_ms"), "errors": result.get("errors"), "wall_s": round(wall, 3),
        "worker_cpu_s": cpu, "worker_core_share": [round(c / wall, 3) for c in cpu],
        "load_cpu_s": result.get("load_cpu_s"), "channels": CHANNELS, "inflight": sizes.inflight,
    }


def workers(sizes: Sizes, work: Path, source: Path | None = None) -> dict[str, Any]:
    results: dict[str, Any] = {"cores": os.cpu_count(), "game": GAME}
    results["sqlite"] = _pair(sizes, work, [], "sqlite")
    dsn = os.environ.get("KENNEL_BENCH_POSTGRES_DSN") or "postgresql://postgres@127.0.0.1:5432/postgres"
    try:
        import psycopg
        from kennel.service.postgres import scratch_database

        psycopg.connect(dsn, connect_timeout=3).close()
    except Exception as error:  # no server: the PostgreSQL half says why
        results["postgresql"] = {"skipped": f"no PostgreSQL answers at the DSN ({type(error).__name__})"}
        return results
    runs: dict[str, Any] = {}
    for count in WORKER_COUNTS:
        with scratch_database(dsn, "kennel_bench_workers") as url:
            runs[str(count)] = measure(sizes, work, count, ["--store", url], "postgresql")
    results["postgresql"] = _with_ratio(runs)
    return results


def _pair(sizes: Sizes, work: Path, store: list[str], label: str) -> dict[str, Any]:
    return _with_ratio({str(count): measure(sizes, work, count, store, label) for count in WORKER_COUNTS})


def _with_ratio(runs: dict[str, Any]) -> dict[str, Any]:
    one, two = runs["1"]["commands_per_second"], runs["2"]["commands_per_second"]
    return {**runs, "ratio_2_to_1": round(two / one, 3) if one and two else None}
