"""The Kennel log format, version 1 (docs/log-format.md): one header, then one record per event.

This module is the single definition of a record, its canonical bytes and its hash chain. The
service stores exactly these records, and `export` writes them out unchanged, so a log verified
here is byte for byte what the server acknowledged.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from domain.core.codec import Json, JsonObject

FORMAT_NAME = "kennel-log"
FORMAT_VERSION = 1

# The causes of records that no player's command caused.
CREATE_GAME = "kennel.CreateGame"
FILL_SEAT = "kennel.FillSeat"


class LogFormatError(ValueError):
    """A file or record that is not a well-formed Kennel log."""


def canonical_json(value: Json) -> bytes:
    """The exact bytes that are hashed and written: sorted keys, no spaces, UTF-8."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


@dataclass(frozen=True)
class Header:
    game_id: str
    game: str
    rules_version: str
    options: JsonObject
    seats: tuple[str | None, ...]
    seed_commitment: str

    def to_json(self) -> JsonObject:
        return {
            "format": FORMAT_NAME,
            "format_version": FORMAT_VERSION,
            "game_id": self.game_id,
            "game": self.game,
            "rules_version": self.rules_version,
            "options": self.options,
            "seats": list(self.seats),
            "seed_commitment": self.seed_commitment,
        }

    @classmethod
    def from_json(cls, data: Json) -> Header:
        if not isinstance(data, dict) or data.get("format") != FORMAT_NAME:
            raise LogFormatError("the first line is not a Kennel log header")
        if data.get("format_version") != FORMAT_VERSION:
            raise LogFormatError(f"unsupported log format version {data.get('format_version')!r}")
        try:
            return cls(
                game_id=str(data["game_id"]),
                game=str(data["game"]),
                rules_version=str(data["rules_version"]),
                options=dict(data["options"]),
                seats=tuple(data["seats"]),
                seed_commitment=str(data["seed_commitment"]),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise LogFormatError(f"malformed header: {error}") from None

    def genesis_hash(self) -> str:
        """The `prev` of the first record: the header's own hash, which binds it to the chain."""
        return hashlib.sha256(canonical_json(self.to_json())).hexdigest()


@dataclass(frozen=True)
class Cause:
    """What caused a record: a seat's command, or the engine's own `kennel.*` action."""

    seat: int | None
    command_id: str
    type: str
    data: JsonObject

    def to_json(self) -> JsonObject:
        return {"seat": self.seat, "id": self.command_id, "type": self.type, "data": self.data}

    @classmethod
    def from_json(cls, data: Json) -> Cause:
        try:
            seat = data["seat"]
            if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
                raise TypeError("seat")
            return cls(seat=seat, command_id=str(data["id"]), type=str(data["type"]), data=dict(data["data"]))
        except (KeyError, TypeError, ValueError) as error:
            raise LogFormatError(f"malformed command: {error}") from None


@dataclass(frozen=True)
class Record:
    version: int  # 1-based position in the game's stream
    cause: Cause
    event: JsonObject  # {"type": stable name, "data": fields}
    prev: str  # hex SHA-256 of the previous record (the header's hash for the first)
    hash: str  # hex SHA-256 of prev and this record's body

    def body(self) -> JsonObject:
        return {"version": self.version, "command": self.cause.to_json(), "event": self.event, "prev": self.prev}

    def to_json(self) -> JsonObject:
        return {**self.body(), "hash": self.hash}

    def to_bytes(self) -> bytes:
        return canonical_json(self.to_json())

    def expected_hash(self) -> str:
        return chain_hash(self.prev, self.body())

    @classmethod
    def from_json(cls, data: Json) -> Record:
        if not isinstance(data, dict) or set(data) != {"version", "command", "event", "prev", "hash"}:
            raise LogFormatError("a record has exactly: version, command, event, prev, hash")
        version = data["version"]
        if isinstance(version, bool) or not isinstance(version, int):
            raise LogFormatError("a record's version is an integer")
        event = data["event"]
        if not isinstance(event, dict) or set(event) != {"type", "data"}:
            raise LogFormatError('a record\'s event is {"type": ..., "data": ...}')
        return cls(
            version=version,
            cause=Cause.from_json(data["command"]),
            event=event,
            prev=str(data["prev"]),
            hash=str(data["hash"]),
        )

    @classmethod
    def from_bytes(cls, raw: bytes) -> Record:
        try:
            return cls.from_json(json.loads(raw))
        except (json.JSONDecodeError, UnicodeDecodeError) as error:
            raise LogFormatError(f"a record is not UTF-8 JSON: {error}") from None


def chain_hash(prev: str, body: JsonObject) -> str:
    return hashlib.sha256(prev.encode("ascii") + b"\n" + canonical_json(body)).hexdigest()


def chain(prev: str, first_version: int, cause: Cause, events: Iterable[JsonObject]) -> list[Record]:
    """Link new records, caused by one command, onto a chain whose last hash is `prev`."""
    records = []
    for version, event in enumerate(events, start=first_version):
        body = {"version": version, "command": cause.to_json(), "event": event, "prev": prev}
        digest = chain_hash(prev, body)
        records.append(Record(version=version, cause=cause, event=event, prev=prev, hash=digest))
        prev = digest
    return records


@dataclass(frozen=True)
class Log:
    header: Header
    records: tuple[Record, ...]

    def write_lines(self) -> Iterator[bytes]:
        yield canonical_json(self.header.to_json()) + b"\n"
        for record in self.records:
            yield record.to_bytes() + b"\n"

    def to_bytes(self) -> bytes:
        return b"".join(self.write_lines())


def parse_log(raw: bytes) -> Log:
    """Parse a whole log; raises LogFormatError naming the line that is wrong."""
    lines = raw.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    if not lines:
        raise LogFormatError("the file is empty")
    try:
        header = Header.from_json(json.loads(lines[0]))
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise LogFormatError(f"line 1: the header is not UTF-8 JSON: {error}") from None
    records = []
    for number, line in enumerate(lines[1:], start=2):
        try:
            records.append(Record.from_bytes(line))
        except LogFormatError as error:
            raise LogFormatError(f"line {number}: {error}") from None
    return Log(header=header, records=tuple(records))


def events_of(records: Sequence[Record]) -> list[JsonObject]:
    return [record.event for record in records]


def group_by_cause(records: Sequence[Record]) -> list[tuple[Cause, list[Record]]]:
    """Consecutive records with one cause: the events one decision produced."""
    groups: list[tuple[Cause, list[Record]]] = []
    for record in records:
        if groups and groups[-1][0] == record.cause and groups[-1][1][-1].version == record.version - 1:
            groups[-1][1].append(record)
        else:
            groups.append((record.cause, [record]))
    return groups
