"""What a record's cause asks for, decoded: the engine's own commands or a game's command.

A record's `command` field (`kennel.replay.logformat.Cause`) is plain JSON. Re-running a log needs it
as the value the rules take: `kennel.CreateGame`, `kennel.FillSeat`, `kennel.ExpirePrompt` and `kennel.CloseLobby`
are the engine's own (written by `kennel.replay.ledger.Ledger`), every other type is one of the game's
commands.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kennel.domain.core import table as tables
from kennel.domain.core.codec import DecodeError, JsonObject, from_json, to_json
from kennel.domain.core.rules import Game
from kennel.replay.logformat import CLOSE_LOBBY, CREATE_GAME, EXPIRE_PROMPT, FILL_SEAT, Cause


@dataclass(frozen=True)
class CreateGame:
    """`kennel.CreateGame`: open a table of `game` with these options and seats."""

    game: str
    options: dict[str, Any]
    seats: tuple[str | None, ...]  # a name per seat in turn order; None for an open seat
    prompt_limit_ms: int = 0  # written only when not 0, so older logs keep their bytes
    seating: dict[str, Any] | None = None  # bot seats and takeover (kennel.domain.core.seating); likewise

    def to_json(self) -> JsonObject:
        data: JsonObject = to_json(self)
        if not self.prompt_limit_ms:
            del data["prompt_limit_ms"]
        if self.seating is None:
            del data["seating"]
        return data


@dataclass(frozen=True)
class FillSeat:
    """`kennel.FillSeat`: take an open seat (the first open one when `seat` is None)."""

    seat: int | None
    name: str


@dataclass(frozen=True)
class ExpirePrompt:
    """`kennel.ExpirePrompt`: the server found this seat's prompt out of time."""

    seat: int


@dataclass(frozen=True)
class CloseLobby:
    """`kennel.CloseLobby`: the server closed a game whose open seats were not filled in time."""


def decode_cause(game: Game[Any], cause: Cause) -> CreateGame | FillSeat | ExpirePrompt | CloseLobby | Any:
    """The command a cause records; raises DecodeError when it is not one the game knows."""
    if cause.type == CREATE_GAME:
        create: CreateGame = from_json(CreateGame, cause.data)
        return create
    if cause.type == FILL_SEAT:
        fill: FillSeat = from_json(FillSeat, cause.data)
        return fill
    if cause.type == EXPIRE_PROMPT:
        expire: ExpirePrompt = from_json(ExpirePrompt, cause.data)
        return expire
    if cause.type == CLOSE_LOBBY:
        closing: CloseLobby = from_json(CloseLobby, cause.data)
        return closing
    if cause.seat is None:
        raise DecodeError(f"the command {cause.type} names no seat")
    payload: JsonObject = {"type": cause.type, "data": cause.data}
    return tables.decode_command(game, payload)
