"""Bots at the table, and bots taking over seats, for every game alike.

A game may seat bots (named at creation) and may let a bot take over a seat whose player left
(`LeaveSeat`) or let its prompt timer run out a set number of times; the player gets the seat
back by sending `ReturnSeat` (the server sends it for them with their next command). All of it is
in the stream, public to every seat: `SeatingSet` right after `GameCreated` (and `TimerSet`),
then `SeatTakenOver` and `SeatReturned` as they happen. So every player knows which seats a bot
plays, and a log replays and verifies like any other.

The domain only records who plays a seat; the server runs the bots (kennel.service.botseats),
sending their commands through the same path as a player's, under the seat's number. Which
kinds and levels of bot exist is the server's to check (kennel.domain.bots); the domain checks
the shape: seats in range, each named once, counts in bounds.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from kennel.domain.core.codec import DecodeError, Json, from_json, to_json
from kennel.domain.core.frozen import hashed_by_type, replaced
from kennel.domain.core.rules import RuleViolation, Seat

MAX_TAKEOVER_AFTER = 100  # more timeouts than this before a takeover is no takeover at all
LEFT = "left"  # SeatTakenOver.reason: the player sent LeaveSeat
TIMED_OUT = "timed_out"  # SeatTakenOver.reason: the seat's prompts ran out `takeover_after` times


@dataclass(frozen=True)
class BotSeat:
    """Seat `seat` is played by the server's bot of this kind and level, for the whole game."""

    seat: Seat
    kind: str
    level: int


@dataclass(frozen=True)
class SeatingSet:
    """Which seats bots play, and whether (and by which bot) a seat may be taken over."""

    bots: tuple[BotSeat, ...] = ()
    takeover_kind: str = ""  # "": no takeover in this game
    takeover_level: int = 0
    takeover_after: int = 0  # prompts run out before a bot takes over; 0: only when the player leaves


@dataclass(frozen=True)
class SeatTakenOver:
    seat: Seat
    reason: str  # LEFT | TIMED_OUT


@dataclass(frozen=True)
class SeatReturned:
    seat: Seat


@dataclass(frozen=True)
class LeaveSeat:
    """A player leaves the game; the game's takeover bot plays the seat until they return."""


@dataclass(frozen=True)
class ReturnSeat:
    """A player who left (or was taken over) plays their seat again."""


hashed_by_type([LeaveSeat, ReturnSeat])  # commands like the game's: see `frozen.hashed_by_type`


SEATING_EVENTS = {
    "kennel.SeatingSet": SeatingSet,
    "kennel.SeatTakenOver": SeatTakenOver,
    "kennel.SeatReturned": SeatReturned,
}
SEATING_COMMANDS = {"kennel.LeaveSeat": LeaveSeat, "kennel.ReturnSeat": ReturnSeat}


@dataclass(frozen=True)
class Seating:
    """The table's record of who plays each seat: the game's `SeatingSet`, the seats a takeover
    bot plays now, and each seat's expired prompts since the game began or its player returned."""

    rules: SeatingSet
    away: tuple[Seat, ...] = ()
    expiries: tuple[int, ...] = ()

    @property
    def bot_seats(self) -> tuple[Seat, ...]:
        return tuple(bot.seat for bot in self.rules.bots)

    def bot_of(self, seat: Seat) -> tuple[str, int] | None:
        """(kind, level) of the bot playing `seat` now, or None when its player does."""
        for bot in self.rules.bots:
            if bot.seat == seat:
                return bot.kind, bot.level
        if seat in self.away:
            return self.rules.takeover_kind, self.rules.takeover_level
        return None


def parse(raw: Mapping[str, Json] | None, seats: int) -> SeatingSet | None:
    """The `SeatingSet` a creation asks for (JSON, as the CreateGame cause records it); None
    when it asks for neither bots nor takeover. Raises RuleViolation on a malformed request."""
    if not raw:
        return None
    try:
        seating: SeatingSet = from_json(SeatingSet, dict(raw))
    except DecodeError as error:
        raise RuleViolation("kennel/bad_seating", f"Invalid bot seats: {error}") from None
    named = [bot.seat for bot in seating.bots]
    if any(not 0 <= seat < seats for seat in named) or len(set(named)) != len(named):
        raise RuleViolation("kennel/bad_seating", "Each bot seat is one of the game's seats, named once.")
    if not 0 <= seating.takeover_after <= MAX_TAKEOVER_AFTER:
        raise RuleViolation(
            "kennel/bad_seating", f"A takeover comes after 0 to {MAX_TAKEOVER_AFTER} timeouts."
        )
    if seating.takeover_after and not seating.takeover_kind:
        raise RuleViolation("kennel/bad_seating", "A takeover after timeouts needs a bot to take over.")
    return seating


def encode(seating: SeatingSet | None) -> dict[str, Any] | None:
    return None if seating is None else to_json(seating)


def start(rules: SeatingSet, seats: int) -> Seating:
    return Seating(rules=rules, expiries=(0,) * seats)


def evolve(seating: Seating, event: Any) -> Seating:
    """Fold `SeatTakenOver` or `SeatReturned` (a `SeatingSet` opens the record: `start`)."""
    if isinstance(event, SeatTakenOver):
        return replaced(seating, away=(*seating.away, event.seat))
    if isinstance(event, SeatReturned):
        expiries = list(seating.expiries)
        expiries[event.seat] = 0  # a returning player starts a fresh count
        away = tuple(seat for seat in seating.away if seat != event.seat)
        return replaced(seating, away=away, expiries=tuple(expiries))
    raise TypeError(f"not a seating event: {type(event).__name__}")


def expired(seating: Seating, seat: Seat) -> Seating:
    """Count one more expired prompt of `seat`."""
    expiries = list(seating.expiries)
    expiries[seat] += 1
    return replaced(seating, expiries=tuple(expiries))


def after_expiry(seating: Seating | None, seat: Seat) -> list[Any]:
    """A takeover owed once `seat`'s prompts ran out `takeover_after` times (counted by
    `expired` already) while its player plays it."""
    if seating is None or not seating.rules.takeover_after or seating.bot_of(seat) is not None:
        return []
    if seating.expiries[seat] < seating.rules.takeover_after:
        return []
    return [SeatTakenOver(seat=seat, reason=TIMED_OUT)]


def decide(seating: Seating | None, seat: Seat, command: Any) -> list[Any]:
    """`LeaveSeat` and `ReturnSeat`, sent by the seat's own player."""
    if seating is not None and seat in seating.bot_seats:
        raise RuleViolation("kennel/bot_seat", f"Seat {seat} is a bot's for the whole game.")
    if isinstance(command, LeaveSeat):
        if seating is None or not seating.rules.takeover_kind:
            raise RuleViolation("kennel/no_takeover", "In this game no bot takes over a seat that is left.")
        if seat in seating.away:
            raise RuleViolation("kennel/seat_away", "A bot already plays this seat.")
        return [SeatTakenOver(seat=seat, reason=LEFT)]
    if seating is None or seat not in seating.away:
        raise RuleViolation("kennel/seat_not_away", "This seat's player already plays it.")
    return [SeatReturned(seat=seat)]
