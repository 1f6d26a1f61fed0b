"""verify and the server's signature (issue 16, hole 9): a log with its last record dropped and
the old checkpoint kept passed `kennel replay verify --public-key` ("ok (hash chain only)"), and
without a key `verify` said "ok" without saying the signature was not checked. Through the real
CLI (`kennel replay verify`), on a log a real server signed."""

from __future__ import annotations

from pathlib import Path

import pytest
from kennel.client import Kennel
from kennel.replay.cli import main as replay_main
from kennel.replay.logformat import parse_log
from kennel.v1 import kennel_pb2 as pb

GAME = "hoarders"
MAX_STEPS = 5000


def _signed_log(kennel: Kennel) -> tuple[bytes, str]:
    created = kennel.create_game(GAME, ["Ann", "Bob", "Cy"])
    seats = {s: kennel.session(created.game_id, c) for s, c in created.credentials.items()}
    spectator = kennel.session(created.game_id, created.spectator_credential)
    for _ in range(MAX_STEPS):
        view = spectator.view()
        if view.status == pb.GAME_STATUS_FINISHED:
            return spectator.signed_log()
        seat = view.pending[0].seat
        seats[seat].act(seats[seat].view().legal_commands[0])
    raise AssertionError("the game did not end")


def _without_last_records(raw: bytes, dropped: int) -> bytes:
    """The log with its last `dropped` records cut, everything else (the checkpoint) kept."""
    lines = raw.splitlines(keepends=True)
    records = [i for i, line in enumerate(lines) if line.startswith(b'{"record":') or b'"hash":' in line and i > 0]
    cut = set(records[-dropped:])
    return b"".join(line for i, line in enumerate(lines) if i not in cut)


def test_a_log_cut_short_fails_verify_with_the_public_key(
    kennel: Kennel, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    raw, key = _signed_log(kennel)
    log = parse_log(raw)
    assert log.checkpoint is not None
    whole = tmp_path / "whole.jsonl"
    whole.write_bytes(raw)
    assert replay_main(["verify", "--public-key", key, str(whole)]) == 0
    capsys.readouterr()
    for dropped in (1, 2):
        cut = tmp_path / f"cut-{dropped}.jsonl"
        cut.write_bytes(_without_last_records(raw, dropped))
        assert len(parse_log(cut.read_bytes()).records) == len(log.records) - dropped
        assert replay_main(["verify", "--public-key", key, str(cut)]) == 1
        assert "signature" in capsys.readouterr().out
    # Without the key, verify says plainly that the signature was not checked.
    assert replay_main(["verify", str(whole)]) == 0
    out = capsys.readouterr().out
    assert "signature was NOT checked" in out
    assert replay_main(["verify", str(tmp_path / "cut-1.jsonl")]) == 0  # the hash chain alone holds
    assert "signature was NOT checked" in capsys.readouterr().out
