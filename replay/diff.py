"""`kennel replay diff A B`: the first record at which two logs of one game diverge.

Two logs of the same game (a log and its fork, two exports of one game, or a disputed copy)
are compared record by record, by content rather than by hash (a fork's hashes differ from
the first record, as its header names its parent); the first record whose command or event
differs is named, with what each side holds there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kennel.domain.core.codec import JsonObject
from kennel.replay.logformat import Log, Record, canonical_json


@dataclass(frozen=True)
class Divergence:
    version: int  # the first record that differs (1-based)
    left: JsonObject | None  # that record's command and event in A; None: A ends before it
    right: JsonObject | None

    def to_json(self) -> JsonObject:
        return {"version": self.version, "a": self.left, "b": self.right}


class NotComparable(ValueError):
    """The two logs are not of the same game type and rules."""


def diverge(left: Log, right: Log) -> Divergence | None:
    """None when both logs hold the same commands and events (headers aside)."""
    for side in ("game", "rules_version"):
        if getattr(left.header, side) != getattr(right.header, side):
            raise NotComparable(f"the logs differ in {side}: {getattr(left.header, side)!r} and {getattr(right.header, side)!r}")
    for version in range(1, max(len(left.records), len(right.records)) + 1):
        a = _content(left.records, version)
        b = _content(right.records, version)
        if a is None or b is None or canonical_json(a) != canonical_json(b):
            return Divergence(version, a, b)
    return None


def _content(records: tuple[Record, ...], version: int) -> JsonObject | None:
    if version > len(records):
        return None
    record = records[version - 1]
    return {"command": record.cause.to_json(), "event": record.event}


def render(divergence: Divergence | None, left_name: str, right_name: str) -> str:
    if divergence is None:
        return f"{left_name} and {right_name} hold the same commands and events.\n"
    lines = [f"{left_name} and {right_name} diverge at record {divergence.version}:"]
    for name, side in ((left_name, divergence.left), (right_name, divergence.right)):
        lines.append(f"  {name}: {_one_line(side)}")
    return "\n".join(lines) + "\n"


def _one_line(side: Any) -> str:
    if side is None:
        return "(no record: the log ends before it)"
    command, event = side["command"], side["event"]
    who = "the server" if command["seat"] is None else f"seat {command['seat']}"
    return f"{event['type']} {canonical_json(event['data']).decode()}  <- {who}: {command['type']} {canonical_json(command['data']).decode()}"
