"""Following appends on PostgreSQL (issue 7): one listener per process for every shard, which
skips nothing (also across a broken connection) and does not read back the process's own
commits; inserts keep the shard's table lock until they commit, so notification ids commit in
order (what lets a listener read "everything after the last id" without gaps)."""

from __future__ import annotations

import asyncio
import threading
import time
import uuid
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from kennel.domain.core import table as tables
from kennel.domain.core.undo import ProposeUndo
from kennel.service.appender import Appender
from kennel.service.games import GameHub
from kennel.service.postgres import LISTEN_APPLICATION_NAME, SHARD_SCHEMA, ShardedStore, shard_of
from kennel.service.storage import RECORD_TOPIC, Append, Change, GameStore, open_store, stored_events
from testkit.postgres import fresh_database
from testkit.stored import new_game

WAIT = 30.0  # seconds: generous, for a loaded machine; the tests end as soon as they are heard


class Heard:
    """What a listener hands over, and a way to wait for it."""

    def __init__(self) -> None:
        self.batches: list[list[Change]] = []
        self._changed = threading.Condition()

    def __call__(self, changes: list[Change]) -> None:
        with self._changed:
            self.batches.append(changes)
            self._changed.notify_all()

    @property
    def changes(self) -> list[Change]:
        with self._changed:
            return [change for batch in self.batches for change in batch]

    def wait_for(self, stream: uuid.UUID, version: int) -> None:
        def heard() -> bool:
            return any(c.stream == stream and c.version >= version and c.topic == RECORD_TOPIC for c in self.changes)

        with self._changed:
            assert self._changed.wait_for(heard, timeout=WAIT), f"{stream} v{version} not heard: {self.changes}"


@pytest.fixture
def url() -> Iterator[str]:
    with fresh_database("listener") as address:
        yield address


def _record_streams(heard: Heard) -> list[tuple[uuid.UUID, int]]:
    return [(c.stream, c.version) for c in heard.changes if c.topic == RECORD_TOPIC]


def _append_new_game(store: GameStore) -> tuple[uuid.UUID, int]:
    game_id, ledger, _, entries = new_game()
    store.append(game_id, ledger.records, 0, entries)
    return game_id, len(ledger.records)


def test_one_thread_and_connection_follow_every_shard(url: str) -> None:
    """Four shards, one listening thread and one LISTEN connection; games in every shard heard."""
    writer, listener = open_store(url=url, shards=4), open_store(url=url, shards=4)
    heard = Heard()
    try:
        assert isinstance(listener, ShardedStore)
        listener.listen(heard)
        assert [t.name for t in threading.enumerate()].count("kennel-listen") == 1
        games: dict[int, tuple[uuid.UUID, int]] = {}
        while len(games) < 4:  # one game in each shard
            game_id, last = _append_new_game(writer)
            games.setdefault(shard_of(game_id, 4), (game_id, last))
        for game_id, last in games.values():
            heard.wait_for(game_id, last)
        with psycopg.connect(url) as connection:
            listening = connection.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE application_name = %s AND datname = current_database()", (LISTEN_APPLICATION_NAME,)
            ).fetchone()
        assert listening == (1,)
        for game_id, last in games.values():  # each game's records once, in order
            assert [v for s, v in _record_streams(heard) if s == game_id] == list(range(1, last + 1))
    finally:
        writer.close()
        listener.close()


def test_a_process_does_not_read_back_its_own_commits(url: str) -> None:
    """Its hub folded them already (as on SQLite, where nobody listens): only the other
    handle's game is handed over, although it was written after ours."""
    mine, other = open_store(url=url, shards=1), open_store(url=url, shards=1)
    heard = Heard()
    try:
        mine.listen(heard)
        own_game, _ = _append_new_game(mine)
        other_game, last = _append_new_game(other)
        heard.wait_for(other_game, last)
        assert {s for s, _ in _record_streams(heard)} == {other_game}
        assert own_game not in {c.stream for c in heard.changes}
    finally:
        mine.close()
        other.close()


def test_after_its_connection_is_cut_the_listener_skips_nothing_and_repeats_nothing(url: str) -> None:
    writer, listener = open_store(url=url, shards=2), open_store(url=url, shards=2)
    heard = Heard()
    try:
        listener.listen(heard)
        before, before_last = _append_new_game(writer)
        heard.wait_for(before, before_last)
        with psycopg.connect(url, autocommit=True) as admin:
            cut = admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = %s AND datname = current_database()",
                (LISTEN_APPLICATION_NAME,),
            ).fetchall()
        assert cut == [(True,)]
        during = [_append_new_game(writer) for _ in range(3)]  # while it is reconnecting
        for game_id, last in during:
            heard.wait_for(game_id, last)
        expected = [(g, v) for g, last in [(before, before_last), *during] for v in range(1, last + 1)]
        assert sorted(_record_streams(heard)) == sorted(expected)
    finally:
        writer.close()
        listener.close()


def test_an_insert_waits_for_the_shards_table_lock_and_holds_it_to_its_commit(url: str) -> None:
    """The insert function takes the same EXCLUSIVE table lock the library takes: while another
    session holds it the append waits (so notification ids commit in the order they are given)."""
    store = open_store(url=url, shards=1)
    try:
        _append_new_game(store)  # the table exists and the function is in place
        done = threading.Event()
        with psycopg.connect(url) as blocker:
            blocker.execute(f"LOCK TABLE {SHARD_SCHEMA.format(0)}.kennel_events IN EXCLUSIVE MODE")
            thread = threading.Thread(target=lambda: (_append_new_game(store), done.set()))
            thread.start()
            assert not done.wait(0.5), "the append did not wait for the table lock"
            with psycopg.connect(url) as peek:  # the waiting insert is visible as a lock wait
                waiting = peek.execute(
                    "SELECT count(*) FROM pg_locks WHERE NOT granted AND relation = %s::regclass",
                    (f"{SHARD_SCHEMA.format(0)}.kennel_events",),
                ).fetchone()
            assert waiting == (1,)
            blocker.rollback()
        assert done.wait(WAIT)
        thread.join()
    finally:
        store.close()


