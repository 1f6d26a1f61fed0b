"""Baseline echo and Kennel commands, sequential and with many in flight, each in its own run
of a server process and a load process (`bench.load`)."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from kennel.domain.registry import GAMES

from bench import procs
from bench.sizes import Sizes

ECHO_SERVING = re.compile(rb"echo serving on [^\s:]+:(\d+)")  # the line bench.echo prints


def _loads(sizes: Sizes) -> dict[str, int]:
    return {"sequential": 1, f"inflight_{sizes.inflight}": sizes.inflight}


def _timeout(sizes: Sizes) -> float:
    return 120 + 4 * (sizes.seconds + sizes.warmup)


def echo(sizes: Sizes, work: Path) -> dict[str, Any]:
    server = procs.start_server([sys.executable, "-m", "bench.echo"], work / "echo.log", pattern=ECHO_SERVING)
    results: dict[str, Any] = {}
    try:
        for label, inflight in _loads(sizes).items():
            server.mark_cpu()
            result = procs.run_json(
                procs.bench_module("load", "echo", "--address", server.address, "--inflight", str(inflight),
                                   "--seconds", str(sizes.seconds), "--warmup", str(sizes.warmup)),
                timeout=_timeout(sizes),
            )
            results[label] = {**result, "server_cpu_s": server.cpu_since_mark()}
    finally:
        server.stop()
    return results


def play(server: procs.Server, sizes: Sizes, game: str, players: int, inflight: int, *extra: str) -> dict[str, Any]:
    server.mark_cpu()
    result = procs.run_json(
        procs.bench_module("load", "play", "--address", server.address, "--game", game, "--players", str(players),
                           "--inflight", str(inflight), "--seconds", str(sizes.seconds), "--warmup", str(sizes.warmup),
                           *extra),
        timeout=_timeout(sizes),
    )
    return {**result, "server_cpu_s": server.cpu_since_mark()}


def commands(sizes: Sizes, work: Path, source: Path | None = None) -> dict[str, Any]:
    """Every registered game, through one `kennel serve` (SQLite, every acknowledgement durable)."""
    server = procs.kennel_server(work / "commands-data", work / "commands-server.log", source=source)
    results: dict[str, Any] = {}
    try:
        for name, game in sorted(GAMES.items()):
            players = min(max(sizes.players, game.seats.minimum), game.seats.maximum)
            results[name] = {label: play(server, sizes, name, players, inflight) for label, inflight in _loads(sizes).items()}
        results["server_rss_mib_end"] = round(server.rss_kib() / 1024, 1)
    finally:
        server.stop()
    return results
