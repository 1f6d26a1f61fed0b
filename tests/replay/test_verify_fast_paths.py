"""`verify` checks a log the quick way first (`kennel.replay.verify_fast`: each line and link at
once, the events the rules give by orjson's bytes; `CauseDecoder`: each command name's decoder
looked up once) and only where that cannot say all is well the plain way, which makes every
failure report. So its report must be exactly the plain checks' alone, on honest logs of bot
games of every game and on every kind of tampering; and the quick checks must say all is well
exactly where the plain ones pass (never on a spoiled log).

The comparison itself is tested too: with a quick check broken (saying all is well always) it
finds a difference, so it would catch a quick check that let a spoiled log through."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Iterator
from typing import Any

import orjson
import pytest
from kennel.domain.core import table as tables
from kennel.domain.core.rng import seed_from_text
from kennel.domain.core.rules import RuleViolation
from kennel.domain.registry import GAMES
from kennel.replay import verify as verifying
from kennel.replay import verify_fast
from kennel.replay import verify_rules as rechecking
from kennel.replay.causes import decode_cause
from kennel.replay.jsonbytes import ORJSON_OPTIONS
from kennel.replay.ledger import Ledger
from kennel.replay.logformat import Attempt, Cause, Log, Record, chain, parse_log
from kennel.replay.verdict import CheckFailed, VerifyReport
from replay_samples import GAME_NAMES, forged, rechained, running, with_cause, with_event
from testkit.bot_games import bot_game

SEEDS = ("fast-paths/a", "fast-paths/b")


@functools.cache
def played(game_name: str, seed_text: str) -> bytes:
    """A finished bot game's log, with refused attempts: at a few decisions' ends, the command
    of the decision before sent again (mostly refused: not that seat's turn, or its card gone)."""
    game = GAMES[game_name]
    ledger = bot_game(game, seed_text, game.seats.minimum)
    log = ledger.log()
    seed = seed_from_text(seed_text)
    ends = [r.version for r in log.records if r.version == len(log.records) or log.records[r.version].cause != r.cause]
    attempts: list[Attempt] = []
    for previous, end in zip(ends[1:], ends[2:]):
        cause = log.records[previous - 1].cause
        if cause.seat is None or len(attempts) >= 4:
            continue
        table = Ledger.from_records(game, log.header, log.records[:end]).table
        try:
            tables.play(table, cause.seat, decode_cause(game, cause), seed)
        except RuleViolation as violation:
            attempts.append(Attempt(end, cause, violation.code, str(violation)))
    assert attempts, "no refused attempt to check"
    return dataclasses.replace(log, attempts=tuple(attempts)).to_bytes()


def plain_report(raw: bytes, **options: Any) -> VerifyReport:
    """`verify` with every quick check off: the plain checks alone."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(verifying, "lines_hold", lambda log, lines, raw, events=None: False)
        patch.setattr(rechecking, "same_events", lambda encoded, group, recorded=None: False)
        patch.setattr(rechecking, "CauseDecoder", lambda game: functools.partial(decode_cause, game))
        return verifying.verify(raw, **options)


def line_edited(raw: bytes, index: int, edit: Callable[[bytes], bytes]) -> bytes:
    lines = raw.split(b"\n")
    lines[index] = edit(lines[index])
    return b"\n".join(lines)


def first_int_field(event: dict[str, Any]) -> str | None:
    return next((key for key, value in event["data"].items() if type(value) is int), None)


def with_data(record: Record, **changes: Any) -> Record:
    return with_event(record, {"type": record.event["type"], "data": {**record.event["data"], **changes}})


def spoiled(raw: bytes) -> Iterator[tuple[str, bytes]]:
    """The log, and every kind of tampering with it (each, when it is rechained, reaching the
    check it is meant for: the chain, the rules' events, the rules' refusals...)."""
    log = parse_log(raw)
    count = len(log.records)
    middle = count // 2
    yield "honest", raw
    yield "running", running_of(log)
    yield "changed hash", line_edited(raw, middle, lambda line: line.replace(b'"hash":"', b'"hash":"0', 1))
    yield "changed prev", line_edited(raw, middle, lambda line: line.replace(b'"prev":"', b'"prev":"0', 1))
    yield "changed version", line_edited(raw, middle, lambda line: line.replace(b'"version":', b'"version":1', 1))
    lines = raw.split(b"\n")
    yield "swapped lines", b"\n".join([*lines[: middle], lines[middle + 1], lines[middle], *lines[middle + 2 :]])
    yield "reordered, rechained", rechained(log.header, [*log.records[: middle - 1], log.records[middle], log.records[middle - 1], *log.records[middle + 1 :]])
    yield "dropped, rechained", forged(raw, lambda position, record: None if position == middle else record)
    yield "a space", line_edited(raw, middle, lambda line: line.replace(b'":', b'": ', 1))
    yield "an escape", line_edited(raw, middle, lambda line: line.replace(b'"type":"', b'"type":"\\u00', 1).replace(b'\\u00', b'\\u0041', 1))
    yield "unsorted keys", line_edited(raw, middle, lambda line: b'{"version":%d,' % middle + line[1:].replace(b',"version":%d' % middle, b""))
    yield "no newline at the end", raw[:-1]
    yield "a blank line at the end", raw + b"\n"
    yield "header changed", line_edited(raw, 0, lambda line: line.replace(b'"game_id":"', b'"game_id":"x', 1))
    yield "a command's extra field", line_edited(raw, middle, lambda line: line.replace(b'{"command":{', b'{"command":{"a":1,', 1))
    yield "an event's extra field, rechained", forged(raw, lambda position, record: with_data(record, zzz=1) if position == middle else record)
    for position in range(2, count + 1):  # the first of each kind that the rules give a value
        field = first_int_field(log.records[position - 1].event)
        if field is not None:
            value = log.records[position - 1].event["data"][field]
            for name, changed in (("+1", value + 1), ("float", float(value)), ("bool", bool(value)), ("string", str(value))):
                yield f"event {field} {name}, rechained", forged(
                    raw, lambda at, record, f=field, v=changed, p=position: with_data(record, **{f: v}) if at == p else record
                )
            break
    for position in range(2, count + 1):  # an event's 0 or 1 as false or true: equal values, other bytes
        field = next((key for key, value in log.records[position - 1].event["data"].items() if type(value) is int and value in (0, 1)), None)
        if field is not None:
            flag = bool(log.records[position - 1].event["data"][field])
            yield f"event {field} {flag}, rechained", forged(
                raw, lambda at, record, f=field, v=flag, p=position: with_data(record, **{f: v}) if at == p else record
            )
            break
    seat_position = next(r.version for r in log.records if r.cause.seat is not None)
    yield "a command's seat changed, rechained", forged(
        raw,
        lambda at, record: with_cause(record, dataclasses.replace(record.cause, seat=(record.cause.seat or 0) + 1))
        if at == seat_position
        else record,
    )
    yield "a command's type changed, rechained", forged(
        raw,
        lambda at, record: with_cause(record, dataclasses.replace(record.cause, type="no.such.command"))
        if at == seat_position
        else record,
    )
    # A forger who writes and hashes the lines with orjson: its floats are not the json module's.
    yield "a float written by orjson, rechained", orjson_rechained(log, seat_position, {"x": 1e-7})
    yield "a float in a command, rechained", forged(
        raw,
        lambda at, record: with_cause(record, dataclasses.replace(record.cause, data={**record.cause.data, "x": 1.5}))
        if at == seat_position
        else record,
    )
    attempts = log.attempts
    for name, attempt in (
        ("refusal code changed", dataclasses.replace(attempts[0], code="not-the-code")),
        ("refused at another version", dataclasses.replace(attempts[0], after_version=attempts[0].after_version - 1)),
        ("refused command by no seat", dataclasses.replace(attempts[0], cause=dataclasses.replace(attempts[0].cause, seat=None))),
        ("refused command unknown", dataclasses.replace(attempts[0], cause=dataclasses.replace(attempts[0].cause, type="no.such"))),
    ):
        yield name, dataclasses.replace(log, attempts=(attempt, *attempts[1:])).to_bytes()
    yield "attempts reordered", dataclasses.replace(log, attempts=attempts[::-1]).to_bytes()


def orjson_rechained(log: Log, position: int, extra: dict[str, Any]) -> bytes:
    """The log with `extra` in the data of the command of the record at `position`, its lines
    and hashes written by orjson alone."""
    def encode(value: Any) -> bytes:
        return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)

    records: list[Record] = []
    prev = log.header.genesis_hash()
    for record in log.records:
        cause = record.cause
        if record.version == position:
            cause = dataclasses.replace(cause, data={**cause.data, **extra})
        (linked,) = chain(prev, record.version, cause, [record.event], encode)
        records.append(linked)
        prev = linked.hash
    return Log(log.header, tuple(records)).to_bytes()


def running_of(log: Log) -> bytes:
    last_cause = log.records[-1].cause
    return Log(log.header, tuple(r for r in log.records if r.cause != last_cause)).to_bytes()


CASES = [(name, seed) for name in GAME_NAMES for seed in SEEDS]


@pytest.mark.parametrize(("game_name", "seed_text"), CASES)
def test_verify_reports_exactly_what_the_plain_checks_report(game_name: str, seed_text: str) -> None:
    failures = set()
    for what, raw in spoiled(played(game_name, seed_text)):
        report = verifying.verify(raw)
        assert report == plain_report(raw), what
        assert report == verifying.verify(raw, require_complete=True) or not report.ok or not report.rules_checked
        if report.failure is not None:
            failures.add(report.failure.kind)
        if what == "honest":
            assert report.ok and report.rules_checked, report
    assert len(failures) >= 5, failures  # the tampering reached the chain, the format, the rules, the attempts...


@pytest.mark.parametrize(("game_name", "seed_text"), CASES)
def test_the_quick_line_check_says_all_is_well_only_where_the_plain_checks_pass(game_name: str, seed_text: str) -> None:
    for what, raw in spoiled(played(game_name, seed_text)):
        try:
            log = parse_log(raw)
        except ValueError:
            continue
        try:
            verifying._check_chain(log, verifying._check_canonical(log, raw))
            plain = True
        except CheckFailed:
            plain = False
        events: list[bytes] = []
        quick = verify_fast.lines_hold(log, raw.split(b"\n"), raw, events)
        assert quick <= plain, what  # never all well on a log the plain checks fail
        if plain and "float" not in what:
            assert quick, what  # and all well on what they pass, but where a float may be
        if quick:  # and then every record's event as orjson writes it, for `same_events`
            assert events == [orjson.dumps(record.event, option=ORJSON_OPTIONS) for record in log.records], what


def test_the_quick_event_check_follows_the_plain_comparison() -> None:
    """`same_events` on events that are equal as values but not as canonical bytes."""
    record = parse_log(played(GAME_NAMES[0], SEEDS[0])).records[3]
    event = record.event
    field = first_int_field(event) or "n"
    value = event["data"].get(field, 1)
    def written(*records: Record) -> list[bytes]:  # `recorded`, as `lines_hold` gives it: by version from 1
        by_version = {r.version: orjson.dumps(r.event, option=ORJSON_OPTIONS) for r in records}
        return [by_version.get(version, b"") for version in range(1, max(by_version) + 1)]

    for recorded in (None, written(record)):
        assert verify_fast.same_events([event], [record], recorded)
        assert not verify_fast.same_events([event, event], [record], recorded)
        assert not verify_fast.same_events([], [record], recorded)
    for other in (value + 1, float(value), bool(value), str(value), None, float("nan"), 2**70):
        changed = {"type": event["type"], "data": {**event["data"], field: other}}
        for mine, theirs in ((changed, record), (event, with_event(record, changed))):
            with pytest.raises(CheckFailed):
                _plain_compare(mine, theirs)
            assert not verify_fast.same_events([mine], [theirs]), other
            if other != 2**70:  # (which orjson does not write: `lines_hold` gives no bytes then)
                assert not verify_fast.same_events([mine], [theirs], written(theirs)), other
    # A NaN the rules might give, where the log records null: orjson writes both as null.
    nan = {"type": event["type"], "data": {**event["data"], field: float("nan")}}
    null = with_event(record, {"type": event["type"], "data": {**event["data"], field: None}})
    with pytest.raises(CheckFailed):
        _plain_compare(nan, null)
    assert not verify_fast.same_events([nan], [null])


def _plain_compare(mine: dict[str, Any], theirs: Record) -> None:
    """`_compare`'s plain check of one event, given as already encoded."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(rechecking.tables, "encode_event", lambda game, event: event)
        rechecking._compare(GAMES[GAME_NAMES[0]], [mine], [theirs])


def _all_well(log: Log, events: list[bytes] | None) -> bool:
    """A broken `lines_hold`: all is well, always (each event's bytes given as it gives them)."""
    if events is not None:
        events.extend(orjson.dumps(record.event, option=ORJSON_OPTIONS) for record in log.records)
    return True


@pytest.mark.parametrize(
    "broken",
    [
        (verifying, "lines_hold", lambda log, lines, raw, events=None: _all_well(log, events)),
        (rechecking, "same_events", lambda encoded, group, recorded=None: True),
        # Comparing the rules' events with the recorded bytes by value alone:
        (rechecking, "same_events", lambda encoded, group, recorded=None: recorded is not None and all(
            mine == record.event for mine, record in zip(encoded, group, strict=True)
        ) or verify_fast.same_events(encoded, group)),
    ],
    ids=["lines_hold", "same_events", "same_events_recorded"],
)
def test_the_comparison_finds_a_broken_quick_check(broken: tuple[Any, str, Callable[..., bool]]) -> None:
    module, name, always = broken
    differences = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(module, name, always)
        for what, raw in spoiled(played(GAME_NAMES[0], SEEDS[0])):
            if verifying.verify(raw) != plain_report(raw):
                differences.append(what)
    assert differences, f"a broken {name} went unseen"


def test_the_comparison_finds_a_broken_cause_decoder() -> None:
    def wrong(game: Any) -> Callable[[Cause], Any]:
        plain = functools.partial(decode_cause, game)
        return lambda cause: plain(dataclasses.replace(cause, seat=None)) if cause.seat is not None else plain(cause)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(rechecking, "CauseDecoder", wrong)
        raw = played(GAME_NAMES[0], SEEDS[0])
        assert verifying.verify(raw) != plain_report(raw)
