"""`kennel.replay.verify`: what holds for honest logs, and which failure each kind of tampering gives."""

from __future__ import annotations

import dataclasses
import json

import pytest
from kennel.domain.core.rng import seed_from_text
from kennel.domain.registry import GAMES
from kennel.replay.logformat import Log, Record, canonical_json, parse_log
from kennel.replay.verdict import Failure, FailureKind, VerifyReport, describe
from kennel.replay.verify import verify
from replay_samples import (
    GAME_NAMES,
    finished,
    first_position,
    forged,
    rechained,
    running,
    with_cause,
    with_event,
)


def failed(report: VerifyReport, kind: FailureKind, version: int | None) -> Failure:
    """The report's failure, which must be of this kind at this record."""
    assert report.failure is not None, "verify passed a spoiled log"
    assert (report.failure.kind, report.failure.version) == (kind, version), report.failure
    return report.failure


def seat_counts(game_name: str) -> list[int]:
    seats = GAMES[game_name].seats
    return sorted({seats.minimum, seats.maximum})


@pytest.mark.parametrize(
    ("game_name", "seats", "open_seats"),
    [(name, seats, 0) for name in GAME_NAMES for seats in seat_counts(name)]
    + [(name, GAMES[name].seats.minimum, 1) for name in GAME_NAMES],
)
def test_a_simulated_game_verifies_against_the_rules(game_name: str, seats: int, open_seats: int) -> None:
    raw = finished(game_name, seats, open_seats)
    report = verify(raw)
    assert report.ok and report.rules_checked, report.failure
    assert (report.game, report.game_id) == (game_name, parse_log(raw).header.game_id)
    assert report.records == report.records_checked == raw.count(b"\n") - 1
    assert describe(report).startswith("ok ")


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_a_running_game_verifies_its_chain_only_and_says_so(game_name: str) -> None:
    report = verify(running(game_name))
    assert report.ok and not report.rules_checked
    assert "rules were not re-run" in report.notes[0]
    assert "hash chain only" in describe(report)


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_a_running_game_fails_when_a_complete_verification_is_required(game_name: str) -> None:
    report = verify(running(game_name), require_complete=True)
    failed(report, FailureKind.MISSING_SEED, None)


# Any single byte changed --------------------------------------------------------------------------


def named_positions(raw: bytes) -> dict[str, int]:
    """Byte offsets worth spoiling: in the header, a hash, a prev, a version, a command, event data."""
    lines = raw.split(b"\n")
    starts = [sum(len(line) + 1 for line in lines[:index]) for index in range(len(lines))]
    middle = len(lines) // 2

    def inside(line_index: int, marker: bytes, skip: int) -> int:
        return starts[line_index] + lines[line_index].index(marker) + len(marker) + skip

    return {
        "header game id": inside(0, b'"game_id":"', 0),
        "header seed commitment": inside(0, b'"seed_commitment":"', 10),
        "header seats": inside(0, b'"seats":[', 1),
        "first record hash": inside(1, b'"hash":"', 5),
        "middle record prev": inside(middle, b'"prev":"', 63),
        "middle record version": inside(middle, b'"version":', 0),
        "middle record command type": inside(middle, b'"command":{', 0) + 30,
        "middle record event data": inside(middle, b'"event":{"data":', 2),
        "last record event type": inside(len(lines) - 2, b'"type":"', 3),
        "a newline between records": starts[2] - 1,
        "the final newline": len(raw) - 1,
        "the first byte": 0,
    }


