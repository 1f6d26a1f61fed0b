"""The log format (replay/logformat.py): canonical bytes, the hash chain, and parse errors."""

from __future__ import annotations

import hashlib
import json

import pytest
from kennel.replay.logformat import (
    Cause,
    Header,
    Log,
    LogFormatError,
    Record,
    canonical_json,
    chain,
    chain_hash,
    events_of,
    group_by_cause,
    parse_log,
)

HEADER = Header(
    game_id="g-1",
    game="toy-high-card",
    rules_version="1",
    options={"deck_size": 10},
    seats=("Ada", None),
    seed_commitment="00" * 32,
)
CREATE = Cause(seat=None, command_id="create", type="kennel.CreateGame", data={"x": 1})
MOVE = Cause(seat=0, command_id="c1", type="Reveal", data={})


def sample_log() -> Log:
    first = chain(
        HEADER.genesis_hash(), 1, CREATE, [{"type": "a", "data": {}}, {"type": "b", "data": {"n": 1}}]
    )
    second = chain(first[-1].hash, 3, MOVE, [{"type": "c", "data": {"s": "é"}}])
    return Log(header=HEADER, records=(*first, *second))


def test_canonical_json_sorts_keys_drops_spaces_and_writes_utf8() -> None:
    assert canonical_json({"b": [1, None, True], "a": "é"}) == '{"a":"é","b":[1,null,true]}'.encode()


def test_the_header_line_names_the_format_and_its_version() -> None:
    first_line = sample_log().to_bytes().split(b"\n")[0]
    assert json.loads(first_line) == {
        "format": "kennel-log",
        "format_version": 1,
        "game_id": "g-1",
        "game": "toy-high-card",
        "rules_version": "1",
        "options": {"deck_size": 10},
        "seats": ["Ada", None],
        "seed_commitment": "00" * 32,
    }


def test_genesis_hash_is_the_sha256_of_the_canonical_header_line() -> None:
    assert HEADER.genesis_hash() == hashlib.sha256(canonical_json(HEADER.to_json())).hexdigest()


def test_each_record_hashes_prev_a_newline_and_its_canonical_body() -> None:
    log = sample_log()
    prev = HEADER.genesis_hash()
    for version, record in enumerate(log.records, start=1):
        body = {"version": version, "command": record.cause.to_json(), "event": record.event, "prev": prev}
        assert record.prev == prev
        assert record.hash == hashlib.sha256(prev.encode() + b"\n" + canonical_json(body)).hexdigest()
        assert record.hash == chain_hash(prev, body) == record.expected_hash()
        prev = record.hash


def test_a_record_is_written_as_one_canonical_line() -> None:
    record = sample_log().records[0]
    assert record.to_bytes() == canonical_json(
        {
            "version": 1,
            "command": {"seat": None, "id": "create", "type": "kennel.CreateGame", "data": {"x": 1}},
            "event": {"type": "a", "data": {}},
            "prev": HEADER.genesis_hash(),
            "hash": record.hash,
        }
    )


def test_a_log_round_trips_through_its_bytes() -> None:
    log = sample_log()
    raw = log.to_bytes()
    assert raw.endswith(b"\n") and raw.count(b"\n") == 4
    assert parse_log(raw) == log
    assert parse_log(raw).to_bytes() == raw


def test_group_by_cause_gives_the_events_of_each_decision() -> None:
    log = sample_log()
    groups = group_by_cause(log.records)
    assert [(cause, [r.version for r in records]) for cause, records in groups] == [
        (CREATE, [1, 2]),
        (MOVE, [3]),
    ]
    assert events_of(log.records)[2] == {"type": "c", "data": {"s": "é"}}


def test_the_same_cause_twice_but_not_consecutive_is_two_decisions() -> None:
    records = sample_log().records
    assert len(group_by_cause([records[0], records[2], records[1]])) == 3


def lines(log: Log) -> list[bytes]:
    return log.to_bytes().split(b"\n")[:-1]


