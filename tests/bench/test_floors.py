"""bench.floors: the durable-flush probe and the sequential floor it gives, and the report's CPU
per move beside the peer. Figures are checked for shape and arithmetic, never against a time."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from bench import floors, report


def test_the_probe_times_each_way_and_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[int] = []
    real = os.fdatasync
    monkeypatch.setattr(floors.os, "fdatasync", lambda fd: (synced.append(fd), real(fd))[1])
    flush = floors.durable_flush(tmp_path, 12, idle_s=0.0001)
    assert len(synced) == 2 * 12  # each write flushed alone, both ways
    assert flush["flushes"] == 12 and flush["page_bytes"] == floors.PAGE and flush["idle_ms"] == 0.1
    for way in ("back_to_back_us", "after_idle_us"):
        assert 0 < flush[way]["p50"] <= flush[way]["p90"]
    assert list(tmp_path.iterdir()) == []


def test_the_probe_overwrites_space_it_allocated_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SQLite writes its WAL over space it has used before; a file that grew at every write would
    time the file system's size change too (an extra journal commit on ext4)."""
    sizes: list[int] = []
    monkeypatch.setattr(floors.os, "fdatasync", lambda fd: sizes.append(os.fstat(fd).st_size))
    floors.durable_flush(tmp_path, 5, idle_s=0.0001)
    assert sizes == [floors.PAGE * 6] * 10


def test_the_commit_probe_commits_both_ways_and_leaves_nothing(tmp_path: Path) -> None:
    commit = floors.sqlite_commit(tmp_path, 8, idle_s=0.0001)
    assert commit["commits"] == 8
    for way in ("back_to_back_us", "after_idle_us"):
        assert 0 < commit[way]["p50"] <= commit[way]["p90"]
    assert list(tmp_path.iterdir()) == []


def test_the_sequential_floor_is_the_echo_and_one_flush() -> None:
    assert floors.sequential_floor(600.0, 0.3) == 3.0  # 0.3 ms echo, 0.6 ms flush
    assert floors.sequential_floor(50.0, 0.5) == 1.1
    assert floors.sequential_floor(None, 0.3) is None and floors.sequential_floor(600.0, None) is None


def _results(**sections: Any) -> dict[str, Any]:
    echo = {"sequential": {"call": {"p50_ms": 0.3, "per_second": 3000.0}},
            "inflight_64": {"call": {"p50_ms": 5.0, "per_second": 12000.0}}}
    meta = {"sizes": {"inflight": 64}, "started": "2026-12-07T00:00:00Z", "size": "quick",
            "machine": {k: "-" for k in ("cores", "cpu_model", "memory_gib", "python", "grpcio", "protobuf",
                                          "eventsourcing", "sqlite", "node", "load_average_at_start")}}
    return {"meta": meta, "baseline": {"echo": echo}, **sections}


def test_the_report_states_the_floor_as_a_row_without_a_goal() -> None:
    flush = {"idle_ms": 0.5, "back_to_back_us": {"p50": 40.0, "p90": 45.0},
             "after_idle_us": {"p50": 600.0, "p90": 900.0}}
    results = _results(floors={"durable_flush": flush})
    rows = [row for row in report.targets(results) if "floor for sequential" in row["target"]]
    assert [(row["value"], row["goal"]) for row in rows] == [(3.0, "-")]
    results["targets"] = report.targets(results)
    expected = "took p50 40.0 us back to back and 600.0 us (p90 900.0) after 0.5 ms idle"
    assert expected in report.markdown(results, "x")
    assert not [row for row in report.targets(_results()) if "floor" in row["target"]]  # not measured: no row


def test_the_peer_table_gives_cpu_per_move_for_both_servers() -> None:
    kennel = {"command": {"per_second": 1800.0, "p50_ms": 8.0, "p99_ms": 20.0}, "server_cpu_s": 2.0,
              "commands_all": 4000, "load_loop_cpu_s": 1.0}
    peer = {"shape": {"game": "hoarders", "players": 3, "inflight": 16, "peer_games": 200},
            "kennel_sqlite_durable": {**kennel, "pushed": {**kennel, "server_cpu_s": 3.0}},
            "boardgameio": [{"storage": "memory", "moves_per_s": 2500, "moves": 10_000, "driver_cpu_s": 2.5,
                             "latency_ms": {"p50": 5.0, "p99": 19.0}, "raw": {"server_cpu_s": 4.0}}]}
    results = _results(peer=peer)
    results["targets"] = report.targets(results)
    table = report.markdown(results, "x.json")
    assert "| 500 | 250 |" in table  # Kennel polled: 2.0 s / 4,000 moves, 1.0 s / 4,000
    assert "| 750 | 250 |" in table  # pushed
    assert "| 400 | 250 |" in table  # boardgame.io: 4.0 s / 10,000, 2.5 s / 10,000
