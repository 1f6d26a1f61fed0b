"""What a record's cause asks for, decoded: the engine's own commands or a game's command.

A record's `command` field (`kennel.replay.logformat.Cause`) is plain JSON. Re-running a log needs it
as the value the rules take: `kennel.CreateGame`, `kennel.FillSeat`, `kennel.ExpirePrompt` and `kennel.CloseLobby`
are the engine's own (written by `kennel.replay.ledger.Ledger`), every other type is one of the game's
commands.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kennel.domain.core import table as tables
from kennel.domain.core.codec import DecodeError, Json, JsonObject, TypeRegistry, from_json, to_json
from kennel.domain.core.rules import Game
from kennel.domain.core.undo import ENGINE_COMMANDS
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


_ENGINE_CAUSES = frozenset({CREATE_GAME, FILL_SEAT, EXPIRE_PROMPT, CLOSE_LOBBY})


class CauseDecoder:
    """`decode_cause` for the causes of one game's log, with the decoder of each seat command's
    name looked up once, not through `decode_cause`'s and the registry's checks for every record
    (`verify` decodes every cause). A name is remembered only once `decode_cause` has decoded a
    seat's command of that name, so anything else goes through it and fails as it does; the
    decoder remembered is the one the registry's `decode` calls for that name, so a command's
    data that does not decode fails with the same DecodeError."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        known = _COMMAND_DECODERS.get(game.commands)
        if known is None:
            known = _COMMAND_DECODERS[game.commands] = {}
        self._known = known

    def __call__(self, cause: Cause) -> Any:
        if cause.seat is not None:
            decode = self._known.get(cause.type)
            if decode is not None:
                return decode(cause.data)
        command = decode_cause(self.game, cause)
        if cause.seat is not None and cause.type not in _ENGINE_CAUSES:  # a seat's command: by name
            engine = cause.type.startswith("kennel.")  # as `tables.decode_command` chooses
            registry = ENGINE_COMMANDS if engine else self.game.commands
            self._known[cause.type] = registry.data_decoder(cause.type)
        return command


# Per game (by its command registry): each seat command name's decoder, the engine's and the game's.
_COMMAND_DECODERS: weakref.WeakKeyDictionary[TypeRegistry[Any], dict[str, Callable[[Json], Any]]] = (
    weakref.WeakKeyDictionary()
)
