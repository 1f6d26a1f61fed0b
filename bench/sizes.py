"""How big a run is: `--quick` for a look in a couple of minutes, `--tiny` for the smoke test."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Sizes:
    seconds: float  # measured seconds of each closed-loop run
    warmup: float  # seconds of each run before measuring starts
    inflight: int  # the "many in flight" load: calls outstanding at once
    players: int  # seats at each benchmark table
    replay_games: int  # logs per game type in the replay body
    memory_counts: tuple[int, ...]  # live games open when memory is read
    fanout_watchers: int
    fanout_commands: int
    startup_games: int  # finished games in the store at start-up
    peer_games: int  # boardgame.io games per storage mode (0: skip the peer)
    peer_inflight: int  # matches in flight in the peer's load shape (and ours beside it)
    watched_games: int = 60  # games followed to their end by every viewer (projection caches)
    instruction_calls: int = 500  # echo calls counted under callgrind (bench.instructions)
    instruction_commands: int = 250  # bot commands counted under callgrind, per game
    instruction_games: int = 0  # games counted so (the first in name order); 0: every game
    flush_probes: int = 1000  # durable flushes timed each way by bench.floors (about 1-2 s)


DEFAULT = Sizes(seconds=8.0, warmup=1.5, inflight=64, players=3, replay_games=40, memory_counts=(1_000, 10_000),
                fanout_watchers=1_000, fanout_commands=30, startup_games=10_000, peer_games=200, peer_inflight=16)
QUICK = Sizes(seconds=3.0, warmup=1.0, inflight=64, players=3, replay_games=10, memory_counts=(200, 1_000),
              fanout_watchers=1_000, fanout_commands=10, startup_games=1_000, peer_games=50, peer_inflight=16,
              watched_games=20, instruction_calls=200, instruction_commands=100, flush_probes=300)
TINY = Sizes(seconds=0.3, warmup=0.1, inflight=4, players=2, replay_games=1, memory_counts=(5, 10),
             fanout_watchers=5, fanout_commands=3, startup_games=8, peer_games=0, peer_inflight=2,
             watched_games=2, instruction_calls=20, instruction_commands=10, instruction_games=1,
             flush_probes=10)
