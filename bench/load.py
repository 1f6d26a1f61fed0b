"""Load generators, each run as a process of its own: `python -m bench.load KIND ...`.

- `echo`: closed loop of echo calls (the baseline);
- `play`: bot players drive whole games through a Kennel server, C games in flight (one call
  outstanding per game), new games started as games end; SubmitCommand latencies are timed;
  with `--push`, every seat follows a Watch stream instead and acts when an update says so
  (bench.pushed: the peer's shape, a socket per seat);
- `open-games`: create N games and look at each seat's view once (memory per idle live game);
- `drive` / `watch`: the fan-out, one seat playing paced commands while W streams watch.

Every run is bounded in time (and `open-games` in count). Each prints one JSON object as the
last line of its stdout; `drive` and `watch` also talk to the orchestrator over stdin/stdout.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import resource
import sys
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import grpc
from kennel.service.matches import proposes_undo
from kennel.v1 import kennel_pb2 as pb
from kennel.v1 import kennel_pb2_grpc as pb_grpc

from bench import echo, pushed
from bench.stats import latency_ms

MAX_STEPS = 10_000  # a game longer than this is abandoned (none is, with these rules)
CHANNEL_OPTIONS = [("grpc.max_receive_message_length", 16 << 20)]


@dataclass
class Recorder:
    """Latencies of calls that started after the warm-up and ended before the deadline."""

    measure_from: float
    deadline: float
    latencies: dict[str, list[float]] = field(default_factory=dict)
    errors: Counter[str] = field(default_factory=Counter)
    games_started: int = 0
    games_finished: int = 0
    raced: int = 0  # pushed seats' commands refused because another seat's got in first (bench.pushed)
    # Every call of each kind, the warm-up's and the tail's too: what the processes' CPU seconds,
    # read over the whole loop, divide by (CPU per command, beside the peer's CPU per move).
    every: Counter[str] = field(default_factory=Counter)
    loop_cpu_s: float | None = None  # this process's CPU seconds over the loop, start-up left out

    def add(self, kind: str, started: float, ended: float) -> None:
        self.every[kind] += 1
        if started >= self.measure_from and ended <= self.deadline:
            self.latencies.setdefault(kind, []).append(ended - started)

    def summary(self, seconds: float) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for kind, values in sorted(self.latencies.items()):
            out[kind] = {"per_second": round(len(values) / seconds, 1), **latency_ms(values)}
        out["errors"] = dict(self.errors)
        out["games_started"] = self.games_started
        out["games_finished"] = self.games_finished
        out["raced"] = self.raced
        return out


def _cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return round(usage.ru_utime + usage.ru_stime, 3)


class Bot:
    """Every seat of one game, played by a uniform random policy over the seat's legal commands
    (never proposing an undo), as `kennel simulate`'s bots do."""

    def __init__(self, stub: pb_grpc.KennelStub, game: str, players: int, rng: random.Random) -> None:
        self.stub = stub
        self.game = game
        self.players = players
        self.rng = rng
        self.game_id = ""
        self.spectator = ""
        self._metadata: dict[int, tuple[tuple[str, str], ...]] = {}
        self._views: dict[int, pb.View] = {}
        self.latest = pb.View()
        self.steps = 0

    async def create(self, recorder: Recorder | None = None, look: bool = True) -> None:
        request = pb.CreateGameRequest(
            game_type=self.game, seats=[pb.SeatSpec(name=f"bot-{seat}") for seat in range(self.players)]
        )
        started = time.perf_counter()
        created = await self.stub.CreateGame(request, timeout=60)
        if recorder is not None:
            recorder.add("create", started, time.perf_counter())
        self.game_id, self.spectator = created.game_id, created.spectator_credential
        self._metadata = {s.seat: (("authorization", f"Bearer {s.credential}"),) for s in created.seats}
        self._views = {}
        self.steps = 0
        self.latest = await self.view(0, recorder) if look else pb.View()  # pushed seats need not look

    def metadata(self, seat: int) -> tuple[tuple[str, str], ...]:
        return self._metadata[seat]

    @property
    def over(self) -> bool:
        return self.latest.HasField("outcome")

    async def view(self, seat: int, recorder: Recorder | None = None) -> pb.View:
        started = time.perf_counter()
        response = await self.stub.GetView(pb.GetViewRequest(game_id=self.game_id), metadata=self._metadata[seat], timeout=60)
        if recorder is not None:
            recorder.add("view", started, time.perf_counter())
        self._views[seat] = response.view
        return response.view

    async def step(self, recorder: Recorder | None = None) -> tuple[pb.SubmitCommandResponse, int, int]:
        """Play one command for a seat that owes one; returns the response and the monotonic
        nanoseconds at which it was sent and acknowledged."""
        seat = self.rng.choice(sorted({prompt.seat for prompt in self.latest.pending}))
        view = self._views.get(seat)
        if view is None or view.version < self.latest.version:
            view = await self.view(seat, recorder)
        choices = [c for c in view.legal_commands if not proposes_undo(c)] or list(view.legal_commands)
        request = pb.SubmitCommandRequest(game_id=self.game_id, command_id=f"c{self.steps}", command=self.rng.choice(choices))
        sent = time.monotonic_ns()
        started = time.perf_counter()
        response = await self.stub.SubmitCommand(request, metadata=self._metadata[seat], timeout=60)
        ended = time.perf_counter()
        acked = time.monotonic_ns()
        if recorder is not None:
            recorder.add("command", started, ended)
        self.steps += 1
        self._views[seat] = response.view
        if response.view.version >= self.latest.version:
            self.latest = response.view
        return response, sent, acked


