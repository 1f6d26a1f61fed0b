"""Past tables for GetView(at_version) (kennel.service.history): each is the table the game had
at that version, whatever was asked before it; a call folds at most `every` events, and none
or one when it asks the version the last call made again or the one after it (every seat's
view at one version, then the next: how a disputed game is stepped through)."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from kennel.domain.registry import GAMES
from kennel.service.history import History
from testkit.bot_games import bot_game, ledger_tables


class CountingHistory(History):
    """A History that records how many events each call folded."""

    def __init__(self, every: int) -> None:
        super().__init__(every=every)
        self.folded: list[int] = []

    def _fold(self, ledger: Any, start: Any, events: list[Any]) -> Any:
        self.folded.append(len(events))
        return super()._fold(ledger, start, events)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_any_order_of_versions_gives_the_table_of_that_version(name: str) -> None:
    ledger = bot_game(GAMES[name], f"history {name}", GAMES[name].seats.minimum)
    truth = ledger_tables(ledger)
    history = CountingHistory(every=16)
    rng = random.Random(name)
    # The first call folds the whole game, keeping a snapshot every 16 versions on the way.
    versions = [ledger.version] + [rng.randint(1, ledger.version) for _ in range(60)] + [1, 1, 2, 17, 16, 15]

    async def ask() -> None:
        for version in versions:
            table = await history.table_at(ledger, version)
            assert table.version == version and table == truth[version - 1], version

    asyncio.run(ask())
    assert history.folded[0] == ledger.version  # every event, GameCreated first
    assert max(history.folded[1:]) <= 15  # from the nearest snapshot or the last table


def test_the_same_version_again_or_the_next_folds_none_or_one_event() -> None:
    ledger = bot_game(GAMES["hoarders"], "history steps", 3)
    history = CountingHistory(every=64)
    last = min(ledger.version, 60)

    async def step_through() -> None:
        for version in range(1, last + 1):
            for _seat in range(4):  # each seat's view and the public one, at this version
                assert (await history.table_at(ledger, version)).version == version

    asyncio.run(step_through())
    assert history.folded == [1] * last  # each step folded the one event after the last call's
