"""Replay speed over a body of exported logs, against a raw read-and-decode of the same files.

- raw: read each file and `json.loads` every line (the floor for any reader of the format);
- fold: parse the log (`kennel.replay.logformat.parse_log`) and rebuild the game's state from its
  records (`kennel.replay.ledger.Ledger.from_records`), which is what a server does to load a game;
- verify: `kennel.replay.verify.verify`, every check (canonical bytes, hash chain, seed, re-running
  every command through the rules), on one core.

All three run in this process over the same files (already in the page cache: a first raw
pass reads them before anything is timed), interleaved for `ROUNDS` rounds; each keeps its
best round, so that a burst of load from elsewhere on a shared machine hits one round of one
measurement, not the ratio.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from pathlib import Path
from typing import Any

from bench import corpus
from bench.sizes import Sizes

ROUNDS = 3
from kennel.domain.registry import GAMES
from kennel.replay.ledger import Ledger
from kennel.replay.logformat import parse_log
from kennel.replay.verify import verify


def _raw(paths: list[Path]) -> int:
    events = 0
    for path in paths:
        lines = path.read_bytes().splitlines()
        for line in lines:
            json.loads(line)
        events += len(lines) - 1
    return events


def _fold(paths: list[Path]) -> int:
    events = 0
    for path in paths:
        log = parse_log(path.read_bytes())
        ledger = Ledger.from_records(GAMES[log.header.game], log.header, log.records)
        events += ledger.version
    return events


def _verify(paths: list[Path]) -> int:
    events = 0
    for path in paths:
        report = verify(path.read_bytes())
        if not report.ok:
            raise RuntimeError(f"{path.name} does not verify: {report.failure}")
        events += report.records
    return events


def _timed(paths: list[Path], runner: Any) -> dict[str, Any]:
    started = time.perf_counter()
    events = runner(paths)
    seconds = time.perf_counter() - started
    return {"events": events, "seconds": round(seconds, 4), "events_per_second": round(events / seconds, 1)}


def replay(sizes: Sizes, work: Path) -> dict[str, Any]:
    folder = work / "logs"
    folder.mkdir(parents=True, exist_ok=True)
    paths: list[Path] = []
    per_game: Counter[str] = Counter()
    for index, (name, raw) in enumerate(corpus.played(sizes.replay_games, sizes.players)):
        path = folder / f"{name}-{index}.jsonl"
        path.write_bytes(raw)
        paths.append(path)
        per_game[name] += raw.count(b"\n") - 1
    _raw(paths)  # warm the page cache and the interpreter
    runners = {"raw_decode": _raw, "fold": _fold, "verify": _verify}
    rounds: dict[str, list[dict[str, Any]]] = {name: [] for name in runners}
    for _ in range(ROUNDS):
        for name, runner in runners.items():
            rounds[name].append(_timed(paths, runner))
    best = {name: max(runs, key=lambda run: run["events_per_second"]) for name, runs in rounds.items()}
    return {
        "logs": len(paths),
        "bytes": sum(p.stat().st_size for p in paths),
        "events_by_game": dict(per_game),
        "rounds": ROUNDS,
        **best,
        "all_rounds_events_per_second": {name: [run["events_per_second"] for run in runs] for name, runs in rounds.items()},
    }
