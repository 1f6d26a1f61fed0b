"""A game and its log kept together in memory: the one place records are made.

The service wraps a `Ledger` with persistence; `kennel simulate` and the tests use it bare.
Both therefore write the same records, and a log is verified against the same code that
wrote it only through the rules, never through this class (see `kennel.replay.verify`).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from kennel.domain.core import lobby
from kennel.domain.core import seating as seatings
from kennel.domain.core import table as tables
from kennel.domain.core.codec import Json, TypeRegistry, to_json
from kennel.domain.core.frozen import short_lived
from kennel.domain.core.rules import Game, Seat
from kennel.replay.bulk import without_cycle_collection
from kennel.replay.causes import CloseLobby, CreateGame, ExpirePrompt, FillSeat
from kennel.replay.jsonbytes import canonical_json_of_encoded
from kennel.replay.logformat import (
    CLOSE_LOBBY,
    CREATE_GAME,
    EXPIRE_PROMPT,
    FILL_SEAT,
    Cause,
    Header,
    Log,
    Parent,
    Record,
    chain,
)


@dataclass
class Ledger:
    """A live game: its table (state) and its hash-chained records."""

    game: Game[Any]
    header: Header
    table: tables.Table[Any]
    records: list[Record] = field(default_factory=list)
    events: list[Any] = field(default_factory=list)  # decoded, parallel to `records`
    accepted: dict[tuple[int | None, str], tuple[int, int]] = field(default_factory=dict)

    @classmethod
    def create(
        cls,
        game: Game[Any],
        game_id: str,
        options: Mapping[str, Json] | None,
        seats: Sequence[str | None],
        seed: bytes,
        command_id: str = "create",
        parent: Parent | None = None,
        prompt_limit_ms: int = 0,
        seating: Mapping[str, Json] | None = None,
    ) -> Ledger:
        events = tables.create(game, options, seats, seed, prompt_limit_ms, seating)
        created = events[0]
        header = Header(
            game_id=game_id,
            game=game.name,
            rules_version=game.rules_version,
            options=created.options,
            seats=tuple(seats),
            seed_commitment=created.seed_commitment,
            parent=parent,
        )
        ledger = cls(game=game, header=header, table=tables.open_table(game, created))
        cause = Cause(
            seat=None,
            command_id=command_id,
            type=CREATE_GAME,
            data=CreateGame(
                game=game.name,
                options=created.options,
                seats=tuple(seats),
                prompt_limit_ms=prompt_limit_ms,
                seating=seatings.encode(next((e for e in events if isinstance(e, seatings.SeatingSet)), None)),
            ).to_json(),
        )
        ledger.commit(ledger._prepare(cause, events, fold_first=False))
        return ledger

    @classmethod
    @without_cycle_collection
    def from_records(cls, game: Game[Any], header: Header, records: Sequence[Record]) -> Ledger:
        """Rebuild a ledger from stored records (trusting them: use `verify` to check)."""
        events = decoded_events(game, records)
        ledger = cls(game=game, header=header, table=tables.fold(game, events))
        ledger.records = list(records)
        ledger.events = events
        _remember(ledger.accepted, records)
        return ledger

    @property
    def version(self) -> int:
        return len(self.records)

    @property
    def last_hash(self) -> str:
        return self.records[-1].hash if self.records else self.header.genesis_hash()

    def log(self) -> Log:
        return Log(header=self.header, records=tuple(self.records))

    def previous_result(self, seat: Seat | None, command_id: str) -> tuple[int, int] | None:
        """The versions a command id already appended, for idempotent retries."""
        return self.accepted.get((seat, command_id))

    def fill_seat(self, seat: Seat | None, name: str, command_id: str, seed: bytes) -> Appending:
        """Prepare taking an open seat (the last one also deals); `commit` it once it is stored."""
        events = lobby.fill_seat(self.table, seat, name, seed=seed)
        cause = Cause(seat=None, command_id=command_id, type=FILL_SEAT, data=to_json(FillSeat(seat=seat, name=name)))
        return self._prepare(cause, events)

    def play(self, seat: Seat, command: Any, command_id: str, seed: bytes) -> Appending:
        """Prepare a seat's command; raises RuleViolation, changing nothing, when it is illegal.

        Nothing changes until `commit`, so a caller can store the records first and drop them
        if the store refuses (another writer got there first).
        """
        decision = tables.play_folded(self.table, seat, command, seed)
        encoded = tables.encode_command(self.game, command)
        # `Cause(seat=seat, command_id=command_id, ...)` by position: a sixth fewer instructions,
        # on the server's path once per command.
        cause = Cause(seat, command_id, encoded["type"], encoded["data"])
        return self._prepare(cause, decision.events, True, decision.table)

    def expire(self, seat: Seat, command_id: str, seed: bytes) -> Appending:
        """Prepare the events of `seat`'s prompt running out of time (the server's own cause,
        `kennel.ExpirePrompt`); raises RuleViolation when the seat owes nothing now."""
        events = tables.expire(self.table, seat, seed)
        cause = Cause(seat=None, command_id=command_id, type=EXPIRE_PROMPT, data=to_json(ExpirePrompt(seat=seat)))
        return self._prepare(cause, events)

    def close_lobby(self, command_id: str, seed: bytes) -> Appending:
        """Prepare closing a game whose open seats were not filled in time (the server's cause,
        `kennel.CloseLobby`); raises RuleViolation once every seat is filled."""
        events = lobby.close_lobby(self.table, seed)
        cause = Cause(seat=None, command_id=command_id, type=CLOSE_LOBBY, data=to_json(CloseLobby()))
        return self._prepare(cause, events)

    def commit(self, appending: Appending) -> None:
        records = self.records
        if appending.base_version != len(records):  # `self.version`
            raise ValueError("the ledger moved on since this append was prepared")
        self.table = appending.table
        appended = appending.records
        records.extend(appended)
        self.events.extend(appending.events)
        if not appended:
            return
        # `_remember(self.accepted, appended)`, once for all when every record has the one cause
        # (`chain` gives a decision's records the same object; records read back from a store
        # each have their own, and go the plain way): the first version and the last.
        cause = appended[0].cause
        if cause is appended[-1].cause and (len(appended) < 3 or all(r.cause is cause for r in appended)):
            key = (cause.seat, cause.command_id)
            seen = self.accepted.get(key)
            self.accepted[key] = (appended[0].version if seen is None else seen[0], appended[-1].version)
        else:
            _remember(self.accepted, appended)

    def _prepare(
        self,
        cause: Cause,
        events: Sequence[Any],
        fold_first: bool = True,
        folded: tables.Table[Any] | None = None,  # the table after `events`, when known already
    ) -> Appending:
        version = len(self.records)  # `self.version`, and below `self.last_hash`
        last = self.records[-1].hash if version else self.header.genesis_hash()
        # The cause's data and the events are `to_json`'s: canonical as orjson writes them.
        encoded = tables.encode_events(self.game, events)
        records = chain(last, version + 1, cause, encoded, canonical_json_of_encoded)
        table = self.table
        if folded is not None:
            table = folded
        else:
            for index, event in enumerate(events):
                if index or fold_first:
                    table = tables.evolve(table, event)
        # A list of events is kept as it is (the rules make one per decision, and nothing changes
        # it after: the ledger and the server only read it); anything else is copied into one.
        kept = events if type(events) is list else list(events)
        return Appending(version, records, kept, table)


def _remember(accepted: dict[tuple[int | None, str], tuple[int, int]], records: Sequence[Record]) -> None:
    """Note the versions each record's command id appended (`Ledger.previous_result`): the first
    and the last."""
    for record in records:
        cause = record.cause
        key = (cause.seat, cause.command_id)
        seen = accepted.get(key)
        accepted[key] = (record.version if seen is None else seen[0], record.version)


def decoded_events(game: Game[Any], records: Sequence[Record]) -> list[Any]:
    """`tables.decode_event(game, record.event)` of each record: with the decoder of each event
    name looked up once per game, not through `decode_event`'s checks and the registry's for
    every event (a fifth of loading a game). A name is remembered only once `decode_event` has
    decoded an event of that name, so anything else goes through it and fails as it did."""
    known = _EVENT_DECODERS.get(game.events)
    if known is None:
        known = _EVENT_DECODERS[game.events] = {}
    events: list[Any] = []
    append = events.append
    for record in records:
        event = record.event
        name = event.get("type") if event.__class__ is dict and len(event) == 2 else None
        decode = known.get(name) if name.__class__ is str else None
        if decode is not None and "data" in event:
            append(decode(event["data"]))
            continue
        append(tables.decode_event(game, event))
        if name.__class__ is str:
            registry = tables.ENGINE_EVENTS if name.startswith("kennel.") else game.events
            known[name] = registry.data_decoder(name)
    return events


# Per game (by its event registry): each event name's decoder, the engine's and the game's.
_EVENT_DECODERS: weakref.WeakKeyDictionary[TypeRegistry[Any], dict[str, Callable[[Json], Any]]] = (
    weakref.WeakKeyDictionary()
)


@short_lived  # one per decision, dropped once it is committed
@dataclass(frozen=True)
class Appending:
    """Records prepared for one decision, not yet part of the ledger."""

    base_version: int
    records: list[Record]
    events: list[Any]
    table: tables.Table[Any]
