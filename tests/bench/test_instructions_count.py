"""`python -m bench.instructions count`: instructions per command of one load shape, the server
run from a given checkout under callgrind (the quick way to compare two commits on a busy
machine). Without valgrind it says so and stops; with it, a real count of a few commands."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bench import instructions

HERE = Path(__file__).resolve().parents[2]


def test_a_count_without_valgrind_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    with pytest.raises(SystemExit, match="valgrind"):
        instructions.count("push", "hoarders", 3, 3, [None])


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind (callgrind) is not installed")
def test_a_count_from_a_checkout_counts_the_commands_it_sent() -> None:
    [result] = instructions.count("play", "hoarders", 3, 3, [HERE])
    assert result["source"] == str(HERE)
    assert result["commands"] == 3
    assert result["calls"] >= 3  # each command, and the GetViews its seats asked first
    assert result["calls_per_command"] == round(result["calls"] / 3, 3)
    # A command is at least a gRPC call's worth of work (the echo's is about 300k here).
    assert result["per_command"] == round(result["instructions"] / 3) > 100_000
