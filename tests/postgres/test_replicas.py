"""Two `kennel serve` replicas on one PostgreSQL database (issue 7): they start together, serve
the same games, race on the same games without losing or duplicating a command, honour an
idempotency key across replicas, and push each other's events to watchers.

One database (two shards) for the module; each test makes its own games.
"""

from __future__ import annotations

import random
import subprocess
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from kennel.client import CreatedGame, Kennel, KennelError
from kennel.replay.logformat import parse_log
from kennel.replay.verify import verify
from kennel.service.storage import open_store
from replicas import Acknowledged, Bot, Replicas, Watcher, check_acknowledged, choose
from testkit.postgres import fresh_database, require_postgres
from trust.trustkit import KENNEL

SHARDS = 2
RACE_GAMES = ("hoarders", "caninos", "a-dogs-life", "hoarders")
RACE_ROUNDS = 25  # per game: the same command sent through both replicas at once
RACE_DEADLINE = 45.0  # seconds for the whole race


@pytest.fixture(scope="module")
def replicas(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Replicas]:
    require_postgres()
    with fresh_database("replicas") as url:
        running = Replicas(url, tmp_path_factory.mktemp("replicas"), shards=SHARDS).start()
        try:
            yield running
        finally:
            running.stop()
        assert "call_failed" not in running.logs(), "a replica failed a call (INTERNAL); see its log"


@pytest.fixture
def clients(replicas: Replicas) -> Iterator[tuple[Kennel, Kennel]]:
    a, b = (Kennel(address, timeout=20) for address in replicas.addresses)
    try:
        yield a, b
    finally:
        a.close()
        b.close()


def wait_until(condition: object, what: str, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, f"still not {what} after {seconds} s"
        time.sleep(0.02)


def test_replicas_started_together_migrated_once_and_serve_the_same_games(
    replicas: Replicas, clients: tuple[Kennel, Kennel]
) -> None:
    a, b = clients
    with psycopg.connect(replicas.url) as connection:
        assert connection.execute("SELECT shards FROM kennel.cluster").fetchall() == [(SHARDS,)]
        schemas = connection.execute("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'kennel_shard_%'").fetchall()
        assert sorted(s for (s,) in schemas) == [f"kennel_shard_{i}" for i in range(SHARDS)]
    created = a.create_game("hoarders", ["Ann", None])
    wait_until(lambda: created.game_id in {g.game_id for g in b.list_open_games("hoarders")}, "listed by B")
    seat, credential = b.join(created.game_id, "Bob")
    assert a.session(created.game_id, credential).view().seat == seat
    wait_until(lambda: created.game_id not in {g.game_id for g in a.list_open_games()}, "full in A's index")


def test_an_idempotency_key_is_honoured_across_replicas(replicas: Replicas, clients: tuple[Kennel, Kennel]) -> None:
    a, b = clients
    game = a.create_game("hoarders", ["Ann", "Bob"])
    chosen = choose(a, game, random.Random(7))
    assert chosen is not None
    seat, command = chosen
    first = a.session(game.game_id, game.credentials[seat]).act(command, "once")
    again = b.session(game.game_id, game.credentials[seat]).act(command, "once")
    assert not first.replayed and again.replayed
    assert (again.first_version, again.last_version) == (first.first_version, first.last_version)
    log = parse_log(b.session(game.game_id, replicas.auditor).log())
    acknowledged = {(game.game_id, seat, "once"): (first.first_version, first.last_version)}
    assert check_acknowledged(game.game_id, log, acknowledged) == 1


def test_commands_raced_through_both_replicas_are_each_applied_once_or_refused(
    replicas: Replicas, clients: tuple[Kennel, Kennel]
) -> None:
    a, b = clients
    rnd = random.Random()
    seed = rnd.randrange(2**32)
    games = [a.create_game(kind, ["p0", "p1"]) for kind in RACE_GAMES]
    acknowledged: Acknowledged = {}
    statuses: Counter[str] = Counter()
    lock = threading.Lock()
    errors: list[BaseException] = []
    deadline = time.monotonic() + RACE_DEADLINE

    def race(game: CreatedGame, game_rnd: random.Random) -> None:
        try:
            for round_ in range(RACE_ROUNDS):
                if time.monotonic() > deadline:
                    return
                chosen = choose(game_rnd.choice((a, b)), game, game_rnd)
                if chosen is None:
                    return
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
                succeeded = 0
                for command_id, result in results.items():
                    if isinstance(result, KennelError):
                        assert result.status.name in ("ABORTED", "FAILED_PRECONDITION"), result
                        with lock:
                            statuses[result.status.name] += 1
                        continue
                    succeeded += 1
                    versions = (result.first_version, result.last_version)  # type: ignore[attr-defined]
                    with lock:
                        statuses["OK"] += 1
                        acknowledged[(game.game_id, seat, command_id)] = versions
                    # The same id again, through the other replica: the original result, no append.
                    other = b if ids[command_id] is a else a
                    again = other.session(game.game_id, game.credentials[seat]).act(command, command_id)
                    assert again.replayed and (again.first_version, again.last_version) == versions
                assert len(results) == 2 and succeeded >= 1, f"seed {seed}: {results}"
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=race, args=(g, random.Random(f"{seed}:{i}"))) for i, g in enumerate(games)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=RACE_DEADLINE + 30)
    assert not errors, f"seed {seed}: {errors[0]!r}"

    store = open_store(url=replicas.url)
    try:
        checked = 0
        for game in games:
            log = store.export_log(game.game_id)
            report = verify(log.to_bytes())
            assert report.ok, f"seed {seed}: {report}"
            checked += check_acknowledged(game.game_id, log, acknowledged)
            _check_both_replicas_show(a, b, game, len(log.records))
        assert checked == len(acknowledged) == statuses["OK"]
    finally:
        store.close()
    assert statuses["OK"] >= len(games), f"seed {seed}: {statuses}"


