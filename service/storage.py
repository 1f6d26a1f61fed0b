"""Where games are kept: an `eventsourcing` application used as an append-only record store.

Each game is one stream of log records (kennel.replay.logformat), stored byte for byte as exported,
under the stable topic `kennel/record/v1` and never under a Python class path. A second
stream per game, its "desk", holds what must never be exported while the game runs: the seed
and the hashes of the credentials, plus the small index entries that let a restarted server
list games without reading every record. Both streams of a decision are written in one
transaction, and the store's unique (stream, version) key is the optimistic concurrency check:
two writers appending at one version cannot both succeed.
"""

from __future__ import annotations

import dataclasses
import json
import os
import uuid
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import structlog
from eventsourcing.application import Application
from eventsourcing.persistence import IntegrityError, StoredEvent
from eventsourcing.sqlite import SQLiteConnection, SQLiteConnectionPool, SQLiteFactory
from kennel.replay.logformat import Attempt, Checkpoint, Header, Log, Record, canonical_json
from kennel.service.inflight import InFlight
from kennel.service.sqlite_writer import PAGE_CACHE_KIB, SYNCHRONOUS_FULL, Row, RowTaken, SQLiteWriter

RECORD_TOPIC = "kennel/record/v1"
DESK_TOPIC = "kennel/desk/v1"
ATTEMPT_TOPIC = "kennel/attempt/v1"
_DESK_NAMESPACE = uuid.UUID("5b0e3c58-4e43-4c8e-9a57-6f2f1f0d3a11")
_ATTEMPTS_NAMESPACE = uuid.UUID("0c3f3a8e-2b7d-4f1e-9a0b-8f6d2c4e5a17")
DEFAULT_DATA_DIR = "data"
DB_FILE = "kennel.sqlite3"
TURNS_SUFFIX = "-turns"  # the lock file the workers on one SQLite file take turns through (SQLiteWriter)

log = structlog.get_logger(__name__)


class GameNotFound(LookupError):
    """No game has this id."""


class VersionConflict(Exception):
    """Another writer appended to the game first; reload and decide again."""


def desk_id(game_id: uuid.UUID) -> uuid.UUID:
    return uuid.uuid5(_DESK_NAMESPACE, str(game_id))


def attempts_id(game_id: uuid.UUID) -> uuid.UUID:
    return uuid.uuid5(_ATTEMPTS_NAMESPACE, str(game_id))


@dataclass
class Desk:
    """The server's private bookkeeping for one game (never part of its exported log)."""

    header: Header
    seed: bytes
    credentials: dict[str, tuple[str, int | None]] = field(default_factory=dict)  # digest -> (role, seat)
    seats: list[str | None] = field(default_factory=list)
    ended: bool = False
    checkpoint: Checkpoint | None = None
    clocks: dict[int, int] = field(default_factory=dict)  # seat -> when its prompt opened (kennel.service.timers)
    opened_ms: int = 0  # when it was created with open seats (Unix ms; kennel.service.lobby closes it later)
    version: int = 0  # of the desk stream

    def fold(self, entry: dict[str, Any]) -> None:
        kind = entry["kind"]
        if kind == "created":
            self.seats = list(self.header.seats)
            self.opened_ms = int(entry.get("opened_ms", 0))
        elif kind == "credential":
            self.credentials[entry["digest"]] = (entry["role"], entry["seat"])
        elif kind == "seat_filled":
            self.seats[entry["seat"]] = entry["name"]
        elif kind == "ended":
            self.ended = True
        elif kind == "checkpoint":
            self.checkpoint = Checkpoint.from_json({"checkpoint": entry["checkpoint"]})
        elif kind == "clocks":
            self.clocks = {seat: opened for seat, opened in entry["opened"]}
        self.version += 1


@dataclass(frozen=True)
class Change:
    """One stored entry another process (or this one) appended, as a store's listener sees it."""

    stream: uuid.UUID  # a game id, or a game's desk_id / attempts_id
    version: int
    topic: str  # RECORD_TOPIC, DESK_TOPIC or ATTEMPT_TOPIC
    # A desk entry's state (the hub folds it into its index of games); empty for a record or an
    # attempt, whose change only says which stream moved and to which version (the hub reads the
    # game itself when it catches up). Every process reads every entry every process writes:
    # records' states would be copied to each of them for nothing.
    state: bytes


@dataclass(frozen=True)
class Append:
    """One decision's writes to one game: its records and its desk entries (GameStore.append)."""

    game_id: uuid.UUID
    records: Sequence[Record]
    desk_version: int
    desk_entries: Sequence[dict[str, Any]] = ()


