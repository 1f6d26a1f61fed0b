"""Check an exported log: its bytes, its hash chain, its seed, and every event against the rules.

`verify` trusts nothing in the file. It checks, in this order, and stops at the first failure:

1. format: the file parses as a Kennel log and every line is in canonical form;
2. hash_chain: versions run 1..n and every record links to the one before (the first to the
   header's own hash) and hashes to its own `hash`;
3. unsupported / header: this Kennel knows the game at the log's rules version, the first
   record is `kennel.GameCreated` and the header repeats it exactly;
4. seed_commitment: the seed revealed by `kennel.GameEnded` hashes to the header's commitment;
5. rule / event_mismatch: re-running every recorded command from that seed through
   `kennel.domain.core.table`, the rules accept each command and produce exactly the recorded events;
6. attempt: every refused command the log keeps is refused again, with the same code, when
   decided at the version it was sent;
7. signature: when a public key is given, the server's checkpoint signs this log's head hash and
   its attempts (so even someone who recomputes every hash cannot rewrite the log).

A game still running has not revealed its seed, so steps 4 and 5 cannot run: the report is then
ok with `rules_checked=False` and a note, unless the caller requires a complete verification,
in which case it fails with kind missing_seed. See docs/log-format.md.

Steps 5 and 6 are `kennel.replay.verify_rules`; the quick forms of the checks, tried first,
are `kennel.replay.verify_fast`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kennel.domain.core import table as tables
from kennel.domain.core.codec import DecodeError
from kennel.domain.core.rng import SEED_BYTES, seed_commitment
from kennel.domain.core.rules import Game
from kennel.domain.registry import GAMES
from kennel.replay.bulk import without_cycle_collection
from kennel.replay.causes import CreateGame
from kennel.replay.logformat import Log, LogFormatError, Record, canonical_json, chain_hash_of_bytes, parse_log
from kennel.replay.verdict import CheckFailed, Failure, FailureKind, VerifyReport
from kennel.replay.verify_fast import lines_hold
from kennel.replay.verify_rules import check_attempts, checked_command, rerun_commands

GAME_ENDED = "kennel.GameEnded"  # the stable name of `kennel.domain.core.table.GameEnded` in a log

SEED_NOT_REVEALED = (
    "the game is still running, so its seed is not revealed: the format, the hash chain and the "
    "header were checked and every event decodes, but the rules were not re-run"
)


@without_cycle_collection  # it keeps what it makes until it returns, and makes no cycles
def verify(
    raw: bytes,
    *,
    require_complete: bool = False,
    games: Mapping[str, Game[Any]] = GAMES,
    public_key: bytes | None = None,
) -> VerifyReport:
    """Check a whole log (the bytes of an exported file): a bad log gives a failed report, never an
    exception; only a game whose `decide` breaks its contract (raising anything but a
    RuleViolation) raises."""
    try:
        log = parse_log(raw)
    except LogFormatError as error:
        return VerifyReport(None, None, 0, False, Failure(FailureKind.FORMAT, None, str(error)))

    def report(rules_checked: bool, failure: Failure | None, notes: tuple[str, ...] = ()) -> VerifyReport:
        return VerifyReport(
            log.header.game, log.header.game_id, len(log.records), rules_checked, failure, notes
        )

    try:
        recorded = _check_lines(log, raw)
        game = _game_of(log, games)
        _check_header(game, log)
        ended = _first_game_ended(game, log.records)
        if ended is None:
            _check_events_decode(game, log.records)
            if public_key is not None:
                # Asked to check the signature: a log cut short (its last records dropped, the old
                # checkpoint kept, or dropped too) must fail here, not pass on its hash chain.
                _check_checkpoint(log, public_key)
            if require_complete:
                raise CheckFailed(FailureKind.MISSING_SEED, None, SEED_NOT_REVEALED)
            return report(False, None, (SEED_NOT_REVEALED, *_signature_note(log, public_key)))
    except CheckFailed as failed:
        return report(False, failed.failure)
    try:
        seed = _revealed_seed(log, *ended)
        keep = {attempt.after_version for attempt in log.attempts}
        tables_at = rerun_commands(game, log.records, seed, keep, recorded)
        check_attempts(game, log, tables_at, seed)
        if public_key is not None:
            _check_checkpoint(log, public_key)
        notes = _signature_note(log, public_key)
    except CheckFailed as failed:
        return report(True, failed.failure)
    return report(True, None, notes)


SIGNATURE_NOT_CHECKED = "the server's signature was NOT checked: give its public key (--public-key) to check it"


def _signature_note(log: Log, public_key: bytes | None) -> tuple[str, ...]:
    """What to say of the signature: checked (then nothing), or plainly that it was not."""
    if public_key is not None:
        return ("the server's signature over the last record was checked",)
    if log.checkpoint is None:
        return (SIGNATURE_NOT_CHECKED + " (this log carries no signed checkpoint)",)
    return (SIGNATURE_NOT_CHECKED,)


def _check_lines(log: Log, raw: bytes) -> list[bytes] | None:
    """`_check_canonical`, then `_check_chain`: the quick form first (`verify_fast.lines_hold`),
    which says only that all is well; when it cannot, these find what is wrong. Returns every
    record's event as orjson writes it, which the quick form wrote on its way (`same_events`
    compares with them), or None when the plain checks ran."""
    events: list[bytes] = []
    if lines_hold(log, raw.split(b"\n"), raw, events) and len(events) == len(log.records):
        return events
    _check_chain(log, _check_canonical(log, raw))
    return None


def _check_canonical(log: Log, raw: bytes) -> list[bytes]:
    """Every line must be exactly the canonical bytes of what it parses to, so that a log has
    one spelling: no spaces, sorted keys, no escapes where UTF-8 will do, a newline at the end.
    Returns the canonical bytes of every record's body, which its hash is over."""
    lines = raw.split(b"\n")  # one more than the lines written: what follows the last newline
    bodies: list[bytes] = []
    for position, (expected, actual) in enumerate(zip(log.canonical_lines(bodies), lines, strict=False)):
        if actual != expected:
            where = "the header" if position == 0 else f"record {position}"
            version = None if position == 0 else position
            raise CheckFailed(FailureKind.FORMAT, version, f"{where} is not written in canonical JSON")
    if lines[-1] != b"":
        raise CheckFailed(FailureKind.FORMAT, len(log.records) or None, "the file does not end with a newline")
    return bodies