@pytest.mark.parametrize("game_name", GAME_NAMES)
@pytest.mark.parametrize("replacement", ["flip the low bit", "a space", "an invalid UTF-8 byte"])
def test_changing_any_single_byte_fails(game_name: str, replacement: str) -> None:
    raw = finished(game_name)
    positions = dict(named_positions(raw))
    positions.update({f"byte {offset}": offset for offset in range(7, len(raw), max(1, len(raw) // 150))})
    for where, offset in positions.items():
        original = raw[offset]
        new = {"flip the low bit": original ^ 0x01, "a space": 0x20, "an invalid UTF-8 byte": 0xFF}[
            replacement
        ]
        if new == original:
            continue
        spoiled = raw[:offset] + bytes([new]) + raw[offset + 1 :]
        report = verify(spoiled)
        assert report.failure is not None, f"{where} (offset {offset}): {replacement} went unnoticed"
        assert report.failure.kind in {FailureKind.FORMAT, FailureKind.HASH_CHAIN}, (where, report.failure)


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_a_header_change_breaks_the_link_to_the_first_record(game_name: str) -> None:
    raw = finished(game_name)
    header_line, rest = raw.split(b"\n", 1)
    header = json.loads(header_line)
    header["game_id"] = header["game_id"] + "x"
    report = verify(canonical_json(header) + b"\n" + rest)
    failure = failed(report, FailureKind.HASH_CHAIN, 1)
    assert "prev is not the header's hash" in failure.reason


# Records moved, dropped or out of canonical form ----------------------------------------------------


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_swapping_two_records_fails_at_the_first_of_them(game_name: str) -> None:
    log = parse_log(finished(game_name))
    records = list(log.records)
    records[3], records[4] = records[4], records[3]
    failed(verify(Log(log.header, tuple(records)).to_bytes()), FailureKind.HASH_CHAIN, 4)


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_removing_a_record_fails_where_it_was(game_name: str) -> None:
    log = parse_log(finished(game_name))
    records = log.records[:5] + log.records[6:]
    report = verify(Log(log.header, records).to_bytes())
    failure = failed(report, FailureKind.HASH_CHAIN, 6)
    assert "claims version 7" in failure.reason


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_removing_the_last_record_leaves_what_looks_like_a_running_game(game_name: str) -> None:
    # A hash chain cannot show that records are missing at its end; the seed goes with them, so
    # only a complete verification (or the head hash the server reported) notices.
    log = parse_log(finished(game_name))
    truncated = Log(log.header, log.records[:-1]).to_bytes()
    assert not verify(truncated).rules_checked
    failed(verify(truncated, require_complete=True), FailureKind.MISSING_SEED, None)


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_a_line_not_in_canonical_form_fails_as_format(game_name: str) -> None:
    raw = finished(game_name)
    lines = raw.split(b"\n")
    lines[3] = json.dumps(json.loads(lines[3])).encode()  # the same JSON, with spaces
    failed(verify(b"\n".join(lines)), FailureKind.FORMAT, 3)
    failed(verify(raw[:-1]), FailureKind.FORMAT, raw.count(b"\n") - 1)  # no final newline
    failed(verify(raw + b"\n"), FailureKind.FORMAT, None)  # a blank line
    failed(verify(b""), FailureKind.FORMAT, None)


# Forgeries that recompute every hash: only the seed and the rules catch them -------------------------


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_a_forged_seed_fails_the_commitment(game_name: str) -> None:
    def other_seed(position: int, record: Record) -> Record:
        if record.event["type"] != "kennel.GameEnded":
            return record
        data = {**record.event["data"], "seed": seed_from_text("another").hex()}
        return with_event(record, {"type": "kennel.GameEnded", "data": data})

    raw = finished(game_name)
    ended_at = first_position(raw, lambda r: r.event["type"] == "kennel.GameEnded")
    report = verify(forged(raw, other_seed))
    failed(report, FailureKind.SEED_COMMITMENT, ended_at)
    assert report.rules_checked


@pytest.mark.parametrize("game_name", GAME_NAMES)
@pytest.mark.parametrize("seed", ["abc", "00" * 31])
def test_a_seed_that_is_not_32_bytes_of_hex_fails_the_commitment(game_name: str, seed: str) -> None:
    def bad_seed(position: int, record: Record) -> Record:
        if record.event["type"] != "kennel.GameEnded":
            return record
        return with_event(
            record, {"type": "kennel.GameEnded", "data": {**record.event["data"], "seed": seed}}
        )

    ended_at = first_position(finished(game_name), lambda r: r.event["type"] == "kennel.GameEnded")
    failed(verify(forged(finished(game_name), bad_seed)), FailureKind.SEED_COMMITMENT, ended_at)


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_a_forged_event_fails_where_the_rules_disagree(game_name: str) -> None:
    raw = finished(game_name)
    target = first_position(raw, lambda r: r.cause.seat is not None)  # the first player's command

    def edited(position: int, record: Record) -> Record:
        if position != target:
            return record
        return with_event(record, {**record.event, "data": {**record.event["data"], "forged": 1}})

    report = verify(forged(raw, edited))
    failure = failed(report, FailureKind.EVENT_MISMATCH, target)
    assert "event.data.forged: only the log" in failure.reason


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_an_event_the_rules_do_not_produce_fails(game_name: str) -> None:
    raw = finished(game_name)
    log = parse_log(raw)
    target = first_position(raw, lambda r: r.cause.seat is not None)
    records = list(log.records)
    records.insert(target, records[target - 1])  # the same event twice under the same command
    report = verify(rechained(log.header, records))
    failed(report, FailureKind.EVENT_MISMATCH, target + 1)


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_a_command_the_rules_refuse_fails_as_rule(game_name: str) -> None:
    raw = finished(game_name)
    target = first_position(raw, lambda r: r.cause.seat is not None)

    def other_seat(position: int, record: Record) -> Record:
        if record.cause.seat is None or position < target:
            return record
        seat_count = len(parse_log(raw).header.seats)
        return with_cause(record, dataclasses.replace(record.cause, seat=seat_count))  # no such seat

    report = verify(forged(raw, other_seat))
    failure = failed(report, FailureKind.RULE, target)
    assert "kennel/no_such_seat" in failure.reason


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_a_command_the_game_does_not_know_fails_as_rule(game_name: str) -> None:
    raw = finished(game_name)
    target = first_position(raw, lambda r: r.cause.seat is not None)

    def unknown(position: int, record: Record) -> Record:
        if position != target:
            return record
        return with_cause(record, dataclasses.replace(record.cause, type="NoSuchCommand"))

    report = verify(forged(raw, unknown))
    failure = failed(report, FailureKind.RULE, target)
    assert "not one" in failure.reason


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_a_header_that_disagrees_with_game_created_fails_as_header(game_name: str) -> None:
    log = parse_log(finished(game_name))
    for field, header in [
        ("seats", dataclasses.replace(log.header, seats=("Mallory",) * len(log.header.seats))),
        ("options", dataclasses.replace(log.header, options={"forged": True})),
    ]:
        report = verify(rechained(header, log.records))
        failure = failed(report, FailureKind.HEADER, 1)
        assert f"header's {field} differs" in failure.reason


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_a_log_of_an_unknown_game_or_rules_version_is_unsupported(game_name: str) -> None:
    log = parse_log(finished(game_name))
    for header in [
        dataclasses.replace(log.header, game="chess"),
        dataclasses.replace(log.header, rules_version="0-not-this-one"),
    ]:
        report = verify(rechained(header, log.records))
        failed(report, FailureKind.UNSUPPORTED, None)


def test_the_report_serialises_for_machines() -> None:
    name = GAME_NAMES[0]
    report = verify(finished(name)[:-1])
    assert report.to_json() == {
        "ok": False,
        "game": name,
        "game_id": report.game_id,
        "records": report.records,
        "records_checked": report.records - 1,
        "rules_checked": False,
        "failure": {
            "kind": "format",
            "version": report.records,
            "reason": "the file does not end with a newline",
        },
        "notes": [],
    }
    assert describe(report).startswith(f"FAILED {name} game ")