def with_line(number: int, value: object) -> bytes:
    replaced = lines(sample_log())
    replaced[number - 1] = json.dumps(value).encode()
    return b"\n".join(replaced) + b"\n"


def record_json(**changes: object) -> dict[str, object]:
    return {**sample_log().records[0].to_json(), **changes}


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b"", "empty"),
        (b"\n", "line 1: the header is not UTF-8 JSON"),
        (b"not json\n", "line 1: the header is not UTF-8 JSON"),
        (b"\xff\n", "line 1: the header is not UTF-8 JSON"),
        (b'{"format": "other"}\n', "not a Kennel log header"),
        (with_line(1, {**HEADER.to_json(), "format_version": 2}), "unsupported log format version 2"),
        (with_line(1, {k: v for k, v in HEADER.to_json().items() if k != "seats"}), "malformed header"),
        (lines(sample_log())[0] + b"\n{\n", "line 2: a record is not UTF-8 JSON"),
        (lines(sample_log())[0] + b"\n\xc3\n", "line 2: a record is not UTF-8 JSON"),
        (with_line(3, {**record_json(), "extra": 1}), "line 3: a record has exactly"),
        (with_line(2, record_json(version="1")), "line 2: a record's version is an integer"),
        (with_line(2, record_json(version=True)), "line 2: a record's version is an integer"),
        (with_line(2, record_json(event={"type": "a"})), "line 2: a record's event is"),
        (with_line(2, record_json(command={"seat": None})), "line 2: malformed command"),
        (with_line(2, record_json(command={**CREATE.to_json(), "seat": "0"})), "line 2: malformed command"),
        (with_line(2, record_json(command={**CREATE.to_json(), "seat": True})), "line 2: malformed command"),
    ],
)
def test_parse_errors_name_the_line_that_is_wrong(raw: bytes, message: str) -> None:
    with pytest.raises(LogFormatError, match=message):
        parse_log(raw)


def test_a_record_parsed_from_its_own_bytes_is_equal() -> None:
    record = sample_log().records[2]
    assert Record.from_bytes(record.to_bytes()) == record


@pytest.mark.parametrize(
    "event",
    [
        {"type": "c", "data": {"s": "é", "n": None, "f": 1.5e-7, "nan": float("nan")}},
        {"type": "d", "data": {"tricky": ',"prev":"x","version":1}', "hash": "00" * 32, "prev": "", "v": [2**70]}},
        {"type": "e", "data": {"nested": {"prev": {"version": 3}}, "line": "a\nb\"c\\"}},
    ],
)
def test_a_record_encoded_once_gives_its_body_and_its_line(event: dict[str, object]) -> None:
    """`Record.encoded` (verify's one encoding of each record) is the body its hash is over and
    the line it is written as, whatever the event holds (strings that look like members,
    fields named prev or hash, numbers the json module writes)."""
    (record,) = chain(HEADER.genesis_hash(), 7, Cause(seat=1, command_id='i"d', type="T", data={"prev": 1}), [event])
    body, line = record.encoded()
    assert body == canonical_json(record.body())
    assert line == record.to_bytes()
    assert hashlib.sha256(record.prev.encode() + b"\n" + body).hexdigest() == record.hash


@pytest.mark.parametrize("digest", ["ab" * 32, "", "é", 'a"b', "a\\b", "a\nb", "A-1", "\u00b2"])
def test_a_record_encoded_once_writes_any_hash_as_canonical_json_does(digest: str) -> None:
    (record,) = chain(HEADER.genesis_hash(), 1, CREATE, [{"type": "a", "data": {}}])
    tampered = Record(record.version, record.cause, record.event, record.prev, digest)
    assert tampered.encoded() == (canonical_json(tampered.body()), tampered.to_bytes())


def test_every_golden_record_encoded_once_gives_its_body_and_its_line() -> None:
    from pathlib import Path

    for path in sorted((Path(__file__).parents[2] / "golden").rglob("*.jsonl")):
        for record in parse_log(path.read_bytes()).records:
            body, line = record.encoded()
            assert (body, line) == (canonical_json(record.body()), record.to_bytes()), path
