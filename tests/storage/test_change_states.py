"""What a store's listener passes on (kennel.service.storage.Change): a desk entry's state, which
the hub folds into its index of games, and for a record or an attempt only the stream and version
(every worker reads every entry every worker writes: records' states are not copied to each)."""

from __future__ import annotations

import json
from pathlib import Path

from kennel.service.sqlite_listener import SQLitePoller
from kennel.service.storage import DESK_TOPIC, RECORD_TOPIC, GameStore, desk_id
from testkit.stored import new_game


def test_a_sqlite_poller_passes_desk_states_on_and_not_records(tmp_path: Path) -> None:
    store = GameStore.sqlite(tmp_path, shared=True)
    poller = SQLitePoller(tmp_path / "kennel.sqlite3", lambda changes: None)  # read by hand, not started
    game_id, ledger, _, entries = new_game()
    store.append(game_id, ledger.records, 0, entries)
    changes = poller.read()
    records = [c for c in changes if c.topic == RECORD_TOPIC]
    desks = [c for c in changes if c.topic == DESK_TOPIC]
    assert [c.version for c in records] == [r.version for r in ledger.records]
    assert {c.stream for c in records} == {game_id}
    assert all(c.state == b"" for c in records)
    assert [json.loads(c.state) for c in desks] == entries
    assert {c.stream for c in desks} == {desk_id(game_id)}
    poller._connection.close()  # noqa: SLF001 - never started, so `stop` has no thread to join
    store.close()
