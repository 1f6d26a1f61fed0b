"""`verify`'s steps 5 and 6 (see `kennel.replay.verify`): re-running every recorded command from
the revealed seed, which must give exactly the recorded events, and deciding every refused
attempt again, which must be refused with the same code.

Each check raises `CheckFailed` with the first failure it finds.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from itertools import zip_longest
from typing import Any

from kennel.domain.core import lobby
from kennel.domain.core import table as tables
from kennel.domain.core.codec import DecodeError, Json
from kennel.domain.core.rules import Game, RuleViolation
from kennel.replay.causes import CauseDecoder, CloseLobby, CreateGame, ExpirePrompt, FillSeat, decode_cause
from kennel.replay.jsonbytes import same_canonical_json
from kennel.replay.logformat import REFUSALS_OMITTED, Cause, Log, Record, canonical_json, group_by_cause
from kennel.replay.verdict import CheckFailed, FailureKind
from kennel.replay.verify_fast import same_events


def rerun_commands(
    game: Game[Any],
    records: Sequence[Record],
    seed: bytes,
    keep: Collection[int],
    recorded: Sequence[bytes] | None = None,
) -> dict[int, tables.Table[Any]]:
    """Re-decide every recorded command from the seed; each must give exactly its records.

    Returns the table after each decision that ends at a version in `keep` (those the refused
    attempts were sent at), by version, for checking them: keeping every table held a whole
    game's states until the end. `recorded`: every record's event as orjson writes it, when
    the line check wrote them (`verify_fast.lines_hold`), for `same_events`.
    """
    table: tables.Table[Any] | None = None
    tables_at: dict[int, tables.Table[Any]] = {}
    decode, encode_events = CauseDecoder(game), tables.encode_events
    for cause, group in group_by_cause(records):
        events, folded = _decide(game, table, cause, group[0].version, seed, decode)
        if not same_events(encode_events(game, events), group, recorded):  # the quick form, then the plain
            _compare(game, events, group)
        table = folded if folded is not None else _fold(game, table, events)
        if table.version in keep:
            tables_at[table.version] = table
    return tables_at


def check_attempts(
    game: Game[Any], log: Log, tables_at: Mapping[int, tables.Table[Any]], seed: bytes
) -> None:
    """Each refused command, decided again where it was sent, is refused with the same code."""
    for number, attempt in enumerate(log.attempts, start=1):
        where = f"attempt {number} (after version {attempt.after_version})"
        table = tables_at.get(attempt.after_version)
        if table is None:
            raise CheckFailed(FailureKind.ATTEMPT, None, f"{where}: no decision ends at that version")
        if attempt.cause.type == REFUSALS_OMITTED:
            continue  # a count of refusals not kept whole: nothing to decide again
        try:
            command = decode_cause(game, attempt.cause)
        except DecodeError as error:
            raise CheckFailed(FailureKind.ATTEMPT, None, f"{where}: the command does not decode: {error}") from None
        try:
            if isinstance(command, FillSeat):
                lobby.fill_seat(table, command.seat, command.name, seed=seed)
            elif isinstance(command, (CreateGame, ExpirePrompt, CloseLobby)) or attempt.cause.seat is None:
                raise CheckFailed(FailureKind.ATTEMPT, None, f"{where}: only seats' commands are refused")
            else:
                tables.play(table, attempt.cause.seat, command, seed)
        except RuleViolation as violation:
            if violation.code != attempt.code:
                raise CheckFailed(
                    FailureKind.ATTEMPT,
                    None,
                    f"{where}: the rules refuse it with {violation.code}, the log says {attempt.code}",
                ) from None
            continue
        raise CheckFailed(FailureKind.ATTEMPT, None, f"{where}: the rules accept the command the log says was refused")


def _decide(
    game: Game[Any],
    table: tables.Table[Any] | None,
    cause: Cause,
    version: int,
    seed: bytes,
    decode: Callable[[Cause], Any],
) -> tuple[list[Any], tables.Table[Any] | None]:
    """The events the rules give for a cause, and the table after them when the rules folded
    them already (a seat's command: `tables.play_folded`), to save folding them twice.
    `decode`: `decode_cause` for this game (a `CauseDecoder`)."""
    command = checked_command(game, cause, version, decode)
    try:
        if isinstance(command, CreateGame):
            if table is not None:
                raise CheckFailed(FailureKind.RULE, version, "kennel.CreateGame may only open a log")
            return (
                tables.create(
                    game, command.options, command.seats, seed, command.prompt_limit_ms, command.seating
                ),
                None,
            )
        if table is None:
            raise CheckFailed(FailureKind.RULE, version, "a log opens with kennel.CreateGame")
        if isinstance(command, FillSeat):
            return lobby.fill_seat(table, command.seat, command.name, seed=seed), None
        if isinstance(command, CloseLobby):
            return lobby.close_lobby(table, seed), None
        if isinstance(command, ExpirePrompt):
            return tables.expire(table, command.seat, seed), None
        assert cause.seat is not None  # decode_cause refuses a game command without a seat
        decision = tables.play_folded(table, cause.seat, command, seed)
        return decision.events, decision.table
    except RuleViolation as violation:
        raise CheckFailed(FailureKind.RULE, version, f"the rules refuse {cause.type}: {violation}") from None


def _compare(game: Game[Any], events: Sequence[Any], group: Sequence[Record]) -> None:
    first = group[0].version
    produced = (tables.encode_event(game, event) for event in events)
    for offset, (mine, theirs) in enumerate(zip_longest(produced, (record.event for record in group))):
        version = first + offset
        if theirs is None:
            raise CheckFailed(
                FailureKind.EVENT_MISMATCH,
                version,
                f"the rules produce {mine['type']} here, which the log lacks",
            )
        if mine is None:
            raise CheckFailed(
                FailureKind.EVENT_MISMATCH,
                version,
                f"the log records {theirs['type']} here, which the rules do not produce",
            )
        if not same_canonical_json(mine, theirs):
            difference = next(_differences(mine, theirs, "event"))
            raise CheckFailed(FailureKind.EVENT_MISMATCH, version, difference)


def _differences(mine: Json, theirs: Json, path: str) -> Iterator[str]:
    """Where two JSON values differ, as 'path: the rules give X, the log records Y'."""
    if isinstance(mine, dict) and isinstance(theirs, dict):
        for key in sorted(set(mine) | set(theirs)):
            if key not in mine or key not in theirs:
                yield f"{path}.{key}: {'only the log' if key in theirs else 'only the rules'} give this field"
            else:
                yield from _differences(mine[key], theirs[key], f"{path}.{key}")
    elif isinstance(mine, list) and isinstance(theirs, list) and len(mine) == len(theirs):
        for index, (a, b) in enumerate(zip(mine, theirs, strict=True)):
            yield from _differences(a, b, f"{path}[{index}]")
    elif canonical_json(mine) != canonical_json(theirs):
        yield f"{path}: the rules give {_short(mine)}, the log records {_short(theirs)}"


def _short(value: Json, limit: int = 120) -> str:
    text = canonical_json(value).decode("utf-8")
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _fold(game: Game[Any], table: tables.Table[Any] | None, events: Sequence[Any]) -> tables.Table[Any]:
    if table is None:
        table, events = tables.open_table(game, events[0]), events[1:]
    for event in events:
        table = tables.evolve(table, event)
    return table


def checked_command(
    game: Game[Any], cause: Cause, version: int, decode: Callable[[Cause], Any] | None = None
) -> Any:
    """The command a record's cause decodes to (by `decode`, a `CauseDecoder`, when given), or
    a rule failure at `version` when this game knows no such command."""
    try:
        return decode_cause(game, cause) if decode is None else decode(cause)
    except DecodeError as error:
        raise CheckFailed(
            FailureKind.RULE, version, f"the command {cause.type} is not one {game.name} knows: {error}"
        ) from None
