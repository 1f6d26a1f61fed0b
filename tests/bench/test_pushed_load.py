"""The peer's load shape in Kennel (bench.pushed): every seat follows its own Watch stream and
acts when an update says it owes a decision. Run briefly against a real server, the games it
plays must finish, without errors, and without a seat ever asking for its view."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from testkit.servers import ServerThread

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def unlimited(tmp_path: Path) -> Iterator[ServerThread]:
    """A server without the per-address limits on calls without a credential and on the
    credentials minted, as `make bench` serves (bench.procs.BENCH_LIMITS): the load creates
    games from one address as fast as it can, and on a fast machine it created more games in
    this test than the defaults allow one address (a burst of 30 credentials, then 1 a second),
    so that CreateGame was refused as RESOURCE_EXHAUSTED."""
    running = ServerThread(
        tmp_path / "data",
        open_calls_per_second=1e9, open_call_burst=10**9,
        credentials_per_second=1e9, credential_burst=10**9,
    ).start()
    try:
        yield running
    finally:
        running.stop()


def test_pushed_seats_play_whole_games_without_asking_for_views(unlimited: ServerThread) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bench.load", "play", "--push", "--address", unlimited.address, "--game", "hoarders",
         "--players", "3", "--inflight", "2", "--seconds", "3", "--warmup", "0.5"],
        cwd=ROOT, capture_output=True, text=True, timeout=120, check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.splitlines()[-1])
    assert result["errors"] == {}
    assert result["games_finished"] > 0 and result["command"]["count"] > 0
    assert "view" not in result  # every view came with a stream's update
    # Every call but the games' creation is a command.
    assert result["calls_per_command"] < 1.2


def test_the_instruction_counts_pushed_drive_plays_a_fixed_number_of_commands(
    unlimited: ServerThread,
) -> None:
    """bench.instructions' pushed shape (no valgrind here: its load process alone): it warms the
    server, waits for "go", then plays at least the commands asked for, every seat pushed."""
    load = subprocess.Popen(
        [sys.executable, "-m", "bench.instructions", "drive", "--address", unlimited.address,
         "--kind", "push", "--game", "hoarders", "--players", "3", "--count", "12"],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        out, err = load.communicate(input="go\n", timeout=120)
    finally:
        if load.poll() is None:
            load.kill()
    assert load.returncode == 0, err[-3000:]
    lines = out.splitlines()
    assert lines[0] == "warm"
    counted = json.loads(lines[-1])
    assert counted["commands"] >= 12 and counted["calls"] == counted["commands"] + counted["raced"]
