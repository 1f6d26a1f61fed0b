"""Verifying many logs at once: in parallel on every core, with progress and a summary table."""

from __future__ import annotations

import os
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from kennel.replay.verdict import VerifyReport
from kennel.replay.verify import verify


@dataclass(frozen=True)
class FileResult:
    path: str
    report: VerifyReport | None  # None when the file could not be read
    error: str | None  # why it could not be read

    @property
    def status(self) -> str:
        if self.report is None:
            return "unreadable"
        if not self.report.ok:
            return "FAILED"
        return "ok" if self.report.rules_checked else "ok (chain only)"


def verify_file(path: str, require_complete: bool = False, public_key: bytes | None = None) -> FileResult:
    """Read and verify one file (a top-level function, so worker processes can run it)."""
    try:
        raw = Path(path).read_bytes()
    except OSError as error:
        return FileResult(path, None, error.strerror or str(error))
    return FileResult(path, verify(raw, require_complete=require_complete, public_key=public_key), None)


def verify_files(
    paths: Sequence[Path],
    *,
    require_complete: bool = False,
    public_key: bytes | None = None,
    workers: int | None = None,
    on_result: Callable[[FileResult], None] = lambda result: None,
) -> list[FileResult]:
    """Verify every file, on `workers` processes (default: every core); results in `paths` order,
    `on_result` called as each finishes."""
    names = [str(path) for path in paths]
    workers = workers or os.cpu_count() or 1
    if workers == 1 or len(names) < 2:
        results = []
        for name in names:
            results.append(verify_file(name, require_complete, public_key))
            on_result(results[-1])
        return results
    done: dict[str, FileResult] = {}
    with ProcessPoolExecutor(max_workers=min(workers, len(names))) as pool:
        futures = [pool.submit(verify_file, name, require_complete, public_key) for name in names]
        for future in as_completed(futures):
            result = future.result()
            done[result.path] = result
            on_result(result)
    return [done[name] for name in names]


class Progress:
    """A one-line progress bar on a terminal; nothing on anything else (the caller prints lines)."""

    def __init__(self, total: int, stream: TextIO = sys.stderr, width: int = 30) -> None:
        self.total = total
        self.stream = stream
        self.width = width
        self.done = 0
        self.failed = 0
        self.started = time.monotonic()

    def advance(self, result: FileResult) -> None:
        self.done += 1
        self.failed += result.status in ("FAILED", "unreadable")
        filled = self.width * self.done // max(self.total, 1)
        bar = "#" * filled + "-" * (self.width - filled)
        rate = self.done / max(time.monotonic() - self.started, 1e-9)
        self.stream.write(
            f"\r[{bar}] {self.done}/{self.total} logs, {self.failed} failed, {rate:.1f} logs/s"
        )
        self.stream.flush()

    def close(self) -> None:
        self.stream.write("\n")
        self.stream.flush()


def summary_table(results: Sequence[FileResult], elapsed: float) -> str:
    """Per game: logs, ok, chain-only, failed, records checked; then totals and speed."""
    rows: dict[str, Counter[str]] = {}
    for result in results:
        game = (result.report.game if result.report else None) or "?"
        row = rows.setdefault(game, Counter())
        row["logs"] += 1
        row[result.status] += 1
        row["records"] += result.report.records_checked if result.report else 0
    header = ("game", "logs", "ok", "chain only", "failed", "records checked")
    body = [
        (game, row["logs"], row["ok"], row["ok (chain only)"], row["FAILED"] + row["unreadable"], row["records"])
        for game, row in sorted(rows.items())
    ]
    totals = tuple(sum(int(r[i]) for r in body) for i in range(1, 6))
    table = [header, *body, ("all", *totals)]
    widths = [max(len(str(row[i])) for row in table) for i in range(len(header))]
    lines = ["  ".join(str(cell).rjust(w) if i else str(cell).ljust(w) for i, (cell, w) in enumerate(zip(row, widths, strict=True)))
             for row in table]
    lines.insert(1, "  ".join("-" * w for w in widths))
    lines.insert(len(lines) - 1, "  ".join("-" * w for w in widths))
    records = totals[-1]
    lines.append(f"{len(results)} logs in {elapsed:.2f} s ({records / max(elapsed, 1e-9):,.0f} records/s)")
    return "\n".join(lines) + "\n"
