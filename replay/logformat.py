"""The Kennel log format, version 1 (docs/log-format.md): reading a whole log file, and walking
its records by decision.

A log's lines as values, their canonical bytes and the hash chain are defined in
`kennel.replay.logrecords`; every name there is imported from here too, as it always was.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

import orjson

from kennel.domain.core.codec import Json, JsonObject
from kennel.replay.bulk import without_cycle_collection
from kennel.replay.jsonbytes import canonical_json, loads, long_number_lines
from kennel.replay.logrecords import (
    CLOSE_LOBBY,
    CREATE_GAME,
    EVENT_KEYS,
    EXPIRE_PROMPT,
    FILL_SEAT,
    FORMAT_NAME,
    FORMAT_VERSION,
    RECORD_KEYS,
    REFUSALS_OMITTED,
    Attempt,
    Cause,
    Checkpoint,
    Header,
    Log,
    LogFormatError,
    Parent,
    Record,
    attempts_digest,
    chain,
    chain_hash,
    chain_hash_of_bytes,
)

__all__ = [  # the names this module has always given, wherever they are defined now
    "CLOSE_LOBBY",
    "CREATE_GAME",
    "EXPIRE_PROMPT",
    "FILL_SEAT",
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "REFUSALS_OMITTED",
    "Attempt",
    "Cause",
    "Checkpoint",
    "Header",
    "Log",
    "LogFormatError",
    "Parent",
    "Record",
    "attempts_digest",
    "canonical_json",
    "chain",
    "chain_hash",
    "chain_hash_of_bytes",
    "events_of",
    "group_by_cause",
    "mid_decision",
    "parse_log",
]


@without_cycle_collection
def parse_log(raw: bytes) -> Log:
    """Parse a whole log; raises LogFormatError naming the line that is wrong."""
    lines = raw.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    if not lines:
        raise LogFormatError("the file is empty")
    try:
        header = Header.from_json(loads(lines[0]))
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise LogFormatError(f"line 1: the header is not UTF-8 JSON: {error}") from None
    records, after = _read_records(lines, long_number_lines(raw))
    attempts: list[Attempt] = []
    checkpoint: Checkpoint | None = None
    for number, line in enumerate(lines[after:], start=after + 1):
        try:
            if checkpoint is not None:
                raise LogFormatError("nothing may follow the checkpoint")
            if line.startswith(b'{"attempt":'):
                attempts.append(Attempt.from_json(_json_line(line)))
            elif line.startswith(b'{"checkpoint":'):
                checkpoint = Checkpoint.from_json(_json_line(line))
            else:
                raise LogFormatError("records come before attempts")
        except LogFormatError as error:
            raise LogFormatError(f"line {number}: {error}") from None
    return Log(header=header, records=tuple(records), attempts=tuple(attempts), checkpoint=checkpoint)


def _read_records(lines: list[bytes], long_numbers: set[int]) -> tuple[list[Record], int]:
    """The records from the second line on, up to the first attempt or checkpoint (or the end),
    and that line's index. Each is `Record.from_json` of the line as `loads` reads it, made
    here without its calls when the line is a record of the usual shape: an int version, a
    cause of an int or None seat, string id, type and hashes, and object data (in a log: every
    record); anything else goes through `Record.from_json`, which says what is wrong. Loading a
    game is mostly this loop: the calls and objects per record were half of reading it."""
    records: list[Record] = []
    append, new, set_dict, orjson_loads = records.append, object.__new__, object.__setattr__, orjson.loads
    index = 0
    for index in range(1, len(lines)):
        line = lines[index]
        if line.startswith(b'{"attempt":') or line.startswith(b'{"checkpoint":'):
            return records, index
        try:
            if index in long_numbers:
                data = loads(line)
            else:
                try:  # `loads_scanned(line)`, inline
                    data = orjson_loads(line)
                except orjson.JSONDecodeError:
                    data = json.loads(line)
            if data.__class__ is dict and data.keys() == RECORD_KEYS:
                version, command, event = data["version"], data["command"], data["event"]
                prev, digest = data["prev"], data["hash"]
                if (
                    version.__class__ is int
                    and event.__class__ is dict
                    and event.keys() == EVENT_KEYS
                    and command.__class__ is dict
                    and prev.__class__ is str
                    and digest.__class__ is str
                    and ((seat := command.get("seat", _MISSING)) is None or seat.__class__ is int)
                    and (command_id := command.get("id")).__class__ is str
                    and (kind := command.get("type")).__class__ is str
                    and (payload := command.get("data")).__class__ is dict
                ):
                    cause = new(Cause)
                    causing = {"seat": seat, "command_id": command_id, "type": kind, "data": payload}
                    set_dict(cause, "__dict__", causing)
                    record = new(Record)
                    set_dict(record, "__dict__", {
                        "version": version, "cause": cause, "event": event, "prev": prev, "hash": digest,
                    })
                    append(record)
                    continue
            append(Record.from_json(data))
        except (json.JSONDecodeError, UnicodeDecodeError) as error:
            raise LogFormatError(f"line {index + 1}: a record is not UTF-8 JSON: {error}") from None
        except LogFormatError as error:
            raise LogFormatError(f"line {index + 1}: {error}") from None
    return records, index + 1


_MISSING = object()


def _json_line(line: bytes) -> Json:
    try:
        return loads(line)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise LogFormatError(f"not UTF-8 JSON: {error}") from None


def events_of(records: Sequence[Record]) -> list[JsonObject]:
    return [record.event for record in records]


def group_by_cause(records: Sequence[Record]) -> list[tuple[Cause, list[Record]]]:
    """Consecutive records with one cause: the events one decision produced."""
    groups: list[tuple[Cause, list[Record]]] = []
    group: list[Record] = []
    cause: Cause | None = None  # the cause of `group`, the last group made
    last = 0  # the version of its last record
    for record in records:  # (the last group held in locals, not indexed out of `groups` each time)
        version = record.version
        if group and cause == record.cause and last == version - 1:
            group.append(record)
        else:
            cause, group = record.cause, [record]
            groups.append((cause, group))
        last = version
    return groups


def mid_decision(records: Sequence[Record], version: int) -> bool:
    """Whether `version` falls inside one decision's events (more of them follow, with the same
    cause). Nobody owes anything there: prompts open only once a decision's events are all in,
    and a game's state between them may be half-made (issue 16: Caninos asked its prompts
    mid-decision and failed). Views of such a version show no prompts and no legal commands."""
    return 1 <= version < len(records) and records[version].cause == records[version - 1].cause
