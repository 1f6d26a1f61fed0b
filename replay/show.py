"""What one seat (or a spectator) saw at any version of a logged game.

`show` folds the first N events of a log into the table and asks the game, exactly as the
service would at that version: the seat's view, the prompts open, the seat's legal commands,
and the events up to N as redacted for that seat. A command is shown only to the seat that
sent it (engine actions, `kennel.*`, to everyone): other seats never receive each other's
commands, only the events that follow from them.

`show` trusts the log; run `kennel.replay.verify` to check it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from kennel.domain.core import table as tables
from kennel.domain.core.codec import DecodeError, Json, JsonObject, to_json
from kennel.domain.core.rules import Game, Outcome, Prompt, Seat
from kennel.domain.registry import GAMES
from kennel.replay.logformat import Log, Record, mid_decision, parse_log

SeatRef = int | str  # a seat number (from 0, in turn order) or a player's name


class ShowError(ValueError):
    """The log cannot be shown as asked: no such version, seat or game."""


@dataclass(frozen=True)
class ShownEvent:
    version: int
    event: JsonObject  # as redacted for the viewer: {"type": ..., "data": ...}
    command: JsonObject | None  # its cause, when the viewer may see it: their own or the engine's
    by_viewer: bool


@dataclass(frozen=True)
class ShownView:
    game: str
    title: str
    game_id: str
    version: int  # events folded in
    last_version: int  # events in the whole log
    viewer: Seat | None  # None: the public spectator view
    seats: tuple[str | None, ...]  # names at this version; None for a seat still open
    view: Json  # `game.view(state, viewer)` as JSON
    pending: tuple[Prompt, ...]  # every decision owed at this version (public)
    legal_commands: tuple[JsonObject, ...]  # what the viewer may send at this version
    events: tuple[ShownEvent, ...]
    outcome: Outcome | None

    @property
    def viewer_name(self) -> str | None:
        return None if self.viewer is None else self.seats[self.viewer]

    def to_json(self) -> JsonObject:
        return {
            "game": self.game,
            "title": self.title,
            "game_id": self.game_id,
            "version": self.version,
            "last_version": self.last_version,
            "viewer": self.viewer,
            "viewer_name": self.viewer_name,
            "seats": list(self.seats),
            "view": self.view,
            "pending": to_json(self.pending),
            "legal_commands": list(self.legal_commands),
            "events": [to_json(event) for event in self.events],
            "outcome": to_json(self.outcome),
        }


def show(raw: bytes, at: int | None = None, viewer: SeatRef | None = None) -> ShownView:
    """What `viewer` saw at version `at` (the last version when None) of the log in `raw`."""
    log = parse_log(raw)
    game = _game_of(log)
    events = [_decoded(game, record) for record in log.records]
    if not events or not isinstance(events[0], tables.GameCreated):
        raise ShowError("the log does not open with kennel.GameCreated; check it with verify")
    version = len(events) if at is None else at
    if not 1 <= version <= len(events):
        raise ShowError(f"there is no version {version}: this log runs from 1 to {len(events)}")
    table = tables.fold(game, events[:version])
    # A seat by number needs only the count of seats, which never changes; a player's name is
    # looked for among the names at the end (a seat may have been filled after `version`).
    by_name = isinstance(viewer, str) and not _names_a_number(viewer)
    seat = resolve_seat(viewer, tables.fold(game, events).seats if by_name else table.seats)
    settled = not mid_decision(log.records, version)  # mid-decision nobody owes anything
    legal = tables.legal_commands(table, seat) if seat is not None and settled else ()
    return ShownView(
        game=game.name,
        title=game.title,
        game_id=log.header.game_id,
        version=version,
        last_version=len(events),
        viewer=seat,
        seats=table.seats,
        view=to_json(game.view(table.state, seat)),
        pending=table.pending() if settled else (),
        legal_commands=tuple(tables.encode_command(game, command) for command in legal),
        events=tuple(
            _shown_event(table, record, event, seat)
            for record, event in zip(log.records[:version], events[:version], strict=True)
        ),
        outcome=table.outcome(),
    )


def resolve_seat(ref: SeatRef | None, names: Sequence[str | None]) -> Seat | None:
    """A seat from its number or its player's name (exact, else ignoring case); None stays None."""
    if ref is None:
        return None
    if isinstance(ref, str) and _names_a_number(ref):
        ref = int(ref)
    if isinstance(ref, int):
        if not 0 <= ref < len(names):
            raise ShowError(f"there is no seat {ref}: seats run from 0 to {len(names) - 1}")
        return ref
    exactly: Callable[[str], str] = str
    for key in (exactly, str.casefold):
        matches = [seat for seat, name in enumerate(names) if name is not None and key(name) == key(ref)]
        if len(matches) > 1:
            raise ShowError(f"{ref!r} names seats {', '.join(map(str, matches))}; give a seat number")
        if matches:
            return matches[0]
    taken = ", ".join(f"{seat} {name}" for seat, name in enumerate(names) if name is not None)
    raise ShowError(f"no player is called {ref!r} (seats: {taken})")


def _names_a_number(ref: str) -> bool:
    """Whether a viewer given as text is a seat number ("2"), not a player's name."""
    return ref.strip().isdecimal()


