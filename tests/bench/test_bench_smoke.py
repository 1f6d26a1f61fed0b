"""The benchmark harness at tiny sizes, so that it cannot rot: one run of `python -m bench --tiny`
as `make bench` runs it (processes and all), then the JSON it wrote must hold every section with
sane values. No figure is compared with a threshold: this machine is shared and noisy."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from kennel.domain.registry import GAMES

ROOT = Path(__file__).resolve().parents[2]
BENCH_TIMEOUT = 420  # seconds for the tiny run: about one on a quiet machine, several on a busy one
# pytest's own limit (300 s in pyproject.toml) must not cut the run short before its own timeout
# does: on a machine shared with other work, the tiny run (callgrind included) has taken over 300 s.
pytestmark = pytest.mark.timeout(BENCH_TIMEOUT + 60)
SECTIONS = ("baseline", "floors", "commands", "instructions", "replay", "memory", "watched_memory", "fanout", "startup", "peer",
            "shards", "workers")


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    out = tmp_path_factory.mktemp("bench") / "tiny.json"
    docs = out.with_suffix(".md")
    done = subprocess.run(
        [sys.executable, "-m", "bench", "--tiny", "--out", str(out), "--docs", str(docs)],
        cwd=ROOT, capture_output=True, text=True, timeout=BENCH_TIMEOUT, check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    data: dict[str, Any] = json.loads(out.read_text())
    data["_docs"] = docs.read_text()
    return data


def _positive_rate(run: dict[str, Any], kind: str) -> None:
    assert run[kind]["count"] > 0 and run[kind]["per_second"] > 0
    assert 0 < run[kind]["p50_ms"] <= run[kind]["p99_ms"] <= run[kind]["max_ms"]


def test_every_section_is_there_without_errors(results: dict[str, Any]) -> None:
    assert results["errors"] == {}
    for section in SECTIONS:
        assert section in results, section
    machine = results["meta"]["machine"]
    assert machine["cores"] >= 1 and machine["python"] and machine["grpcio"]


def test_baseline_and_every_game_were_measured(results: dict[str, Any]) -> None:
    for run in [*results["baseline"]["echo"].values(), *results["commands"]["echo_after"].values()]:
        _positive_rate(run, "call")
        assert run["errors"] == {}
    assert set(results["commands"]) - {"server_rss_mib_end", "echo_after"} == set(GAMES)
    for game in GAMES:
        for run in results["commands"][game].values():
            _positive_rate(run, "command")
            assert run["errors"] == {}
            assert run["server_cpu_s"] >= 0 and run["calls_per_command"] >= 1
            assert run["commands_all"] >= run["command"]["count"] and run["load_loop_cpu_s"] > 0


def test_instructions_were_counted_for_the_echo_and_a_game(results: dict[str, Any]) -> None:
    counted = results["instructions"]
    if "skipped" in counted:  # no valgrind on this machine: the section says so
        assert "valgrind" in counted["skipped"]
        return
    assert counted["echo"]["calls"] > 0 and counted["echo"]["per_call"] > 0
    assert len(counted["games"]) == 1  # the tiny size counts one game
    for game, row in counted["games"].items():
        assert game in GAMES
        assert row["commands"] > 0 and row["calls"] >= row["commands"] and row["per_command"] > 0
        assert row["per_command_over_echo_call"] >= row["per_call_over_echo_call"] > 0
    assert "Instructions in the server process" in results["_docs"]


def test_the_floors_section_timed_durable_flushes_both_ways(results: dict[str, Any]) -> None:
    flush, commit = results["floors"]["durable_flush"], results["floors"]["sqlite_commit"]
    assert flush["flushes"] > 0 and flush["idle_ms"] > 0 and commit["commits"] > 0
    for way in ("back_to_back_us", "after_idle_us"):
        assert 0 < flush[way]["p50"] <= flush[way]["p90"]
        assert 0 < commit[way]["p50"] <= commit[way]["p90"]
    assert "This machine's disk" in results["_docs"]
    floors = [row for row in results["targets"] if "floor for sequential" in row["target"]]
    assert len(floors) == 1 and floors[0]["value"] > 1 and floors[0]["goal"] == "-"


def test_replay_memory_fanout_and_startup_hold_sane_values(results: dict[str, Any]) -> None:
    replay = results["replay"]
    events = replay["raw_decode"]["events"]
    assert events > 0 and replay["fold"]["events"] == events == replay["verify"]["events"]
    assert all(replay[k]["events_per_second"] > 0 for k in ("raw_decode", "fold", "verify"))
    points = results["memory"]["points"]
    assert [p["games"] for p in points] == sorted(p["games"] for p in points) and points[-1]["rss_mib"] > 0
    fan = results["fanout"]
    assert fan["missing_deliveries"] == 0 and fan["deliveries"] == fan["watchers"] * fan["commands"] > 0
    start = results["startup"]
    assert start["store"]["games"] > 0 and start["store"]["records"] > start["store"]["games"]
    assert 0 < start["full_store_best"]["first_answer_s"] <= start["full_store_best"]["first_view_s"]


def test_targets_and_the_docs_table_cover_every_target(results: dict[str, Any]) -> None:
    targets = {row["target"] for row in results["targets"]}
    beside_peer = 0 if "skipped" in results["peer"] else 1  # the tiny size skips the peer
    floor = 1  # this machine's sequential floor (bench.floors): a row without a goal
    assert len(targets) == 2 * len(GAMES) + floor + 2 + len(results["memory"]["points"]) + 2 + beside_peer
    assert results["watched_memory"]["events_per_game"] > 0 and results["watched_memory"]["games"] > 0
    assert all(isinstance(row["met"], bool) for row in results["targets"])
    for row in results["targets"]:
        assert row["target"] in results["_docs"]


def test_the_shards_section_measured_one_shard_and_four(results: dict[str, Any]) -> None:
    shards = results["shards"]
    if "skipped" in shards:
        assert os.environ.get("KENNEL_REQUIRE_POSTGRES") != "1", shards["skipped"]
        pytest.skip(shards["skipped"])
    for mode in ("group_commit", "one_per_transaction"):
        for count in ("1", "4"):
            run = shards[mode][count]
            assert run["shards"] == int(count) and run["commands"] > 0
            assert run["group_commit"] == (mode == "group_commit")
    assert "PostgreSQL write throughput" in results["_docs"]
    database = shards["database_only"]
    if "skipped" not in database:  # pgbench is PostgreSQL's client tool: optional for the bench
        for count in ("1", "4"):
            assert database[count]["shards"] == int(count) and database[count]["transactions_per_second"] > 0
        assert "The database side alone" in results["_docs"]


def test_the_workers_section_measured_one_worker_and_two(results: dict[str, Any]) -> None:
    workers = results["workers"]
    stores = ["sqlite"] + ([] if "skipped" in workers["postgresql"] else ["postgresql"])
    for store in stores:
        for count in ("1", "2"):
            run = workers[store][count]
            assert run["workers"] == int(count) and run["commands_per_second"] > 0
            assert len(run["worker_cpu_s"]) == int(count) and all(cpu > 0 for cpu in run["worker_cpu_s"])
        assert workers[store]["ratio_2_to_1"] > 0
    assert "`kennel serve --workers N`" in results["_docs"]
