"""Replay speed over a body of exported logs, against a raw read-and-decode of the same files.

- raw: read each file and `json.loads` every line (the floor for any reader of the format);
- fold: parse the log (`replay.logformat.parse_log`) and rebuild the game's state from its
  records (`replay.ledger.Ledger.from_records`), which is what a server does to load a game;
- verify: `replay.verify.verify`, every check (canonical bytes, hash chain, seed, re-running
  every command through the rules), on one core.

All three run in this process, one after the other, over the same files (already in the page
cache: the first pass, raw, reads them once before it is timed).
"""

from __future__ import annotations

import json
import time
from collections import Counter
from pathlib import Path
from typing import Any

from bench import corpus
from bench.sizes import Sizes
from domain.registry import GAMES
from replay.ledger import Ledger
from replay.logformat import parse_log
from replay.verify import verify


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


def _timed(label: str, paths: list[Path], runner: Any) -> dict[str, Any]:
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
    return {
        "logs": len(paths),
        "bytes": sum(p.stat().st_size for p in paths),
        "events_by_game": dict(per_game),
        "raw_decode": _timed("raw", paths, _raw),
        "fold": _timed("fold", paths, _fold),
        "verify": _timed("verify", paths, _verify),
    }
