"""A replica killed with SIGKILL mid-game (issue 7): the other carries on. Players talk to both
replicas (the SDK spreads calls and moves on when one is gone, resending a command under the
same id); a seat watching through the killed replica resumes on the other from its last
version; nothing acknowledged is lost or doubled; the killed replica, restarted, rebuilds the
game from the log and agrees with the survivor.
"""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path

from kennel.client import Kennel
from kennel.replay.logformat import parse_log
from kennel.replay.verify import verify
from replicas import Acknowledged, Bot, Replicas, Watcher, check_acknowledged
from testkit.postgres import fresh_database

KILL_AFTER_COMMANDS = 8
DEADLINE = 120.0  # seconds for the game, kill and restart included (a bound, not a target)


def test_a_replica_killed_mid_game_and_the_other_carries_on(tmp_path: Path) -> None:
    rnd = random.Random()
    seed = rnd.randrange(2**32)
    rnd.seed(seed)
    with fresh_database("killed") as url:
        replicas = Replicas(url, tmp_path, shards=1).start()
        try:
            both = replicas.addresses  # A first: the watcher's first stream goes to A
            with Kennel(both, timeout=10) as players, Kennel(both, timeout=10) as watching:
                game = players.create_game("hoarders", ["Ann", "Bob"])
                watcher = Watcher(watching, game.game_id, game.credentials[0])
                watcher.start()
                acknowledged: Acknowledged = {}
                bot = Bot(players, game, random.Random(seed), time.monotonic() + DEADLINE, acknowledged)
                killer = threading.Thread(target=_kill_when, args=(replicas, acknowledged, rnd), daemon=True)
                killer.start()
                bot.play()
                killer.join(timeout=DEADLINE)
                assert replicas.processes[0].process is None, f"seed {seed}: the game ended before the kill"
                watcher.join(timeout=30)

            survivor = Kennel(replicas.addresses[1], timeout=10)
            with survivor:
                final = survivor.session(game.game_id, game.spectator_credential).view()
                raw, public_key = survivor.session(game.game_id, game.credentials[0]).signed_log()
            report = verify(raw, public_key=bytes.fromhex(public_key))
            assert report.ok and report.rules_checked, f"seed {seed}: {report}"
            assert check_acknowledged(game.game_id, parse_log(raw), acknowledged) == len(acknowledged)
            assert watcher.error is None, f"seed {seed}: {watcher.error!r}"
            assert watcher.finished and watcher.versions == list(range(1, final.version + 1)), f"seed {seed}"

            replicas.restart(0)  # a fresh process: the game is rebuilt from the log
            with Kennel(replicas.addresses[0], timeout=10) as restarted:
                assert restarted.session(game.game_id, game.spectator_credential).view() == final
                assert restarted.session(game.game_id, game.credentials[0]).signed_log() == (raw, public_key)
        finally:
            replicas.stop()
        assert "call_failed" not in replicas.logs(), f"seed {seed}: a replica failed a call (INTERNAL)"


def _kill_when(replicas: Replicas, acknowledged: Acknowledged, rnd: random.Random) -> None:
    """SIGKILL replica A once some commands went through, at a random moment between calls."""
    deadline = time.monotonic() + DEADLINE
    while len(acknowledged) < KILL_AFTER_COMMANDS and time.monotonic() < deadline:
        time.sleep(0.005)
    time.sleep(rnd.uniform(0, 0.05))
    replicas.processes[0].kill()
