"""The lobby: open seats taken one by one before the game starts, and a table never filled
closed. Taking the last open seat deals (`kennel.domain.core.table.deal`), from the seed
committed to at creation, so nobody sees a deal while seats are open."""

from __future__ import annotations

from typing import Any

from kennel.domain.core.rules import RuleViolation, Seat
from kennel.domain.core.table import GameEnded, SeatFilled, Table, deal

LOBBY_CLOSED = "lobby_closed"


def fill_seat(table: Table[Any], seat: Seat | None, name: str, *, seed: bytes) -> list[Any]:
    """Take an open seat (the first open one when `seat` is None); taking the last one also
    sets the game up (deals), from the seed committed to at creation."""
    if table.ended is not None:
        raise RuleViolation("kennel/game_over", "The game is over.")
    if not name.strip():
        raise RuleViolation("kennel/bad_name", "A seat needs a name.")
    if seat is None:
        if not table.open_seats:
            raise RuleViolation("kennel/no_open_seat", "Every seat is taken.")
        seat = table.open_seats[0]
    if not 0 <= seat < len(table.seats):
        raise RuleViolation("kennel/no_such_seat", f"There is no seat {seat}.")
    if table.seats[seat] is not None:
        raise RuleViolation("kennel/seat_taken", f"Seat {seat} is taken.")
    filled = SeatFilled(seat=seat, name=name.strip())
    if table.open_seats != (seat,):
        return [filled]
    return [filled, *deal(table.game, table.options, len(table.seats), seed)]


def close_lobby(table: Table[Any], seed: bytes) -> list[Any]:
    """End a game whose open seats were not filled in time (the server's clock says when).
    Nothing was dealt, so revealing the seed costs nothing and lets anyone check the log."""
    if table.ended is not None:
        raise RuleViolation("kennel/game_over", "The game is over.")
    if table.started:
        raise RuleViolation("kennel/game_started", "Every seat is filled: the game is under way.")
    return [GameEnded(winners=(), scores=tuple(0 for _ in table.seats), reason=LOBBY_CLOSED, seed=seed.hex())]
