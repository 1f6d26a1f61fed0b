"""Shutting down while the store is in use (a server stopped while a bot's command was being
written crashed the test process: the connection pool closed the SQLite connection under the
writer thread). Closing a store waits for the calls running on other threads; the server's
appender refuses new appends once closing and waits for the batch it is writing.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from kennel.service.appender import Appender
from kennel.service.errors import Unavailable
from kennel.service.storage import Append, GameStore, open_store
from testkit.postgres import fresh_database
from testkit.stored import new_game

HOLD = 0.5  # seconds the slowed write holds its connection (only makes the race certain)


@pytest.fixture(params=["sqlite", "postgres"])
def opener(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Callable[[], GameStore]]:
    if request.param == "sqlite":
        yield lambda: open_store(tmp_path / "data")
        return
    with fresh_database("closing") as url:
        yield lambda: open_store(url=url)


def slowed(store: GameStore, entered: threading.Event) -> None:
    """Make the store's next insert say that it started, then hold it a while (counted as a
    call in flight: the store's own write connection, or its pool's, is about to be used)."""
    insert = store._insert  # noqa: SLF001 - the one place a write can be held open

    def held(stored: Any, before_commit: Callable[[], None] | None = None) -> None:
        entered.set()
        time.sleep(HOLD)
        insert(stored, before_commit)

    store._insert = held  # type: ignore[method-assign]


def test_closing_a_store_waits_for_a_write_on_another_thread(opener: Callable[[], GameStore]) -> None:
    store = opener()
    game_id, ledger, _, entries = new_game()
    entered, failures = threading.Event(), []
    slowed(store, entered)

    def write() -> None:
        try:
            store.append(game_id, ledger.records, 0, entries)
        except Exception as error:  # noqa: BLE001 - what the writer met is the test's verdict
            failures.append(error)

    writer = threading.Thread(target=write)
    writer.start()
    assert entered.wait(10)
    store.close()  # while the write holds its connection
    writer.join(10)
    assert not writer.is_alive()
    assert failures == []
    reopened = opener()
    try:
        assert reopened.read_records(game_id) == ledger.records
    finally:
        reopened.close()


def test_a_closing_appender_refuses_new_appends_and_finishes_the_batch_it_writes(tmp_path: Path) -> None:
    store = open_store(tmp_path / "data")
    entered = threading.Event()
    slowed(store, entered)
    first, second = new_game(), new_game()

    async def run() -> None:
        appender = Appender(store)
        writing = asyncio.create_task(appender.append(Append(first[0], first[1].records, 0, first[3])))
        await asyncio.to_thread(entered.wait, 10)
        await appender.close()
        assert writing.done() and writing.exception() is None  # written before close returned
        with pytest.raises(Unavailable) as refused:
            await appender.append(Append(second[0], second[1].records, 0, second[3]))
        assert refused.value.code == "kennel/shutting_down"

    try:
        asyncio.run(run())
        assert store.read_records(first[0]) == first[1].records
    finally:
        store.close()
