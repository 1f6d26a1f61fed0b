"""`kennel play --server --bot-level L` and `kennel simulate --server --bots search` (issue 19):
the server seats and plays the bots (CreateGame bot seats); the tools only drive the people and
wait. Against a real server on an ephemeral loopback port."""

from __future__ import annotations

import argparse
import io
from pathlib import Path

from kennel.replay.logformat import parse_log
from kennel.replay.verify import verify
from kennel.service.cli import main
from kennel.service.play import add_arguments
from kennel.service.play import play as kennel_play

MAX_INPUTS = 500


def test_play_through_a_server_against_its_search_bots(server_address: str) -> None:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    args = parser.parse_args(["hoarders", "--bots", "2", "--bot-level", "1", "--server", server_address])
    stdout = io.StringIO()
    assert kennel_play(args, io.StringIO("1\n" * MAX_INPUTS), stdout) == 0
    out = stdout.getvalue()
    assert "Game over. Winner" in out
    assert "is a bot (search, level 1)" in out, "the person is told which seats are bots"


def test_simulate_through_a_server_with_its_search_bots(server_address: str, tmp_path: Path) -> None:
    argv = ["simulate", "hoarders", "--players", "2", "--games", "1", "--seed", "seated", "--quiet"]
    extra = ["--server", server_address, "--bots", "search", "--bot-level", "1", "--out", str(tmp_path)]
    assert main([*argv, *extra]) == 0
    [written] = sorted(tmp_path.iterdir())
    raw = written.read_bytes()
    assert verify(raw, require_complete=True).ok
    log = parse_log(raw)
    assert log.records[-1].event["type"] == "kennel.GameEnded"
    seated = [r for r in log.records if r.event["type"] == "kennel.SeatingSet"]
    assert [(b["kind"], b["level"]) for b in seated[0].event["data"]["bots"]] == [("search", 1)] * 2
    played = [r for r in log.records if r.cause.seat is not None]
    assert played and all(r.cause.command_id.startswith("bot-") for r in played), "the server's bots played"
