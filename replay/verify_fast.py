"""Quick forms of `kennel.replay.verify`'s checks, for the log that passes them (nearly every log).

Each answers only "all is well" or "look closer": on anything short of all well (a line not in
canonical form, a broken link, an event the rules do not give, a value orjson does not write as
the json module would) `verify` runs its plain check, which finds what is wrong and says so,
exactly as it did before these existed. So a failure report never comes from here, and the one
thing each must hold to is: it says all is well only where the plain check passes.

Where the time went (`python -m bench --only replay`, cProfile and callgrind over its logs):
`canonical_json`'s scans of every record's bytes for floats and for nulls that could stand for
a NaN were a sixth of verifying, and the generators, tuples and calls around each record's
encoding and hashing as much again.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

import orjson

from kennel.replay.jsonbytes import ORJSON_OPTIONS as _OPTIONS
from kennel.replay.jsonbytes import canonical_json, may_hold_float
from kennel.replay.logformat import Log, Record


def lines_hold(log: Log, lines: Sequence[bytes], raw: bytes, events: list[bytes] | None = None) -> bool:
    """Whether every line of `raw` (split at newlines into `lines`) is in canonical form, the file
    ends with a newline, and the hash chain holds: `_check_canonical` and `_check_chain` pass.
    With `events`, each record's event's bytes as orjson writes them (`same_events` compares
    with these) are appended to it, in order: all of them when this says all is well.

    A record's canonical bytes are orjson's (sorted keys) wherever the json module would write
    the same: when they hold no float (orjson writes 1e-7 where the json module writes 1e-07)
    and every `null` stands for None (orjson writes a NaN or an infinity as null). One scan of
    the whole file stands for the float scan of each record's bytes (`may_hold_float`: a line
    equal to them, with its hash put in, holds whatever they hold). A null needs no scan: when
    the line equals orjson's bytes, the record's values are what reading those bytes gives
    (the record was read from that line), and reading `null` gives None."""
    records = log.records
    if len(lines) != len(records) + len(log.attempts) + (log.checkpoint is not None) + 2 or lines[-1] != b"":
        return False
    if may_hold_float(raw) or lines[0] != canonical_json(log.header.to_json()):
        return False
    if not _records_hold(records, lines, log.header.genesis_hash(), [] if events is None else events):
        return False
    after = len(records) + 1
    for offset, attempt in enumerate(log.attempts):
        if lines[after + offset] != canonical_json(attempt.to_json()):
            return False
    checkpoint = log.checkpoint
    return checkpoint is None or lines[-2] == canonical_json(checkpoint.to_json())


def _records_hold(records: Sequence[Record], lines: Sequence[bytes], prev: str, events: list[bytes]) -> bool:
    """Each record's line (`lines[version]`) is `Record.encoded`'s, with orjson's bytes for the
    body, and it links to `prev` and hashes as `chain_hash_of_bytes` says; each event's orjson
    bytes are appended to `events`. The body is put together from its members' bytes, as
    `logrecords.chain` does (keys sort command, event, hash, prev, version), so that the event's
    are at hand. `prev` and each hash checked are hex digests, written as they are between
    quotes (`logrecords._json_string`)."""
    dumps, sha256, join, keep = orjson.dumps, hashlib.sha256, b"".join, events.append
    text = prev.encode("ascii")
    version = 0
    try:
        for record in records:
            version += 1
            # (The line check below finds a wrong prev or hash too: both are written in it.)
            if record.version != version or record.prev != prev:
                return False
            cause = record.cause
            command = dumps(
                {"seat": cause.seat, "id": cause.command_id, "type": cause.type, "data": cause.data},  # `to_json()`
                option=_OPTIONS,
            )
            event = dumps(record.event, option=_OPTIONS)
            tail = b',"prev":"%b","version":%d}' % (text, version)
            digest = sha256(join((text, b"\n{\"command\":", command, b',"event":', event, tail))).hexdigest()
            if digest != record.hash:
                return False
            text = digest.encode("ascii")
            if lines[version] != join((b'{"command":', command, b',"event":', event, b',"hash":"', text, b'"', tail)):
                return False
            keep(event)
            prev = digest
    except orjson.JSONEncodeError:
        return False  # a value orjson does not write (a wide integer...): the json module decides
    return True


def same_events(encoded: Sequence[Any], group: Sequence[Record], recorded: Sequence[bytes] | None = None) -> bool:
    """Whether the events the rules give (`encoded`: each `tables.encode_event`'s) are exactly the
    group's recorded ones, in order: `_compare` passes. `jsonbytes.same_canonical_json`'s quick
    test, inline: equal values that orjson writes alike. `recorded`: every record's event as
    orjson writes it, by version from 1 (as `lines_hold` gives them), for not writing them again."""
    if len(encoded) != len(group):
        return False
    dumps = orjson.dumps
    try:
        if recorded is None:
            for mine, record in zip(encoded, group):
                theirs = record.event
                if mine != theirs or dumps(mine, option=_OPTIONS) != dumps(theirs, option=_OPTIONS):
                    return False
        else:
            index = group[0].version - 1  # a group's versions run on from its first (`group_by_cause`)
            for mine, record in zip(encoded, group):
                if mine != record.event or dumps(mine, option=_OPTIONS) != recorded[index]:
                    return False
                index += 1
    except orjson.JSONEncodeError:
        return False
    return True
