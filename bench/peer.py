"""The peer: Hoarders on boardgame.io under the same load shape, beside Kennel's figures.

The peer's benchmark (README, bench.sh) lives in the project's shared folder, found next to an
ancestor of this checkout (`shared/peers/boardgameio`) or named by KENNEL_PEER_BOARDGAMEIO. It
is copied to a temporary folder and installed there with `npm ci` (its lock file pins every
package); nothing of it is kept. Kennel then plays the same shape: Hoarders, the same number of
players, the same matches in flight, one process for the server and one for the load.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from bench import commands, procs
from bench.sizes import Sizes

ENV_VAR = "KENNEL_PEER_BOARDGAMEIO"
RELATIVE = Path("shared") / "peers" / "boardgameio"
GAME = "hoarders"
PLAYERS = 3  # the peer's default shape


def find_peer() -> Path | None:
    named = os.environ.get(ENV_VAR)
    if named:
        return Path(named) if (Path(named) / "bench.sh").exists() else None
    for folder in Path(__file__).resolve().parents:
        if (folder / RELATIVE / "bench.sh").exists():
            return folder / RELATIVE
    return None


def _peer_runs(source: Path, sizes: Sizes) -> list[dict[str, Any]]:
    with tempfile.TemporaryDirectory(prefix="kennel-peer-") as temporary:
        copy = Path(temporary) / "boardgameio"
        shutil.copytree(source, copy, ignore=shutil.ignore_patterns("node_modules", "results", "data", "*.log"))
        for path in copy.rglob("*"):
            path.chmod(0o755 if path.is_dir() or os.access(path, os.X_OK) else 0o644)
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--silent"], cwd=copy, check=True,
                       capture_output=True, timeout=600)
        env = {**os.environ, "GAMES": str(sizes.peer_games), "PLAYERS": str(PLAYERS),
               "CONCURRENCY": str(sizes.peer_inflight), "MODES": "memory flatfile", "TIME_LIMIT": "120"}
        done = subprocess.run(["bash", "bench.sh"], cwd=copy, env=env, capture_output=True, text=True, timeout=900,
                              check=False)
        if done.returncode != 0:
            raise RuntimeError(f"the peer's bench.sh failed ({done.returncode}): {done.stderr[-2000:]}")
        return [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]


def _kennel_same_shape(sizes: Sizes, work: Path, source: Path | None) -> dict[str, Any]:
    server = procs.kennel_server(work / "peer-shape-data", work / "peer-shape-server.log", source=source)
    try:
        # Both of Kennel's client shapes: seats that ask for their view when it is stale (as the
        # `commands` section), and seats pushed their view by a Watch stream each (bench.pushed),
        # which is the peer's own shape: a socket per seat, an update to every seat per move.
        result = commands.play(server, sizes, GAME, PLAYERS, sizes.peer_inflight)
        result["pushed"] = commands.play(server, sizes, GAME, PLAYERS, sizes.peer_inflight, "--push")
        result["server_rss_mib_end"] = round(server.rss_kib() / 1024, 1)
    finally:
        server.stop()
    return result


def peer(sizes: Sizes, work: Path, source: Path | None = None) -> dict[str, Any]:
    found = find_peer()
    if found is None or shutil.which("node") is None or shutil.which("npm") is None or sizes.peer_games <= 0:
        why = "no peer folder" if found is None else "node/npm missing" if shutil.which("node") is None else "size 0"
        return {"skipped": why}
    kennel = _kennel_same_shape(sizes, work, source)
    runs = _peer_runs(found, sizes)
    keep = ("storage", "moves_per_s", "games_per_s", "latency_ms", "server_cpu_util", "driver_cpu_s",
            "server_rss_mb", "games_done", "games_failed", "wall_s", "moves")
    return {
        "shape": {"game": GAME, "players": PLAYERS, "inflight": sizes.peer_inflight, "peer_games": sizes.peer_games},
        "kennel_sqlite_durable": kennel,
        "boardgameio": [{k: run[k] for k in keep if k in run} | {"raw": run} for run in runs],
    }
