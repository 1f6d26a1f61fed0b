"""A viewer's `View` message, serialised, assembled from its fields' encodings.

Protobuf's encoding of a message is the concatenation of its fields' encodings, in field
number order as protobuf writes them; so a view is written as bytes, part by part, instead of
filled field by field into a message object and serialised (which cost a reflection-driven
setter per field of the game's view). Parts that do not depend on the viewer are made once per
table object and shared by every viewer's view of it (`_TableParts`); a legal command's
encoding once per command value (domain commands are frozen and hashable); the game's own view
by encoders compiled from its proto (kennel.service.protobytes). The bytes are the very bytes
the message built field by field serialises to (tests/service/test_view_bytes.py).

Everything here is bounded and process-wide, never per game: a server keeps thousands of idle
games, and an idle game must not pay for these caches.
"""

from __future__ import annotations

import dataclasses
import weakref
from collections.abc import Mapping
from typing import Any

from kennel import wire
from kennel.domain.core import table as tables
from kennel.domain.core import telling
from kennel.domain.core.kept import keep
from kennel.domain.core.rules import Game, Seat, Viewer
from kennel.domain.registry import wire_name
from kennel.service.live import LiveGame
from kennel.service.protobytes import (
    Encoder,
    encoder,
    length_delimited,
    string_field,
    tag,
    varint,
    varint_field,
    with_length,
)
from kennel.service.timers import deadlines
from kennel.v1 import kennel_pb2 as pb

ENGINE_PREFIX = "kennel."
# Tables whose shared parts are kept, the oldest made dropped first: a seat's view is usually
# asked for a round trip after the command that made its table, and with 64 games in flight
# about 64 other tables are made meanwhile, so this keeps several times that many. An entry
# holds bytes and a weak reference to its table, never the table itself.
MAX_TABLES = 256
MAX_COMMANDS = 2048  # encoded commands kept per game type: more than any game's commands in play at once
RESOLVING = "A move is being resolved."  # the headline between two events of one decision

_STATUS = {
    "waiting": pb.GAME_STATUS_WAITING_FOR_PLAYERS,
    "playing": pb.GAME_STATUS_IN_PROGRESS,
    "finished": pb.GAME_STATUS_FINISHED,
}
_VIEW = pb.View.DESCRIPTOR.fields_by_name
_PROMPT = encoder(pb.Prompt.DESCRIPTOR)
_OUTCOME = encoder(pb.Outcome.DESCRIPTOR)
_SEAT_TAG = tag(_VIEW["seat"].number, 0)
_DEADLINE_TAG = tag(pb.Prompt.DESCRIPTOR.fields_by_name["deadline_unix_ms"].number, 0)
_LABEL = pb.CommandLabel.DESCRIPTOR.fields_by_name
# A legal command's label is written once per command and view: its tags are kept, not made.
_LABEL_TEXT_TAG, _LABEL_GROUP_TAG = tag(_LABEL["text"].number, 2), tag(_LABEL["group"].number, 2)
_LEGAL_LABELS_TAG = tag(_VIEW["legal_labels"].number, 2)
_HEADLINE, _PENDING = _VIEW["headline"].number, _VIEW["pending"].number
_PENDING_TAG = tag(_PENDING, 2)
# Field numbers read once, not per table.
_VERSION, _OUTCOME_NUMBER = _VIEW["version"].number, _VIEW["outcome"].number
_PROMPT_LIMIT = _VIEW["prompt_limit_ms"].number
_RESOLVING = string_field(_HEADLINE, RESOLVING)


