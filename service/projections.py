"""What each seat (or spectator) sees, as protobuf messages, kept per game and per viewer.

The game's state is folded as events are appended (kennel.service.games); here the per-viewer
messages built from it are cached by version, so a view is built once per change and a
redacted event once per viewer, however many watchers share that viewer. The same goes for a
whole Watch update: a thousand spectators of one game share one message.

The caches are bounded, since a server may keep many thousands of idle games live: per viewer
only the last `EVENT_WINDOW` redacted events are kept (what watchers that keep up ask for; an
older range is built again on demand, and not kept), and only the `MAX_GAMES` games used most
recently keep caches at all (a game's cache is rebuilt on its next use). Views and events are
kept serialised: a protobuf message object holds its own arena, about 3 KiB for a 300-byte
view, while parsing the bytes again costs microseconds against the milliseconds of building.

A command's answer (its seat's view and events after it) is `prepare`d while its records are
being committed, from the table the decision made; it is served only once the game's ledger
holds that very table object, that is once the commit succeeded and was folded. A commit that
fails never makes that table current, so its prepared answer is never seen (and is dropped).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from kennel import wire
from kennel.domain.core import table as tables
from kennel.domain.core import telling
from kennel.domain.core.rules import Seat, Viewer
from kennel.domain.registry import wire_name
from kennel.replay.ledger import Appending
from kennel.service import protobytes
from kennel.service.live import LiveGame
from kennel.service.timers import clocks_after, deadlines_of
from kennel.service.viewbytes import ENGINE_PREFIX, build_view_bytes, seat_info, seat_names
from kennel.v1 import kennel_pb2 as pb

EVENT_WINDOW = 32  # redacted events kept per viewer: more than one command's worth
# Events told whole kept per game for the other viewers (_GameCache.told): they ask for the
# latest decision's events (one to a few) within a round trip of it; a finished game watched
# to its end keeps these bytes until it is pushed out.
TOLD_WINDOW = 8
MAX_GAMES = 512  # games whose per-viewer caches are kept, most recently used first (a view is a few KiB)

@dataclass(slots=True)  # not frozen (nothing changes it): its `__init__` sets fields without a call each
class _Prepared:
    """A viewer's view and events after a decision not yet committed: valid once `table` is the
    game's table (the very object: a lost race or a reload makes another one)."""

    table: tables.Table[Any]
    view: bytes
    first: int  # the version of events[0]
    events: list[bytes]


@dataclass(slots=True)
class _ViewerCache:
    first: int = 1  # the version of events[0]
    events: list[bytes] = field(default_factory=list)  # redacted, serialised, versions first..first+len-1
    view: bytes = b""  # serialised, at `view_version`
    view_version: int = -1
    update: tuple[int, int, int, bytes] | None = None  # the last Watch update built: first, last, version
    prepared: _Prepared | None = None  # built during a commit (Projections.prepare)

    @property
    def last(self) -> int:
        return self.first + len(self.events) - 1


@dataclass(slots=True)
class _GameCache:
    ledger_id: int = 0  # the ledger object the cache was built from (a reload replaces it)
    viewers: dict[Viewer, _ViewerCache] = field(default_factory=dict)
    # The last events encoded whole, by version: (the event, the seats it was named with, its
    # bytes). Most events hide nothing from anyone, and `redact` then gives every viewer the
    # very event object it was given: those viewers share one encoding. Only an event that a
    # viewer sees whole is kept here, and it is found again only by a viewer for whom `redact`
    # returned that same object (a blanked event is a new object for each viewer).
    told: dict[int, tuple[Any, Any, bytes]] = field(default_factory=dict)

    def told_bytes(
        self,
        live: LiveGame,
        version: int,
        seat: Seat | None,
        event: Any,
        seen: Any,
        table: tables.Table[Any],
        names: list[str] | None = None,
    ) -> bytes:
        """`event_bytes` of `seen`, `event` as one viewer may see it; encoded once for every
        viewer that sees it whole."""
        if seen is not event:  # something blanked for this viewer: its own
            return event_bytes(live, version, seat, seen, table, names)
        found = self.told.get(version)
        if found is not None and found[0] is event and found[1] is table.seats:
            return found[2]
        encoded = event_bytes(live, version, seat, event, table, names)
        self.told[version] = (event, table.seats, encoded)
        if len(self.told) > TOLD_WINDOW:
            del self.told[next(iter(self.told))]  # the oldest told
        return encoded


