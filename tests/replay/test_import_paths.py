"""The log format and verify were split into smaller modules (`logrecords`, `verify_rules`); every
name the rest of Kennel imports from `kennel.replay.logformat` and `kennel.replay.verify` is still
there, and is the very object the new module defines."""

from __future__ import annotations

from kennel.replay import logformat, logrecords, verify

# The names service/, bench/, clients/ and tests/ import from logformat (grep `replay.logformat import`).
LOGFORMAT_NAMES = (
    "Attempt Cause Checkpoint Header Log LogFormatError Parent Record attempts_digest canonical_json chain "
    "chain_hash chain_hash_of_bytes events_of group_by_cause mid_decision parse_log "
    "CLOSE_LOBBY CREATE_GAME EXPIRE_PROMPT FILL_SEAT FORMAT_NAME FORMAT_VERSION REFUSALS_OMITTED"
).split()


def test_every_name_imported_from_logformat_is_still_there() -> None:
    for name in LOGFORMAT_NAMES:
        assert name in logformat.__all__, name
        assert hasattr(logformat, name), name
        if hasattr(logrecords, name):
            assert getattr(logformat, name) is getattr(logrecords, name), name


def test_verify_is_still_imported_from_verify() -> None:
    assert callable(verify.verify)
    assert verify.verify.__module__ == "kennel.replay.verify"