def build_view_bytes(
    live: LiveGame,
    viewer: Viewer,
    table: tables.Table[Any] | None = None,
    settled: bool = True,
    due: Mapping[Seat, int] | None = None,
) -> bytes:
    """The viewer's view of the game now, or of `table` (the game at an earlier version;
    `settled` False when that version is inside one decision's events: nobody owes anything;
    or at the next one, with its deadlines `due`: Projections.prepare), serialised."""
    table = table if table is not None else live.table
    if due is None:
        due = deadlines(live) if table is live.table else {}  # no clocks for a view of the past
    game = live.game
    parts = _table_parts(live, table)
    out = [parts.head]
    if viewer is not None:  # `seat` has presence: seat 0 is written too
        out.append(_SEAT_TAG + varint(viewer))
    out.append(parts.seats)
    if settled:
        out.append(parts.pending(table, due))
    labels = b""
    if viewer is not None and settled:
        commands, labels = _commands_and_labels(game, table, viewer, parts.names)
        out.append(commands)
    out.append(_game_view_field(game, game.view(table.state, viewer)))
    out.append(parts.outcome)
    out.append(labels)
    # Between two events of one decision nobody owes anything, so there is no prompt to head with.
    out.append(parts.headline(table, viewer) if settled else _RESOLVING)
    out.append(parts.fork)
    return b"".join(out)


class _GameParts:
    """What every view of one game shares while it does not change: its id and type, its fork
    notice, and its seats (names and their encoding, kept while the table holds the same seats
    object: a table's seats change only when one is filled)."""

    __slots__ = ("header", "head", "fork", "seats", "seats_field", "names")

    def __init__(self, live: LiveGame) -> None:
        self.header = live.ledger.header  # what the game's id, type and parent come from (a reload makes another)
        self.head = string_field(_VIEW["game_id"].number, str(live.id)) + string_field(_VIEW["game_type"].number, live.game.name)
        self.fork = _fork_field(live)
        self.seats: Any = None
        self.seats_field = b""
        self.names: list[str] = []

    def seated(self, table: tables.Table[Any]) -> tuple[bytes, list[str]]:
        """The table's `seats` fields and names."""
        if self.seats is not table.seats:
            self.names = telling.names_of(table)
            self.seats_field = b"".join(
                length_delimited(_VIEW["seats"].number, seat_info(seat, name)) for seat, name in enumerate(table.seats)
            )
            self.seats = table.seats
        return self.seats_field, self.names


_GAMES: dict[int, _GameParts] = {}


def seat_names(live: LiveGame, table: tables.Table[Any]) -> list[str]:
    """`telling.names_of(table)`, kept with the game's parts while its seats stay (read only)."""
    return _game_parts(live).seated(table)[1]


def _game_parts(live: LiveGame) -> _GameParts:
    key = live.id.int  # an int's hash is C; a UUID's is Python
    parts = _GAMES.get(key)
    if parts is None or parts.header is not live.ledger.header:
        parts = _GameParts(live)
        keep(_GAMES, key, parts, MAX_TABLES)
    return parts


class _TableParts:
    """What every viewer's view of one table shares, encoded once."""

    __slots__ = ("game_id", "table", "names", "head", "seats", "outcome", "fork", "_prompts", "_pending", "_shared")

    def __init__(self, live: LiveGame, table: tables.Table[Any]) -> None:
        # Which game and table these are, without keeping either alive: a kept table holds its
        # whole state, and the parts of a game's old tables (or of a game no longer in memory)
        # are only bytes until they are pushed out.
        self.game_id, self.table = live.id.int, weakref.ref(table)
        game = _game_parts(live)
        seats, names = game.seated(table)
        self.names = names
        ended = table.ended
        status = "finished" if ended is not None else ("playing" if table.started else "waiting")
        # fields 1-3; the viewer's seat (4) comes between these and the rest
        self.head = game.head + varint_field(_VERSION, table.version)
        self.seats = _STATUS_FIELDS[status] + seats
        # Made on first use: a table inside a decision has no prompts to ask for, and its
        # state may be half-made (Caninos's was, issue 16), so its prompts are never asked.
        self._prompts: list[tuple[Seat, bytes, bytes]] | None = None
        self._pending: bytes | None = None  # without deadlines
        self._shared: bytes | None = None  # the headline of viewers asked nothing
        outcome = None if ended is None else table.outcome()  # `table.outcome()`, not made for nothing
        self.outcome = b"" if outcome is None else length_delimited(
            _OUTCOME_NUMBER,
            # "seat 1 gathered..." -> "Bob gathered..."
            _OUTCOME(dataclasses.replace(outcome, reason=telling.named(outcome.reason, names))),
        )
        self.outcome += varint_field(_PROMPT_LIMIT, table.prompt_limit_ms)
        self.fork = game.fork

    def headline(self, table: tables.Table[Any], viewer: Viewer) -> bytes:
        """The viewer's `headline` field: its own prompt, or what every viewer asked nothing
        reads alike (made once for them all)."""
        # `telling.own_headline`: the viewer's first prompt, if any (a table not started or
        # ended has none: `Table.pending`), written once per prompt and names (`_prompt_fields`).
        prompts = self._prompts if self._prompts is not None else self._made_prompts(table)
        for seat, _, own in prompts:
            if seat == viewer:
                return own
        if self._shared is None:
            self._shared = string_field(_HEADLINE, telling.shared_headline(table, self.names))
        return self._shared

    def pending(self, table: tables.Table[Any], due: Mapping[Seat, int]) -> bytes:
        """The pending prompts of `table` (these parts' own), each with its deadline if its
        seat has one in `due`."""
        if not due:
            if self._pending is None:
                self._pending = self._prompts_field(table, {})
            return self._pending
        return self._prompts_field(table, due)

    def _made_prompts(self, table: tables.Table[Any]) -> list[tuple[Seat, bytes, bytes]]:
        # Each prompt's fields but its deadline, which depends on the clocks the caller has, and
        # the headline of the seat it asks.
        self._prompts = [(prompt.seat, *_prompt_fields(prompt, self.names)) for prompt in table.pending()]
        return self._prompts

    def _prompts_field(self, table: tables.Table[Any], due: Mapping[Seat, int]) -> bytes:
        prompts = self._prompts if self._prompts is not None else self._made_prompts(table)
        if not due:
            return b"".join([with_length(_PENDING_TAG, fields) for _, fields, _ in prompts])
        return b"".join([
            with_length(_PENDING_TAG, fields + (_DEADLINE_TAG + varint(due[seat]) if seat in due else b""))
            for seat, fields, _ in prompts
        ])


