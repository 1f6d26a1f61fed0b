"""Crashes (issue 8): bots play games through a real `kennel serve` process that is killed with
SIGKILL at random moments and restarted on the same data folder.

Every command a client saw acknowledged must be in its game's log exactly once, at the versions
the acknowledgement gave; no command id may appear twice; every log in the store must verify;
and every game must play on to its end. The bots send each command with a fixed id and, when
the server goes away, send that same command with that same id again until it is acknowledged,
as `kennel.client` promises is safe.

SIGKILL loses what the process held, not what the operating system already has; that the
acknowledged appends also survive a power cut rests on SQLite's WAL with synchronous=FULL,
checked here on the connections the store uses (docs/reliability.md, "Durability").
"""

from __future__ import annotations

import random
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

import grpc
from kennel.client import CreatedGame, Kennel, KennelError
from kennel.domain.registry import GAMES
from kennel.replay.logformat import Log, group_by_cause, parse_log
from kennel.replay.verify import verify
from kennel.service.matches import game_options
from kennel.service.storage import SYNCHRONOUS_FULL, open_store
from kennel.v1 import kennel_pb2 as pb
from testkit.bot_games import finishing_options
from trustkit import ServerProcess, auditor, record_figures

KILLS = 10
KILL_AFTER = (0.2, 1.2)  # seconds between a start and the next kill, drawn at random
DEADLINE = 75.0  # seconds for the whole run, kills and endings included
GONE = {grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED}
T = TypeVar("T")


class Servers:
    """The server process of the moment, restarted after each kill; clients follow its address."""

    def __init__(self, data_dir: Path, log_file: Path) -> None:
        self.auditor, hashed = auditor()  # reads every log, finished or not
        # High limits: this test is about crashes (test_limits covers the limits).
        args = ["--commands-per-second", "100000", "--command-burst", "100000", "--auditor-hash", hashed]
        self.process = ServerProcess(data_dir, log_file, args=args)
        self.lock = threading.Lock()
        self.address = ""
        self.kills = 0

    def start(self) -> None:
        self.process.start()
        with self.lock:
            self.address = self.process.address

    def kill_and_restart(self) -> None:
        with self.lock:
            self.address = ""
        self.process.kill()
        self.kills += 1
        self.start()

    def current(self) -> str:
        with self.lock:
            return self.address


@dataclass
class Bot:
    """Plays games of one type back to back, as every seat, until told to stop starting new ones."""

    servers: Servers
    game_type: str
    rnd: random.Random
    stop_starting: threading.Event
    deadline: float
    games: list[CreatedGame] = field(default_factory=list)
    acknowledged: dict[tuple[str, int, str], tuple[int, int]] = field(default_factory=dict)
    replayed: int = 0  # acknowledgements that found the command already applied before a kill
    outages: int = 0  # calls that found the server gone
    error: BaseException | None = None
    _client: tuple[str, Kennel] | None = None

    def run(self) -> None:
        try:
            while not self.stop_starting.is_set() and time.monotonic() < self.deadline:
                self.play(self.create())
        except BaseException as error:  # reported by the test thread
            self.error = error

    def kennel(self) -> Kennel:
        while time.monotonic() < self.deadline:
            address = self.servers.current()
            if address:
                if self._client is None or self._client[0] != address:
                    if self._client is not None:
                        self._client[1].close()
                    self._client = (address, Kennel(address, timeout=5))
                return self._client[1]
            time.sleep(0.02)
        raise TimeoutError("the server did not come back")

    def retrying(self, call: Callable[[Kennel], T]) -> T:
        """Run `call(kennel)` until the server answers (each try on the server of the moment)."""
        while True:
            try:
                return call(self.kennel())
            except KennelError as error:
                if error.status not in GONE:
                    raise
                self.outages += 1
                if time.monotonic() > self.deadline:
                    raise
                time.sleep(0.05)

    def create(self) -> CreatedGame:
        # Creating is not idempotent: a game created just before a kill is left unplayed (and
        # still checked at the end, with every game in the store).
        seats = GAMES[self.game_type].seats.minimum
        names = [f"bot{i}" for i in range(seats)]
        chosen = finishing_options(GAMES[self.game_type])  # games random play finishes (testkit)
        options = game_options(self.game_type, chosen) if chosen else None
        created = self.retrying(lambda k: k.create_game(self.game_type, names, options))
        self.games.append(created)
        return created

    def play(self, game: CreatedGame) -> None:
        sent = Counter[int]()
        while time.monotonic() < self.deadline:
            view = self.retrying(lambda k: k.session(game.game_id, game.spectator_credential).view())
            if view.status == pb.GAME_STATUS_FINISHED:
                return
            seat, command = self.choose(game, view)
            command_id = f"{game.game_id[:8]}-{seat}-{sent[seat]}"
            # The same command under the same id until acknowledged, across any number of kills.
            response = self.retrying(lambda k: k.session(game.game_id, game.credentials[seat]).act(command, command_id))
            self.acknowledged[(game.game_id, seat, command_id)] = (response.first_version, response.last_version)
            self.replayed += response.replayed
            sent[seat] += 1
        raise TimeoutError(f"{self.game_type} {game.game_id} did not end in time")

    def choose(self, game: CreatedGame, public: pb.View) -> tuple[int, pb.Command]:
        owing = [p.seat for p in public.pending]
        for seat in [*owing, *(s for s in game.credentials if s not in owing)]:
            view = self.retrying(lambda k: k.session(game.game_id, game.credentials[seat]).view())
            legal = [c for c in view.legal_commands if c.engine.WhichOneof("kind") != "propose_undo"]
            declined = [c for c in legal if c.WhichOneof("game") == "engine" and not c.engine.answer_undo.agree]
            if legal:
                return seat, declined[0] if declined else self.rnd.choice(legal)
        raise AssertionError("nobody may act and the game is not over")


