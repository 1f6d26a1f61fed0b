"""What each seat (or spectator) sees, as protobuf messages, kept per game and per viewer.

The game's state is folded as events are appended (service.games); here the per-viewer
messages built from it are cached by version, so a view is built once per change and a
redacted event once per viewer, however many watchers share that viewer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from domain.core import table as tables
from domain.core.codec import to_json
from domain.core.rules import Viewer
from domain.registry import wire_name
from kennel.v1 import kennel_pb2 as pb
from kennel import wire
from service.games import LiveGame
from service.timers import deadlines

ENGINE_PREFIX = "kennel."

_STATUS = {
    "waiting": pb.GAME_STATUS_WAITING_FOR_PLAYERS,
    "playing": pb.GAME_STATUS_IN_PROGRESS,
    "finished": pb.GAME_STATUS_FINISHED,
}


@dataclass
class _ViewerCache:
    events: list[pb.Event] = field(default_factory=list)  # redacted, versions 1..len
    view: pb.View | None = None


@dataclass
class _GameCache:
    ledger_id: int = 0  # the ledger object the cache was built from (a reload replaces it)
    viewers: dict[Viewer, _ViewerCache] = field(default_factory=dict)


class Projections:
    def __init__(self) -> None:
        self._games: dict[Any, _GameCache] = {}

    def _cache(self, live: LiveGame, viewer: Viewer) -> _ViewerCache:
        cache = self._games.get(live.id)
        if cache is None or cache.ledger_id != id(live.ledger):
            cache = self._games[live.id] = _GameCache(ledger_id=id(live.ledger))
        found = cache.viewers.get(viewer)
        if found is None:
            found = cache.viewers[viewer] = _ViewerCache()
        return found

    def view(self, live: LiveGame, viewer: Viewer) -> pb.View:
        cache = self._cache(live, viewer)
        if cache.view is None or cache.view.version != live.ledger.version:
            cache.view = build_view(live, viewer)
        return cache.view

    def events(self, live: LiveGame, viewer: Viewer, first: int, last: int) -> list[pb.Event]:
        """Versions first..last (1-based, inclusive) as `viewer` may see them."""
        cache = self._cache(live, viewer)
        ledger = live.ledger
        while len(cache.events) < last:
            version = len(cache.events) + 1
            record = ledger.records[version - 1]
            event = tables.redact(ledger.table, ledger.events[version - 1], viewer)
            cache.events.append(event_message(live, version, record.cause.seat, event))
        return cache.events[first - 1 : last]


def build_view(live: LiveGame, viewer: Viewer, table: tables.Table[Any] | None = None) -> pb.View:
    """The viewer's view of the game now, or of `table` (the game at an earlier version)."""
    table = table if table is not None else live.table
    game = live.game
    status = "finished" if table.ended is not None else ("playing" if table.started else "waiting")
    message = pb.View(
        game_id=str(live.id),
        game_type=game.name,
        version=table.version,
        status=_STATUS[status],
        seats=[_seat_info(seat, name) for seat, name in enumerate(table.seats)],
    )
    if viewer is not None:
        message.seat = viewer
    due = deadlines(live) if table is live.table else {}  # no clocks for a view of the past
    for prompt in table.pending():
        added = message.pending.add(seat=prompt.seat, kind=_prompt_kind(prompt.kind.value), label=prompt.label)
        if prompt.seat in due:
            added.deadline_unix_ms = due[prompt.seat]
    message.prompt_limit_ms = table.prompt_limit_ms
    if viewer is not None:
        for command in tables.legal_commands(table, viewer):
            command_message(game.name, tables.encode_command(game, command), message.legal_commands.add())
    wire.fill(getattr(message.game, wire_name(game)), to_json(game.view(table.state, viewer)))
    getattr(message.game, wire_name(game)).SetInParent()
    outcome = table.outcome()
    if outcome is not None:
        message.outcome.CopyFrom(pb.Outcome(winners=outcome.winners, scores=outcome.scores, reason=outcome.reason))
    return message


def command_message(game_name: str, tagged: dict[str, Any], into: pb.Command | None = None) -> pb.Command:
    """A command as sent on the wire; the engine's own (`kennel.*`) go in the `engine` member."""
    message = into if into is not None else pb.Command()
    if tagged["type"].startswith(ENGINE_PREFIX):
        field_name, tagged = "engine", {**tagged, "type": tagged["type"][len(ENGINE_PREFIX) :]}
    else:
        field_name = game_name.replace("-", "_")
    wire.fill_union(getattr(message, field_name), tagged)
    getattr(message, field_name).SetInParent()
    return message


def event_message(live: LiveGame, version: int, seat: int | None, event: Any) -> pb.Event:
    message = pb.Event(version=version)
    if seat is not None:
        message.seat = seat
    if isinstance(event, tables.GameCreated):
        created = message.game_created
        created.game, created.rules_version = event.game, event.rules_version
        created.seed_commitment = event.seed_commitment
        options = getattr(created.options, wire_name(live.game))
        wire.fill(options, event.options)
        options.SetInParent()
        created.seats.extend(_seat_info(seat_no, name) for seat_no, name in enumerate(event.seats))
    elif isinstance(event, tables.SeatFilled):
        message.seat_filled.CopyFrom(pb.SeatFilled(seat=event.seat, name=event.name))
    elif isinstance(event, tables.GameEnded):
        message.game_ended.CopyFrom(
            pb.GameEnded(winners=event.winners, scores=event.scores, reason=event.reason, seed=event.seed)
        )
    elif tables.is_engine_event(event):  # the undo events mirror their proto messages
        tagged = tables.ENGINE_EVENTS.encode(event)
        wire.fill_union(message, {**tagged, "type": tagged["type"][len(ENGINE_PREFIX) :]})
    else:
        member = getattr(message, wire_name(live.game))
        wire.fill_union(member, live.game.events.encode(event))
    return message


def _seat_info(seat: int, name: str | None) -> pb.SeatInfo:
    info = pb.SeatInfo(seat=seat)
    if name is not None:
        info.name = name
    return info


def _prompt_kind(kind: str) -> int:
    return int(pb.PromptKind.Value("PROMPT_KIND_" + kind.upper()))
