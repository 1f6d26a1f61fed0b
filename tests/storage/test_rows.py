"""The rows SQLite's writer inserts for appends (kennel.service.storage._rows) are the library's
entries (`_entries`, what any other store writes) with each stream id as hex, over whole bot games
of every game, split into appends of several records, with and without desk entries; and what a
real server stored that way reads back as the game's log."""

from __future__ import annotations

import uuid
from pathlib import Path

import pytest
from kennel.client import Kennel
from kennel.domain.registry import GAMES
from kennel.replay.logformat import Record
from kennel.service.storage import Append, GameStore, _entries, _rows
from testkit.bot_games import bot_game
from testkit.servers import ServerThread


def _fresh(records: list[Record]) -> list[Record]:
    """Copies without a kept line (`Record.to_bytes` gives it away once): each side encodes anew."""
    return [Record.from_bytes(record.to_bytes()) for record in records]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_rows_are_the_entries_with_hex_stream_ids(name: str) -> None:
    ledger = bot_game(GAMES[name], "rows", 3)
    records = list(ledger.records)
    appends = []
    for start in range(0, len(records), 3):
        chunk = records[start : start + 3]
        entries = [{"kind": "clocks", "game_id": "g", "version": start, "opened": [[0, start]]}] if start % 2 else []
        appends.append(Append(uuid.uuid4(), chunk, start, entries))
    expected = [(stream.hex, version, topic, state) for stream, version, topic, state in _entries(
        [Append(a.game_id, _fresh(list(a.records)), a.desk_version, a.desk_entries) for a in appends])]
    for batch in (appends[:1], appends):  # one append (an alone command's) and a batch of many
        rows = _rows([Append(a.game_id, _fresh(list(a.records)), a.desk_version, a.desk_entries) for a in batch])
        assert rows == expected[: len(rows)]
    assert len(_rows(appends)) == len(expected)


def test_a_game_stored_through_the_rows_reads_back_as_played(tmp_path: Path) -> None:
    server = ServerThread(tmp_path / "data").start()
    try:
        with Kennel(server.address, timeout=10) as kennel:
            game = kennel.create_game("hoarders", ["Ann", "Bob"])
            sessions = {seat: kennel.session(game.game_id, c) for seat, c in game.credentials.items()}
            for number in range(12):
                seat = sessions[0].view().pending[0].seat
                sessions[seat].act(sessions[seat].view().legal_commands[0], command_id=f"c{number}")
            version = sessions[0].view().version
    finally:
        server.stop()
    store = GameStore.sqlite(tmp_path / "data")
    try:
        records = store.read_records(uuid.UUID(game.game_id))
    finally:
        store.close()
    assert [record.version for record in records] == list(range(1, version + 1))
    assert all(record.prev == before.hash for before, record in zip(records, records[1:]))
