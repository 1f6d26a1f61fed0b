"""Server memory per live game: the growth of the server's resident set as idle games are opened.

A fresh `kennel serve` first gets a few warm-up games (so that imports, caches and the first
connections are not counted), then games are opened up to each count in turn: created, and each
seat's view fetched once (the per-viewer caches a real table fills). Per game is the growth
since the warm-up divided by the games opened since.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from bench import procs
from bench.sizes import Sizes

GAME = "hoarders"
WARMUP_GAMES = 50
SETTLE_SECONDS = 1.0  # let the allocator settle before reading RSS


def _open(server: procs.Server, count: int, players: int) -> dict[str, Any]:
    return procs.run_json(
        procs.bench_module("load", "open-games", "--address", server.address, "--game", GAME,
                           "--players", str(players), "--count", str(count)),
        timeout=1200,
    )


def memory(sizes: Sizes, work: Path, source: Path | None = None) -> dict[str, Any]:
    server = procs.kennel_server(work / "memory-data", work / "memory-server.log", source=source)
    players = sizes.players
    try:
        idle_kib = server.rss_kib()
        _open(server, WARMUP_GAMES, players)
        time.sleep(SETTLE_SECONDS)
        base_kib = server.rss_kib()
        opened, points = 0, []
        for count in sizes.memory_counts:
            result = _open(server, count - opened, players)
            opened = count
            time.sleep(SETTLE_SECONDS)
            rss = server.rss_kib()
            points.append({
                "games": count,
                "rss_mib": round(rss / 1024, 1),
                "kib_per_game": round((rss - base_kib) / count, 2),
                "open_seconds": result["seconds"],
            })
    finally:
        server.stop()
    return {"game": GAME, "players": players, "views_per_game": players, "server_rss_mib_at_start": round(idle_kib / 1024, 1),
            "server_rss_mib_after_warmup": round(base_kib / 1024, 1), "points": points}
