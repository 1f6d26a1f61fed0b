"""Live games: the in-memory projection of the store that the servicer reads and writes through.

A loaded game is its `Ledger` (table + records) and its desk (seed, credential hashes). Every
accepted command is decided here, stored, then folded into the ledger, so views are read from
state kept up to date as events are appended, never rebuilt per request. A restarted server
rebuilds each game from its records on first use. Commands on one game are serialised by a
per-game lock; a writer elsewhere (another replica) is caught by the store's version check,
and the command is decided again against the new state.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import json
import secrets
import uuid
from collections.abc import AsyncIterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import structlog
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from kennel.domain.core import table as tables
from kennel.domain.core.codec import Json
from kennel.domain.core.rules import Game, RuleViolation, Seat, Viewer
from kennel.domain.registry import GAMES, game_named
from kennel.replay import fork as forking
from kennel.replay import signing
from kennel.replay.ledger import Appending, Ledger
from kennel.replay.logformat import Attempt, Cause, Log
from kennel.service.appender import Appender
from kennel.service.errors import Aborted, IllegalMove, InvalidArgument, NotFound, game_not_found
from kennel.service.storage import (
    ATTEMPT_TOPIC,
    DESK_TOPIC,
    RECORD_TOPIC,
    Append,
    Change,
    Desk,
    GameNotFound,
    GameStore,
    GameSummary,
    VersionConflict,
    attempts_id,
    desk_id,
    fold_summary,
)
from kennel.service.timers import PromptTimers

log = structlog.get_logger(__name__)

MAX_COMMAND_ID = 128
MAX_NAME = 64
CONFLICT_RETRIES = 5


def digest(credential: str) -> str:
    """Credentials are stored and compared only as SHA-256 hashes."""
    return hashlib.sha256(credential.encode("utf-8")).hexdigest()


def new_credential() -> str:
    return secrets.token_urlsafe(32)


SEAT = "seat"  # acts and sees as one seat of one game
SPECTATOR = "spectator"  # sees what is public in one game
AUDITOR = "auditor"  # configured on the server: reads every game, every seat's view; never acts


@dataclass(frozen=True)
class Principal:
    """Who is calling: a seat of the game, a spectator or an auditor (seat None for both)."""

    game_id: str
    role: str  # SEAT | SPECTATOR | AUDITOR
    seat: Seat | None

    @property
    def viewer(self) -> Viewer:
        """Whose view the caller gets unless it asks for another: its seat's, or the public one."""
        return self.seat if self.role == SEAT else None


@dataclass(frozen=True)
class Accepted:
    first_version: int
    last_version: int
    replayed: bool


@dataclass
class LiveGame:
    id: uuid.UUID
    ledger: Ledger
    desk: Desk
    attempts: list[Attempt] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    _appended: asyncio.Event = field(default_factory=asyncio.Event)
    # The newest version heard from the store's listener, by topic (GameHub._heard).
    _heard: dict[str, int] = field(default_factory=lambda: dict.fromkeys((RECORD_TOPIC, DESK_TOPIC, ATTEMPT_TOPIC), 0))

    @property
    def game(self) -> Game[Any]:
        return self.ledger.game

    @property
    def table(self) -> tables.Table[Any]:
        return self.ledger.table

    def log(self) -> Log:
        """The whole log as exported: records, refused attempts, and the checkpoint once signed."""
        return dataclasses.replace(
            self.ledger.log(), attempts=tuple(self.attempts), checkpoint=self.desk.checkpoint
        )

    def principal(self, credential_digest: str) -> Principal | None:
        """The seat or spectator whose credential has this SHA-256 digest, if any."""
        found = self.desk.credentials.get(credential_digest)
        if found is None:
            return None
        role, seat = found
        return Principal(str(self.id), role, seat)

    def notify(self) -> None:
        """Wake every watcher; each then reads what is new after its own cursor."""
        event, self._appended = self._appended, asyncio.Event()
        event.set()

    async def wait_beyond(self, version: int) -> None:
        while self.ledger.version <= version:
            await self._appended.wait()

    def hear(self, change: Change) -> bool:
        """Note an entry the store's listener reported; True if this copy has not folded it yet."""
        if change.topic not in self._heard:
            return False
        self._heard[change.topic] = max(self._heard[change.topic], change.version)
        return self.behind()

    def behind(self) -> bool:
        """Whether the store holds something of this game, as heard, that this copy has not
        folded. A replica hears its own appends too, often before their commit is folded
        here: checked again under the game's lock, those are no longer behind."""
        return (
            self._heard[RECORD_TOPIC] > self.ledger.version
            or self._heard[DESK_TOPIC] > self.desk.version
            or self._heard[ATTEMPT_TOPIC] > len(self.attempts)
        )

    def summary(self) -> GameSummary:
        return GameSummary(
            str(self.id), self.game.name, tuple(self.desk.seats), self.desk.ended,
            timed=bool(self.table.prompt_limit_ms),
        )


