"""`chain` builds each record's body and line from its members' canonical bytes (once per
cause, once per event) instead of encoding whole dicts; these hold it to the plain definition:
the line is `canonical_json(record.to_json())`, the hash `chain_hash(prev, record.body())`."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from kennel.replay.logformat import Cause, Record, canonical_json, chain, chain_hash

# JSON values as the json module writes them, with what orjson writes differently or refuses:
# floats (1e-07), NaN and infinities, integers past 64 bits, None, strings that look like members.
_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.sampled_from([',"prev":"x"', '"hash":"00"', "é\n\"\\", "\u2028"]),
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)
_DATA = st.dictionaries(st.text(max_size=6), _VALUES, max_size=4)
_EVENTS = st.builds(lambda kind, data: {"type": kind, "data": data}, st.text(max_size=8), _DATA)
_PREVS = st.one_of(st.just("ab" * 32), st.text(max_size=8).filter(str.isascii))


def _plain(record: Record) -> tuple[bytes, str]:
    """The line and hash as defined, from the record's fields alone."""
    fresh = Record(record.version, record.cause, record.event, record.prev, record.hash)  # nothing kept
    return canonical_json(fresh.to_json()), chain_hash(record.prev, fresh.body())


@settings(max_examples=200, deadline=None)
@given(
    prev=_PREVS,
    first=st.integers(min_value=1, max_value=10**6),
    seat=st.one_of(st.none(), st.integers(min_value=0, max_value=5)),
    command_id=st.text(max_size=8),
    data=_DATA,
    events=st.lists(_EVENTS, min_size=1, max_size=3),
)
def test_chained_records_have_the_lines_and_hashes_their_fields_define(
    prev: str, first: int, seat: int | None, command_id: str, data: dict[str, Any], events: list[dict[str, Any]]
) -> None:
    cause = Cause(seat=seat, command_id=command_id, type="T", data=data)
    records = chain(prev, first, cause, events)
    assert [r.version for r in records] == list(range(first, first + len(events)))
    assert [r.prev for r in records] == [prev, *(r.hash for r in records[:-1])]
    for record in records:
        line, digest = _plain(record)
        assert record.hash == digest
        assert record.to_bytes() == line  # the line `chain` kept...
        assert record.to_bytes() == line  # ...and, once it is written, encoded again
        assert record.encoded() == (canonical_json(record.body()), line)


def test_a_kept_line_is_not_part_of_the_record() -> None:
    (record,) = chain("ab" * 32, 1, Cause(seat=0, command_id="c", type="T", data={}), [{"type": "a", "data": {}}])
    assert record == Record(record.version, record.cause, record.event, record.prev, record.hash)
    assert "_line" not in repr(record)
    raw = record.to_bytes()
    assert "_line" not in record.__dict__  # written once, not held by a live game's records
    assert Record.from_bytes(raw) == record