def _check_both_replicas_show(a: Kennel, b: Kennel, game: CreatedGame, version: int) -> None:
    """Each replica's projections (cached per viewer, folded as it hears the other's appends)
    reach the stored version and then show every viewer the same thing."""
    for credential in [*game.credentials.values(), game.spectator_credential]:
        views = []
        for kennel in (a, b):
            session = kennel.session(game.game_id, credential)
            wait_until(lambda: session.view().version == version, f"at version {version}")
            views.append(session.view())
        assert views[0] == views[1]


def test_a_seat_watching_through_one_replica_gets_what_is_played_through_the_other(
    clients: tuple[Kennel, Kennel],
) -> None:
    a, b = clients
    game = a.create_game("hoarders", ["Ann", "Bob"])
    watcher = Watcher(b, game.game_id, game.credentials[0])
    watcher.start()
    acknowledged: Acknowledged = {}
    Bot(a, game, random.Random(11), time.monotonic() + 120, acknowledged).play()
    final = a.session(game.game_id, game.spectator_credential).view().version
    watcher.join(timeout=30)
    assert watcher.error is None, repr(watcher.error)
    assert watcher.finished and watcher.versions == list(range(1, final + 1))


def test_kennel_simulate_spreads_games_over_both_replicas(replicas: Replicas, tmp_path: Path) -> None:
    from kennel.service.cli import main

    out = tmp_path / "logs"
    server = ",".join(replicas.addresses)
    assert main(["simulate", "hoarders", "--games", "2", "--seed", "replicas", "--server", server, "--out", str(out),
                 "--quiet"]) == 0
    logs = sorted(out.glob("*.jsonl"))
    assert len(logs) == 2
    for path in logs:
        report = verify(path.read_bytes())
        assert report.ok and report.rules_checked, report


def test_the_shard_count_is_fixed_and_a_stored_game_exports_from_postgres(
    replicas: Replicas, clients: tuple[Kennel, Kennel], tmp_path: Path
) -> None:
    from kennel.service.cli import main

    # `kennel migrate` as a process: it sets up logging for itself, as `kennel serve` does.
    same = subprocess.run([str(KENNEL), "migrate", "--store", replicas.url, "--shards", str(SHARDS)],
                          capture_output=True, text=True, timeout=60)
    assert same.returncode == 0, same.stderr
    other = subprocess.run([str(KENNEL), "migrate", "--store", replicas.url, "--shards", str(SHARDS + 1)],
                           capture_output=True, text=True, timeout=60)
    assert other.returncode == 1 and f"holds {SHARDS} shard(s), not {SHARDS + 1}" in other.stderr
    game = clients[0].create_game("hoarders", ["Ann", "Bob"])
    out = tmp_path / "game.jsonl"
    assert main(["replay", "export", game.game_id, "--store", replicas.url, "-o", str(out)]) == 0
    assert verify(out.read_bytes()).ok
