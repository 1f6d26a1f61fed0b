"""Prometheus metrics of one server: what `kennel serve --metrics-port PORT` exposes.

Each running server has its own registry (several servers may run in one process, as in the
tests), and nothing is registered at import time. The servicer counts commands and watch
streams, the appender (kennel.service.appender) reports its batches and store errors, and the number
of games in memory is read from the hub when Prometheus scrapes.
"""

from __future__ import annotations

import bisect
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from wsgiref.simple_server import WSGIServer

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, start_http_server
from prometheus_client import metrics as prometheus_metrics  # `_use_created`: whether *_created is exposed
from prometheus_client.metrics_core import Metric
from prometheus_client.utils import INF, floatToGoString

# Seconds; from well under a millisecond (an in-memory refusal) to a slow fsync under load.
LATENCY_BUCKETS = (0.0005, 0.001, 0.002, 0.004, 0.008, 0.016, 0.032, 0.064, 0.128, 0.256, 0.512, 1.0, 2.5)
BATCH_BUCKETS = (1, 2, 4, 8, 16, 32, 64, 128, 256)


@dataclass
class Metrics:
    registry: CollectorRegistry = field(default_factory=CollectorRegistry)

    def __post_init__(self) -> None:
        r = self.registry
        self.commands = CommandMetrics()
        r.register(self.commands)
        self.open_games = Gauge("kennel_open_games", "Games kept live in memory, not yet over", registry=r)
        self.games_in_memory = Gauge("kennel_games_in_memory", "Games loaded in memory, running or finished", registry=r)
        self.watch_streams = Gauge("kennel_watch_streams", "Watch streams open now", registry=r)
        self.append_batch = Histogram(
            "kennel_append_batch_size", "Appends written to the store in one transaction (group commit)",
            buckets=BATCH_BUCKETS, registry=r,
        )
        self.appends_on_loop = Counter(
            "kennel_appends_on_loop",
            "Appends of a call served alone, committed at once while the event loop waits, not batched",
            registry=r,
        )
        self.store_errors = Counter(
            "kennel_store_errors", "Store writes that failed, by kind (conflict: another writer won; failure: the store)",
            ["kind"], registry=r,
        )
    def command_served(self, game: str, outcome: str, seconds: float) -> None:
        """Count a SubmitCommand call by game and outcome, and time it by game."""
        self.commands.served(game, outcome, seconds)

    def count_games(self, open_games: Callable[[], float], loaded: Callable[[], float]) -> None:
        """Read the numbers of open games and of games loaded whenever metrics are scraped."""
        self.open_games.set_function(open_games)
        self.games_in_memory.set_function(loaded)


COMMANDS = ("kennel_commands", "SubmitCommand calls by game and outcome (accepted, replayed, or the gRPC status)")
COMMAND_SECONDS = ("kennel_command_seconds", "Time to serve a SubmitCommand call, acknowledgement included")
_BOUNDS = (*LATENCY_BUCKETS, INF)  # a histogram's upper bounds, +Inf last, as prometheus_client keeps them
_SUM, _CREATED = len(_BOUNDS), len(_BOUNDS) + 1  # after the buckets' counts in a game's list


class CommandMetrics:
    """`kennel_commands_total{game,outcome}` and the `kennel_command_seconds{game}` histogram,
    counted in plain numbers on the event loop and turned into prometheus_client's families only
    when scraped: the same families, samples and values as a labelled Counter and Histogram
    (their `.inc()` and `.observe()` take a lock each and cost about 15k instructions a command;
    these about 2k). Written by the event loop only, read by the scraping thread: each number
    is read whole, as prometheus_client's own values are."""

    def __init__(self) -> None:
        # (game, outcome) -> [count, when first counted]; game -> [count per bucket..., sum, created].
        self._counts: dict[tuple[str, str], list[float]] = {}
        self._times: dict[str, list[float]] = {}

    def served(self, game: str, outcome: str, seconds: float) -> None:
        counted = self._counts.get((game, outcome))
        if counted is None:
            counted = self._counts[(game, outcome)] = [0.0, time.time()]
        counted[0] += 1.0
        timed = self._times.get(game)
        if timed is None:
            timed = self._times[game] = [0.0] * len(_BOUNDS) + [0.0, time.time()]
        timed[bisect.bisect_left(_BOUNDS, seconds)] += 1.0  # the first bound at or above it, as observe's
        timed[_SUM] += seconds

    def describe(self) -> Iterable[Metric]:
        return [Metric(*COMMANDS, "counter"), Metric(*COMMAND_SECONDS, "histogram")]

    def collect(self) -> Iterable[Metric]:
        """What Counter.collect and Histogram.collect (prometheus_client.metrics) yield."""
        created = prometheus_metrics._use_created
        commands = Metric(*COMMANDS, "counter")
        for (game, outcome), (count, since) in list(self._counts.items()):
            labels = {"game": game, "outcome": outcome}
            commands.add_sample(COMMANDS[0] + "_total", labels, count)
            if created:
                commands.add_sample(COMMANDS[0] + "_created", dict(labels), since)
        seconds = Metric(*COMMAND_SECONDS, "histogram")
        name = COMMAND_SECONDS[0]
        for game, timed in list(self._times.items()):
            timed = list(timed)
            total = 0.0
            for bound, count in zip(_BOUNDS, timed):
                total += count
                seconds.add_sample(name + "_bucket", {"game": game, "le": floatToGoString(bound)}, total)
            seconds.add_sample(name + "_count", {"game": game}, total)
            seconds.add_sample(name + "_sum", {"game": game}, timed[_SUM])
            if created:
                seconds.add_sample(name + "_created", {"game": game}, timed[_CREATED])
        return [commands, seconds]


@dataclass
class MetricsEndpoint:
    """The HTTP server Prometheus scrapes, on its own thread (prometheus-client's own)."""

    server: WSGIServer
    thread: threading.Thread

    @property
    def port(self) -> int:
        return int(self.server.server_port)

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)


def serve_metrics(metrics: Metrics, host: str, port: int) -> MetricsEndpoint:
    """Expose `metrics` at http://host:port/metrics (port 0 picks a free one)."""
    server, thread = start_http_server(port, addr=host, registry=metrics.registry)
    return MetricsEndpoint(server=server, thread=thread)