async def _play(hub: GameHub, commands: int) -> None:
    import random

    rnd = random.Random(7)
    live = (await hub.create("hoarders", None, ["a", "b"]))[0]
    for _ in range(commands):
        table = live.table
        if table.ended is not None:
            live = (await hub.create("hoarders", None, ["a", "b"]))[0]
            continue
        for seat in range(len(table.seats)):
            legal = [c for c in tables.legal_commands(table, seat) if not isinstance(c, ProposeUndo)]
            if legal:
                await hub.submit(live, seat, uuid.uuid4().hex, rnd.choice(legal))
                break


def test_a_replica_does_not_refresh_games_for_its_own_appends(url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A replica hears its own commits (with another's, or before it folds them): those never
    make it read the game back from the store."""
    refreshes: list[Any] = []
    original = GameHub._refresh

    async def counted(self: GameHub, live: Any) -> bool:
        refreshes.append(live.id)
        return await original(self, live)

    monkeypatch.setattr(GameHub, "_refresh", counted)

    async def run() -> None:
        store = await asyncio.to_thread(open_store, url=url, shards=2)
        try:
            hub = GameHub(store, Ed25519PrivateKey.generate(), Appender(store))
            await hub.start()
            await asyncio.gather(*(_play(hub, 40) for _ in range(4)))
            await asyncio.sleep(0.3)  # let the listener hand over whatever it read
            hub.close()
        finally:
            await asyncio.to_thread(store.close)

    started = time.monotonic()
    asyncio.run(run())
    assert refreshes == [], f"{len(refreshes)} refreshes in {time.monotonic() - started:.1f} s"


def test_an_insert_that_times_out_on_the_lock_fails_once_and_is_not_retried(url: str) -> None:
    """A lock timeout is an answer, not a broken connection: the caller hears it after one
    timeout (`--store-lock-timeout`), not after a round of retries, each waiting as long again."""
    from eventsourcing.persistence import OperationalError

    store = open_store(url=url, shards=1, lock_timeout=1)
    try:
        _append_new_game(store)
        with psycopg.connect(url) as blocker:
            blocker.execute(f"LOCK TABLE {SHARD_SCHEMA.format(0)}.kennel_events IN EXCLUSIVE MODE")
            started = time.monotonic()
            with pytest.raises(OperationalError) as raised:
                _append_new_game(store)
            waited = time.monotonic() - started
            blocker.rollback()
        assert isinstance(raised.value.__cause__, psycopg.errors.LockNotAvailable)
        assert waited < 5, f"waited {waited:.1f} s: the timed-out insert was tried again"
        _append_new_game(store)  # the lock released, appends go on
    finally:
        store.close()


def test_two_writers_at_once_each_hear_every_entry_of_the_other_once_and_in_order(url: str) -> None:
    """Both handles write games into four shards at the same time, in batches that span shards
    and one at a time; each listener hands over every entry the other wrote, once, in each
    shard's order, and no entry twice (its own ones only when read along with the other's)."""
    handles = [open_store(url=url, shards=4) for _ in range(2)]
    heard = [Heard(), Heard()]
    written: list[list[tuple[uuid.UUID, int]]] = [[], []]
    try:
        for handle, listener in zip(handles, heard, strict=True):
            handle.listen(listener)

        def write(index: int) -> None:
            for round_ in range(15):
                games = [new_game() for _ in range(1 + round_ % 4)]  # 1 to 4 games: one shard or several
                handles[index].append_many([Append(g, ledger.records, 0, entries) for g, ledger, _, entries in games])
                written[index] += [(g, len(ledger.records)) for g, ledger, _, _ in games]

        writers = [threading.Thread(target=write, args=(i,)) for i in range(2)]
        for thread in writers:
            thread.start()
        for thread in writers:
            thread.join(timeout=WAIT)
        for index in range(2):
            other = written[1 - index]
            for game_id, last in other:
                heard[index].wait_for(game_id, last)
            records = _record_streams(heard[index])
            assert len(records) == len(set(records)), "an entry was handed over twice"
            for game_id, last in other:
                assert [v for s, v in records if s == game_id] == list(range(1, last + 1))
    finally:
        for handle in handles:
            handle.close()


def test_entries_committed_without_a_notification_are_heard_at_the_next_recheck(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A writer killed between its commit and its NOTIFY announces nothing; listeners read every
    shard every RECHECK_EVERY seconds anyway (shortened here), so the entries are heard."""
    import kennel.service.listener

    monkeypatch.setattr(kennel.service.listener, "RECHECK_EVERY", 0.5)
    writer, listener = open_store(url=url, shards=2), open_store(url=url, shards=2)
    heard = Heard()
    try:
        listener.listen(heard)
        game_id, ledger, _, entries = new_game()
        assert isinstance(writer, ShardedStore)
        shard = writer.shards[shard_of(game_id, 2)]
        with psycopg.connect(url, autocommit=True) as connection:  # the insert alone: no NOTIFY follows
            connection.execute(*shard.recorder.insertion(stored_events([Append(game_id, ledger.records, 0, entries)])))
        heard.wait_for(game_id, len(ledger.records))
        assert [v for s, v in _record_streams(heard) if s == game_id] == list(range(1, len(ledger.records) + 1))
    finally:
        writer.close()
        listener.close()
