"""The lines of a Kennel log, version 1 (docs/log-format.md), as values: the header, one record
per event, the refused attempts and the signed checkpoint, each with its canonical bytes; and the
hash chain that links the records (`chain_hash`, and `chain`, which links a command's new ones).

This module is the single definition of a record, its canonical bytes and its hash chain. The
service stores exactly these records, and `export` writes them out unchanged, so a log verified
here is byte for byte what the server acknowledged. Reading a whole file is
`kennel.replay.logformat.parse_log`, where every name here can be imported from as well.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from kennel.domain.core.codec import Json, JsonObject
from kennel.replay.jsonbytes import canonical_json, loads

T = TypeVar("T")

FORMAT_NAME = "kennel-log"
FORMAT_VERSION = 1

# The causes of records that no player's command caused.
CREATE_GAME = "kennel.CreateGame"
FILL_SEAT = "kennel.FillSeat"
REFUSALS_OMITTED = "kennel.RefusalsOmitted"  # an attempt that counts refusals not kept whole (docs/log-format.md)
CLOSE_LOBBY = "kennel.CloseLobby"  # the server closed a game whose open seats were not filled in time
EXPIRE_PROMPT = "kennel.ExpirePrompt"  # the server's clock ran out a seat's prompt (kennel.domain.core.timeouts)


class LogFormatError(ValueError):
    """A file or record that is not a well-formed Kennel log."""


@dataclass(frozen=True)
class Parent:
    """Where a forked game came from: the parent game, how many of its events were taken, and
    the hash of the last one taken (so the parent's log can be checked against the fork)."""

    game_id: str
    version: int
    head: str

    def to_json(self) -> JsonObject:
        return {"game_id": self.game_id, "version": self.version, "head": self.head}

    @classmethod
    def from_json(cls, data: Json) -> Parent:
        if not isinstance(data, dict) or set(data) != {"game_id", "version", "head"}:
            raise LogFormatError("a header's parent has exactly: game_id, version, head")
        if isinstance(data["version"], bool) or not isinstance(data["version"], int):
            raise LogFormatError("a parent's version is an integer")
        return cls(game_id=str(data["game_id"]), version=data["version"], head=str(data["head"]))


@dataclass(frozen=True)
class Header:
    game_id: str
    game: str
    rules_version: str
    options: JsonObject
    seats: tuple[str | None, ...]
    seed_commitment: str
    parent: Parent | None = None  # set when this game was forked from another

    def to_json(self) -> JsonObject:
        data: JsonObject = {
            "format": FORMAT_NAME,
            "format_version": FORMAT_VERSION,
            "game_id": self.game_id,
            "game": self.game,
            "rules_version": self.rules_version,
            "options": self.options,
            "seats": list(self.seats),
            "seed_commitment": self.seed_commitment,
        }
        if self.parent is not None:
            data["parent"] = self.parent.to_json()
        return data

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
                parent=Parent.from_json(data["parent"]) if "parent" in data else None,
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
            command_id, kind, payload = data["id"], data["type"], data["data"]
            return _made(cls, {
                "seat": seat,
                "command_id": command_id if type(command_id) is str else str(command_id),
                "type": kind if type(kind) is str else str(kind),
                "data": payload if type(payload) is dict else dict(payload),  # one of its own, as it stands
            })
        except (KeyError, TypeError, ValueError) as error:
            raise LogFormatError(f"malformed command: {error}") from None


def _made(cls: type[T], fields: dict[str, Any]) -> T:
    """A frozen dataclass of these fields, without its generated `__init__`, which sets each
    field through `object.__setattr__`: half the cost of reading a record was its two objects.
    For the record classes here only: no `__post_init__`, every field given."""
    made: T = object.__new__(cls)
    made.__dict__.update(fields)
    return made


RECORD_KEYS = frozenset({"version", "command", "event", "prev", "hash"})
EVENT_KEYS = frozenset({"type", "data"})


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
        # `chain` keeps the line it made until it is first written (the store's append), not
        # after: a live game holds all its records, and would hold a second copy of each.
        line: bytes | None = self.__dict__.pop(_LINE, None)
        return line if line is not None else canonical_json(self.to_json())

    def expected_hash(self) -> str:
        return chain_hash(self.prev, self.body())

    def encoded(self) -> tuple[bytes, bytes]:
        """(the canonical bytes of its body, those of its line), encoding the record once (for
        `verify`, which checks both; encoding twice was a fifth of its time). Keys sort command,
        event, hash, prev, version, so the line is the body with `,"hash":...` put before the
        last `,"prev":` (found outside strings only: inside one a `"` is escaped). A hex hash
        (ASCII letters and digits) is written as it is, between quotes."""
        body = canonical_json(self.body())
        cut = body.rfind(b',"prev":')
        return body, body[:cut] + b',"hash":' + _json_string(self.hash) + body[cut:]

    @classmethod
    def from_json(cls, data: Json) -> Record:
        if not isinstance(data, dict) or data.keys() != RECORD_KEYS:
            raise LogFormatError("a record has exactly: version, command, event, prev, hash")
        version = data["version"]
        if isinstance(version, bool) or not isinstance(version, int):
            raise LogFormatError("a record's version is an integer")
        event = data["event"]
        if not isinstance(event, dict) or event.keys() != EVENT_KEYS:
            raise LogFormatError('a record\'s event is {"type": ..., "data": ...}')
        cause = Cause.from_json(data["command"])
        prev, digest = data["prev"], data["hash"]
        return _made(cls, {
            "version": version,
            "cause": cause,
            "event": event,
            "prev": prev if type(prev) is str else str(prev),
            "hash": digest if type(digest) is str else str(digest),
        })

    @classmethod
    def from_bytes(cls, raw: bytes, read: Callable[[bytes], Json] = loads) -> Record:
        try:
            return cls.from_json(read(raw))
        except (json.JSONDecodeError, UnicodeDecodeError) as error:
            raise LogFormatError(f"a record is not UTF-8 JSON: {error}") from None


def chain_hash(prev: str, body: JsonObject) -> str:
    return chain_hash_of_bytes(prev, canonical_json(body))


def chain_hash_of_bytes(prev: str, body: bytes) -> str:
    """`chain_hash` of a body already in canonical bytes."""
    return hashlib.sha256(prev.encode("ascii") + b"\n" + body).hexdigest()


def chain(
    prev: str,
    first_version: int,
    cause: Cause,
    events: Iterable[JsonObject],
    encode: Callable[[Json], bytes] = canonical_json,
) -> list[Record]:
    """Link new records, caused by one command, onto a chain whose last hash is `prev`.

    Canonical JSON is compositional (an object's bytes are its members' in key order, and these
    keys sort command, event, hash, prev, version), so the cause is encoded once per command,
    each event once, and the line the store writes is kept on the record (`Record.to_bytes`).
    `encode` is `canonical_json`, or `canonical_json_of_encoded` for a cause and events that
    `to_json` wrote (the ledger's)."""
    command = b'{"command":' + encode(
        {"seat": cause.seat, "id": cause.command_id, "type": cause.type, "data": cause.data}  # `to_json()`
    ) + b',"event":'
    # Each record's tail is `,"prev":<prev as a JSON string>,"version":<n>}`: the first record's
    # prev as `_json_string` writes it, every later one a hex digest written as it is, quoted,
    # by the format itself (no quoted copy of each digest is made).
    text: bytes | None = None
    if prev.isascii():  # `_json_string(prev)`, with prev's bytes kept for the hash
        text = prev.encode("ascii")
        tail_format, prev_written = (_TAIL_AFTER_HEX, text) if text.isalnum() else (_TAIL, canonical_json(prev))
    else:
        tail_format, prev_written = _TAIL, canonical_json(prev)
    records: list[Record] = []
    append, join, new, set_dict, sha256 = records.append, b"".join, object.__new__, object.__setattr__, hashlib.sha256
    version = first_version
    for event in events:
        if text is None:  # as `chain_hash` would, only once there is a record to hash
            text = prev.encode("ascii")
        data = encode(event)
        tail = tail_format % (prev_written, version)
        # `chain_hash` of the body (command, event, tail), and the line: the body with the hash
        # before prev. Each is joined from the parts at once (joining the body first copied it).
        digest = sha256(join((text, b"\n", command, data, tail))).hexdigest()
        text = digest.encode("ascii")
        record = new(Record)  # `_made`, with the line kept beside the fields
        set_dict(record, "__dict__", {
            "version": version, "cause": cause, "event": event, "prev": prev, "hash": digest,
            _LINE: join((command, data, b',"hash":"', text, b'"', tail)),
        })
        append(record)
        tail_format, prev_written, prev = _TAIL_AFTER_HEX, text, digest
        version += 1
    return records


_LINE = "_line"  # a record's line kept by `chain` beside its fields (equality and repr ignore it)
_TAIL = b',"prev":%b,"version":%d}'  # a body's last members, after its event: prev written whole
_TAIL_AFTER_HEX = b',"prev":"%b","version":%d}'  # ...and with prev a hex digest (ASCII), quoted here


def _json_string(text: str) -> bytes:
    """`canonical_json(text)`; a hex hash (ASCII letters and digits) is written as it is, quoted
    (tested as bytes: `str.isalnum` looks every character up in the Unicode tables)."""
    if text.isascii():
        raw = text.encode("ascii")
        if raw.isalnum():
            return b'"' + raw + b'"'
    return canonical_json(text)


@dataclass(frozen=True)
class Attempt:
    """A command the rules refused. It changed nothing, so it is not in the hash chain; the log
    keeps it so that anyone can check, by deciding it again, that the refusal was right."""

    after_version: int  # the game's version when the command was decided
    cause: Cause
    code: str
    message: str

    def to_json(self) -> JsonObject:
        return {
            "attempt": {
                "after_version": self.after_version,
                "command": self.cause.to_json(),
                "refusal": {"code": self.code, "message": self.message},
            }
        }

    @classmethod
    def from_json(cls, data: Json) -> Attempt:
        try:
            body = data["attempt"]
            after = body["after_version"]
            if isinstance(after, bool) or not isinstance(after, int):
                raise TypeError("after_version")
            return cls(
                after_version=after,
                cause=Cause.from_json(body["command"]),
                code=str(body["refusal"]["code"]),
                message=str(body["refusal"]["message"]),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise LogFormatError(f"malformed attempt: {error}") from None


@dataclass(frozen=True)
class Checkpoint:
    """The server's signature over a finished game's head hash and its attempts (Ed25519)."""

    head: str  # the hash of the last record
    attempts: str  # hex SHA-256 of the canonical attempt lines, in order
    key_id: str  # hex SHA-256 of the raw public key that signed
    signature: str  # hex Ed25519 signature of `signed_bytes()`

    def signed_bytes(self, game_id: str) -> bytes:
        return canonical_json({"game_id": game_id, "head": self.head, "attempts": self.attempts})

    def to_json(self) -> JsonObject:
        return {
            "checkpoint": {
                "head": self.head,
                "attempts": self.attempts,
                "key_id": self.key_id,
                "signature": self.signature,
            }
        }

    @classmethod
    def from_json(cls, data: Json) -> Checkpoint:
        try:
            body = data["checkpoint"]
            return cls(
                head=str(body["head"]),
                attempts=str(body["attempts"]),
                key_id=str(body["key_id"]),
                signature=str(body["signature"]),
            )
        except (KeyError, TypeError) as error:
            raise LogFormatError(f"malformed checkpoint: {error}") from None


def attempts_digest(attempts: Sequence[Attempt]) -> str:
    digest = hashlib.sha256()
    for attempt in attempts:
        digest.update(canonical_json(attempt.to_json()) + b"\n")
    return digest.hexdigest()


@dataclass(frozen=True)
class Log:
    header: Header
    records: tuple[Record, ...]
    attempts: tuple[Attempt, ...] = ()
    checkpoint: Checkpoint | None = None

    def write_lines(self) -> Iterator[bytes]:
        for line in self.canonical_lines():
            yield line + b"\n"

    def canonical_lines(self, bodies: list[bytes] | None = None) -> Iterator[bytes]:
        """Each line's canonical bytes, without its newline; with `bodies`, each record's body
        bytes (`Record.encoded`) are appended to it, for checking the hash chain."""
        yield canonical_json(self.header.to_json())
        for record in self.records:
            if bodies is None:
                yield record.to_bytes()
            else:
                body, line = record.encoded()
                bodies.append(body)
                yield line
        for attempt in self.attempts:
            yield canonical_json(attempt.to_json())
        if self.checkpoint is not None:
            yield canonical_json(self.checkpoint.to_json())

    def to_bytes(self) -> bytes:
        return b"".join(self.write_lines())
