"""Forking: a new game that starts from the first N events of another.

The fork re-issues the parent's recorded commands, up to version N, through a new `Ledger`
with the same seed, so its first N events are the parent's (same seed commitment) while its
header names the parent, N and the parent's hash at N. The parent is never touched. Only a
finished game is forked by the service: before the end its seed, and so its future, is secret.
"""

from __future__ import annotations

from typing import Any

from kennel.domain.core.rules import Game
from kennel.replay.ledger import Ledger
from kennel.replay.logformat import Log, Parent, group_by_cause
from kennel.replay.rerun import rerun


class ForkError(ValueError):
    """The log cannot be forked at that version."""


def fork_points(log: Log) -> list[int]:
    """Versions a fork may start from: the end of each decision, but the last (which ended it)."""
    ends = []
    for _, records in group_by_cause(log.records):
        ends.append(records[-1].version)
    return [v for v in ends if v < ends[-1]] if log.records[-1].event["type"] == "kennel.GameEnded" else ends


def fork(game: Game[Any], log: Log, seed: bytes, at: int, game_id: str) -> Ledger:
    points = fork_points(log)
    if at not in points:
        nearest = ", ".join(str(p) for p in sorted(points, key=lambda p: abs(p - at))[:2])
        raise ForkError(f"a fork starts after a whole decision and before the end; try version {nearest}")
    parent = Parent(game_id=log.header.game_id, version=at, head=log.records[at - 1].hash)
    return rerun(game, log, seed, until=at, game_id=game_id, parent=parent)