class GameHub:
    """Creates, loads, changes and follows games on top of a `GameStore`."""

    def __init__(self, store: GameStore, signing_key: Ed25519PrivateKey, appender: Appender | None = None) -> None:
        self.store = store
        self.signing_key = signing_key
        self.appender = appender or Appender(store)  # group commit of concurrent appends
        self._live: dict[uuid.UUID, LiveGame] = {}
        self._loading: dict[uuid.UUID, asyncio.Future[LiveGame]] = {}
        self._summaries: dict[str, GameSummary] = {}
        # Cross-replica updates (a shared store): which game a stored stream belongs to, games
        # that changed while loading, and games being caught up (True: once more after that).
        self._streams: dict[uuid.UUID, uuid.UUID] = {}
        self._changed_while_loading: set[uuid.UUID] = set()
        self._catching_up: dict[uuid.UUID, bool] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self.timers = PromptTimers(self.expire)

    async def start(self) -> None:
        """Read the index of games (not their records: those load on first use, except running
        games with turn timers, whose clocks must run again)."""
        loop = asyncio.get_running_loop()

        def heard(changes: list[Change]) -> None:  # on the listener's thread
            loop.call_soon_threadsafe(self._heard, changes)

        # Listen first, then read the index: whatever is appended in between is heard.
        await asyncio.to_thread(self.store.listen, heard)
        summaries = await asyncio.to_thread(lambda: list(self.store.summaries()))
        for summary in summaries:
            self._summaries.setdefault(summary.game_id, summary)
        # Running games with turn timers load now: their clocks must run again.
        timed = [s.game_id for s in summaries if s.timed and not s.ended]
        for game_id in timed:
            self.timers.schedule(await self.get(game_id))
        log.info("games_indexed", games=len(self._summaries), timed=len(timed))

    def close(self) -> None:
        self.timers.close()

    # Other replicas ----------------------------------------------------------------------

    def _heard(self, changes: list[Change]) -> None:
        """Appends to the shared store (by any replica, this one too): keep the index of games
        and this replica's live copies of the games current, and wake their watchers."""
        for change in changes:
            if change.topic == DESK_TOPIC:
                fold_summary(self._summaries, json.loads(change.state))
            gid = self._streams.get(change.stream)
            if gid is None:
                continue
            live = self._live.get(gid)
            if live is None:
                if gid in self._loading:
                    self._changed_while_loading.add(gid)
            elif live.hear(change):
                self._catch_up_soon(live)

    def _catch_up_soon(self, live: LiveGame) -> None:
        if live.id in self._catching_up:
            self._catching_up[live.id] = True
            return
        self._catching_up[live.id] = False
        task = asyncio.create_task(self._catch_up(live))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _catch_up(self, live: LiveGame) -> None:
        try:
            while True:
                async with live.lock:
                    if live.behind():  # not if what was heard was this replica's own append
                        await self._refresh(live)
                if not self._catching_up[live.id]:
                    return
                self._catching_up[live.id] = False
        except Exception as error:  # the store is unreachable: the next change or command retries
            log.warning("catch_up_failed", game_id=str(live.id), error=repr(error))
        finally:
            del self._catching_up[live.id]

    async def caught_up(self, live: LiveGame) -> bool:
        """Before refusing a call on what this copy of the game says, fold in what other replicas
        appended (a seat that just joined there, a game that just ended there). False when the
        store is not shared (nothing to fold: the refusal stands). Refusals only: the live copy
        follows the store by itself (`_heard`)."""
        if not self.store.shared:
            return False
        async with live.lock:
            await self._refresh(live)
        return True

    async def principal_on_store(self, live: LiveGame, credential_digest: str) -> Principal | None:
        """A credential this copy does not know may have been issued by another replica just now.

        The desk is read first without the game's lock, so that a stream of bad credentials
        costs one read each and never holds up the game's commands.
        """
        if not self.store.shared:
            return None
        desk = await asyncio.to_thread(self.store.read_desk, live.id)
        if credential_digest not in desk.credentials:
            return None
        await self.caught_up(live)
        return live.principal(credential_digest)

    def _track(self, gid: uuid.UUID) -> None:
        for stream in (gid, desk_id(gid), attempts_id(gid)):
            self._streams[stream] = gid

    def _untrack(self, gid: uuid.UUID) -> None:
        for stream in (gid, desk_id(gid), attempts_id(gid)):
            self._streams.pop(stream, None)
        self._changed_while_loading.discard(gid)

    # Creating and joining ----------------------------------------------------------------

    async def create(
        self,
        game_type: str,
        options: Mapping[str, Json] | None,
        seats: Sequence[str | None],
        prompt_limit_ms: int = 0,
    ) -> tuple[LiveGame, list[tuple[Seat, str, str]], str]:
        """A new game; returns it, (seat, name, credential) per named seat, and a spectator credential."""
        try:
            game = game_named(game_type)
        except RuleViolation as violation:
            raise InvalidArgument(violation.code, violation.message) from None
        names = [_clean_name(name) if name is not None else None for name in seats]
        game_id = uuid.uuid4()
        seed = secrets.token_bytes(32)
        try:
            ledger = Ledger.create(game, str(game_id), options, names, seed, prompt_limit_ms=prompt_limit_ms)
        except RuleViolation as violation:
            raise InvalidArgument(violation.code, violation.message) from None
        return await self._open(game_id, ledger, seed)

    async def fork(self, parent: LiveGame, at_version: int) -> tuple[LiveGame, list[tuple[Seat, str, str]], str]:
        """A new game holding the first `at_version` events of a finished one (kennel.replay.fork)."""
        if parent.table.ended is None:
            raise IllegalMove("kennel/game_running", "Only a finished game can be forked: until then its seed is secret.")
        game_id = uuid.uuid4()
        try:
            ledger = forking.fork(parent.game, parent.ledger.log(), parent.desk.seed, at_version, str(game_id))
        except forking.ForkError as error:
            raise InvalidArgument("kennel/bad_version", str(error)) from None
        return await self._open(game_id, ledger, parent.desk.seed)

    async def _open(
        self, game_id: uuid.UUID, ledger: Ledger, seed: bytes
    ) -> tuple[LiveGame, list[tuple[Seat, str, str]], str]:
        """Store a new game's opening records with its desk: seed and credential hashes."""
        names = ledger.table.seats
        credentials = [(seat, name, new_credential()) for seat, name in enumerate(names) if name is not None]
        spectator = new_credential()
        limit = ledger.table.prompt_limit_ms
        entries: list[dict[str, Any]] = [
            {"kind": "created", "game_id": str(game_id), "header": ledger.header.to_json(), "seed": seed.hex(),
             **({"prompt_limit_ms": limit} if limit else {})},
            *({"kind": "seat_filled", "game_id": str(game_id), "seat": seat, "name": name}
              for seat, name in enumerate(names) if name is not None and ledger.header.seats[seat] is None),
            *({"kind": "credential", "game_id": str(game_id), "role": SEAT, "seat": seat, "digest": digest(c)}
              for seat, _, c in credentials),
            {"kind": "credential", "game_id": str(game_id), "role": SPECTATOR, "seat": None, "digest": digest(spectator)},
            *self.timers.opening_entries(game_id, ledger.table),
        ]
        await self.appender.append(Append(game_id, ledger.records, 0, entries))
        desk = Desk(header=ledger.header, seed=seed)
        for entry in entries:
            desk.fold(entry)
        live = LiveGame(id=game_id, ledger=ledger, desk=desk)
        self._live[game_id] = live
        self._track(game_id)
        self._summaries[str(game_id)] = GameSummary(str(game_id), ledger.game.name, tuple(names), False, bool(limit))
        self.timers.schedule(live)
        log.info("game_created", game_id=str(game_id), game=ledger.game.name, seats=len(names),
                 parent=ledger.header.parent.game_id if ledger.header.parent else None)
        return live, credentials, spectator

    def count_open(self) -> int:
        """Games kept live in memory that are not over yet."""
        return sum(1 for live in list(self._live.values()) if live.table.ended is None)

    def open_games(self, game_type: str = "") -> list[GameSummary]:
        return [
            s for s in self._summaries.values()
            if not s.ended and None in s.seats and (not game_type or s.game == game_type)
        ]

    async def join(self, game_id: str, name: str, seat: Seat | None) -> tuple[Seat, str]:
        live = await self.get(game_id)
        clean = _clean_name(name)
        credential = new_credential()

        def prepare() -> tuple[Appending, list[dict[str, Any]]]:
            appending = live.ledger.fill_seat(seat, clean, command_id=f"join-{uuid.uuid4()}")
            filled = appending.events[0]
            return appending, [
                {"kind": "seat_filled", "game_id": game_id, "seat": filled.seat, "name": filled.name},
                {"kind": "credential", "game_id": game_id, "role": SEAT, "seat": filled.seat,
                 "digest": digest(credential)},
            ]

        appending, _ = await self._append(live, prepare)
        filled = appending.events[0]
        self._summaries[game_id] = live.summary()
        log.info("seat_filled", game_id=game_id, seat=filled.seat)
        return filled.seat, credential

    # Playing -----------------------------------------------------------------------------

    async def submit(self, live: LiveGame, seat: Seat, command_id: str, command: Any) -> Accepted:
        """Decide and append a seat's command (idempotent on `command_id`)."""
        if not command_id or len(command_id) > MAX_COMMAND_ID:
            raise InvalidArgument("kennel/bad_command_id", f"A command id is 1 to {MAX_COMMAND_ID} characters.")
        previous = self._previous(live, seat, command_id, command)
        if previous is not None:
            return previous

        def prepare() -> tuple[Appending, list[dict[str, Any]]]:
            appending = live.ledger.play(seat, command, command_id, live.desk.seed)
            return appending, self._closing_entries(live, appending)

        try:
            appending, replayed = await self._append(live, prepare, seat=seat, command_id=command_id, command=command)
        except RuleViolation as violation:
            if live.table.ended is None:
                await self._keep_attempt(live, seat, command_id, command, violation)
            raise IllegalMove.from_violation(violation) from None
        if replayed is not None:
            return replayed
        self._note_end(live)
        return Accepted(appending.records[0].version, appending.records[-1].version, replayed=False)

    async def expire(self, live: LiveGame, seat: Seat, version: int) -> None:
        """Run out `seat`'s prompt, which the timers found overdue at `version`: the server's
        own cause, decided and appended like a command (kennel.service.timers)."""

        def prepare() -> tuple[Appending, list[dict[str, Any]]]:
            if live.ledger.version != version:
                raise _MovedOn()
            appending = live.ledger.expire(seat, f"expire-{version}-{seat}", live.desk.seed)
            return appending, self._closing_entries(live, appending)

        try:
            await self._append(live, prepare)
        except _MovedOn:
            return  # another decision (here or on another replica) came first; its clocks rule
        log.info("prompt_expired", game_id=str(live.id), seat=seat, version=version)
        self._note_end(live)

    def _closing_entries(self, live: LiveGame, appending: Appending) -> list[dict[str, Any]]:
        """When the decision ends the game: sign its head (and its attempts) in the same transaction."""
        if not any(isinstance(event, tables.GameEnded) for event in appending.events):
            return []
        log = dataclasses.replace(live.log(), records=(*live.ledger.records, *appending.records))
        checkpoint = signing.sign(log, self.signing_key)
        return [
            {"kind": "ended", "game_id": str(live.id)},
            {"kind": "checkpoint", "game_id": str(live.id), **checkpoint.to_json()},
        ]

    def _note_end(self, live: LiveGame) -> None:
        if live.table.ended is not None:
            self._summaries[str(live.id)] = live.summary()

    def _previous(self, live: LiveGame, seat: Seat, command_id: str, command: Any) -> Accepted | None:
        found = live.ledger.previous_result(seat, command_id)
        if found is None:
            return None
        first, last = found
        recorded = live.ledger.records[first - 1].cause
        encoded = tables.encode_command(live.game, command)
        if (recorded.type, recorded.data) != (encoded["type"], encoded["data"]):
            raise InvalidArgument(
                "kennel/command_id_reused", "This command id was already used for a different command."
            )
        return Accepted(first, last, replayed=True)

    async def _append(
        self,
        live: LiveGame,
        prepare: Any,
        seat: Seat | None = None,
        command_id: str | None = None,
        command: Any = None,
    ) -> tuple[Appending, Accepted | None]:
        """Decide under the game's lock, store, fold; on a lost race catch up and decide again.

        A command that no longer applies once another writer's events are folded in is refused
        with ABORTED (it lost a race). With a shared store, a command refused by the rules is
        decided again if this copy of the game turns out to be behind the store.
        """
        async with live.lock:
            overtaken = False
            for _ in range(CONFLICT_RETRIES):
                if command_id is not None and seat is not None:
                    replayed = self._previous(live, seat, command_id, command)
                    if replayed is not None:
                        return _no_append(live), replayed
                try:
                    appending, entries = prepare()
                except RuleViolation as violation:
                    if self.store.shared and await self._refresh(live):
                        continue
                    if overtaken:
                        raise Aborted(
                            "kennel/overtaken",
                            f"Another command changed the game first and this one no longer applies: "
                            f"{violation.message}",
                        ) from None
                    raise
                entries = [*entries, *self.timers.entries(live, appending)]
                try:
                    await self.appender.append(Append(live.id, appending.records, live.desk.version, entries))
                except VersionConflict:
                    log.info("version_conflict", game_id=str(live.id), version=live.ledger.version)
                    await self._refresh(live)
                    overtaken = True
                    continue
                live.ledger.commit(appending)
                for entry in entries:
                    live.desk.fold(entry)
                live.notify()
                self.timers.schedule(live)
                return appending, None
        raise Aborted("kennel/conflict", "Other commands kept changing the game; send it again.")

    async def _keep_attempt(
        self, live: LiveGame, seat: Seat, command_id: str, command: Any, violation: RuleViolation
    ) -> None:
        """Keep a refused command with its reason, so the refusal can be checked later."""
        encoded = tables.encode_command(live.game, command)
        async with live.lock:
            for _ in range(CONFLICT_RETRIES):
                attempt = Attempt(
                    after_version=live.ledger.version,
                    cause=Cause(seat=seat, command_id=command_id, type=encoded["type"], data=encoded["data"]),
                    code=violation.code,
                    message=violation.message,
                )
                try:
                    await asyncio.to_thread(self.store.append_attempt, live.id, len(live.attempts) + 1, attempt)
                except VersionConflict:
                    await self._refresh(live)
                    continue
                live.attempts.append(attempt)
                return
        raise Aborted("kennel/conflict", "Other commands kept changing the game; send it again.")

    async def _refresh(self, live: LiveGame) -> bool:
        """Fold in what the store holds beyond this copy (call under the game's lock); True if
        anything was new. Records are folded onto the ledger; desk and attempts are re-read."""
        gid = live.id
        records, desk, attempts = await asyncio.to_thread(
            lambda: (self.store.read_records(gid, after=live.ledger.version), self.store.read_desk(gid),
                     self.store.read_attempts(gid))
        )
        changed = bool(records) or desk.version != live.desk.version or len(attempts) != len(live.attempts)
        if records:
            events = [tables.decode_event(live.game, record.event) for record in records]
            table = live.table
            for event in events:
                table = tables.evolve(table, event)
            live.ledger.commit(
                Appending(base_version=live.ledger.version, records=records, events=events, table=table)
            )
        live.desk, live.attempts = desk, attempts
        if changed:
            self._summaries[str(gid)] = live.summary()
            live.notify()
            self.timers.schedule(live)
        return changed

    # Loading -----------------------------------------------------------------------------

    async def get(self, game_id: str) -> LiveGame:
        try:
            gid = uuid.UUID(game_id)
        except ValueError:
            raise game_not_found(game_id) from None
        live = self._live.get(gid)
        if live is not None:
            return live
        pending = self._loading.get(gid)
        if pending is None:
            pending = asyncio.get_running_loop().create_future()
            self._loading[gid] = pending
            self._track(gid)
            try:
                live = await asyncio.to_thread(self._read, gid)
            except BaseException as error:
                self._untrack(gid)  # no such game, say: hold nothing for it
                pending.set_exception(error)
                pending.exception()  # retrieved here, so a lone loader leaves no warning behind
                raise
            finally:
                del self._loading[gid]
            self._live[gid] = live
            if gid in self._changed_while_loading:  # another replica appended as it was read
                self._changed_while_loading.discard(gid)
                self._catch_up_soon(live)
            pending.set_result(live)
            return live
        return await pending

    def _read(self, gid: uuid.UUID) -> LiveGame:
        try:
            desk = self.store.read_desk(gid)
        except GameNotFound:
            raise game_not_found(str(gid)) from None
        game = GAMES.get(desk.header.game)
        if game is None:
            raise NotFound("kennel/game_type_gone", f"This server no longer hosts {desk.header.game!r}.")
        ledger = Ledger.from_records(game, desk.header, self.store.read_records(gid))
        return LiveGame(id=gid, ledger=ledger, desk=desk, attempts=self.store.read_attempts(gid))

    # Following ---------------------------------------------------------------------------

    async def follow(self, live: LiveGame, after_version: int) -> AsyncIterator[tuple[int, int]]:
        """Yield (first, last) version ranges as events appear after `after_version`."""
        cursor = max(0, after_version)
        while True:
            if live.ledger.version > cursor:
                first, cursor = cursor + 1, live.ledger.version
                yield first, cursor
                if live.table.ended is not None and cursor == live.ledger.version:
                    return
            elif live.table.ended is not None:
                return
            else:
                await live.wait_beyond(cursor)


class _MovedOn(Exception):
    """The game changed between a prompt's expiry being found and being decided."""


def _no_append(live: LiveGame) -> Appending:
    return Appending(base_version=live.ledger.version, records=[], events=[], table=live.table)


def _clean_name(name: str) -> str:
    clean = " ".join(name.split())
    if not clean or len(clean) > MAX_NAME:
        raise InvalidArgument("kennel/bad_name", f"A player's name is 1 to {MAX_NAME} characters.")
    return clean
