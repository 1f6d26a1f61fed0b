"""Instructions per command, counted by callgrind: issue 20's "per command, the server does about
what one gRPC call costs", as a figure that holds on a noisy machine.

Timed runs on a shared 2-core machine move by 10-20% for the same code; instructions counted by
`valgrind --tool=callgrind` do not (the same total to within a percent or two, whatever else the
machine is doing). So the echo server and then `kennel serve` (SQLite, as `commands` runs it)
each run under callgrind; a load process (`python -m bench.instructions drive`) warms the server
up, says so, and waits; the server's counters are zeroed (`callgrind_control -z`); the load
process sends a fixed number of sequential calls (echo calls, or bot commands with the GetViews
a bot asks for, as `commands`' sequential load); the counters are dumped (`callgrind_control -d`)
and their total, every thread of the server process, divided by the number of calls or commands.
`kennel serve` runs here through `bench.fixed_draws`, its game seeds, ids and credentials drawn
from a seeded generator, and every server with `PYTHONHASHSEED=0`: the bots are seeded too, so
two runs of one commit play the same games, and their counts per command agree to about 1% (with
the server's own draws they differed by 5-7%; what is left moves with the machine's timing, as
gRPC's polling does: the echo's own count moved by up to 8% between two runs on a busy machine).

Figures: instructions per echo call; per game, instructions per command, gRPC calls per command,
and the two ratios that say how far a command is from "about one gRPC call": per command over per
echo call, and per gRPC call over per echo call (the second discounts the GetViews). Then the
peer's shape (bench.pushed: Hoarders, every seat following a Watch stream, one game at a time):
instructions per command there, every seat's update included (not with the tiny size).

Skipped, saying so, where valgrind is not installed.

`python -m bench.instructions count` counts one shape alone (`push`, or `play` for one game),
the server run from this checkout or from the checkouts given with `--source`, one after the
other: how two commits compare, in about half a minute each, on however busy a machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import grpc
from kennel.domain.registry import GAMES
from kennel.v1 import kennel_pb2_grpc as pb_grpc

from bench import echo, procs, pushed
from bench.commands import ECHO_SERVING
from bench.load import CHANNEL_OPTIONS, Bot, Recorder
from bench.sizes import Sizes

_TOTALS = re.compile(rb"^(?:totals|summary): (\d+)", re.MULTILINE)
DRIVE_TIMEOUT = 900.0  # seconds: a server under callgrind runs about fifty times slower


def instructions(sizes: Sizes, work: Path, source: Path | None = None) -> dict[str, Any]:
    if shutil.which("valgrind") is None or shutil.which("callgrind_control") is None:
        return {"skipped": "valgrind (callgrind) is not installed"}
    echo_call = _count(
        [sys.executable, "-m", "bench.echo"], work / "instructions-echo", _steady(procs.python_env()), ECHO_SERVING,
        ["--kind", "echo", "--count", str(sizes.instruction_calls)],
    )
    per_echo_call = echo_call["instructions"] / echo_call["calls"]
    results: dict[str, Any] = {"echo": {**echo_call, "per_call": round(per_echo_call)}, "games": {}}
    games = sorted(GAMES.items())
    for name, game in games[: sizes.instruction_games or len(games)]:
        players = min(max(sizes.players, game.seats.minimum), game.seats.maximum)
        counted = _count_kennel(work / f"instructions-{name}", source, "play", name, players,
                                sizes.instruction_commands)
        per_command = counted["instructions"] / counted["commands"]
        calls_per_command = counted["calls"] / counted["commands"]
        results["games"][name] = {
            **counted, "players": players, "per_command": round(per_command),
            "calls_per_command": round(calls_per_command, 3),
            "per_command_over_echo_call": round(per_command / per_echo_call, 2),
            "per_call_over_echo_call": round(per_command / calls_per_command / per_echo_call, 2),
        }
    if sizes.instruction_games:  # a size that counts fewer games (the tiny one) skips the pushed shape too
        return results
    # The peer's shape (bench.peer): seats pushed their views by Watch streams, no GetView: what
    # a move costs the server there, with every seat sent an update after it.
    pushed_game, pushed_players = "hoarders", 3
    counted = _count_kennel(work / "instructions-pushed", source, "push", pushed_game, pushed_players,
                            sizes.instruction_commands)
    results["pushed"] = {
        **counted, "game": pushed_game, "players": pushed_players,
        "per_command": round(counted["instructions"] / counted["commands"]),
        "per_command_over_echo_call": round(counted["instructions"] / counted["commands"] / per_echo_call, 2),
    }
    return results


def _count_kennel(
    data: Path, source: Path | None, kind: str, game: str, players: int, count: int
) -> dict[str, Any]:
    """`kennel serve` (fixed draws) under callgrind, driven by `count` commands of `kind`."""
    argv = [sys.executable, "-m", "bench.fixed_draws", "serve", "--host", "127.0.0.1", "--port", "0",
            "--data", str(data), "--log-format", "json", *procs.BENCH_LIMITS]
    return _count(argv, data, _steady(procs.python_env(source)), procs.SERVING,
                  ["--kind", kind, "--game", game, "--players", str(players), "--count", str(count)])


def _steady(env: dict[str, str]) -> dict[str, str]:
    """A server's environment for a count that repeats: strings hashed alike in every run (the
    order of sets of strings, and so the work of walking them, is the same)."""
    return {**env, "PYTHONHASHSEED": "0"}


def _count(server_argv: list[str], folder: Path, env: dict[str, str], serving: re.Pattern[bytes],
           drive: list[str]) -> dict[str, Any]:
    """Start a server under callgrind, warm it, count the instructions of a fixed load."""
    folder.mkdir(parents=True, exist_ok=True)
    out = folder / "callgrind.out"
    argv = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *server_argv]
    server = procs.start_server(argv, folder / "server.log", env, pattern=serving)
    load = None
    try:
        load = subprocess.Popen(
            procs.bench_module("instructions", "drive", "--address", server.address, *drive),
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=procs.python_env(),
        )
        assert load.stdin is not None and load.stdout is not None
        if load.stdout.readline().strip() != b"warm":
            raise RuntimeError(f"the load process did not warm the server up (exit {load.wait(timeout=30)})")
        _control("-z", server.process.pid)
        load.stdin.write(b"go\n")
        load.stdin.flush()
        counted = json.loads(load.stdout.readline())
        if load.wait(timeout=60) != 0:
            raise RuntimeError("the load process failed")
        _control("-d", server.process.pid)
        total = _dumped_total(out)
    finally:
        if load is not None and load.poll() is None:  # it failed half-way: it would wait for "go" for ever
            load.kill()
            load.wait(timeout=30)
        server.stop()
    return {**counted, "instructions": total}


def _control(flag: str, pid: int) -> None:
    subprocess.run(["callgrind_control", flag, str(pid)], check=True, capture_output=True, timeout=120)


def _dumped_total(out: Path) -> int:
    """The total of the dump `callgrind_control -d` wrote (`<out>.1`: the first numbered one)."""
    deadline = time.monotonic() + 60
    dump = out.with_name(out.name + ".1")
    while time.monotonic() < deadline:
        if dump.exists():
            found = _TOTALS.search(dump.read_bytes())
            if found:
                return int(found.group(1))
        time.sleep(0.2)
    raise RuntimeError("callgrind wrote no dump")


async def _drive(args: argparse.Namespace) -> dict[str, int]:
    """Warm the server (a fifth of the count, at least 5), say "warm", wait for "go", then send
    exactly `count` sequential calls or commands."""
    async with grpc.aio.insecure_channel(args.address, options=CHANNEL_OPTIONS) as channel:
        if args.kind == "echo":
            call = echo.client_call(channel)
            for _ in range(max(args.count // 5, 5)):
                await call()
            await _ready()
            for _ in range(args.count):
                await call()
            return {"calls": args.count}
        bot = Bot(pb_grpc.KennelStub(channel), args.game, args.players, random.Random(f"instructions:{args.game}"))
        play = _play_pushed if args.kind == "push" else _play
        await play(bot, max(args.count // 5, 5))
        await _ready()
        return await play(bot, args.count)


async def _play(bot: Bot, count: int) -> dict[str, int]:
    """`count` commands, each with the GetView its seat asks first when its view is stale; new
    games as games end (CreateGame and the first view not counted as the command's calls)."""
    recorder = Recorder(measure_from=0.0, deadline=float("inf"))  # counts every call it is given
    commands = 0
    while commands < count:
        if not bot.game_id or bot.over:
            await bot.create()
        await bot.step(recorder)
        commands += 1
    return {"commands": commands, "calls": commands + len(recorder.latencies.get("view", []))}


async def _play_pushed(bot: Bot, count: int) -> dict[str, int]:
    """At least `count` commands of pushed seats (bench.pushed: every seat follows a Watch
    stream, no GetView), one game at a time from a new game on; the seats of a game may race
    (a refused command is counted, not played again: the seat acts on its next update)."""
    recorder = Recorder(measure_from=0.0, deadline=float("inf"))
    commands = 0
    while commands < count:
        await bot.create(look=False)
        await pushed.play_game(bot, recorder, count - commands)
        commands += bot.steps
    return {"commands": commands, "calls": commands + recorder.raced, "raced": recorder.raced}


async def _ready() -> None:
    print("warm", flush=True)
    line = await asyncio.to_thread(sys.stdin.readline)
    if line.strip() != "go":
        raise SystemExit("no go")


def count(
    kind: str, game: str, players: int, commands: int, sources: list[Path | None]
) -> list[dict[str, Any]]:
    """Instructions per command of one load shape (`play`: a bot's commands with the GetViews it
    asks; `push`: the peer's shape), the server run from each source in turn (None: this
    checkout): two commits compared on a busy machine in a minute, without a whole `make bench`."""
    if shutil.which("valgrind") is None or shutil.which("callgrind_control") is None:
        raise SystemExit("valgrind (callgrind) is not installed")
    results = []
    for source in sources:
        with tempfile.TemporaryDirectory(prefix="kennel-count-") as work:
            server = None if source is None else source.resolve()  # the overlay links to its folders
            counted = _count_kennel(Path(work), server, kind, game, players, commands)
        results.append({
            **counted, "source": str(source or "."), "kind": kind, "game": game, "players": players,
            "per_command": round(counted["instructions"] / counted["commands"]),
            "calls_per_command": round(counted["calls"] / counted["commands"], 3),
        })
    return results


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.instructions")
    sub = parser.add_subparsers(dest="command", required=True)
    drive = sub.add_parser("drive", help="the load process: warm, wait for 'go', send a fixed load")
    drive.add_argument("--address", required=True)
    drive.add_argument("--kind", choices=("echo", "play", "push"), required=True)
    drive.add_argument("--game", default="hoarders")
    drive.add_argument("--players", type=int, default=3)
    drive.add_argument("--count", type=int, required=True)
    counting = sub.add_parser("count", help="instructions per command of one shape, for each source given")
    counting.add_argument("--kind", choices=("play", "push"), default="push")
    counting.add_argument("--game", default="hoarders")
    counting.add_argument("--players", type=int, default=3)
    counting.add_argument("--count", type=int, default=250, help="commands counted (a fifth more warm up)")
    counting.add_argument("--source", type=Path, action="append", default=[],
                          help="another checkout's server (repeat to compare several); none: this checkout")
    args = parser.parse_args()
    if args.command == "count":
        for result in count(args.kind, args.game, args.players, args.count, args.source or [None]):
            print(json.dumps(result), flush=True)
        return
    print(json.dumps(asyncio.run(_drive(args))), flush=True)


if __name__ == "__main__":
    main()
