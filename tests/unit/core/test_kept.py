"""kennel.domain.core.kept.keep: a bounded table, the oldest entries dropped first."""

from __future__ import annotations

from kennel.domain.core.kept import keep


def test_keep_stores_and_returns_the_value() -> None:
    table: dict[int, str] = {}
    assert keep(table, 1, "one", 8) == "one"
    assert table == {1: "one"}


def test_a_full_table_drops_its_oldest_quarter_and_never_exceeds_its_limit() -> None:
    table: dict[int, int] = {}
    for key in range(8):
        keep(table, key, key, 8)
    assert list(table) == list(range(8))
    keep(table, 8, 8, 8)
    assert list(table) == [2, 3, 4, 5, 6, 7, 8]  # 0 and 1, the oldest quarter, went first
    for key in range(9, 1000):
        keep(table, key, key, 8)
        assert len(table) <= 8
    assert 999 in table and 998 in table  # the newest are kept


def test_a_table_of_one_keeps_the_newest() -> None:
    table: dict[str, int] = {}
    keep(table, "a", 1, 1)
    keep(table, "b", 2, 1)
    assert table == {"b": 2}


def test_a_key_kept_again_takes_its_new_value() -> None:
    table = {"a": 1, "b": 2}
    keep(table, "a", 3, 4)
    assert table["a"] == 3
