"""The whole benchmark in one process tree and one run, so that every figure is a ratio that
holds on a noisy machine: baselines first, then Kennel, then the peer.

    python -m bench                    # default sizes (about ten minutes on 2 cores)
    python -m bench --quick            # a couple of minutes
    python -m bench --only replay,memory
    python -m bench --docs docs/performance.md   # also rewrite the table there
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import Any

from bench import (commands, fanout, floors, instructions, machine, memory, peer, replaying, report, startup,
                   watched_memory, workers)
from bench.sizes import DEFAULT, QUICK, TINY, Sizes

RESULTS = Path(__file__).resolve().parent / "results"
ROOT = RESULTS.parent.parent  # the checkout
SHARDS_DSN = "KENNEL_BENCH_POSTGRES_DSN"  # the server the shards section makes its databases on

Section = Callable[[Sizes, Path, Path | None], dict[str, Any]]


def _baseline(sizes: Sizes, work: Path, source: Path | None) -> dict[str, Any]:
    return {"echo": commands.echo(sizes, work)}


def _commands(sizes: Sizes, work: Path, source: Path | None) -> dict[str, Any]:
    """Kennel's commands, then the echo once more: the targets divide by the better of the two
    echo runs, so that load from elsewhere slowing the first one cannot flatter Kennel."""
    results = commands.commands(sizes, work, source)
    results["echo_after"] = commands.echo(sizes, work)
    return results


def _shards(sizes: Sizes, work: Path, source: Path | None) -> dict[str, Any] | None:
    """Write throughput on PostgreSQL with one shard and with four (bench.shards: two processes
    like two replicas, bots deciding and appending through GameHub). It runs against
    KENNEL_BENCH_POSTGRES_DSN, or the local server, and says so when none answers."""
    from bench import shards

    dsn = os.environ.get(SHARDS_DSN) or shards.DEFAULT_DSN
    try:
        import psycopg

        psycopg.connect(dsn, connect_timeout=3).close()
    except Exception as error:  # no server: the section says why instead of failing the run
        return {"skipped": f"no PostgreSQL answers at the DSN ({type(error).__name__}); set {SHARDS_DSN}"}
    seconds = max(sizes.seconds, 0.5)
    results: dict[str, Any] = {}
    # Group commit (the server's default) and one transaction per command (the library's way):
    # commands/s through GameHub, where on two cores the processes' own CPU is what limits.
    for mode, group_commit in (("group_commit", True), ("one_per_transaction", False)):
        one = shards.measure(dsn, 1, seconds, concurrency=8, processes=2, group_commit=group_commit)
        four = shards.measure(dsn, 4, seconds, concurrency=8, processes=2, group_commit=group_commit)
        results[mode] = {"1": one, "4": four, "ratio_4_to_1": round(
            four["commands_per_second"] / max(one["commands_per_second"], 1e-9), 2)}
    # The database side alone (pgbench calling the shards' insert function): what one shard and
    # four allow when the replicas' CPU is not the limit.
    try:
        one = shards.database_only(dsn, 1, seconds)
        four = shards.database_only(dsn, 4, seconds)
    except FileNotFoundError as error:
        results["database_only"] = {"skipped": str(error)}
    else:
        results["database_only"] = {"1": one, "4": four, "ratio_4_to_1": round(
            four["transactions_per_second"] / max(one["transactions_per_second"], 1e-9), 2)}
    return results


SECTIONS: dict[str, Section] = {
    "baseline": _baseline,
    "floors": floors.floors,
    "commands": _commands,
    "instructions": instructions.instructions,
    "replay": lambda sizes, work, source: replaying.replay(sizes, work),
    "memory": memory.memory,
    "watched_memory": watched_memory.watched_memory,
    "fanout": fanout.fanout,
    "startup": startup.startup,
    "peer": peer.peer,
    "shards": _shards,  # type: ignore[dict-item]
    "workers": workers.workers,
}


def run(sizes: Sizes, size_name: str, only: list[str], source: Path | None, label: str | None) -> dict[str, Any]:
    results: dict[str, Any] = {
        "meta": {
            "started": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "size": size_name, "sizes": asdict(sizes), "label": label, "machine": machine.describe(),
            "source": "another checkout (--source)" if source else "this checkout",
            "placement": "one process for each server and each load generator, not pinned to cores",
        },
        "errors": {},
    }
    with tempfile.TemporaryDirectory(prefix="kennel-bench-") as temporary:
        work = Path(temporary)
        for name, section in SECTIONS.items():
            if only and name not in only:
                continue
            started = time.perf_counter()
            print(f"bench: {name} ...", file=sys.stderr, flush=True)
            try:
                value = section(sizes, work, source)
            except Exception as error:  # a failed section is reported, and the run goes on
                results["errors"][name] = _without_paths(f"{type(error).__name__}: {error}", work)
                traceback.print_exc()
                continue
            if value is not None:
                results[name] = value
                results["meta"].setdefault("load_average_after", {})[name] = machine.load_average()
            print(f"bench: {name} done in {time.perf_counter() - started:.1f} s", file=sys.stderr, flush=True)
    results["targets"] = report.targets(results)
    return results


def _without_paths(text: str, work: Path) -> str:
    """An error as the results file keeps it: the run's temporary folder, this checkout and the
    Python install named by role, not by this machine's paths (the file is committed)."""
    for path, role in ((work, "<bench work>"), (Path(sys.prefix), "<venv>"), (ROOT, "<checkout>")):
        text = text.replace(str(path), role)
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__.split("\n\n")[0])
    size = parser.add_mutually_exclusive_group()
    size.add_argument("--quick", action="store_true", help="smaller sizes: a couple of minutes")
    size.add_argument("--tiny", action="store_true", help="the smoke test's sizes: seconds, figures meaningless")
    parser.add_argument("--only", default="", help=f"comma-separated sections of {','.join(SECTIONS)}")
    parser.add_argument("--out", type=Path, help="results JSON (default bench/results/<UTC time>.json)")
    parser.add_argument("--docs", type=Path, help="rewrite the generated table in this Markdown file")
    parser.add_argument("--source", type=Path, help="run the servers from another checkout (for before/after figures)")
    parser.add_argument("--label", help="a note kept with the results (for example 'before group commit')")
    args = parser.parse_args(argv)
    sizes, size_name = (QUICK, "quick") if args.quick else (TINY, "tiny") if args.tiny else (DEFAULT, "default")
    only = [name.strip() for name in args.only.split(",") if name.strip()]
    unknown = sorted(set(only) - set(SECTIONS))
    if unknown:
        parser.error(f"unknown sections {unknown}; choose from {list(SECTIONS)}")
    started = time.perf_counter()
    results = run(sizes, size_name, only, args.source.resolve() if args.source else None, args.label)
    results["meta"]["seconds"] = round(time.perf_counter() - started, 1)
    out = args.out or RESULTS / f"{results['meta']['started'].replace(':', '')}-{size_name}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=1, sort_keys=False) + "\n", encoding="utf-8")
    table = report.markdown(results, out.name)
    print(table)
    if args.docs:
        report.update_docs(args.docs, table)
    print(f"bench: results in {out} ({results['meta']['seconds']} s)", file=sys.stderr)
    return 1 if results["errors"] else 0
