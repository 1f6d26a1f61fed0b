"""`kennel serve --workers N` (issue 20): several server processes on one port over one SQLite
file. Each worker serves any game: what one appends, the others hear by polling the file
(kennel.service.sqlite_listener), and SQLite's lock with the store's version check makes a
command raced through two workers land once.

Two workers are started here as the supervisor starts them (`--workers 2 --worker-index i`),
but each on its own port, so that the test knows which worker each call reaches; the last test
runs the supervisor itself on one port.
"""

from __future__ import annotations

import os
import random
import re
import signal
import sqlite3
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from kennel.client import CreatedGame, Kennel, KennelError
from kennel.replay.signing import load_or_create_key
from kennel.replay.verify import verify
from kennel.service.server import SIGNING_KEY_FILE
from kennel.service.config import Config
from kennel.service.storage import DB_FILE, open_store
from kennel.service.workers import prepare_store
from postgres.replicas import HIGH_LIMITS, Acknowledged, Bot, Watcher, check_acknowledged, choose
from trust.trustkit import KENNEL, ServerProcess

RACE_ROUNDS = 15


def wait_until(condition: object, what: str, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, f"still not {what} after {seconds} s"
        time.sleep(0.02)


@pytest.fixture(scope="module")
def workers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, list[ServerProcess]]]:
    folder = tmp_path_factory.mktemp("workers")
    data = folder / "data"
    load_or_create_key(data / SIGNING_KEY_FILE)  # as the supervisor does before starting them
    processes = [
        ServerProcess(data, folder / f"worker-{i}.log", args=["--workers", "2", "--worker-index", str(i), *HIGH_LIMITS])
        for i in range(2)
    ]
    try:
        for process in processes:
            process.start()
        yield data, processes
    finally:
        for process in processes:
            process.stop()
    logs = "".join((folder / f"worker-{i}.log").read_text() for i in range(2))
    assert "call_failed" not in logs, "a worker failed a call (INTERNAL); see its log"


@pytest.fixture
def clients(workers: tuple[Path, list[ServerProcess]]) -> Iterator[tuple[Kennel, Kennel]]:
    a, b = (Kennel(process.address, timeout=20) for process in workers[1])
    try:
        yield a, b
    finally:
        a.close()
        b.close()


def test_a_game_created_through_one_worker_is_listed_joined_and_seen_through_the_other(
    clients: tuple[Kennel, Kennel],
) -> None:
    a, b = clients
    created = a.create_game("hoarders", ["Ann", None])
    wait_until(lambda: created.game_id in {g.game_id for g in b.list_open_games("hoarders")}, "listed by B")
    seat, credential = b.join(created.game_id, "Bob")
    wait_until(lambda: a.session(created.game_id, credential).view().seat == seat, "the seat known to A")
    wait_until(lambda: created.game_id not in {g.game_id for g in a.list_open_games()}, "full in A's index")


def test_a_seat_watching_through_one_worker_gets_what_is_played_through_the_other(
    clients: tuple[Kennel, Kennel],
) -> None:
    a, b = clients
    game = a.create_game("caninos", ["Ann", "Bob"])
    watcher = Watcher(b, game.game_id, game.credentials[0])
    watcher.start()
    acknowledged: Acknowledged = {}
    Bot(a, game, random.Random(11), time.monotonic() + 120, acknowledged).play()
    final = a.session(game.game_id, game.spectator_credential).view().version
    watcher.join(timeout=30)
    assert watcher.error is None, repr(watcher.error)
    assert watcher.finished and watcher.versions == list(range(1, final + 1))


def test_commands_raced_through_both_workers_are_each_applied_once_or_refused(
    workers: tuple[Path, list[ServerProcess]], clients: tuple[Kennel, Kennel]
) -> None:
    a, b = clients
    seed = random.randrange(2**32)
    rnd = random.Random(seed)
    game = a.create_game("hoarders", ["p0", "p1"])
    acknowledged: Acknowledged = {}
    for round_ in range(RACE_ROUNDS):
        chosen = choose(rnd.choice((a, b)), game, rnd)
        if chosen is None:
            break
        seat, command = chosen
        barrier = threading.Barrier(2)
        results: dict[str, object] = {}

        def send(kennel: Kennel, command_id: str) -> None:
            barrier.wait(timeout=10)
            try:
                results[command_id] = kennel.session(game.game_id, game.credentials[seat]).act(command, command_id)
            except KennelError as error:
                results[command_id] = error

        ids = {f"r{round_}-a": a, f"r{round_}-b": b}
        senders = [threading.Thread(target=send, args=(k, i)) for i, k in ids.items()]
        for sender in senders:
            sender.start()
        for sender in senders:
            sender.join(timeout=30)
        ok = 0
        for command_id, result in results.items():
            if isinstance(result, KennelError):
                assert result.status.name in ("ABORTED", "FAILED_PRECONDITION"), f"seed {seed}: {result}"
                continue
            ok += 1
            acknowledged[(game.game_id, seat, command_id)] = (result.first_version, result.last_version)  # type: ignore[attr-defined]
        assert len(results) == 2 and ok >= 1, f"seed {seed}: {results}"
    store = open_store(workers[0])
    try:
        log = store.export_log(game.game_id)
    finally:
        store.close()
    report = verify(log.to_bytes())
    assert report.ok, f"seed {seed}: {report}"
    assert check_acknowledged(game.game_id, log, acknowledged) == len(acknowledged) >= 1


