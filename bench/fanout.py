"""Fan-out: W spectators watch one game while its seats play paced commands.

Three processes beside the server: the driver (`bench.load drive`) creates the game and, once
every watcher is connected, plays one command, waits for its acknowledgement, pauses, and so
on; the watchers (`bench.load watch`, W streams over a few channels) note when each event
arrives. Both read the same monotonic clock (CLOCK_MONOTONIC is system-wide on Linux), so the
delivery latency of a command to a watcher is arrival minus acknowledgement (it can be
negative: the server wakes watchers before the acknowledgement reaches the driver) and, as the
peer measures it, arrival minus send.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

from bench import procs
from bench.sizes import Sizes
from bench.stats import latency_ms

GAME = "hoarders"
PAUSE = 0.1  # seconds between an acknowledgement and the next command
# Watchers are spread over a few processes: one Python process reading 1,000 streams takes
# longer to read a round of updates than the server takes to send it, and would measure itself.
WATCH_PROCESSES = 4
STREAMS_PER_PROCESS = 250  # fewer watchers take fewer processes


def _json_line(process: subprocess.Popen[str], timeout: float) -> dict[str, Any]:
    assert process.stdout is not None
    line = process.stdout.readline()
    if not line:
        process.wait(timeout=timeout)
        raise RuntimeError(f"a fan-out process ended early ({process.returncode}): {process.stderr.read() if process.stderr else ''}")
    return dict(json.loads(line))


def _spawn(argv: list[str]) -> subprocess.Popen[str]:
    return subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=procs.python_env())


def _finish(process: subprocess.Popen[str], timeout: float) -> dict[str, Any]:
    out, err = process.communicate("go\n", timeout=timeout)
    if process.returncode != 0:
        raise RuntimeError(f"a fan-out process failed ({process.returncode}): {err[-2000:]}")
    return dict(json.loads(out.strip().splitlines()[-1]))


def watch_arguments(address: str, game: dict[str, Any], streams: int) -> list[str]:
    """`python -m bench.load`'s arguments for a watcher process of `streams` streams. The
    credential goes as `--credential=VALUE`: a credential may begin with "-" (one in 64 of
    them), which argparse would take for an option of its own if it came as a word apart."""
    return [
        "watch", "--address", address, "--game-id", game["game_id"], f"--credential={game['spectator']}",
        "--after", str(game["version"] - 1), "--streams", str(streams), "--channels", str(max(1, min(8, streams // 32))),
    ]


def fanout(sizes: Sizes, work: Path, source: Path | None = None) -> dict[str, Any]:
    server = procs.kennel_server(work / "fanout-data", work / "fanout-server.log", source=source)
    driver = None
    watchers: list[subprocess.Popen[str]] = []
    try:
        driver = _spawn(procs.bench_module("load", "drive", "--address", server.address, "--game", GAME,
                                           "--players", str(sizes.players), "--commands", str(sizes.fanout_commands),
                                           "--pause", str(PAUSE)))
        game = _json_line(driver, 60)
        count = max(1, min(WATCH_PROCESSES, -(-sizes.fanout_watchers // STREAMS_PER_PROCESS)))
        shares = [sizes.fanout_watchers // count + (i < sizes.fanout_watchers % count) for i in range(count)]
        for streams in (share for share in shares if share):
            watchers.append(_spawn(procs.bench_module("load", *watch_arguments(server.address, game, streams))))
        for watcher in watchers:
            _json_line(watcher, 300)  # every stream of it has its first update
        server.mark_cpu()
        driven = _finish(driver, 600)
        watched = [_finish(watcher, 120) for watcher in watchers]
        server_cpu = server.cpu_since_mark()
    finally:
        for process in (driver, *watchers):
            if process is not None and process.poll() is None:
                process.kill()
                process.wait(timeout=10)
        server.stop()
    arrivals: dict[int, list[int]] = {}
    for part in watched:
        for version, times in part["arrivals"].items():
            arrivals.setdefault(int(version), []).extend(times)
    from_ack: list[float] = []
    from_send: list[float] = []
    missing = 0
    for command in driven["commands"]:
        times = arrivals.get(command["last_version"], [])
        missing += sizes.fanout_watchers - len(times)
        from_ack.extend((t - command["acked_ns"]) / 1e9 for t in times)
        from_send.extend((t - command["sent_ns"]) / 1e9 for t in times)
    return {
        "game": GAME, "watchers": sizes.fanout_watchers, "commands": len(driven["commands"]), "pause_s": PAUSE,
        "deliveries": len(from_ack), "missing_deliveries": missing,
        "ack_to_delivery": latency_ms(from_ack),
        "ack_to_delivery_min_ms": round(min(from_ack, default=0.0) * 1000, 3),
        "send_to_delivery": latency_ms(from_send),
        "watcher_processes": len(watched), "server_cpu_s": server_cpu,
        "watcher_cpu_s": round(sum(part["load_cpu_s"] for part in watched), 3),
    }
