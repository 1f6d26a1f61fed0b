"""Prometheus metrics of one server: what `kennel serve --metrics-port PORT` exposes.

Each running server has its own registry (several servers may run in one process, as in the
tests), and nothing is registered at import time. The servicer counts commands and watch
streams, the appender (kennel.service.appender) reports its batches and store errors, and the number
of games in memory is read from the hub when Prometheus scrapes.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from wsgiref.simple_server import WSGIServer

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, start_http_server

# Seconds; from well under a millisecond (an in-memory refusal) to a slow fsync under load.
LATENCY_BUCKETS = (0.0005, 0.001, 0.002, 0.004, 0.008, 0.016, 0.032, 0.064, 0.128, 0.256, 0.512, 1.0, 2.5)
BATCH_BUCKETS = (1, 2, 4, 8, 16, 32, 64, 128, 256)


@dataclass
class Metrics:
    registry: CollectorRegistry = field(default_factory=CollectorRegistry)

    def __post_init__(self) -> None:
        r = self.registry
        self.commands = Counter(
            "kennel_commands", "SubmitCommand calls by game and outcome (accepted, replayed, or the gRPC status)",
            ["game", "outcome"], registry=r,
        )
        self.command_seconds = Histogram(
            "kennel_command_seconds", "Time to serve a SubmitCommand call, acknowledgement included",
            ["game"], buckets=LATENCY_BUCKETS, registry=r,
        )
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
        # The labelled children of the per-command metrics, looked up once per game and outcome
        # (a few dozen at most): prometheus_client's `labels()` takes a lock and checks the label
        # values on every call, more than counting itself costs.
        self._command_counts: dict[tuple[str, str], Counter] = {}
        self._command_times: dict[str, Histogram] = {}

    def command_served(self, game: str, outcome: str, seconds: float) -> None:
        """Count a SubmitCommand call by game and outcome, and time it by game."""
        counted = self._command_counts.get((game, outcome))
        if counted is None:
            counted = self._command_counts[(game, outcome)] = self.commands.labels(game, outcome)
        timed = self._command_times.get(game)
        if timed is None:
            timed = self._command_times[game] = self.command_seconds.labels(game)
        counted.inc()
        timed.observe(seconds)

    def count_games(self, open_games: Callable[[], float], loaded: Callable[[], float]) -> None:
        """Read the numbers of open games and of games loaded whenever metrics are scraped."""
        self.open_games.set_function(open_games)
        self.games_in_memory.set_function(loaded)


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