def _game_of(log: Log) -> Game[Any]:
    game = GAMES.get(log.header.game)
    if game is None:
        raise ShowError(f"unknown game {log.header.game!r}")
    return game


def _decoded(game: Game[Any], record: Record) -> Any:
    try:
        return tables.decode_event(game, record.event)
    except DecodeError as error:
        raise ShowError(
            f"record {record.version} is not a {game.name} event ({error}); check it with verify"
        ) from None


def _shown_event(table: tables.Table[Any], record: Record, event: Any, viewer: Seat | None) -> ShownEvent:
    cause = record.cause
    by_viewer = viewer is not None and cause.seat == viewer
    visible = cause.seat is None or by_viewer
    return ShownEvent(
        version=record.version,
        event=tables.encode_event(table.game, tables.redact(table, event, viewer)),
        command=cause.to_json() if visible else None,
        by_viewer=by_viewer,
    )


# Text for people -------------------------------------------------------------------------------


def render_text(shown: ShownView) -> str:
    """Readable lines: who is seated, what is owed, the view, and the events so far."""
    lines = [
        _title_line(shown),
        "Seats: " + "  ".join(_seat_label(shown, seat) for seat in range(len(shown.seats))),
    ]
    lines.append("Status: " + _status(shown))
    if shown.pending:
        lines.append("Waiting for:")
        lines.extend(
            f"  {_seat_label(shown, prompt.seat)}: {prompt.label} ({prompt.kind.value})"
            for prompt in shown.pending
        )
    if shown.viewer is not None:
        lines.append(
            f"Legal commands ({len(shown.legal_commands)}):"
            if shown.legal_commands
            else "Legal commands: none"
        )
        lines.extend(f"  {_inline(command)}" for command in shown.legal_commands)
    lines.append("View:")
    lines.extend(_block(shown.view, indent=1))
    lines.append(f"Events 1..{shown.version}:")
    width = len(str(shown.version))
    previous: JsonObject | None = None
    for shown_event in shown.events:
        # A decision's cause is noted on its first event only.
        note = _cause_note(shown_event) if shown_event.command != previous else ""
        previous = shown_event.command
        lines.append(f"  {shown_event.version:>{width}}  {_inline(shown_event.event)}{note}")
    return "\n".join(lines) + "\n"


def _title_line(shown: ShownView) -> str:
    who = "the public (spectator) view" if shown.viewer is None else f"as {_seat_label(shown, shown.viewer)}"
    return f"{shown.title}, game {shown.game_id}: version {shown.version} of {shown.last_version}, {who}"


def _seat_label(shown: ShownView, seat: Seat) -> str:
    name = shown.seats[seat] if seat < len(shown.seats) else None
    you = " (you)" if seat == shown.viewer else ""
    return f"seat {seat} {name if name is not None else '(open)'}{you}"


def _status(shown: ShownView) -> str:
    if shown.outcome is not None:
        winners = ", ".join(_seat_label(shown, seat) for seat in shown.outcome.winners) or "nobody"
        scores = ", ".join(str(score) for score in shown.outcome.scores)
        return f"over: {winners} won ({shown.outcome.reason}); scores {scores}"
    open_seats = [seat for seat, name in enumerate(shown.seats) if name is None]
    if open_seats:
        return "waiting for players to fill seat(s) " + ", ".join(map(str, open_seats))
    return "in play"


def _cause_note(shown_event: ShownEvent) -> str:
    if shown_event.command is None:
        return ""
    command = shown_event.command
    if shown_event.by_viewer:
        return f"   <- you: {_inline({'type': command['type'], 'data': command['data']})}"
    return f"   <- {command['type']}"


def _inline(value: Json) -> str:
    """One line: `Type(field=value, ...)` for typed values, `[a, b]` for lists."""
    if isinstance(value, dict):
        if set(value) == {"type", "data"} and isinstance(value["type"], str):
            data = value["data"]
            fields = _inline(data)[1:-1] if isinstance(data, dict) else _inline(data)
            return f"{value['type']}({fields})"
        return "{" + ", ".join(f"{key}={_inline(item)}" for key, item in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_inline(item) for item in value) + "]"
    if isinstance(value, str):
        return (
            value
            if value and value.isprintable() and not any(c in value for c in " ,=()[]{}")
            else json.dumps(value)
        )
    return json.dumps(value)


def _block(value: Json, indent: int, width: int = 100) -> list[str]:
    """Indented `key: value` lines; anything short enough stays on one line."""
    pad = "  " * indent
    if isinstance(value, dict):
        lines = []
        for key, item in value.items():
            text = _inline(item)
            if not isinstance(item, (dict, list)) or len(pad) + len(key) + len(text) + 2 <= width:
                lines.append(f"{pad}{key}: {text}")
            else:
                lines.append(f"{pad}{key}:")
                lines.extend(_block(item, indent + 1, width))
        return lines
    if isinstance(value, list):
        lines = []
        for item in value:
            text = _inline(item)
            if not isinstance(item, (dict, list)) or len(pad) + len(text) + 2 <= width:
                lines.append(f"{pad}- {text}")
            else:  # YAML style: the item's first line after the dash, the rest under it
                first, *rest = _block(item, indent + 1, width)
                lines.extend([f"{pad}- {first.lstrip()}", *rest])
        return lines
    return [f"{pad}{_inline(value)}"]