@dataclass(frozen=True)
class GameSummary:
    """What the index says of a game: enough to list open games after a restart."""

    game_id: str
    game: str
    seats: tuple[str | None, ...]
    ended: bool
    timed: bool = False  # its prompts have a time limit (kennel.service.timers restarts their clocks)
    fork: bool = False  # a fork replays a known deal: never listed as open (kennel.service.lobby)
    opened_ms: int = 0  # when a game with open seats was created (Unix ms): its lobby closes a while later


class DurableSQLiteFactory(SQLiteFactory):
    """eventsourcing's SQLite persistence, with every connection in `synchronous=FULL`.

    The library switches a database file to WAL and leaves `synchronous` at SQLite's compiled
    default, which is FULL on the builds we use (docs/reliability.md, "Durability"). We set it
    ourselves rather than rely on that: in WAL mode FULL syncs the log at every commit, so an
    append the server has acknowledged survives a power cut, not only a killed process (NORMAL
    would keep it through a crash of the process but may lose the last commits to a power cut).
    """

    def __init__(self, env: Any) -> None:
        super().__init__(env)
        library_pool = self.datastore.pool
        if not library_pool.is_sqlite_memory_mode:
            self.datastore.pool = _DurablePool(db_name=library_pool.db_name, lock_timeout=library_pool.lock_timeout)
            library_pool.close()  # it opened no connection yet: they are made on first use


class _DurablePool(SQLiteConnectionPool):
    def _create_connection(self) -> SQLiteConnection:
        connection = super()._create_connection()
        cursor = connection.cursor()
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA synchronous")
        level = cursor.fetchone()[0]
        if level != SYNCHRONOUS_FULL:
            raise OSError(f"SQLite refused synchronous=FULL (it reports {level})")
        cursor.execute(f"PRAGMA cache_size=-{PAGE_CACHE_KIB}")
        return connection


class KennelStore(Application[uuid.UUID]):
    """The eventsourcing application. Its name is pinned: it prefixes settings and tables."""

    name = "Kennel"


Entry = tuple[uuid.UUID, int, str, bytes]  # stream, version, topic, stored bytes: a StoredEvent's fields


def _as_is(stream: uuid.UUID) -> uuid.UUID:
    return stream


def _hex(stream: uuid.UUID) -> str:
    return stream.hex


def _entries(appends: Sequence[Append], stream_of: Callable[[uuid.UUID], Any] = _as_is) -> list[Any]:
    """Each game's records, then its desk entries: stream, version, topic and stored bytes, each
    stream as `stream_of` gives it (the library's UUID, an `Entry`; or the hex that SQLite's own
    writer inserts, a `Row`), asked once per append. One pass, into a list: for an alone append
    this runs on the loop, before its commit, on a command's path (kennel.service.appender)."""
    made: list[Any] = []
    for append in appends:
        game = stream_of(append.game_id)
        made += [(game, record.version, RECORD_TOPIC, record.to_bytes()) for record in append.records]
        if append.desk_entries:
            desk, first = stream_of(desk_id(append.game_id)), append.desk_version + 1
            made += [(desk, first + i, DESK_TOPIC, canonical_json(entry)) for i, entry in enumerate(append.desk_entries)]
    return made


def _rows(appends: Sequence[Append]) -> list[Row]:
    """`_entries` as the rows SQLite's writer inserts: stream ids as hex."""
    return _entries(appends, _hex)


def stored_events(appends: Sequence[Append]) -> list[StoredEvent]:
    """What the library stores for these appends: each game's records, then its desk entries."""
    return [StoredEvent(*entry) for entry in _entries(appends)]