_STATUS_FIELDS = {status: varint_field(_VIEW["status"].number, number) for status, number in _STATUS.items()}
_TABLES: dict[int, _TableParts] = {}
# A prompt's fields, but its deadline, and its seat's `headline` field, by prompt value: with the
# names they were written with. Prompts come back with every state (a turn's prompt is the same
# until the turn ends).
_PROMPTS: dict[Any, tuple[list[str], bytes, bytes]] = {}
MAX_PROMPTS = 1024


def _prompt_fields(prompt: Any, names: list[str]) -> tuple[bytes, bytes]:
    found = _PROMPTS.get(prompt)
    if found is not None and found[0] == names:
        return found[1], found[2]
    label = telling.named(prompt.label, names)  # "seat 1 ..." -> "Bob ..."
    fields = _PROMPT(dataclasses.replace(prompt, label=label))
    own = string_field(_HEADLINE, telling.your_move(label))  # `telling.own_headline`, written once
    if len(_PROMPTS) >= MAX_PROMPTS:
        _PROMPTS.clear()
    _PROMPTS[prompt] = (names, fields, own)
    return fields, own


def _table_parts(live: LiveGame, table: tables.Table[Any]) -> _TableParts:
    parts = _TABLES.get(id(table))
    if parts is None or parts.table() is not table or parts.game_id != live.id.int:
        if len(_TABLES) >= MAX_TABLES:
            del _TABLES[next(iter(_TABLES))]  # the oldest made (dicts keep insertion order)
        parts = _TABLES[id(table)] = _TableParts(live, table)
    return parts


def seat_info(seat: int, name: str | None) -> bytes:
    """A SeatInfo message, serialised: an open seat has no name (presence)."""
    fields = pb.SeatInfo.DESCRIPTOR.fields_by_name
    named = b"" if name is None else length_delimited(fields["name"].number, name.encode())
    return varint_field(fields["seat"].number, seat) + named


def _fork_field(live: LiveGame) -> bytes:
    parent = live.ledger.header.parent
    if parent is None:
        return b""
    # A fork replays a deal its caller knew: every view says so.
    notice = f"A fork of game {parent.game_id} at version {parent.version}: it replays a known deal."
    fields = pb.ForkOrigin.DESCRIPTOR.fields_by_name
    return length_delimited(_VIEW["forked_from"].number, b"".join((
        string_field(fields["game_id"].number, parent.game_id),
        varint_field(fields["version"].number, parent.version),
        string_field(fields["notice"].number, notice),
    )))


