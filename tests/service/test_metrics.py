"""`kennel serve --metrics-port`: one scrape of a real server's Prometheus endpoint after a few
calls shows every family docs/performance.md lists, with the values those calls imply."""

from __future__ import annotations

import re
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from random import Random

import pytest
from kennel.client import Kennel, KennelError
from kennel.service.metrics import COMMAND_SECONDS, COMMANDS, LATENCY_BUCKETS, CommandMetrics
from kennel.v1 import kennel_pb2 as pb
from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client import metrics as prometheus_metrics
from prometheus_client.parser import text_string_to_metric_families
from testkit.servers import ServerThread

GAME = "hoarders"


@pytest.fixture
def metered(tmp_path: Path) -> Iterator[ServerThread]:
    running = ServerThread(tmp_path / "data", metrics_port=0).start()
    try:
        yield running
    finally:
        running.stop()


def _scrape(port: int) -> dict[str, dict[tuple[tuple[str, str], ...], float]]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as response:
        text = response.read().decode("utf-8")
    samples: dict[str, dict[tuple[tuple[str, str], ...], float]] = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            samples.setdefault(sample.name, {})[tuple(sorted(sample.labels.items()))] = sample.value
    return samples


def test_one_scrape_shows_commands_games_streams_batches_and_errors(metered: ServerThread) -> None:
    assert metered.running is not None and metered.running.metrics is not None
    with Kennel(metered.address, timeout=10) as kennel:
        game = kennel.create_game(GAME, ["Ann", "Bob"])
        ann = kennel.session(game.game_id, game.credentials[0])
        actor = kennel.session(game.game_id, game.credentials[ann.view().pending[0].seat])
        command = actor.view().legal_commands[0]
        actor.act(command, command_id="c1")
        actor.act(command, command_id="c1")  # the same command again: replayed, not applied twice
        with pytest.raises(KennelError):
            actor.act(pb.Command(), command_id="c2")  # empty: malformed
        watch = ann.watch(timeout=5)
        next(watch)  # the stream is open once its first update has arrived
        samples = _scrape(metered.running.metrics.port)
        watch.close()

    commands = samples["kennel_commands_total"]
    assert commands[(("game", GAME), ("outcome", "accepted"))] == 1
    assert commands[(("game", GAME), ("outcome", "replayed"))] == 1
    assert commands[(("game", GAME), ("outcome", "INVALID_ARGUMENT"))] == 1
    assert samples["kennel_command_seconds_count"][(("game", GAME),)] == 3
    assert samples["kennel_open_games"][()] == 1
    assert samples["kennel_watch_streams"][()] == 1
    # Created game, then one command: two appends, each in a batch of its own (nothing else waited).
    assert samples["kennel_append_batch_size_count"][()] == 2
    assert samples["kennel_append_batch_size_sum"][()] == 2
    assert samples.get("kennel_store_errors_total", {}) == {}


def _exposed(registry: CollectorRegistry) -> list[str]:
    """The text exposition, each *_created value (a time stamp of its own) replaced by a mark."""
    return [re.sub(r"^(\S+_created\{.*\}) \S+$", r"\1 CREATED", line)
            for line in generate_latest(registry).decode().splitlines()]


@pytest.mark.parametrize("created", [True, False])
def test_command_metrics_expose_what_a_labelled_counter_and_histogram_do(
    monkeypatch: pytest.MonkeyPatch, created: bool
) -> None:
    """CommandMetrics (plain numbers, families made when scraped) against the prometheus_client
    Counter and Histogram it stands for, fed the same calls: the same text, family for family,
    sample for sample, value for value, with *_created exposed or not; times on a bucket's
    bound, between bounds, above them all and at zero."""
    monkeypatch.setattr(prometheus_metrics, "_use_created", created)
    ours = CollectorRegistry()
    ours.register(CommandMetrics())
    plain = CollectorRegistry()
    counter = Counter(*COMMANDS, ["game", "outcome"], registry=plain)
    histogram = Histogram(*COMMAND_SECONDS, ["game"], buckets=LATENCY_BUCKETS, registry=plain)
    collector = next(iter(ours._collector_to_names))
    assert _exposed(ours) == _exposed(plain)  # nothing counted yet
    random = Random(20)
    calls = [(game, outcome, seconds) for game, outcome, seconds in (
        ("hoarders", "accepted", 0.001), ("caninos", "replayed", 0.0), ("hoarders", "INVALID_ARGUMENT", 3.0),
        ("hoarders", "accepted", 0.0005000001), ("caninos", "accepted", 2.5),
    )] + [(random.choice(["hoarders", "caninos", "a-dogs-life"]), random.choice(["accepted", "FAILED_PRECONDITION"]),
           random.expovariate(300)) for _ in range(500)]
    for game, outcome, seconds in calls:
        collector.served(game, outcome, seconds)
        counter.labels(game, outcome).inc()
        histogram.labels(game).observe(seconds)
    assert _exposed(ours) == _exposed(plain)
    assert any("_created" in line for line in _exposed(ours)) == created
    samples = {(s.name, tuple(sorted(s.labels.items()))): s.value for family in ours.collect() for s in family.samples}
    assert samples[("kennel_command_seconds_sum", (("game", "hoarders"),))] == histogram.labels("hoarders")._sum.get()