class GameStore:
    """Append and read game records and desk entries (the one storage interface)."""

    # Whether other processes may write to this store too (PostgreSQL replicas): a live copy of
    # a game may then be behind the store, and `listen` reports what the others append.
    shared = False
    _writer: SQLiteWriter | None = None  # a SQLite file's own write connection (GameStore.sqlite)

    def __init__(self, env: dict[str, str], location: str, shared: bool = False) -> None:
        self.location = location
        if shared:  # else the class says (PostgreSQL's stores are always shared)
            self.shared = True
        self._poller: Any = None  # SQLite shared by several processes: what follows the others
        self._app = KennelStore(env=env)
        self._recorder = self._app.recorder
        self.in_flight = InFlight()  # calls running on other threads; `close` waits for them

    def listen(self, on_changes: Callable[[list[Change]], None]) -> None:
        """Call `on_changes` (from another thread) with every entry appended from now on, in
        batches, in the order each shard stored them.

        SQLite serving one process, whose own appends its hub already knows, reports nothing;
        opened as shared (the workers of `kennel serve --workers N` on one file), it polls the
        file for what the other processes append (kennel.service.sqlite_listener).
        """
        if self.shared and self._poller is None and self.location.endswith(DB_FILE):
            from kennel.service.sqlite_listener import SQLitePoller

            self._poller = SQLitePoller(Path(self.location), on_changes)
            self._poller.start()

    @classmethod
    def sqlite(cls, data_dir: str | os.PathLike[str], shared: bool = False) -> GameStore:
        path = Path(data_dir).resolve()
        private_folder(path)
        db = path / DB_FILE
        # The store holds the seeds of running games: readable by its owner only. SQLite makes
        # its -wal and -shm files with the database file's mode, so setting that one suffices;
        # files made by an older version are narrowed here too.
        db.touch(mode=0o600)
        for made in (db, db.with_name(DB_FILE + "-wal"), db.with_name(DB_FILE + "-shm")):
            if made.exists():
                made.chmod(0o600)
        env = {
            "PERSISTENCE_MODULE": f"{__name__}:{DurableSQLiteFactory.__qualname__}",
            "SQLITE_DBNAME": str(db),
            "SQLITE_LOCK_TIMEOUT": "10",
        }
        store = cls(env, location=str(db), shared=shared)
        # After the library made the tables and switched the file to WAL (its first connection).
        turns = db.with_name(DB_FILE + TURNS_SUFFIX) if shared else None  # see SQLiteWriter
        store._writer = SQLiteWriter(
            db, store._recorder.insert_events_statement, float(env["SQLITE_LOCK_TIMEOUT"]), turns
        )
        return store

    @property
    def writes_inline(self) -> bool:
        """Whether an append may be written on the event loop (kennel.service.appender): only
        for a SQLite file this process alone writes, whose commit waits for the disk and for
        nothing else (with other processes on the file it may wait for their lock)."""
        return self._writer is not None and not self.shared and not self._writer.busy

    def close(self) -> None:
        if getattr(self, "_poller", None) is not None:
            self._poller.stop()
        if self.in_flight.settle():
            if self._writer is not None:
                self._writer.close()
            self._app.close()
        else:  # left open for the process's exit: closing it under a running call would crash
            log.warning("store_left_open", location=self.location, reason="a call did not end in time")

    def pragmas(self) -> dict[str, Any]:
        """journal_mode and synchronous as the connection the store writes with reports them."""
        if self._writer is not None:
            with self.in_flight.call():
                return {"journal_mode": self._writer.pragma("journal_mode"),
                        "synchronous": self._writer.pragma("synchronous")}
        datastore = self._recorder.datastore  # type: ignore[attr-defined]
        with self.in_flight.call(), datastore.transaction(commit=True) as cursor:
            cursor.execute("PRAGMA journal_mode")
            journal_mode = cursor.fetchone()[0]
            cursor.execute("PRAGMA synchronous")
            synchronous = cursor.fetchone()[0]
        return {"journal_mode": journal_mode, "synchronous": synchronous}

    # Writing -----------------------------------------------------------------------------

    def append(
        self,
        game_id: uuid.UUID,
        records: Sequence[Record],
        desk_version: int,
        desk_entries: Sequence[dict[str, Any]] = (),
    ) -> None:
        """Append records (whose versions say where they go) and desk entries atomically.

        Raises VersionConflict when any of those versions is already taken.
        """
        self.append_many([Append(game_id, records, desk_version, desk_entries)])

    def append_many(self, appends: Sequence[Append], before_commit: Callable[[], None] | None = None) -> None:
        """Several games' appends in one transaction (group commit, kennel.service.appender): all or none.

        Raises VersionConflict when any version is taken; the caller finds which one by
        appending them one at a time. `before_commit`: see SQLiteWriter.insert (only for a
        store that `writes_inline`; others call it before they write).
        """
        try:
            with self.in_flight.call():
                self._insert(_entries(appends, self._stream_of()), before_commit)
        except (IntegrityError, RowTaken) as error:
            raise VersionConflict(", ".join(str(a.game_id) for a in appends)) from error

    def append_attempt(self, game_id: uuid.UUID, number: int, attempt: Attempt) -> None:
        """Keep a refused command (the game's `number`th); VersionConflict if that number is taken."""
        stored = (self._stream_of()(attempts_id(game_id)), number, ATTEMPT_TOPIC, canonical_json(attempt.to_json()))
        try:
            with self.in_flight.call():
                self._insert([stored])
        except (IntegrityError, RowTaken) as error:
            raise VersionConflict(str(game_id)) from error

    def _stream_of(self) -> Callable[[uuid.UUID], Any]:
        """How `_insert` wants a stream id: as the library's UUID, or as the hex its rows hold."""
        return _as_is if self._writer is None else _hex

    def _insert(self, stored: Sequence[Any], before_commit: Callable[[], None] | None = None) -> None:
        """Write `stored` in one transaction: the library's entries (`Entry`) where the store has
        no writer of its own, else the rows the library would insert (`Row`: stream ids as hex,
        kennel.service.sqlite_writer), made by the caller without its event objects."""
        if self._writer is None:
            if before_commit is not None:
                before_commit()
            self._recorder.insert_events([StoredEvent(*entry) for entry in stored])
        else:
            self._writer.insert(stored, before_commit)

    # Reading -----------------------------------------------------------------------------

    def read_attempts(self, game_id: uuid.UUID) -> list[Attempt]:
        with self.in_flight.call():
            stored = self._recorder.select_events(attempts_id(game_id))
        return [Attempt.from_json(json.loads(s.state)) for s in stored]

    def read_records(self, game_id: uuid.UUID, after: int = 0) -> list[Record]:
        with self.in_flight.call():
            stored = self._recorder.select_events(game_id, gt=after or None)
        return [Record.from_bytes(s.state) for s in stored]

    def read_desk(self, game_id: uuid.UUID) -> Desk:
        with self.in_flight.call():
            stored = self._recorder.select_events(desk_id(game_id))
        entries = [json.loads(s.state) for s in stored]
        if not entries:
            raise GameNotFound(str(game_id))
        first = entries[0]
        desk = Desk(header=Header.from_json(first["header"]), seed=bytes.fromhex(first["seed"]))
        for entry in entries:
            desk.fold(entry)
        return desk

    def export_log(self, game_id: str | uuid.UUID) -> Log:
        """The game's log as the documented file format (any state: running games too)."""
        try:
            gid = uuid.UUID(str(game_id))
        except ValueError:
            raise GameNotFound(str(game_id)) from None
        desk = self.read_desk(gid)
        return Log(
            header=desk.header,
            records=tuple(self.read_records(gid)),
            attempts=tuple(self.read_attempts(gid)),
            checkpoint=desk.checkpoint,
        )

    def summaries(self, page: int = 1000) -> Iterator[GameSummary]:
        """Every game the store knows, from the desk index entries, in creation order."""
        games: dict[str, GameSummary] = {}
        start = 1
        while True:
            with self.in_flight.call():
                batch = self._recorder.select_notifications(start, page, topics=[DESK_TOPIC])
            for notification in batch:
                fold_summary(games, json.loads(notification.state))
            if len(batch) < page:
                break
            start = batch[-1].id + 1
        yield from games.values()


