"""How SQLiteWriter writes a transaction (kennel.service.sqlite_writer): rows in multi-row INSERT
statements, not one statement per row. Python's sqlite3 gives up the interpreter lock at each
step of a statement and takes it back after; a writer thread stepping once per row took it back
once per row, each time behind the busy event loop (issue 20). SQLite's trace callback shows
every statement the connection runs, so the tests count them."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from kennel.service.sqlite_writer import ROWS_PER_STATEMENT, RowTaken, SQLiteWriter

# The library's events table for an application (rowids are its notification ids) and its insert.
TABLE = ("CREATE TABLE stored_events (originator_id TEXT, originator_version INTEGER, topic TEXT, "
         "state BLOB, PRIMARY KEY (originator_id, originator_version))")
INSERT = "INSERT INTO stored_events VALUES (?,?,?,?)"
Store = tuple[SQLiteWriter, Path, list[str]]  # the writer, its file, the statements it ran


@pytest.fixture
def store(tmp_path: Path) -> Store:
    path = tmp_path / "store.sqlite3"
    with sqlite3.connect(path) as made:
        made.execute("PRAGMA journal_mode=WAL")
        made.execute(TABLE)
    writer = SQLiteWriter(path, INSERT, lock_timeout=5.0)
    statements: list[str] = []
    writer._connection.set_trace_callback(statements.append)  # every statement SQLite runs
    return writer, path, statements


def _rows(stream: str, count: int, first: int = 1) -> list[tuple[str, int, str, bytes]]:
    versions = range(first, first + count)
    return [(stream, version, "topic", f"state {version}".encode()) for version in versions]


def _stored(path: Path) -> list[tuple[str, int]]:
    with sqlite3.connect(path) as reading:
        query = "SELECT originator_id, originator_version FROM stored_events ORDER BY rowid"
        return reading.execute(query).fetchall()


def test_a_batch_that_one_statement_holds_is_that_statement_alone(store: Store) -> None:
    writer, path, statements = store
    rows = _rows("a", 7) + _rows("b", 13)
    writer.insert(rows)
    assert len(statements) == 1 and statements[0].startswith("INSERT INTO stored_events VALUES")
    assert _stored(path) == [(row[0], row[1]) for row in rows]  # rowids in the order given


def test_a_larger_batch_is_one_transaction_of_several_statements(store: Store) -> None:
    writer, path, statements = store
    rows = _rows("a", 2 * ROWS_PER_STATEMENT + 3)
    writer.insert(rows)
    inserts = [s for s in statements if s.startswith("INSERT")]
    assert statements[0] == "BEGIN" and statements[-1] == "COMMIT" and len(inserts) == 3
    assert _stored(path) == [(row[0], row[1]) for row in rows]


@pytest.mark.parametrize("count", [1, ROWS_PER_STATEMENT, 2 * ROWS_PER_STATEMENT + 3])
def test_a_taken_row_leaves_nothing_of_its_batch(store: Store, count: int) -> None:
    writer, path, _ = store
    writer.insert(_rows("taken", 1, first=count))
    with pytest.raises(RowTaken):
        writer.insert(_rows("fresh", 5) + _rows("taken", count))  # the last row of the batch is taken
    assert _stored(path) == [("taken", count)]
    assert not writer._connection.in_transaction


def test_work_before_the_commit_runs_once_the_rows_are_in(store: Store) -> None:
    """An alone append (kennel.service.appender) hands its answer to another thread between the
    insert and the commit: that needs the explicit transaction, whatever the rows' number."""
    writer, path, statements = store
    seen: list[list[str]] = []
    writer.insert(_rows("a", 3), before_commit=lambda: seen.append(list(statements)))
    assert seen == [["BEGIN", statements[1]]] and statements[1].startswith("INSERT")
    assert statements[-1] == "COMMIT" and len(_stored(path)) == 3
