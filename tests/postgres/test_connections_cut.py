"""PostgreSQL drops every connection while two replicas serve (issue 7): what a database restart
or a failover looks like to the replicas. Play goes on: calls that met a broken connection fail
UNAVAILABLE (`kennel/store_unavailable`) and are sent again under the same idempotency key, the
pools replace the connections, each replica's listener connects again and reads from where it
stopped, and a seat watching through the other replica misses nothing. Nothing acknowledged is
lost or applied twice, and the log verifies.

The server itself is not restarted: it is shared with the rest of the suite. Terminating every
session of the test's database is what the replicas see of a restart.
"""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path

import psycopg
from kennel.client import Kennel
from kennel.replay.logformat import parse_log
from kennel.replay.verify import verify
from replicas import Acknowledged, Bot, Replicas, Watcher, check_acknowledged
from testkit.postgres import fresh_database

CUTS = 3  # times every connection is dropped during the game
COMMANDS_BETWEEN_CUTS = 6


def _cut_every_connection(url: str) -> int:
    with psycopg.connect(url, autocommit=True) as admin:
        rows = admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        ).fetchall()
    return len(rows)


def test_play_goes_on_when_the_database_drops_every_connection(tmp_path: Path) -> None:
    with fresh_database("cut") as url:
        replicas = Replicas(url, tmp_path, shards=2).start()
        a, b = (Kennel(address, timeout=20) for address in replicas.addresses)
        try:
            game = a.create_game("hoarders", ["Ann", "Bob"])
            watcher = Watcher(b, game.game_id, game.credentials[0])
            watcher.start()
            acknowledged: Acknowledged = {}
            played = threading.Event()
            bot = Bot(a, game, random.Random(5), time.monotonic() + 180, acknowledged)
            outcome: list[BaseException | int] = []
            player = threading.Thread(target=lambda: outcome.append(_run(bot, played)), daemon=True)
            player.start()
            cut = 0
            for _ in range(CUTS):
                for _ in range(COMMANDS_BETWEEN_CUTS):  # let some commands through between cuts
                    if not played.wait(timeout=60) or not player.is_alive():
                        break
                    played.clear()
                if not player.is_alive():
                    break
                cut += _cut_every_connection(url)
            player.join(timeout=180)
            assert outcome and isinstance(outcome[0], int), f"the bot did not finish: {outcome}"
            assert cut >= 2 * CUTS, f"only {cut} connections were cut"  # both replicas' pools and listeners
            final = a.session(game.game_id, game.spectator_credential).view().version
            watcher.join(timeout=60)
            assert watcher.error is None, repr(watcher.error)
            assert watcher.finished and watcher.versions == list(range(1, final + 1))
            for kennel in (a, b):
                exported = kennel.session(game.game_id, game.spectator_credential).log()
                report = verify(exported)
                assert report.ok and report.rules_checked, report
                assert check_acknowledged(game.game_id, parse_log(exported), acknowledged) == outcome[0]
        finally:
            a.close()
            b.close()
            replicas.stop()
        logs = replicas.logs()
        assert "store_listen_failed" in logs, "no listener noticed the cut"
        assert "call_failed" not in logs, "a call failed INTERNAL instead of UNAVAILABLE; see the replica logs"


def _run(bot: Bot, played: threading.Event) -> BaseException | int:
    try:
        return bot.play(after_each=played)
    except BaseException as error:  # reported by the test
        return error