def private_folder(path: Path) -> None:
    """Make the data folder (mode 0700: its files hold seeds and the signing key); one that
    exists already is narrowed to 0700 only when it is ours and holds our store or key."""
    if not path.exists():
        path.mkdir(parents=True, mode=0o700, exist_ok=True)
        path.chmod(0o700)  # mkdir's mode is filtered by the umask
    elif (path / DB_FILE).exists() and path.stat().st_uid == os.getuid():
        path.chmod(0o700)


def fold_summary(games: dict[str, GameSummary], entry: dict[str, Any]) -> None:
    """Fold one desk entry into the index of games (a repeated entry changes nothing)."""
    kind = entry["kind"]
    if kind == "created":
        header = entry["header"]
        if header["game_id"] not in games:
            games[header["game_id"]] = GameSummary(
                header["game_id"], header["game"], tuple(header["seats"]), False,
                timed=bool(entry.get("prompt_limit_ms")),
                fork=header.get("parent") is not None, opened_ms=int(entry.get("opened_ms", 0)),
            )
        return
    summary = games.get(entry["game_id"])
    if summary is None:
        return  # its "created" entry is in another shard's index, or not yet read
    if kind == "seat_filled":
        seats = list(summary.seats)
        seats[entry["seat"]] = entry["name"]
        games[summary.game_id] = dataclasses.replace(summary, seats=tuple(seats))
    elif kind == "ended":
        games[summary.game_id] = dataclasses.replace(summary, ended=True)


def open_store(
    data_dir: str | os.PathLike[str] | None = None, url: str = "", shared: bool = False, **postgres: Any
) -> GameStore:
    """SQLite under the data folder (the default), or PostgreSQL when `url` is a postgresql://
    address (`postgres` are open_postgres's settings: kennel.service.postgres_setup, docs/deploy.md).
    `shared`: the SQLite file is written by other processes too (`kennel serve --workers N`)."""
    if url:
        from kennel.service.postgres_setup import open_postgres

        return open_postgres(url, **postgres)
    return GameStore.sqlite(data_dir or os.environ.get("KENNEL_DATA_DIR") or DEFAULT_DATA_DIR, shared=shared)
