"""`kennel replay explain`: a game told in plain sentences, one per event, as one seat saw it.

Omniscient by default (every card named); `--as SEAT` tells it with that seat's redactions, so a
player can see exactly what they were told and when. Each refused attempt the log keeps is told
after the version it was sent at, with the rules' reason; a seat sees only its own attempts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from kennel.domain.core import house_rules, telling
from kennel.domain.core import table as tables
from kennel.domain.core.codec import to_json
from kennel.domain.core.rules import Game, Seat
from kennel.domain.core.seating import SeatingSet, SeatReturned, SeatTakenOver
from kennel.domain.core.timeouts import PromptExpired, TimerSet
from kennel.domain.core.undo import UndoAnswered, Undone, UndoProposed
from kennel.domain.registry import GAMES
from kennel.replay.causes import decode_cause
from kennel.replay.logformat import REFUSALS_OMITTED, Attempt, Log, parse_log
from kennel.replay.show import SeatRef, ShowError, resolve_seat


@dataclass(frozen=True)
class Narration:
    version: int  # the event's version; for an attempt, the version it was sent after
    text: str
    attempt: bool = False


def narrate(raw: bytes, viewer: SeatRef | None = None) -> list[Narration]:
    """One sentence per event (and per refused attempt the viewer may know of)."""
    return narrate_log(parse_log(raw), viewer)


def narrate_log(log: Log, viewer: SeatRef | None = None) -> list[Narration]:
    game = GAMES.get(log.header.game)
    if game is None:
        raise ShowError(f"this Kennel does not host {log.header.game!r}")
    events = [tables.decode_event(game, record.event) for record in log.records]
    table = tables.open_table(game, events[0])
    seat = resolve_seat(viewer, _final_names(table, events))
    attempts = _attempts_by_version(log.attempts, seat)
    lines = [Narration(1, _engine_sentence(game, events[0], _names(table)))]
    lines += [Narration(1, _attempt_sentence(game, a, _names(table)), True) for a in attempts.get(1, ())]
    for version, event in enumerate(events[1:], start=2):
        seen = event if seat is None else tables.redact(table, event, seat)
        names = _names(table)
        table = tables.evolve(table, event)
        if tables.is_engine_event(seen):
            text = _engine_sentence(game, seen, _names(table))
        else:
            text = game.describe(seen, names)
        lines.append(Narration(version, text))
        lines += [Narration(version, _attempt_sentence(game, a, _names(table)), True) for a in attempts.get(version, ())]
    return lines


def render(lines: Sequence[Narration]) -> str:
    width = len(str(max((line.version for line in lines), default=0)))
    out = []
    for line in lines:
        mark = "  refused:" if line.attempt else ""
        out.append(f"{line.version:>{width}}{mark}  {line.text}")
    return "\n".join(out) + "\n"


def _final_names(table: tables.Table[Any], events: Sequence[Any]) -> tuple[str | None, ...]:
    names = list(table.seats)
    for event in events:
        if isinstance(event, tables.SeatFilled):
            names[event.seat] = event.name
    return tuple(names)


def _names(table: tables.Table[Any]) -> list[str]:
    return [name if name is not None else f"seat {seat} (open)" for seat, name in enumerate(table.seats)]


def _attempts_by_version(attempts: Sequence[Attempt], seat: Seat | None) -> dict[int, list[Attempt]]:
    found: dict[int, list[Attempt]] = {}
    for attempt in attempts:
        if seat is None or attempt.cause.seat == seat:
            found.setdefault(attempt.after_version, []).append(attempt)
    return found


def _engine_sentence(game: Game[Any], event: Any, names: list[str]) -> str:
    if isinstance(event, tables.GameCreated):
        players = ", ".join(name if name is not None else "an open seat" for name in event.seats)
        options = tables.parse_options(game, event.options)
        rules = "".join(f", with {rule}" for rule in house_rules.in_force(options))
        return (
            f"A game of {game.title} (rules version {event.rules_version}{rules}) was created for {players}; "
            f"the server committed to its secret seed with {event.seed_commitment[:16]}..."
        )
    if isinstance(event, tables.SeatFilled):
        return f"{event.name} took seat {event.seat}."
    if isinstance(event, tables.GameEnded):
        winners = " and ".join(names[s] for s in event.winners) or "nobody"
        return f"The game ended: {winners} won ({event.reason}). The seed was revealed: {event.seed[:16]}..."
    if isinstance(event, UndoProposed):
        return f"{names[event.seat]} proposed to undo everything after version {event.to_version}."
    if isinstance(event, UndoAnswered):
        return f"{names[event.seat]} {'agreed to' if event.agree else 'refused'} the undo."
    if isinstance(event, Undone):
        return f"Everyone agreed: the game went back to how it was after version {event.to_version}."
    if isinstance(event, TimerSet):
        return f"Every prompt of this game had {event.prompt_limit_ms / 1000:g} seconds to be answered."
    if isinstance(event, PromptExpired):
        return f"{names[event.seat]} ran out of time; the rules answered in their place."
    if isinstance(event, SeatingSet | SeatTakenOver | SeatReturned):  # told as players read them
        return telling.engine_sentence(game, event, names)
    raise TypeError(f"not an engine event: {type(event).__name__}")


def _attempt_sentence(game: Game[Any], attempt: Attempt, names: list[str]) -> str:
    who = names[attempt.cause.seat] if attempt.cause.seat is not None else "the server"
    if attempt.cause.type == REFUSALS_OMITTED:
        return f"{who} had {attempt.cause.data.get('count')} more commands refused here, counted but not kept."
    command = decode_cause(game, attempt.cause)
    fields = ", ".join(f"{key}={value}" for key, value in to_json(command).items() if value not in (None, [], {}))
    return (
        f"{who} sent {_words(attempt.cause.type)}{f' ({fields})' if fields else ''}, which was refused: "
        f"{attempt.message} [{attempt.code}]"
    )


def _words(type_name: str) -> str:
    """"RevealCritter" -> "reveal critter"."""
    letters = [f" {c.lower()}" if c.isupper() else c for c in type_name.split(".")[-1]]
    return "".join(letters).strip()