def test_acknowledged_commands_survive_sigkill_and_games_play_on(tmp_path: Path) -> None:
    rnd = random.Random()
    seed = rnd.randrange(2**32)
    rnd.seed(seed)
    data_dir, log_file = tmp_path / "data", tmp_path / "server.log"
    servers = Servers(data_dir, log_file)
    servers.start()
    deadline = time.monotonic() + DEADLINE
    stop_starting = threading.Event()
    bots = [Bot(servers, name, random.Random(f"{seed}:{name}"), stop_starting, deadline) for name in sorted(GAMES)]
    threads = [threading.Thread(target=bot.run, name=f"bot-{bot.game_type}", daemon=True) for bot in bots]
    for thread in threads:
        thread.start()
    try:
        for _ in range(KILLS):
            time.sleep(rnd.uniform(*KILL_AFTER))
            if time.monotonic() > deadline - 20:
                break
            servers.kill_and_restart()
        stop_starting.set()  # the bots finish the games they are in, then stop
        for thread in threads:
            thread.join(timeout=max(1.0, deadline - time.monotonic()))
        public_key = _check_logs_through_the_server(servers, bots, seed)
    finally:
        servers.process.stop()

    verified = _check_every_log_in_the_store(data_dir, public_key)
    acknowledged = sum(len(bot.acknowledged) for bot in bots)
    record_figures(
        "crash", seed=seed, kills=servers.kills, games=sum(len(b.games) for b in bots), logs_verified=verified,
        acknowledged=acknowledged, replayed_after_kill=sum(b.replayed for b in bots),
        calls_that_found_the_server_gone=sum(b.outages for b in bots),
    )
    assert servers.kills >= KILLS - 1, f"seed {seed}: only {servers.kills} kills"
    assert acknowledged > 100, f"seed {seed}: too little was played to mean anything"
    assert "call_failed" not in log_file.read_text(), "the server failed a call (INTERNAL); see its log"


def _check_logs_through_the_server(servers: Servers, bots: list[Bot], seed: int) -> str:
    """Each acknowledged command is in its game's log once; every played game ended and its log
    verifies. Returns the server's public key."""
    with Kennel(servers.current(), timeout=10) as kennel:
        key = kennel.session(bots[0].games[0].game_id, servers.auditor).signed_log()[1]
        for bot in bots:  # first what was acknowledged, read by the auditor, ended or not
            for game in bot.games:
                log = parse_log(kennel.session(game.game_id, servers.auditor).log())
                _check_acknowledged(game.game_id, log, bot.acknowledged, seed)
        for bot in bots:
            assert bot.error is None, f"seed {seed}: the {bot.game_type} bot failed: {bot.error!r}"
            for game in bot.games:
                seat = kennel.session(game.game_id, game.credentials[0])
                if seat.view().status != pb.GAME_STATUS_FINISHED:
                    assert game is bot.games[-1] and not any(k[0] == game.game_id for k in bot.acknowledged), (
                        f"seed {seed}: {bot.game_type} {game.game_id} did not play on to its end"
                    )
                    continue  # created as the bots were told to stop: nothing was played
                raw, _ = seat.signed_log()
                report = verify(raw, public_key=bytes.fromhex(key))
                assert report.ok and report.rules_checked, f"seed {seed}: {report}"
    return key


def _check_acknowledged(
    game_id: str, log: Log, acknowledged: dict[tuple[str, int, str], tuple[int, int]], seed: int
) -> None:
    groups = [(cause, records) for cause, records in group_by_cause(log.records) if cause.seat is not None]
    seen = Counter((cause.seat, cause.command_id) for cause, _ in groups)
    twice = [key for key, count in seen.items() if count > 1]
    assert not twice, f"seed {seed}: commands applied twice in {game_id}: {twice}"
    versions = {(cause.seat, cause.command_id): (records[0].version, records[-1].version) for cause, records in groups}
    for (game, seat, command_id), acked in acknowledged.items():
        if game == game_id:
            assert versions.get((seat, command_id)) == acked, (
                f"seed {seed}: {game_id} seat {seat} {command_id} was acknowledged at {acked}, "
                f"the log has {versions.get((seat, command_id))}"
            )


def _check_every_log_in_the_store(data_dir: Path, public_key: str) -> int:
    """Every game the store holds, unplayed ones included, verifies (fully once finished)."""
    store = open_store(data_dir)
    try:
        count = 0
        for summary in store.summaries():
            log = store.export_log(summary.game_id)
            report = verify(log.to_bytes(), public_key=bytes.fromhex(public_key) if summary.ended else None)
            assert report.ok and report.rules_checked == summary.ended, report
            count += 1
        return count
    finally:
        store.close()


def test_the_store_runs_sqlite_in_wal_with_synchronous_full(tmp_path: Path) -> None:
    """An acknowledged append is durable: WAL, and every commit synced (FULL), on each of the
    store's own write connection (kennel.service.sqlite_writer) and several the library's pool makes."""
    store = open_store(tmp_path)
    try:
        assert store.pragmas() == {"journal_mode": "wal", "synchronous": SYNCHRONOUS_FULL}
        datastore = store._recorder.datastore  # type: ignore[attr-defined]
        held = [datastore.pool.get_connection(is_writer=False) for _ in range(3)]
        try:
            for connection in held:
                cursor = connection.cursor()
                cursor.execute("PRAGMA synchronous")
                assert cursor.fetchone()[0] == SYNCHRONOUS_FULL
        finally:
            for connection in held:
                datastore.pool.put_connection(connection)
    finally:
        store.close()