async def _timed_loop(
    inflight: int, seconds: float, warmup: float, worker: Callable[[int, Recorder], Awaitable[None]]
) -> tuple[Recorder, float]:
    start = time.perf_counter()
    recorder = Recorder(measure_from=start + warmup, deadline=start + warmup + seconds)
    cpu_before = _cpu_seconds()
    await asyncio.gather(*(worker(index, recorder) for index in range(inflight)))
    recorder.loop_cpu_s = round(_cpu_seconds() - cpu_before, 3)
    return recorder, seconds


async def run_echo(args: argparse.Namespace) -> dict[str, Any]:
    async with grpc.aio.insecure_channel(args.address, options=CHANNEL_OPTIONS) as channel:
        call = echo.client_call(channel)

        async def worker(index: int, recorder: Recorder) -> None:
            while time.perf_counter() < recorder.deadline:
                started = time.perf_counter()
                try:
                    await call()
                except grpc.aio.AioRpcError as error:
                    recorder.errors[error.code().name] += 1
                    continue
                recorder.add("call", started, time.perf_counter())

        recorder, seconds = await _timed_loop(args.inflight, args.seconds, args.warmup, worker)
    return {"inflight": args.inflight, "seconds": seconds, **recorder.summary(seconds), "load_cpu_s": _cpu_seconds()}


async def run_play(args: argparse.Namespace) -> dict[str, Any]:
    # One channel is one connection. With several (for `kennel serve --workers N`, where the
    # kernel spreads connections over the workers), each its own connection: grpc would share
    # one subchannel between channels to one address unless each has a local pool. A game's
    # calls all go through one channel, as one client's would.
    options = CHANNEL_OPTIONS if args.channels == 1 else [*CHANNEL_OPTIONS, ("grpc.use_local_subchannel_pool", 1)]
    channels = [grpc.aio.insecure_channel(args.address, options=options) for _ in range(args.channels)]
    stubs = [pb_grpc.KennelStub(channel) for channel in channels]
    try:
        return await _play(args, stubs)
    finally:
        for channel in channels:
            await channel.close()


async def _play(args: argparse.Namespace, stubs: list[pb_grpc.KennelStub]) -> dict[str, Any]:
    async def worker(index: int, recorder: Recorder) -> None:
        stub = stubs[index % len(stubs)]
        bot = Bot(stub, args.game, args.players, random.Random(f"{args.seed}:{index}"))
        while time.perf_counter() < recorder.deadline:
            try:
                await bot.create(recorder, look=not args.push)
                recorder.games_started += 1
                if args.push:
                    await pushed.play_game(bot, recorder, MAX_STEPS)
                else:
                    while not bot.over and bot.steps < MAX_STEPS and time.perf_counter() < recorder.deadline:
                        await bot.step(recorder)
                recorder.games_finished += bot.over
            except (grpc.aio.AioRpcError, TimeoutError) as error:  # this game is abandoned; start another
                recorder.errors[error.code().name if isinstance(error, grpc.aio.AioRpcError) else "stalled"] += 1

    recorder, seconds = await _timed_loop(args.inflight, args.seconds, args.warmup, worker)
    summary = recorder.summary(seconds)
    commands = summary.get("command", {}).get("count", 0)
    calls = sum(len(v) for v in recorder.latencies.values())
    return {
        "game": args.game, "players": args.players, "inflight": args.inflight, "seconds": seconds, **summary,
        "calls_per_command": round(calls / commands, 3) if commands else None,
        "calls_per_second": round(calls / seconds, 1), "load_cpu_s": _cpu_seconds(),
        "commands_all": recorder.every["command"], "load_loop_cpu_s": recorder.loop_cpu_s,
    }


