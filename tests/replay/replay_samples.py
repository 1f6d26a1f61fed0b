"""Logs for the replay tests: simulated games of every registered game, and ways to spoil them."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

from kennel.domain.core.codec import JsonObject
from kennel.domain.registry import GAMES
from kennel.replay.logformat import Cause, Header, Log, Record, chain, parse_log
from testkit.bot_games import bot_game

GAME_NAMES = sorted(GAMES)


@functools.cache
def finished(game_name: str, seat_count: int | None = None, open_seats: int = 0) -> bytes:
    """The log of a whole game played by random bots (the fewest seats the game allows by default)."""
    game = GAMES[game_name]
    seats = game.seats.minimum if seat_count is None else seat_count
    return (
        bot_game(game, f"replay-tests/{game_name}/{seats}/{open_seats}", seats, open_seats).log().to_bytes()
    )


def running(game_name: str) -> bytes:
    """A game still in play: the finished log cut after the decision before the last."""
    log = parse_log(finished(game_name))
    last_cause = log.records[-1].cause
    keep = [record for record in log.records if record.cause != last_cause]
    return Log(log.header, tuple(keep)).to_bytes()


def rechained(header: Header, records: Sequence[Record]) -> bytes:
    """A log of these records' causes and events with a freshly computed hash chain: what a
    forger who edits content and recomputes every hash would write."""
    linked: list[Record] = []
    prev = header.genesis_hash()
    for record in records:
        (relinked,) = chain(prev, len(linked) + 1, record.cause, [record.event])
        linked.append(relinked)
        prev = relinked.hash
    return Log(header, tuple(linked)).to_bytes()


def forged(raw: bytes, edit: Callable[[int, Record], Record | None], header: Header | None = None) -> bytes:
    """The log with `edit(position, record)` applied to every record (None drops it), rechained."""
    log = parse_log(raw)
    records = [edit(position, record) for position, record in enumerate(log.records, start=1)]
    return rechained(header or log.header, [record for record in records if record is not None])


def with_event(record: Record, event: JsonObject) -> Record:
    return Record(version=record.version, cause=record.cause, event=event, prev=record.prev, hash=record.hash)


def with_cause(record: Record, cause: Cause) -> Record:
    return Record(version=record.version, cause=cause, event=record.event, prev=record.prev, hash=record.hash)


def first_position(raw: bytes, matches: Callable[[Record], Any]) -> int:
    return next(r.version for r in parse_log(raw).records if matches(r))
