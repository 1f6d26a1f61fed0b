"""Small tables of values kept per process, bounded: the oldest entries go first."""

from __future__ import annotations

from itertools import islice
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


def keep(table: dict[K, V], key: K, value: V, limit: int) -> V:
    """`table[key] = value`, first dropping the oldest quarter of the entries (dicts keep
    insertion order) when the table holds `limit` already; returns `value`.

    A quarter at a time, not one: a dict's oldest entry is found by walking from the front of
    its entries past every slot deleted there since it last grew, so dropping one entry per
    insert walked further each time (a table kept full, as the per-state tables are on a busy
    server, paid for a walk on every miss). Safe beside other threads doing the same: an entry
    another thread dropped first is not dropped twice."""
    if len(table) >= limit:
        try:
            for old in list(islice(table, max(limit // 4, 1))):
                table.pop(old, None)
        except RuntimeError:  # another thread changed it while the oldest were read
            pass
    table[key] = value
    return value