async def run_open_games(args: argparse.Namespace) -> dict[str, Any]:
    """Create `count` games and fetch each seat's view once: live, idle games in the server."""
    started = time.perf_counter()
    async with grpc.aio.insecure_channel(args.address, options=CHANNEL_OPTIONS) as channel:
        stub = pb_grpc.KennelStub(channel)
        todo = iter(range(args.count))

        async def worker() -> None:
            bot = Bot(stub, args.game, args.players, random.Random(args.seed))
            for _ in todo:
                await bot.create()
                for seat in range(1, args.players):
                    await bot.view(seat)

        await asyncio.gather(*(worker() for _ in range(args.inflight)))
    return {"games": args.count, "seconds": round(time.perf_counter() - started, 3), "load_cpu_s": _cpu_seconds()}


async def _stdin_line() -> str:
    return await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)


async def run_drive(args: argparse.Namespace) -> dict[str, Any]:
    """Create a game, say so, wait for 'go', then play up to `commands` commands, one every
    `pause` seconds after each acknowledgement."""
    async with grpc.aio.insecure_channel(args.address, options=CHANNEL_OPTIONS) as channel:
        bot = Bot(pb_grpc.KennelStub(channel), args.game, args.players, random.Random(args.seed))
        await bot.create()
        print(json.dumps({"game_id": bot.game_id, "spectator": bot.spectator, "version": bot.latest.version}), flush=True)
        await _stdin_line()
        acks = []
        while not bot.over and len(acks) < args.commands:
            response, sent, acked = await bot.step()
            acks.append({"last_version": response.last_version, "sent_ns": sent, "acked_ns": acked})
            await asyncio.sleep(args.pause)
    return {"commands": acks, "load_cpu_s": _cpu_seconds()}


async def run_watch(args: argparse.Namespace) -> dict[str, Any]:
    """Open `streams` Watch streams as a spectator; say 'ready' once each has its first update;
    record when each later event arrives, until 'stop' comes on stdin."""
    channels = [grpc.aio.insecure_channel(args.address, options=CHANNEL_OPTIONS) for _ in range(args.channels)]
    arrivals: dict[int, list[int]] = {}
    ready = asyncio.Event()
    first_seen = 0
    metadata = (("authorization", f"Bearer {args.credential}"),)

    async def follow(index: int) -> None:
        nonlocal first_seen
        stub = pb_grpc.KennelStub(channels[index % len(channels)])
        stream = stub.Watch(pb.WatchRequest(game_id=args.game_id, after_version=args.after), metadata=metadata)
        first = True
        async for update in stream:
            now = time.monotonic_ns()
            if first:
                first = False
                first_seen += 1
                if first_seen == args.streams:
                    ready.set()
                continue
            for event in update.events:
                arrivals.setdefault(event.version, []).append(now)

    tasks = [asyncio.create_task(follow(index)) for index in range(args.streams)]
    await asyncio.wait_for(ready.wait(), timeout=args.timeout)
    print(json.dumps({"ready": args.streams}), flush=True)
    await asyncio.wait_for(_stdin_line(), timeout=args.timeout)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    for channel in channels:
        await channel.close()
    return {"streams": args.streams, "arrivals": {str(k): v for k, v in arrivals.items()}, "load_cpu_s": _cpu_seconds()}


def parser() -> argparse.ArgumentParser:
    """The load generators' command line (one sub-command per kind)."""
    parser = argparse.ArgumentParser(prog="python -m bench.load")
    kinds = parser.add_subparsers(dest="kind", required=True)
    for name in ("echo", "play", "open-games", "drive", "watch"):
        sub = kinds.add_parser(name)
        sub.add_argument("--address", required=True)
        sub.add_argument("--seed", default="bench")
        if name in ("echo", "play"):
            sub.add_argument("--inflight", type=int, default=1)
            sub.add_argument("--seconds", type=float, default=5.0)
            sub.add_argument("--warmup", type=float, default=1.0)
        if name == "play":
            sub.add_argument("--channels", type=int, default=1)
            sub.add_argument("--push", action="store_true", help="every seat follows a Watch stream (bench.pushed)")
        if name in ("play", "open-games", "drive"):
            sub.add_argument("--game", default="hoarders")
            sub.add_argument("--players", type=int, default=2)
        if name == "open-games":
            sub.add_argument("--count", type=int, required=True)
            sub.add_argument("--inflight", type=int, default=32)
        if name == "drive":
            sub.add_argument("--commands", type=int, default=30)
            sub.add_argument("--pause", type=float, default=0.1)
        if name == "watch":
            sub.add_argument("--game-id", required=True)
            sub.add_argument("--credential", required=True)
            sub.add_argument("--after", type=int, required=True)
            sub.add_argument("--streams", type=int, default=1000)
            sub.add_argument("--channels", type=int, default=8)
            sub.add_argument("--timeout", type=float, default=300.0)
    return parser


def main() -> None:
    args = parser().parse_args()
    runner = {"echo": run_echo, "play": run_play, "open-games": run_open_games, "drive": run_drive, "watch": run_watch}
    result = asyncio.run(runner[args.kind](args))
    print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
