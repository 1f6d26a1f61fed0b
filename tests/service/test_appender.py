"""Group commit: appends waiting together share one transaction; when the batch hits a version
conflict only the append that conflicts fails, and the others are stored."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Sequence
from pathlib import Path

import pytest
from kennel.domain.core.rng import seed_from_text
from kennel.domain.registry import GAMES
from kennel.replay.ledger import Ledger
from kennel.service.appender import Appender
from kennel.service.metrics import Metrics
from kennel.service.storage import Append, GameStore, VersionConflict
from prometheus_client import CollectorRegistry


def _opening(game_id: uuid.UUID) -> Append:
    ledger = Ledger.create(GAMES["hoarders"], str(game_id), None, ["Ann", "Bob"], seed_from_text(str(game_id)))
    return Append(game_id, ledger.records, 0, [{"kind": "note", "game_id": str(game_id)}])


def _sample(metrics: Metrics, name: str, **labels: str) -> float:
    value = metrics.registry.get_sample_value(name, labels)
    return 0.0 if value is None else value


def test_a_conflict_in_a_batch_fails_only_its_own_append(tmp_path: Path) -> None:
    store = GameStore.sqlite(tmp_path)
    metrics = Metrics(CollectorRegistry())
    appender = Appender(store, metrics)
    games = [uuid.uuid4() for _ in range(3)]
    store.append_many([_opening(games[1])])  # another writer got to the second game first

    async def append_all() -> list[BaseException | None]:
        return await asyncio.gather(*(appender.append(_opening(game)) for game in games), return_exceptions=True)

    try:
        results = asyncio.run(append_all())
        assert results[0] is None and results[2] is None
        assert isinstance(results[1], VersionConflict)
        for game in (games[0], games[2]):
            assert [r.version for r in store.read_records(game)] == [r.version for r in _opening(game).records]
    finally:
        store.close()
    # One batch of three failed, then each was written alone: two stored, one conflict.
    assert _sample(metrics, "kennel_append_batch_size_count") == 2
    assert _sample(metrics, "kennel_store_errors_total", kind="conflict") == 1


def test_appends_that_wait_together_share_one_transaction(tmp_path: Path) -> None:
    store = GameStore.sqlite(tmp_path)
    metrics = Metrics(CollectorRegistry())
    appender = Appender(store, metrics)
    games = [uuid.uuid4() for _ in range(20)]

    async def append_all() -> None:
        await asyncio.gather(*(appender.append(_opening(game)) for game in games))

    try:
        asyncio.run(append_all())
        assert all(store.read_records(game) for game in games)
    finally:
        store.close()
    # All twenty queued before the writer ran: one transaction holds them all.
    assert _sample(metrics, "kennel_append_batch_size_count") == 1
    assert _sample(metrics, "kennel_append_batch_size_sum") == 20


def test_a_lone_conflict_is_raised_to_its_caller(tmp_path: Path) -> None:
    store = GameStore.sqlite(tmp_path)
    appender = Appender(store)
    game = uuid.uuid4()
    store.append_many([_opening(game)])
    try:
        with pytest.raises(VersionConflict):
            asyncio.run(appender.append(_opening(game)))
    finally:
        store.close()


def test_a_store_failure_fails_the_whole_batch_once(tmp_path: Path) -> None:
    """Not a conflict (the store unreachable): every caller hears it, and the batch is not
    written again one append at a time (each would wait out the store's retries again)."""

    class Unreachable(OSError):
        pass

    class Failing(GameStore):
        calls = 0

        def append_many(self, appends: Sequence[Append]) -> None:
            Failing.calls += 1
            raise Unreachable("the database went away")

    store = Failing.sqlite(tmp_path)
    metrics = Metrics(CollectorRegistry())
    appender = Appender(store, metrics)
    games = [uuid.uuid4() for _ in range(8)]

    async def append_all() -> list[BaseException | None]:
        return await asyncio.gather(*(appender.append(_opening(game)) for game in games), return_exceptions=True)

    try:
        outcomes = asyncio.run(append_all())
    finally:
        store.close()
    assert all(isinstance(outcome, Unreachable) for outcome in outcomes)
    assert Failing.calls == 1
    assert _sample(metrics, "kennel_store_errors_total", kind="failure") == 1
