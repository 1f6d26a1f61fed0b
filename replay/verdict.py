"""What `kennel.replay.verify` finds: a report, ok or the first failure with its kind, for
people (`describe`) and machines (`to_json`). docs/log-format.md lists the kinds."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from kennel.domain.core.codec import JsonObject


class FailureKind(enum.Enum):
    FORMAT = "format"  # not a well-formed, canonical Kennel log
    HASH_CHAIN = "hash_chain"  # a version out of sequence, a broken link or a wrong hash
    UNSUPPORTED = "unsupported"  # a game or rules version this Kennel cannot re-run
    HEADER = "header"  # the header (or the CreateGame command) disagrees with GameCreated
    SEED_COMMITMENT = "seed_commitment"  # the revealed seed does not match the commitment
    MISSING_SEED = "missing_seed"  # the game is not over, so the seed is not revealed
    RULE = "rule"  # the rules refuse a recorded command
    EVENT_MISMATCH = "event_mismatch"  # the rules produce other events than the log records
    ATTEMPT = "attempt"  # a command the log says was refused is not refused that way by the rules
    SIGNATURE = "signature"  # no valid checkpoint signature by the given key


@dataclass(frozen=True)
class Failure:
    kind: FailureKind
    version: int | None  # the first failing record (its position, from 1); None: the whole log
    reason: str

    def to_json(self) -> JsonObject:
        return {"kind": self.kind.value, "version": self.version, "reason": self.reason}


@dataclass(frozen=True)
class VerifyReport:
    game: str | None  # None when the file has no readable header
    game_id: str | None
    records: int  # records in the log
    rules_checked: bool  # the seed was revealed and the rules re-ran (up to the failure, if any)
    failure: Failure | None
    notes: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        return self.failure is None

    @property
    def records_checked(self) -> int:
        """Records that passed every check that ran, in order from the first."""
        if self.failure is None:
            return self.records
        return self.failure.version - 1 if self.failure.version is not None else 0

    def to_json(self) -> JsonObject:
        return {
            "ok": self.ok,
            "game": self.game,
            "game_id": self.game_id,
            "records": self.records,
            "records_checked": self.records_checked,
            "rules_checked": self.rules_checked,
            "failure": None if self.failure is None else self.failure.to_json(),
            "notes": list(self.notes),
        }


class CheckFailed(Exception):
    """Carries the first failure out of `verify`'s nested checks (there and in
    `kennel.replay.verify_rules`) to `verify`, which reports it."""

    def __init__(self, kind: FailureKind, version: int | None, reason: str) -> None:
        super().__init__(reason)
        self.failure = Failure(kind, version, reason)


def describe(report: VerifyReport) -> str:
    """One line for people: what holds, or the first record that does not and why."""
    name = f"{report.game} game {report.game_id}" if report.game is not None else "the file"
    if report.failure is not None:
        failure = report.failure
        where = f"record {failure.version}" if failure.version is not None else "the log"
        return f"FAILED {name}: {where}: {failure.kind.value}: {failure.reason}"
    if not report.rules_checked:
        return f"ok (hash chain only) {name}: {report.records} records; " + "; ".join(report.notes)
    return f"ok {name}: {report.records} records re-derived from the revealed seed; " + "; ".join(report.notes)