def _label_field(label: Any) -> bytes:
    text, group = label.text.encode(), label.group.encode()
    fields = (_LABEL_TEXT_TAG + varint(len(text)) + text if text else b"") + (
        _LABEL_GROUP_TAG + varint(len(group)) + group if group else b""
    )
    return _LEGAL_LABELS_TAG + varint(len(fields)) + fields


_GAME_VIEWS: dict[str, tuple[bytes, Encoder]] = {}
_GAME_TAG = tag(_VIEW["game"].number, 2)


def _game_view_field(game: Game[Any], view: Any) -> bytes:
    """The game's own view, in its member of the `game` oneof (set even when empty)."""
    found = _GAME_VIEWS.get(game.name)
    if found is None:
        member = pb.GameView.DESCRIPTOR.fields_by_name[wire_name(game)]
        found = _GAME_VIEWS[game.name] = (tag(member.number, 2), encoder(member.message_type))
    member_tag, encode = found
    return with_length(_GAME_TAG, with_length(member_tag, encode(view)))


# Per game type, per legal command (by value: domain commands are frozen and hashable): its
# `legal_commands` field, and, for a command whose label depends on the command and the seats'
# names alone (`telling.label_by_command`), its `legal_labels` field with the names it was
# written with. Most of a view's commands are offered again and again (a Hoarders seat's ten
# picks, A Dog's Life's moves), so their labels are written once, not once per view.
_COMMANDS: dict[str, dict[Any, list[Any]]] = {}


def _known_commands(game: Game[Any]) -> dict[Any, list[Any]]:
    known = _COMMANDS.get(game.name)
    if known is None:
        known = _COMMANDS[game.name] = {}
    return known


def _known(known: dict[Any, list[Any]], game: Game[Any], command: Any) -> list[Any]:
    """`command`'s entry: [its field, the names its label was kept with (None: not kept), that label's field]."""
    entry = known.get(command)
    if entry is None:
        if len(known) >= MAX_COMMANDS:
            known.clear()
            _COMMANDS_BY_ID.get(game.name, {}).clear()  # never an entry by identity that is not by value
        message = command_message(game.name, tables.encode_command(game, command))
        entry = known[command] = [length_delimited(_VIEW["legal_commands"].number, message.SerializeToString()), None, b""]
    return entry


def command_field(game: Game[Any], command: Any) -> bytes:
    """A legal command as the view's `legal_commands` field holds it, encoded once per value."""
    encoded: bytes = _known(_known_commands(game), game, command)[0]
    return encoded


# The same entries by the identity of the command objects they were found for (each held beside
# its entry, so its id is never another's): the rules make most commands once per value
# (kennel.domain.core.frozen.one_per_value), and a look-up by id skips the command's hash, a
# Python call per command per view for a dataclass that hashes by its type and fields.
_COMMANDS_BY_ID: dict[str, dict[int, tuple[Any, list[Any]]]] = {}


def _commands_and_labels(game: Game[Any], table: tables.Table[Any], seat: Seat, names: list[str]) -> tuple[bytes, bytes]:
    """The seat's legal commands' fields and their labels' fields, each run in order."""
    known = _known_commands(game)
    by_id = _COMMANDS_BY_ID.get(game.name)
    if by_id is None:
        by_id = _COMMANDS_BY_ID[game.name] = {}
    fields: list[bytes] = []
    labels: list[bytes] = []
    for command in tables.legal_commands(table, seat):
        found = by_id.get(id(command))
        if found is not None and found[0] is command:
            entry = found[1]
        else:
            entry = _known(known, game, command)
            if len(by_id) >= MAX_COMMANDS:
                by_id.clear()  # (the table by value keeps its entries: found by value again)
            by_id[id(command)] = (command, entry)
        fields.append(entry[0])
        if entry[1] == names:  # a list of a few names: compared in C
            labels.append(entry[2])
            continue
        label = _label_field(telling.label(table, seat, command, names))
        if telling.label_by_command(game, command):
            entry[1], entry[2] = names, label
        labels.append(label)
    return b"".join(fields), b"".join(labels)


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