class Projections:
    def __init__(self, max_games: int = MAX_GAMES, event_window: int = EVENT_WINDOW) -> None:
        # By the game id's int: hashing a UUID runs Python (its `__hash__`), an int's does not.
        self._games: OrderedDict[int, _GameCache] = OrderedDict()
        self._max_games = max_games
        self._window = event_window

    def _cache(self, live: LiveGame, viewer: Viewer) -> _ViewerCache:
        return _viewer_cache(self._game_cache(live), viewer)

    def _game_cache(self, live: LiveGame) -> _GameCache:
        key = live.id.int
        cache = self._games.get(key)
        if cache is None or cache.ledger_id != id(live.ledger):
            cache = self._games[key] = _GameCache(ledger_id=id(live.ledger))
            while len(self._games) > self._max_games:
                self._games.popitem(last=False)
        else:
            self._games.move_to_end(key)
        return cache

    def view(self, live: LiveGame, viewer: Viewer) -> pb.View:
        return pb.View.FromString(self.view_bytes(live, viewer))

    def prepare(self, live: LiveGame, viewer: Viewer, appending: Appending, entries: Sequence[Mapping[str, Any]]) -> None:
        """Build `viewer`'s view and events as they will be once `appending` (with its desk
        `entries`) is committed and folded, while the commit runs: nothing here is served
        before the ledger holds `appending.table` (`_current`)."""
        if not appending.records:
            return
        table = appending.table
        due = deadlines_of(table, clocks_after(live.desk.clocks, entries))
        view = build_view_bytes(live, viewer, table, due=due)
        game = self._game_cache(live)
        # Told as the new table names the seats; shared with the other viewers only once that
        # table is the game's (`_told`), as it is by the time they ask.
        names = seat_names(live, table)  # kept with the view's parts while the seats stay
        events = [
            game.told_bytes(
                live, record.version, record.cause.seat, event, tables.redact(table, event, viewer), table, names
            )
            for record, event in zip(appending.records, appending.events, strict=True)
        ]
        _viewer_cache(game, viewer).prepared = _Prepared(table, view, appending.records[0].version, events)

    @staticmethod
    def _current(cache: _ViewerCache, live: LiveGame) -> _Prepared | None:
        """The prepared answer if the game's table is the one it was built for; a stale one is
        dropped (one still waiting for its commit is newer than the ledger, and stays)."""
        prepared = cache.prepared
        if prepared is None or prepared.table is live.table:
            return prepared
        if prepared.table.version <= live.ledger.version:  # its commit failed, or the game moved on
            cache.prepared = None
        return None

    def view_bytes(self, live: LiveGame, viewer: Viewer) -> bytes:
        """The viewer's view now, serialised (built once per version and viewer)."""
        cache = self._cache(live, viewer)
        if cache.view_version != live.ledger.version:
            prepared = self._current(cache, live)
            if prepared is not None:
                # Served: the cache holds it now (and the answer's events were taken before its view).
                view, cache.prepared = prepared.view, None
            else:
                view = build_view_bytes(live, viewer)
            cache.view, cache.view_version = view, live.ledger.version
        return cache.view

    def events(self, live: LiveGame, viewer: Viewer, first: int, last: int) -> list[pb.Event]:
        """Versions first..last (1-based, inclusive) as `viewer` may see them."""
        return [pb.Event.FromString(event) for event in self.events_bytes(live, viewer, first, last)]

    def events_bytes(self, live: LiveGame, viewer: Viewer, first: int, last: int) -> list[bytes]:
        """`events`, serialised."""
        game = self._game_cache(live)
        cache = _viewer_cache(game, viewer)
        if last > cache.last:
            # A range that leaves a gap after the window (a seat's answer after the others'
            # commands, which nobody asked for as this viewer) starts the window again at the
            # range: the gap is built only if asked for, not for every answer.
            start = max(cache.last + 1 if first <= cache.last + 1 else first, last - self._window + 1)
            if start != cache.last + 1:  # a gap: the window starts again further on
                cache.first, cache.events = start, []
            prepared = self._current(cache, live)
            cache.events.extend(
                prepared.events[version - prepared.first]
                if prepared is not None and prepared.first <= version < prepared.first + len(prepared.events)
                else self._told(game, live, viewer, version)
                for version in range(start, last + 1)
            )
            if len(cache.events) > self._window:
                drop = len(cache.events) - self._window
                cache.first, cache.events = cache.first + drop, cache.events[drop:]
        return [
            cache.events[version - cache.first]
            if version >= cache.first
            else self._told(game, live, viewer, version)
            for version in range(first, last + 1)
        ]

    def _told(self, game: _GameCache, live: LiveGame, viewer: Viewer, version: int) -> bytes:
        """Event `version` as `viewer` may see it, serialised, named as the game's table names the seats."""
        ledger = live.ledger
        event = ledger.events[version - 1]
        seen = tables.redact(ledger.table, event, viewer)
        return game.told_bytes(live, version, ledger.records[version - 1].cause.seat, event, seen, live.table)

    def update(self, live: LiveGame, viewer: Viewer, first: int, last: int) -> bytes:
        """Versions first..last and the view now, as one serialised Watch message shared by
        every watcher of this viewer that asks for the same range (they do, when they keep up):
        gRPC sends the bytes to each stream as they are (kennel.service.interceptors)."""
        cache = self._cache(live, viewer)
        version = live.ledger.version
        if cache.update is not None and cache.update[:3] == (first, last, version):
            return cache.update[3]
        message = response_bytes(
            WATCH_FIELDS, events=self.events_bytes(live, viewer, first, last), view=self.view_bytes(live, viewer)
        )
        cache.update = (first, last, version, message)
        return message


