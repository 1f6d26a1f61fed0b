"""The storage contract (issue 7): every backend behind `GameStore` passes this same suite,
unchanged: SQLite (the embedded default), PostgreSQL, and PostgreSQL split across shards.

The PostgreSQL backends use a database of their own per test (testkit.postgres) and skip, saying
why, when no server answers (fail under KENNEL_REQUIRE_POSTGRES=1).
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from kennel.replay.ledger import Ledger
from kennel.replay.logformat import Attempt, Cause, Log
from kennel.service.storage import (
    DESK_TOPIC,
    RECORD_TOPIC,
    Append,
    Change,
    GameNotFound,
    GameStore,
    VersionConflict,
    open_store,
)
from kennel.domain.core.rng import seed_from_text
from testkit.postgres import fresh_database
from testkit.stored import new_game

Opener = Callable[[], GameStore]  # opens (another handle on) the same store


@pytest.fixture(params=["sqlite", "postgres", "postgres-4-shards"])
def opener(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Opener]:
    if request.param == "sqlite":
        yield lambda: open_store(tmp_path / "data")
        return
    shards = 4 if request.param == "postgres-4-shards" else 1
    with fresh_database("contract") as url:
        yield lambda: open_store(url=url, shards=shards)


@pytest.fixture
def store(opener: Opener) -> Iterator[GameStore]:
    opened = opener()
    try:
        yield opened
    finally:
        opened.close()


def join(game_id: uuid.UUID, ledger: Ledger, name: str = "Bob") -> tuple[Any, list[dict[str, Any]]]:
    appending = ledger.fill_seat(None, name, f"join-{name}", seed_from_text("contract"))
    filled = appending.events[0]
    return appending, [{"kind": "seat_filled", "game_id": str(game_id), "seat": filled.seat, "name": name}]


def attempt(after: int, command_id: str = "c1") -> Attempt:
    return Attempt(after_version=after, cause=Cause(seat=0, command_id=command_id, type="hoarders.pass", data={}),
                   code="hoarders/not_your_turn", message="Wait for your turn.")


def test_what_is_appended_reads_back_byte_for_byte(store: GameStore) -> None:
    game_id, ledger, seed, entries = new_game()
    store.append(game_id, ledger.records, 0, entries)
    assert store.read_records(game_id) == ledger.records
    assert [r.to_bytes() for r in store.read_records(game_id)] == [r.to_bytes() for r in ledger.records]
    assert store.read_records(game_id, after=1) == ledger.records[1:]
    desk = store.read_desk(game_id)
    assert (desk.header, desk.seed, desk.version, desk.seats) == (ledger.header, seed, 1, ["Ann", None])


def test_records_and_desk_entries_of_one_decision_are_appended_together(store: GameStore) -> None:
    game_id, ledger, _, entries = new_game()
    store.append(game_id, ledger.records, 0, entries)
    appending, filled = join(game_id, ledger)
    store.append(game_id, appending.records, 1, filled)
    ledger.commit(appending)
    assert store.read_records(game_id) == ledger.records
    assert store.read_desk(game_id).seats == ["Ann", "Bob"]


def test_a_taken_version_is_refused_and_nothing_of_that_append_is_kept(store: GameStore) -> None:
    game_id, ledger, _, entries = new_game()
    store.append(game_id, ledger.records, 0, entries)
    appending, filled = join(game_id, ledger)
    store.append(game_id, appending.records, 1, filled)
    rival, rival_filled = join(game_id, ledger, "Cat")  # decided on the same version as Bob's
    with pytest.raises(VersionConflict):
        store.append(game_id, rival.records, 1, rival_filled)
    with pytest.raises(VersionConflict):  # records free, desk version taken: still all or nothing
        store.append(game_id, [], 1, rival_filled)
    assert [r.cause.command_id for r in store.read_records(game_id)][-1] == "join-Bob"
    assert store.read_desk(game_id).seats == ["Ann", "Bob"]


def test_several_games_appended_together_are_all_or_none(store: GameStore) -> None:
    """Group commit writes several games' appends in one transaction (on PostgreSQL with shards,
    spanning the shards they live in): one taken version keeps all of them out."""
    games = [new_game() for _ in range(12)]
    batch = [Append(game_id, ledger.records, 0, entries) for game_id, ledger, _, entries in games]
    taken_id, taken_ledger, _, taken_entries = games[5]
    store.append(taken_id, taken_ledger.records, 0, taken_entries)
    with pytest.raises(VersionConflict):
        store.append_many(batch)
    for game_id, *_ in games[:5] + games[6:]:
        with pytest.raises(GameNotFound):
            store.read_desk(game_id)
        assert store.read_records(game_id) == []
    store.append_many(batch[:5] + batch[6:])
    for game_id, ledger, seed, _ in games:
        assert store.read_records(game_id) == ledger.records
        assert store.read_desk(game_id).seed == seed


def test_two_writers_at_one_version_never_both_succeed(opener: Opener) -> None:
    game_id, ledger, _, entries = new_game()
    first, second = opener(), opener()
    try:
        first.append(game_id, ledger.records, 0, entries)
        outcomes: list[str] = []
        barrier = threading.Barrier(2)

        def write(store: GameStore, name: str) -> None:
            appending, filled = join(game_id, ledger, name)
            barrier.wait(timeout=10)
            try:
                store.append(game_id, appending.records, 1, filled)
                outcomes.append("appended")
            except VersionConflict:
                outcomes.append("conflict")

        threads = [threading.Thread(target=write, args=(s, n)) for s, n in ((first, "Bob"), (second, "Cat"))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=30)
        assert sorted(outcomes) == ["appended", "conflict"]
        # The one join that landed: its SeatFilled and, the table being full, the deal.
        assert len(second.read_records(game_id)) == len(ledger.records) + len(join(game_id, ledger)[0].records)
    finally:
        first.close()
        second.close()


def test_attempts_are_numbered_and_a_taken_number_is_refused(store: GameStore) -> None:
    game_id, ledger, _, entries = new_game()
    store.append(game_id, ledger.records, 0, entries)
    store.append_attempt(game_id, 1, attempt(1))
    store.append_attempt(game_id, 2, attempt(1, "c2"))
    with pytest.raises(VersionConflict):
        store.append_attempt(game_id, 2, attempt(1, "c3"))
    assert store.read_attempts(game_id) == [attempt(1), attempt(1, "c2")]


def test_an_unknown_game_is_not_found(store: GameStore) -> None:
    with pytest.raises(GameNotFound):
        store.read_desk(uuid.uuid4())
    with pytest.raises(GameNotFound):
        store.export_log("not-a-uuid")
    assert store.read_records(uuid.uuid4()) == []


def test_the_exported_log_is_records_attempts_and_header(store: GameStore) -> None:
    game_id, ledger, _, entries = new_game()
    store.append(game_id, ledger.records, 0, entries)
    store.append_attempt(game_id, 1, attempt(1))
    assert store.export_log(game_id) == Log(header=ledger.header, records=tuple(ledger.records),
                                            attempts=(attempt(1),), checkpoint=None)


def test_the_index_lists_every_game_with_its_seats_and_whether_it_ended(store: GameStore) -> None:
    games = [new_game() for _ in range(6)]
    for game_id, ledger, _, entries in games:
        store.append(game_id, ledger.records, 0, entries)
    joined_id, joined_ledger, _, _ = games[0]
    appending, filled = join(joined_id, joined_ledger)
    store.append(joined_id, appending.records, 1, filled)
    ended_id = games[1][0]
    store.append(ended_id, [], 1, [{"kind": "ended", "game_id": str(ended_id)}])
    summaries = {s.game_id: s for s in store.summaries(page=2)}
    assert set(summaries) == {str(g[0]) for g in games}
    assert summaries[str(joined_id)].seats == ("Ann", "Bob")
    assert [s.ended for s in summaries.values()].count(True) == 1 and summaries[str(ended_id)].ended


def test_everything_is_still_there_after_reopening(opener: Opener) -> None:
    game_id, ledger, seed, entries = new_game()
    first = opener()
    first.append(game_id, ledger.records, 0, entries)
    first.close()
    again = opener()
    try:
        assert again.read_records(game_id) == ledger.records
        assert again.read_desk(game_id).seed == seed
        assert [s.game_id for s in again.summaries()] == [str(game_id)]
    finally:
        again.close()


def test_a_shared_store_reports_what_another_handle_appends(opener: Opener) -> None:
    """Replicas on one database hear each other's appends (LISTEN/NOTIFY); SQLite serves one
    process and says it is not shared."""
    writer, listener = opener(), opener()
    try:
        if not listener.shared:
            assert not writer.shared
            return
        heard: list[Change] = []
        done = threading.Event()
        game_id, ledger, _, entries = new_game()

        def on_changes(changes: list[Change]) -> None:
            heard.extend(changes)
            if any(c.topic == RECORD_TOPIC and c.version == len(ledger.records) for c in changes):
                done.set()

        listener.listen(on_changes)
        writer.append(game_id, ledger.records, 0, entries)
        assert done.wait(timeout=30), f"heard only {heard}"
        records = [(c.stream, c.version) for c in heard if c.topic == RECORD_TOPIC]
        assert records == [(game_id, r.version) for r in ledger.records]
        assert [c.version for c in heard if c.topic == DESK_TOPIC] == [1]
    finally:
        writer.close()
        listener.close()

