"""What a record's cause asks for, decoded: the engine's own commands or a game's command.

A record's `command` field (`replay.logformat.Cause`) is plain JSON. Re-running a log needs it
as the value the rules take: `kennel.CreateGame` and `kennel.FillSeat` are the engine's own
commands (written by `replay.ledger.Ledger`), every other type is one of the game's commands.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.core.codec import DecodeError, JsonObject, from_json
from domain.core import table as tables
from domain.core.rules import Game
from replay.logformat import CREATE_GAME, FILL_SEAT, Cause


@dataclass(frozen=True)
class CreateGame:
    """`kennel.CreateGame`: open a table of `game` with these options and seats."""

    game: str
    options: dict[str, Any]
    seats: tuple[str | None, ...]  # a name per seat in turn order; None for an open seat


@dataclass(frozen=True)
class FillSeat:
    """`kennel.FillSeat`: take an open seat (the first open one when `seat` is None)."""

    seat: int | None
    name: str


def decode_cause(game: Game[Any], cause: Cause) -> CreateGame | FillSeat | Any:
    """The command a cause records; raises DecodeError when it is not one the game knows."""
    if cause.type == CREATE_GAME:
        create: CreateGame = from_json(CreateGame, cause.data)
        return create
    if cause.type == FILL_SEAT:
        fill: FillSeat = from_json(FillSeat, cause.data)
        return fill
    if cause.seat is None:
        raise DecodeError(f"the command {cause.type} names no seat")
    payload: JsonObject = {"type": cause.type, "data": cause.data}
    return tables.decode_command(game, payload)
