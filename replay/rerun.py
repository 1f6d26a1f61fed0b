"""Re-issue a log's recorded commands through a fresh `Ledger`, as the service would have.

Where `kennel.replay.verify` checks a log against the rules record by record, this rebuilds the whole
log the way it was written: same seed, same commands, same command ids. Same seed and same
commands must give a byte-identical log (design.md); golden playthroughs and random playouts
check exactly that with it.
"""

from __future__ import annotations

from typing import Any

from kennel.domain.core.rules import Game
from kennel.replay.causes import CloseLobby, CreateGame, ExpirePrompt, FillSeat, decode_cause
from kennel.replay.ledger import Ledger
from kennel.replay.logformat import Log, Parent, group_by_cause


def rerun(
    game: Game[Any],
    log: Log,
    seed: bytes,
    *,
    until: int | None = None,
    game_id: str | None = None,
    parent: Parent | None = None,
) -> Ledger:
    """A new ledger fed the log's commands in order (those of its first `until` records);
    raises what the rules raise. `game_id` and `parent` make it another game (a fork)."""
    groups = group_by_cause(log.records[:until])
    if not groups:
        raise ValueError("the log has no records")
    (opening, _), *rest = groups
    create = decode_cause(game, opening)
    if not isinstance(create, CreateGame):
        raise ValueError("the log does not open with kennel.CreateGame")
    ledger = Ledger.create(
        game,
        game_id or log.header.game_id,
        create.options,
        create.seats,
        seed,
        opening.command_id,
        parent=parent if parent is not None else log.header.parent,
        prompt_limit_ms=create.prompt_limit_ms,
        seating=create.seating,
    )
    for cause, _ in rest:
        command = decode_cause(game, cause)
        if isinstance(command, CreateGame):
            raise ValueError("kennel.CreateGame may only open a log")
        if isinstance(command, FillSeat):
            ledger.commit(ledger.fill_seat(command.seat, command.name, cause.command_id, seed))
        elif isinstance(command, CloseLobby):
            ledger.commit(ledger.close_lobby(cause.command_id, seed))
        elif isinstance(command, ExpirePrompt):
            ledger.commit(ledger.expire(command.seat, cause.command_id, seed))
        else:
            assert cause.seat is not None  # decode_cause refuses a game command without a seat
            ledger.commit(ledger.play(cause.seat, command, cause.command_id, seed))
    return ledger
