"""Loading a game reads records and decodes events without the calls it made per record
(`logformat._read_records`, `jsonbytes.long_number_lines`, `ledger.decoded_events`). Each fast
path must give what the reference gives: the same records (down to the types of their values),
the same events, and for anything malformed the same error, on every record of bot games of
every game and on mutations of their lines."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from kennel.domain.core import table as tables
from kennel.domain.core.codec import DecodeError
from kennel.domain.registry import GAMES
from kennel.replay.jsonbytes import _may_hold_long_number, long_number_lines, loads, reader
from kennel.replay.ledger import Ledger, decoded_events
from kennel.replay.logformat import (
    Attempt,
    Checkpoint,
    Log,
    LogFormatError,
    Record,
    _json_line,
    parse_log,
)
from kennel.replay.logformat import Header as LogHeader
from testkit.bot_games import bot_game


def reference_parse_log(raw: bytes) -> Log:
    """`parse_log` as it was before `_read_records`: `Record.from_json` of every line, read by
    `reader` (the whole file scanned once, every line scanned again if it held a long number)."""
    lines = raw.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    if not lines:
        raise LogFormatError("the file is empty")
    try:
        header = LogHeader.from_json(loads(lines[0]))
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise LogFormatError(f"line 1: the header is not UTF-8 JSON: {error}") from None
    records: list[Record] = []
    attempts: list[Attempt] = []
    checkpoint: Checkpoint | None = None
    read = reader(raw)
    for number, line in enumerate(lines[1:], start=2):
        try:
            if checkpoint is not None:
                raise LogFormatError("nothing may follow the checkpoint")
            if line.startswith(b'{"attempt":'):
                attempts.append(Attempt.from_json(_json_line(line)))
            elif line.startswith(b'{"checkpoint":'):
                checkpoint = Checkpoint.from_json(_json_line(line))
            elif attempts:
                raise LogFormatError("records come before attempts")
            else:
                records.append(Record.from_json(read(line)))
        except (json.JSONDecodeError, UnicodeDecodeError) as error:
            raise LogFormatError(f"line {number}: a record is not UTF-8 JSON: {error}") from None
        except LogFormatError as error:
            raise LogFormatError(f"line {number}: {error}") from None
    return Log(header=header, records=tuple(records), attempts=tuple(attempts), checkpoint=checkpoint)


def outcome(call: Any, *args: Any) -> tuple[str, str]:
    """What happened, comparable down to the types of values (`repr` tells 1 from True and 1.0)."""
    try:
        return "value", repr(call(*args))
    except Exception as error:  # noqa: BLE001 - the comparison is of whatever happens
        return "error", f"{type(error).__name__}: {error}"


LOGS = {name: bot_game(GAMES[name], f"fast reading {name}", 3 if 3 in GAMES[name].seats else 2, open_seats=1)
        for name in sorted(GAMES)}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_parse_log_reads_every_record_of_a_bot_game_as_the_reference_does(name: str) -> None:
    raw = LOGS[name].log().to_bytes()
    mine, theirs = parse_log(raw), reference_parse_log(raw)
    assert mine == theirs
    assert repr(mine) == repr(theirs)
    assert b"".join(mine.write_lines()) == raw


def mutations(value: dict[str, Any], rng: random.Random) -> list[Any]:
    """Records that are each wrong (or unusual but readable) in one place."""
    command, event = value["command"], value["event"]
    out: list[Any] = [[value], "text", None]
    for key in list(value):
        out.append({k: v for k, v in value.items() if k != key})
    out.append({**value, "extra": 1})
    for bad in (True, "1", 1.0, None, 2**70, -1):
        out.append({**value, "version": bad})
    for bad in (True, False, "0", 1.0, 2**70, [0], -3):
        out.append({**value, "command": {**command, "seat": bad}})
    out.append({**value, "command": {k: v for k, v in command.items() if k != "seat"}})
    for key in ("id", "type", "data"):
        out.append({**value, "command": {k: v for k, v in command.items() if k != key}})
        for bad in (7, None, True, [["a", 1]], ["x"], "s", {"k": 1}, 1.5):
            out.append({**value, "command": {**command, key: bad}})
    out.append({**value, "command": {**command, "extra": 1}})
    for bad in ([command], "c", None, 3):
        out.append({**value, "command": bad})
    for bad in ([event], None, {**event, "extra": 1}, {"type": event["type"]}, {"data": event["data"]}):
        out.append({**value, "event": bad})
    out.append({**value, "event": {"type": 5, "data": event["data"]}})
    for key in ("prev", "hash"):
        for bad in (7, None, True, ["x"], {"a": 1}, 2**70):
            out.append({**value, key: bad})
    rng.shuffle(out)
    return out


@pytest.mark.parametrize("name", sorted(GAMES))
def test_parse_log_refuses_and_reads_mutated_records_as_the_reference_does(name: str) -> None:
    raw = LOGS[name].log().to_bytes()
    lines = raw.split(b"\n")[:-1]
    rng = random.Random(name)
    compared = 0
    for index in rng.sample(range(1, len(lines)), 40):
        value = json.loads(lines[index])
        texts = [json.dumps(bad).encode() for bad in mutations(value, rng)]
        texts += [lines[index][:-1], lines[index] + b"x", b"\xff" + lines[index]]
        texts += [b'{"attempt": 1}', b'{"checkpoint":{}}']
        texts += [lines[index].replace(b'"version":', b'"version":1234567890123456789012')]
        texts += [lines[index].replace(b'"version":', b'"version": ')]  # not canonical, still a record
        for text in texts:
            # Parsing checks no hash chain: the header, the line and a few after it are enough.
            changed = b"\n".join([lines[0], lines[index - 1], text, *lines[index + 1 : index + 4]]) + b"\n"
            assert outcome(parse_log, changed) == outcome(reference_parse_log, changed), text
            compared += 1
    assert compared > 40 * 70


def test_attempts_and_checkpoints_after_records_and_records_after_them_parse_as_the_reference_does() -> None:
    raw = LOGS["hoarders"].log().to_bytes()
    lines = raw.split(b"\n")[:-1]
    record = lines[-1]
    attempt = b'{"attempt":{"after_version":3,"command":{"data":{},"id":"x","seat":0,"type":"T"},' \
              b'"refusal":{"code":"c","message":"m"}}}'
    checkpoint = b'{"checkpoint":{"attempts":"a","head":"h","key_id":"k","signature":"s"}}'
    tails = [
        [attempt], [checkpoint], [attempt, checkpoint], [attempt, record], [checkpoint, record],
        [checkpoint, attempt], [attempt, attempt, checkpoint, checkpoint], [attempt, b"not json"],
        [b'{"attempt":', record], [attempt, b'{"attempt":{}}'], [checkpoint[:-1]],
    ]
    for tail in tails:
        text = b"\n".join([*lines, *tail]) + b"\n"
        assert outcome(parse_log, text) == outcome(reference_parse_log, text), tail
    for text in (b"", b"\n", lines[0] + b"\n", b"x\n" + record, lines[0] + b"\n\n" + record + b"\n"):
        assert outcome(parse_log, text) == outcome(reference_parse_log, text), text


def test_long_number_lines_names_the_lines_loads_would_scan_as_maybe_long() -> None:
    rng = random.Random(20)
    pieces = [b"1234567890", b"123456789", b"0", b"e", b"E", b".", b"-", b"+", b":", b",", b"[", b" ", b"\n",
              b"\r", b"\t", b'"', b"a", b"f", b"x", b"\n\n"]
    for _ in range(3000):
        text = b"".join(rng.choice(pieces) for _ in range(rng.randrange(0, 40)))
        lines = text.split(b"\n")
        expected = {index for index, line in enumerate(lines) if _may_hold_long_number(line)}
        assert long_number_lines(text) == expected, text


def test_a_log_whose_hashes_look_like_long_numbers_reads_as_the_reference_reads_it() -> None:
    """A hex hash with `e` and 19 digits is scanned as maybe a long number (about one log in
    seven): such a line goes to the json module, the others to orjson, each as `loads` does."""
    raw = LOGS["caninos"].log().to_bytes()
    lines = raw.split(b"\n")[:-1]
    fake = b"e" + b"1234567890123456789" + b"0" * 44
    lines[3] = lines[3].replace(b'"prev":"', b'"prev":"' + fake[:20], 1)
    lines[5] = lines[5] + b" "  # a line that is not canonical
    lines.insert(7, lines[7].replace(b'"version":', b'"version":12345678901234567890123,"x":', 1))
    text = b"\n".join(lines) + b"\n"
    assert long_number_lines(text)
    assert outcome(parse_log, text) == outcome(reference_parse_log, text)
    del lines[7]
    text = b"\n".join(lines) + b"\n"
    assert repr(parse_log(text)) == repr(reference_parse_log(text))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_decoded_events_are_decode_event_of_every_record(name: str) -> None:
    game = GAMES[name]
    records = LOGS[name].records
    expected = [tables.decode_event(game, record.event) for record in records]
    assert decoded_events(game, records) == expected
    assert repr(decoded_events(game, records)) == repr(expected)
    loaded = Ledger.from_records(game, LOGS[name].header, records)
    assert loaded.table == LOGS[name].table
    assert loaded.events == LOGS[name].events


@pytest.mark.parametrize("name", sorted(GAMES))
def test_decoded_events_refuse_what_decode_event_refuses(name: str) -> None:
    game = GAMES[name]
    records = list(LOGS[name].records)
    rng = random.Random(name)

    def reference(chosen: list[Record]) -> list[Any]:
        return [tables.decode_event(game, record.event) for record in chosen]

    samples = rng.sample(records, 10) + [records[0]]
    for record in samples:
        event = record.event
        bads: list[Any] = [
            {**event, "extra": 1}, {"type": event["type"]}, {"data": event["data"]}, [event], None,
            {"type": event["type"] + "x", "data": event["data"]}, {"type": 5, "data": event["data"]},
            {"type": event["type"], "data": None}, {"type": event["type"], "data": []},
            {"type": event["type"], "date": event["data"]},
            {"type": event["type"], "data": {**event["data"], "unknown": 1}},
            {"type": "kennel." + event["type"], "data": event["data"]},
            {"type": event["type"].removeprefix("kennel."), "data": event["data"]},
        ]
        bads += [{"type": event["type"], "data": {**event["data"], key: "?"}} for key in event["data"]]
        for bad in bads:
            broken = Record(record.version, record.cause, bad, record.prev, record.hash)
            for chosen in ([broken], [record, broken], [broken, record], [*records[:5], broken]):
                got = outcome(decoded_events, game, chosen)
                assert got == outcome(reference, chosen), bad
    assert isinstance(DecodeError("x"), ValueError)