@dataclass(frozen=True)
class ResponseFields:
    """The field numbers of a response that carries events and a view (its events are a
    repeated field of Event messages, its view a View)."""

    events: int
    view: int

    @classmethod
    def of(cls, message: Any) -> ResponseFields:
        fields = message.DESCRIPTOR.fields_by_name
        return cls(events=fields["events"].number, view=fields["view"].number)


WATCH_FIELDS = ResponseFields.of(pb.WatchResponse)
SUBMIT_FIELDS = ResponseFields.of(pb.SubmitCommandResponse)
GET_VIEW_VIEW_FIELD = pb.GetViewResponse.DESCRIPTOR.fields_by_name["view"].number


def response_bytes(fields: ResponseFields, events: list[bytes], view: bytes, head: bytes = b"") -> bytes:
    """A response serialised from parts already serialised: protobuf's encoding of a message is
    the concatenation of its fields' encodings, so the cached events and view are not parsed and
    serialised again. `head` holds the response's other fields, serialised."""
    parts = [head]
    parts.extend(message_field(fields.events, event) for event in events)
    parts.append(message_field(fields.view, view))
    return b"".join(parts)


message_field = protobytes.length_delimited  # one length-delimited field (wire type 2) holding a payload


def _redacted(live: LiveGame, viewer: Viewer, version: int) -> pb.Event:
    return event_message(live, version, *_redacted_event(live, viewer, version))


def _viewer_cache(game: _GameCache, viewer: Viewer) -> _ViewerCache:
    found = game.viewers.get(viewer)
    if found is None:
        found = game.viewers[viewer] = _ViewerCache()
    return found


def _redacted_event(live: LiveGame, viewer: Viewer, version: int) -> tuple[Seat | None, Any]:
    """The seat that caused event `version`, and the event as `viewer` may see it."""
    ledger = live.ledger
    return ledger.records[version - 1].cause.seat, tables.redact(ledger.table, ledger.events[version - 1], viewer)