def test_the_supervisor_serves_one_port_with_every_worker_and_stops_them(tmp_path: Path) -> None:
    command = [str(KENNEL), "serve", "--host", "127.0.0.1", "--port", "0", "--data", str(tmp_path / "data"),
               "--workers", "2", *HIGH_LIMITS]
    with open(tmp_path / "supervisor.log", "ab") as log:
        supervisor = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log, text=True)
    try:
        assert supervisor.stdout is not None
        lines = []
        for _ in range(50):  # bounded: every worker's few lines, then the supervisor's
            line = supervisor.stdout.readline()
            assert line, f"the supervisor ended: {lines}"
            lines.append(line)
            if line.startswith("Kennel is serving on "):
                break
        ready = [line for line in lines if " ready: " in line]
        assert len(ready) == 2, lines  # it says it serves only after both workers do
        port = int(lines[-1].rsplit(":", 1)[1])
        pids = [int(pid) for pid in re.findall(r"\d+", supervisor.stdout.readline().split("pids", 1)[1])]
        assert len(pids) == 2
        # Several channels (connections): the kernel spreads them over the workers; whichever
        # worker each reaches, they play one game to its end and agree on it.
        kennels = [Kennel(f"127.0.0.1:{port}", timeout=20) for _ in range(4)]
        try:
            game: CreatedGame = kennels[0].create_game("hoarders", ["Ann", "Bob"])
            rnd, played, acknowledged = random.Random(5), 0, 0
            refused: list[str] = []  # said if too few commands go through (normally none is refused)
            ended: list[str] = []  # games over before five commands went through
            for turn in range(40):  # bounded: a few commands through each channel in turn
                kennel = kennels[turn % len(kennels)]
                # The worker behind this channel may not have heard of the other's last append
                # yet (cross-process notification, slower on a loaded machine): a command chosen
                # from its view would be refused. Wait, bounded, until it has.
                watching = kennel.session(game.game_id, game.spectator_credential)
                wait_until(lambda w=watching: w.view().version >= acknowledged, "the channel's worker caught up")
                chosen = choose(kennel, game, rnd)
                if chosen is None:  # a short game (five of a kind early) is over
                    if played >= 5:
                        break
                    # Too few commands yet to have crossed the workers: another game (the suite
                    # twice saw a game, its seed drawn by the server, end after 3 commands).
                    ended.append(game.game_id)
                    game, acknowledged = kennel.create_game("hoarders", ["Ann", "Bob"]), 0
                    continue
                seat, command = chosen
                try:
                    answer = kennel.session(game.game_id, game.credentials[seat]).act(command, f"c{turn}")
                except KennelError as error:  # chosen from a view a poll behind: choose again
                    assert error.status.name in ("FAILED_PRECONDITION", "ABORTED"), error
                    refused.append(f"turn {turn}, channel {turn % len(kennels)}: {error}")
                    continue
                played, acknowledged = played + 1, answer.last_version
            assert played >= 5, (played, refused, ended)
            spectator = [k.session(game.game_id, game.spectator_credential) for k in kennels]
            final = max(session.view().version for session in spectator)
            for session in spectator:
                wait_until(lambda s=session: s.view().version == final, "every channel at the last version")
        finally:
            for kennel in kennels:
                kennel.close()
        supervisor.send_signal(signal.SIGTERM)
        assert supervisor.wait(timeout=30) == 0
        for pid in pids:  # reaped by the supervisor: no such process any more
            with pytest.raises(ProcessLookupError):
                os.kill(pid, 0)
    finally:
        if supervisor.poll() is None:
            supervisor.kill()
            supervisor.wait()


def test_the_supervisor_makes_the_sqlite_file_once_in_wal_mode_before_any_worker_opens_it(tmp_path: Path) -> None:
    """Workers opening a new file at once each switched it to WAL; the switch that lost the race
    was refused at once ("database is locked", seen in `make bench`) and that worker's exit
    stopped the server. The supervisor now makes the file, its mode and its tables first, so a
    worker only ever opens a file already in WAL mode."""
    data = tmp_path / "data"
    prepare_store(Config(data_dir=str(data), workers=2))
    with sqlite3.connect(data / DB_FILE) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert tables, "no table was created"
    store = open_store(data)  # what a worker does next: the file is as it expects
    try:
        assert store.pragmas() == {"journal_mode": "wal", "synchronous": 2}
    finally:
        store.close()