def _check_chain(log: Log, bodies: Sequence[bytes]) -> None:
    """`bodies`: each record's canonical body bytes, as `_check_canonical` returns them."""
    prev = log.header.genesis_hash()
    for position, (record, body) in enumerate(zip(log.records, bodies, strict=True), start=1):
        if record.version != position:
            raise CheckFailed(
                FailureKind.HASH_CHAIN, position, f"record {position} claims version {record.version}"
            )
        if record.prev != prev:
            linked_to = "the header's hash" if position == 1 else f"the hash of record {position - 1}"
            raise CheckFailed(FailureKind.HASH_CHAIN, position, f"its prev is not {linked_to}")
        if record.hash != chain_hash_of_bytes(record.prev, body):
            raise CheckFailed(FailureKind.HASH_CHAIN, position, "its hash does not match its content")
        prev = record.hash


def _game_of(log: Log, games: Mapping[str, Game[Any]]) -> Game[Any]:
    game = games.get(log.header.game)
    if game is None:
        known = ", ".join(sorted(games))
        raise CheckFailed(
            FailureKind.UNSUPPORTED, None, f"unknown game {log.header.game!r} (this Kennel has {known})"
        )
    if game.rules_version != log.header.rules_version:
        raise CheckFailed(
            FailureKind.UNSUPPORTED,
            None,
            f"the log was written under {game.name} rules version {log.header.rules_version!r}; "
            f"this Kennel re-runs version {game.rules_version!r} only",
        )
    return game


def _check_header(game: Game[Any], log: Log) -> None:
    if not log.records:
        raise CheckFailed(FailureKind.FORMAT, None, "the log has no records: it opens with kennel.GameCreated")
    first = log.records[0]
    created = _decode_event(game, first)
    if not isinstance(created, tables.GameCreated):
        raise CheckFailed(FailureKind.FORMAT, 1, "the first record is not kennel.GameCreated")
    header = log.header
    for field, in_header, in_event in (
        ("game", header.game, created.game),
        ("rules_version", header.rules_version, created.rules_version),
        ("options", header.options, created.options),
        ("seats", list(header.seats), list(created.seats)),
        ("seed_commitment", header.seed_commitment, created.seed_commitment),
    ):
        if canonical_json(in_header) != canonical_json(in_event):
            raise CheckFailed(FailureKind.HEADER, 1, f"the header's {field} differs from kennel.GameCreated's")
    command = checked_command(game, first.cause, 1)
    if not isinstance(command, CreateGame):
        raise CheckFailed(FailureKind.FORMAT, 1, "the first record's command is not kennel.CreateGame")
    if command.game != header.game:
        raise CheckFailed(FailureKind.HEADER, 1, f"kennel.CreateGame names the game {command.game!r}")


def _first_game_ended(game: Game[Any], records: Sequence[Record]) -> tuple[Record, tables.GameEnded] | None:
    for record in records:
        if record.event["type"] == GAME_ENDED:
            ended = _decode_event(game, record)
            assert isinstance(ended, tables.GameEnded)
            return record, ended
    return None


def _check_events_decode(game: Game[Any], records: Sequence[Record]) -> None:
    for record in records:
        _decode_event(game, record)
        checked_command(game, record.cause, record.version)


def _revealed_seed(log: Log, record: Record, ended: tables.GameEnded) -> bytes:
    try:
        seed = bytes.fromhex(ended.seed)
    except ValueError:
        raise CheckFailed(FailureKind.SEED_COMMITMENT, record.version, "the revealed seed is not hex") from None
    if len(seed) != SEED_BYTES:
        raise CheckFailed(
            FailureKind.SEED_COMMITMENT, record.version, f"the revealed seed is not {SEED_BYTES} bytes"
        )
    if seed_commitment(seed) != log.header.seed_commitment:
        raise CheckFailed(
            FailureKind.SEED_COMMITMENT,
            record.version,
            "the revealed seed does not match the header's commitment",
        )
    return seed


def _check_checkpoint(log: Log, public_key: bytes) -> None:
    from kennel.replay.signing import SignatureInvalid, check_checkpoint

    try:
        check_checkpoint(log, public_key)
    except SignatureInvalid as error:
        raise CheckFailed(FailureKind.SIGNATURE, None, str(error)) from None


def _decode_event(game: Game[Any], record: Record) -> Any:
    try:
        return tables.decode_event(game, record.event)
    except DecodeError as error:
        raise CheckFailed(
            FailureKind.FORMAT, record.version, f"the event is not a {game.name} or kennel event: {error}"
        ) from None