def build_view(
    live: LiveGame,
    viewer: Viewer,
    table: tables.Table[Any] | None = None,
    settled: bool = True,
    due: Mapping[Seat, int] | None = None,
) -> pb.View:
    """`build_view_bytes` as a message (a view of the past, which is not cached)."""
    return pb.View.FromString(build_view_bytes(live, viewer, table, settled, due))


_EVENT = pb.Event.DESCRIPTOR.fields_by_name
_EVENT_VERSION, _EVENT_SEAT, _EVENT_SENTENCE = (_EVENT[name].number for name in ("version", "seat", "sentence"))
if not _EVENT_VERSION < _EVENT_SEAT < _EVENT_SENTENCE:
    raise AssertionError("event_bytes writes these fields in this order, protobuf's (by number)")
_EVENT_SEAT_TAG = protobytes.tag(_EVENT_SEAT, 0)
_EVENT_SENTENCE_TAG = protobytes.tag(_EVENT_SENTENCE, 2)
# Per game type: its member of the event's oneof (message type, tag), and its place among the
# other fields, found once rather than sorted per event.
_EVENT_MEMBERS: dict[str, tuple[Any, bytes, int]] = {}
# Per game type and event class: the tag of the event's member in the game's own oneof and its
# encoder (`protobytes.union_member`'s look-ups, by the class's registered name, made once).
_EVENT_UNIONS: dict[tuple[str, type], tuple[bytes, protobytes.Encoder]] = {}


def _event_member(game: Any) -> tuple[Any, bytes, int]:
    found = _EVENT_MEMBERS.get(game.name)
    if found is None:
        member = _EVENT[wire_name(game)]
        place = sum(number < member.number for number in (_EVENT_VERSION, _EVENT_SEAT, _EVENT_SENTENCE))
        found = _EVENT_MEMBERS[game.name] = (member.message_type, protobytes.tag(member.number, 2), place)
    return found


def _event_union(game: Any, event: Any) -> bytes:
    """`protobytes.union_member` of the game's event message for `event`."""
    key = (game.name, event.__class__)
    found = _EVENT_UNIONS.get(key)
    if found is None:
        found = _EVENT_UNIONS[key] = protobytes.union_encoder(_event_member(game)[0], game.events.name_of(event))
    member_tag, encode = found
    return protobytes.with_length(member_tag, encode(event))


def event_bytes(
    live: LiveGame,
    version: int,
    seat: int | None,
    event: Any,
    table: tables.Table[Any] | None = None,
    names: list[str] | None = None,
) -> bytes:
    """`event_message`, serialised: a game's own event (most are) written straight from its
    dataclass by the compiled encoders (kennel.service.protobytes), the engine's through the
    message (they are few: a game's setup, seats, undo, timers). `names`: `telling.names_of`
    the table, when the caller has them."""
    if type(event) in tables.ENGINE_EVENT_TYPES:  # `tables.is_engine_event`, without its call
        return event_message(live, version, seat, event, table).SerializeToString()
    game = live.game
    if names is None:
        names = telling.names_of(table if table is not None else live.table)
    sentence = telling.sentence(game, event, names).encode()
    _, member_tag, place = _event_member(game)
    fields = [
        protobytes.varint_field(_EVENT_VERSION, version),
        b"" if seat is None else _EVENT_SEAT_TAG + protobytes.varint(seat),
        protobytes.with_length(_EVENT_SENTENCE_TAG, sentence) if sentence else b"",
    ]
    fields.insert(place, protobytes.with_length(member_tag, _event_union(game, event)))  # in field number order
    return b"".join(fields)


def event_message(
    live: LiveGame, version: int, seat: int | None, event: Any, table: tables.Table[Any] | None = None
) -> pb.Event:
    """An event (already redacted) as sent, with its sentence naming the seats as they are now
    (or as they are at `table`, the game after a decision being committed)."""
    sentence = telling.sentence(live.game, event, telling.names_of(table if table is not None else live.table))
    message = pb.Event(version=version, sentence=sentence)
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
    return pb.SeatInfo.FromString(seat_info(seat, name))
