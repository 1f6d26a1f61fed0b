"""Views of the past (GetView with at_version), at a bounded cost (issue 16, hole 6).

Folding a game from its first event for every such call, on the event loop, let one reader
slow every other player. Here a past table is folded in a worker thread from the nearest
snapshot at or below the version asked for; snapshots are kept every `SNAPSHOT_EVERY`
versions per game (tables are immutable, so sharing them is safe), so a call folds at most
that many events. The last table made for a game is kept too, and a call starts from it when
it is nearer: whoever settles a dispute asks every seat's view at one version, then steps to
the next one, and those calls then fold nothing, or one event. The interceptor meters these
calls like commands (kennel.service.interceptors).
"""

from __future__ import annotations

import asyncio
import bisect
import weakref
from collections import OrderedDict
from typing import Any

from kennel.domain.core import table as tables
from kennel.replay.ledger import Ledger

SNAPSHOT_EVERY = 64  # versions between two kept snapshots of a game's past
MAX_GAMES = 256  # games whose snapshots are kept, most recently asked first


class _Kept:
    """One game's snapshots, by version, and the last table made for it (None before the first)."""

    __slots__ = ("snapshots", "last")

    def __init__(self) -> None:
        self.snapshots: dict[int, tables.Table[Any]] = {}
        self.last: tables.Table[Any] | None = None


class History:
    """Snapshots of games' past tables, per ledger (a reloaded game starts afresh)."""

    def __init__(self, every: int = SNAPSHOT_EVERY, max_games: int = MAX_GAMES) -> None:
        self._every = every
        self._max_games = max_games
        # id(ledger) -> (the ledger, weakly: an id may be reused once it is gone; what is kept)
        self._snapshots: OrderedDict[int, tuple[weakref.ref[Ledger], _Kept]] = OrderedDict()

    def _kept(self, ledger: Ledger) -> _Kept:
        found = self._snapshots.get(id(ledger))
        if found is not None and found[0]() is ledger:
            self._snapshots.move_to_end(id(ledger))
            return found[1]
        kept = _Kept()
        self._snapshots[id(ledger)] = (weakref.ref(ledger), kept)
        while len(self._snapshots) > self._max_games:
            self._snapshots.popitem(last=False)
        return kept

    async def table_at(self, ledger: Ledger, version: int) -> tables.Table[Any]:
        """The game's table after its first `version` events (1 <= version <= ledger.version)."""
        kept = self._kept(ledger)
        known = sorted(kept.snapshots)
        index = bisect.bisect_right(known, version) - 1
        start = kept.snapshots[known[index]] if index >= 0 else None
        recent = kept.last
        if recent is not None and (start.version if start is not None else 0) < recent.version <= version:
            start = recent  # nearer than any snapshot: the same version asked again, or a step on
        if start is not None and start.version == version:
            return start
        # Copied here, on the loop.
        events = ledger.events[(start.version if start is not None else 0) : version]
        folded, made = await asyncio.to_thread(self._fold, ledger, start, events)
        kept.snapshots.update(made)
        kept.last = folded
        return folded

    def _fold(
        self, ledger: Ledger, start: tables.Table[Any] | None, events: list[Any]
    ) -> tuple[tables.Table[Any], dict[int, tables.Table[Any]]]:
        made: dict[int, tables.Table[Any]] = {}
        table = start
        for event in events:
            table = tables.open_table(ledger.game, event) if table is None else tables.evolve(table, event)
            if table.version % self._every == 0:
                made[table.version] = table
        assert table is not None  # version >= 1: at least GameCreated
        return table, made
