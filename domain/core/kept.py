"""Small tables of values kept per process, bounded: the oldest entry goes first."""

from __future__ import annotations

from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


def keep(table: dict[K, V], key: K, value: V, limit: int) -> V:
    """`table[key] = value`, first dropping the oldest entry (dicts keep insertion order) when
    the table holds `limit` already; returns `value`. Safe beside other threads doing the same:
    an entry another thread dropped first is not dropped twice."""
    if len(table) >= limit:
        try:
            del table[next(iter(table))]
        except (KeyError, RuntimeError, StopIteration):  # another thread emptied it first
            pass
    table[key] = value
    return value
