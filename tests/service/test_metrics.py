"""`kennel serve --metrics-port`: one scrape of a real server's Prometheus endpoint after a few
calls shows every family docs/performance.md lists, with the values those calls imply."""

from __future__ import annotations

import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from kennel.client import Kennel, KennelError
from kennel.v1 import kennel_pb2 as pb
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
