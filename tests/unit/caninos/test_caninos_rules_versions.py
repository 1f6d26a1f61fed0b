"""docs/rules/caninos.md, "Rules versions": a log written under an older rules version is never
reported as tampered; `verify` says which version it was written under."""

from pathlib import Path

from kennel.domain.caninos import GAME
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


def test_house_rules_in_force_are_named_in_the_replays_first_sentence():
    """design.md, "Rules as written": a house rule is "named in the game's header", so a replay
    states it; the rulebook's own options are no house rules and are not named as such."""
    from kennel.domain.core.rng import seed_from_text
    from kennel.replay.explain import narrate
    from kennel.replay.ledger import Ledger

    def first_sentence(options):
        ledger = Ledger.create(GAME, "test/house-rules", options, ["Ann", "Bob"], seed_from_text("h"))
        return narrate(ledger.log().to_bytes())[0].text

    chosen = first_sentence({"deck_runs_out": "reshuffle", "reshuffle_limit": 2, "round_of_passes": True})
    limit = "the discard pile becomes the main deck at most 2 times"
    assert f"(rules version 2, with house rule: {limit}" in chosen
    assert "with house rule: a round in which every seat passes ends the game" in chosen
    written = first_sentence({"deck_runs_out": "reshuffle"})
    assert "(rules version 2)" in written and "house rule" not in written
