"""docs/rules/hoarders.md, "Rules versions": a log written under an older rules version is
never reported as tampered; `verify` says which version it was written under."""

from pathlib import Path

from kennel.domain.hoarders import GAME
from kennel.replay.logformat import parse_log
from kennel.replay.verdict import FailureKind
from kennel.replay.verify import verify

OLD_LOGS = Path(__file__).resolve().parent / "old_logs"


def test_a_rules_version_1_log_is_unsupported_and_names_its_version_not_tampered():
    raw = (OLD_LOGS / "rules-1-2-players.jsonl").read_bytes()
    assert parse_log(raw).header.rules_version == "1" != GAME.rules_version
    report = verify(raw)
    assert report.failure is not None and report.failure.kind is FailureKind.UNSUPPORTED
    assert "rules version '1'" in report.failure.reason
    assert f"version {GAME.rules_version!r}" in report.failure.reason
