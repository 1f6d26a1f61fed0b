"""What this machine allows at best, measured in the same run as the targets: the durable flush
of the disk the servers write to, and from it the lowest sequential ratio any durable server
could read here.

A command is acknowledged only once its events are durable, so a sequential command's round
trip is at least the echo's round trip plus one flush of the store's write-ahead log
(`fdatasync`, as SQLite's `synchronous=FULL` makes at every commit). On a virtual disk that
flush costs very different amounts depending on what came just before: back to back it can be
tens of microseconds, after the disk sat idle for half a millisecond (the rhythm of one client
waiting for each answer) ten times as much. Both are measured here, in the bench's own work
folder (the disk the servers' data folders are on): an 8 KiB write into space already allocated
(SQLite reuses its WAL file), then `fdatasync`, timed alone.

    python -m bench --only baseline,floors

The report then states the sequential floor: (echo p50 + flush after idle p50) / echo p50.
Where that is above the goal of 2, no durable server reaches the goal on this machine. A small
SQLite commit of the same kind (WAL, `synchronous=FULL`) is timed too, both ways: the flush with
SQLite's own work around it, as Kennel's store pays it.
"""

from __future__ import annotations

import itertools
import os
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.sizes import Sizes
from bench.stats import percentile

PAGE = 8192  # two 4 KiB pages: what a small command's commit appends to SQLite's WAL
IDLE_S = 0.0005  # the gap between commits of one client waiting for each answer (about a round trip)


def durable_flush(folder: Path, flushes: int, idle_s: float = IDLE_S) -> dict[str, Any]:
    """Microseconds an 8 KiB write's `fdatasync` takes in `folder`, back to back and after
    `idle_s` of idleness: p50 and p90 of `flushes` each. The scratch file is removed."""
    path = folder / "flush-probe.bin"
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        os.write(descriptor, bytes(PAGE * (flushes + 1)))  # allocated before timing: overwritten, not grown
        os.fsync(descriptor)
        payload = os.urandom(PAGE)
        return {
            "page_bytes": PAGE,
            "flushes": flushes,
            "idle_ms": round(idle_s * 1000, 3),
            "back_to_back_us": _timed_flushes(descriptor, payload, flushes, 0.0),
            "after_idle_us": _timed_flushes(descriptor, payload, flushes, idle_s),
        }
    finally:
        os.close(descriptor)
        path.unlink()


def _timed_flushes(descriptor: int, payload: bytes, flushes: int, idle_s: float) -> dict[str, float]:
    """The flush alone is timed: each write goes in first, untimed."""
    offsets = itertools.count(0, PAGE)
    return _timed(lambda: os.fdatasync(descriptor), flushes, idle_s,
                  before=lambda: os.pwrite(descriptor, payload, next(offsets)))


def sqlite_commit(folder: Path, commits: int, idle_s: float = IDLE_S) -> dict[str, Any]:
    """Microseconds a small durable SQLite commit takes in `folder` (WAL, `synchronous=FULL`, as
    Kennel's store commits: two rows of 3 KiB, about what a command appends), back to back and
    after `idle_s` of idleness: the flush above with SQLite's own work around it. A scratch
    database, removed after."""
    path = folder / "commit-probe.sqlite3"
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=FULL")
        connection.execute("CREATE TABLE probe (id INTEGER PRIMARY KEY, state BLOB)")
        payload = os.urandom(3072)
        rows = itertools.count()  # each commit's two new row ids

        def commit() -> None:  # one statement in autocommit mode: its own durable transaction
            connection.execute("INSERT INTO probe VALUES (?,?),(?,?)",
                               (next(rows), payload, next(rows), payload))

        for _ in range(min(commits, 1000)):  # the WAL file grown to its working size first, as a server's is
            commit()
        return {
            "commits": commits,
            "row_bytes": len(payload),
            "back_to_back_us": _timed(commit, commits, 0.0),
            "after_idle_us": _timed(commit, commits, idle_s),
        }
    finally:
        connection.close()
        for leftover in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
            leftover.unlink(missing_ok=True)


def _timed(work: Callable[[], object], times: int, idle_s: float,
           before: Callable[[], object] | None = None) -> dict[str, float]:
    """p50 and p90 in microseconds of `times` runs of `work`, `idle_s` asleep after each;
    `before` runs ahead of each, untimed."""
    taken = []
    for _ in range(times):
        if before is not None:
            before()
        started = time.perf_counter()
        work()
        taken.append(time.perf_counter() - started)
        if idle_s:
            time.sleep(idle_s)
    taken.sort()
    return {"p50": round(percentile(taken, 0.5) * 1e6, 1), "p90": round(percentile(taken, 0.9) * 1e6, 1)}


def floors(sizes: Sizes, work: Path, source: Path | None = None) -> dict[str, Any]:
    """The bench section: the flush and commit probes in the run's work folder (`source` plays
    no part)."""
    return {"durable_flush": durable_flush(work, sizes.flush_probes),
            "sqlite_commit": sqlite_commit(work, sizes.flush_probes)}


def sequential_floor(flush_after_idle_p50_us: float | None, echo_p50_ms: float | None) -> float | None:
    """The lowest sequential command p50 / echo p50 a server that flushes once per command can
    read: its round trip holds the echo's and one flush."""
    if flush_after_idle_p50_us is None or not echo_p50_ms:
        return None
    return round(1 + flush_after_idle_p50_us / 1000 / echo_p50_ms, 2)
