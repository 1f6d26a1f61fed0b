"""Helpers of the PostgreSQL tests: real `kennel serve` replicas on one database, and bots.

Replicas share a data folder only for the signing key (made before they start), as a deployment
shares one key file (docs/deploy.md); the games are in PostgreSQL.
"""

from __future__ import annotations

import random
import threading
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from kennel.client import CreatedGame, Kennel
from kennel.replay.logformat import Log, group_by_cause
from kennel.replay.signing import load_or_create_key
from kennel.service.server import SIGNING_KEY_FILE
from kennel.v1 import kennel_pb2 as pb
from trust.trustkit import ServerProcess, auditor

HIGH_LIMITS = ["--commands-per-second", "100000", "--command-burst", "100000"]


@dataclass
class Replicas:
    """`kennel serve` processes on one PostgreSQL database, started together."""

    url: str
    folder: Path
    shards: int
    count: int = 2

    def __post_init__(self) -> None:
        self.auditor, self._auditor_hash = auditor()
        self.data_dir = self.folder / "data"
        load_or_create_key(self.data_dir / SIGNING_KEY_FILE)
        self.processes = [self._process(i) for i in range(self.count)]

    def _process(self, index: int) -> ServerProcess:
        args = ["--store", self.url, "--shards", str(self.shards), "--auditor-hash", self._auditor_hash, *HIGH_LIMITS]
        return ServerProcess(self.data_dir, self.folder / f"replica-{index}.log", args=args)

    def start(self) -> Replicas:
        """Start every replica at once: they migrate the new database together (advisory lock)."""
        errors: list[BaseException] = []

        def start(process: ServerProcess) -> None:
            try:
                process.start()
            except BaseException as error:
                errors.append(error)

        threads = [threading.Thread(target=start, args=(p,)) for p in self.processes]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        if errors:
            self.stop()
            raise errors[0]
        return self

    @property
    def addresses(self) -> list[str]:
        return [p.address for p in self.processes]

    def restart(self, index: int) -> None:
        self.processes[index] = self._process(index)
        self.processes[index].start()

    def stop(self) -> None:
        for process in self.processes:
            process.stop()

    def logs(self) -> str:
        return "".join((self.folder / f"replica-{i}.log").read_text() for i in range(self.count))


def choose(kennel: Kennel, game: CreatedGame, rnd: random.Random, tries: int = 100) -> tuple[int, pb.Command] | None:
    """A seat that may act now and one of its legal commands (declining undo proposals, never
    proposing one); None once the game is over.

    Views come from whichever replica answers, and one may not have heard the other's last
    append yet: when the views disagree so that nobody may act, they are read again.
    """
    import time

    for _ in range(tries):
        public = kennel.session(game.game_id, game.spectator_credential).view()
        if public.status == pb.GAME_STATUS_FINISHED:
            return None
        owing = [p.seat for p in public.pending]
        for seat in [*owing, *(s for s in game.credentials if s not in owing)]:
            view = kennel.session(game.game_id, game.credentials[seat]).view()
            legal = [c for c in view.legal_commands if c.engine.WhichOneof("kind") != "propose_undo"]
            declined = [c for c in legal if c.WhichOneof("game") == "engine" and not c.engine.answer_undo.agree]
            if legal:
                return seat, declined[0] if declined else rnd.choice(legal)
        time.sleep(0.02)
    raise AssertionError(f"nobody may act in {game.game_id} and the game is not over")


Acknowledged = dict[tuple[str, int, str], tuple[int, int]]  # (game, seat, command id) -> versions


def check_acknowledged(game_id: str, log: Log, acknowledged: Acknowledged) -> int:
    """Every acknowledged command of the game is in its log once, at the versions acknowledged,
    and no command id is there twice. Returns how many acknowledged commands were checked."""
    groups = [(cause, records) for cause, records in group_by_cause(log.records) if cause.seat is not None]
    seen = Counter((cause.seat, cause.command_id) for cause, _ in groups)
    assert not [key for key, count in seen.items() if count > 1], f"commands applied twice in {game_id}: {seen}"
    versions = {(cause.seat, cause.command_id): (records[0].version, records[-1].version) for cause, records in groups}
    checked = 0
    for (game, seat, command_id), acked in acknowledged.items():
        if game == game_id:
            assert versions.get((seat, command_id)) == acked, (
                f"{game_id} seat {seat} {command_id} acknowledged at {acked}; the log has {versions.get((seat, command_id))}"
            )
            checked += 1
    return checked


def seat_names(game_type: str, count: int) -> Sequence[str]:
    return [f"{game_type[:4]}{i}" for i in range(count)]


@dataclass
class Bot:
    """Plays one game to its end through a client (one address or several), as every seat.

    A command keeps its id until acknowledged, across replicas gone away (as kennel.client
    promises is safe); a command refused because the view it was chosen from was already old
    (another replica had moved on) is dropped and another chosen.
    """

    kennel: Kennel
    game: CreatedGame
    rnd: random.Random
    deadline: float
    acknowledged: Acknowledged

    def play(self, after_each: threading.Event | None = None, max_commands: int = 2000) -> int:
        """Returns the number of commands acknowledged; sets `after_each` after each of them."""
        import time

        from kennel.client import KennelError

        played = 0
        while played < max_commands:
            if time.monotonic() > self.deadline:
                raise TimeoutError(f"{self.game.game_id} did not end in time")
            try:
                chosen = choose(self.kennel, self.game, self.rnd)
            except KennelError as error:
                if error.status.name not in ("UNAVAILABLE", "DEADLINE_EXCEEDED"):
                    raise
                continue
            if chosen is None:
                return played
            seat, command = chosen
            command_id = f"{seat}-{played}-{self.rnd.randrange(10**9)}"
            while True:
                try:
                    response = self.kennel.session(self.game.game_id, self.game.credentials[seat]).act(command, command_id)
                except KennelError as error:
                    if error.status.name in ("UNAVAILABLE", "DEADLINE_EXCEEDED") and time.monotonic() < self.deadline:
                        continue  # the same command under the same id, on whichever replica answers
                    if error.status.name in ("FAILED_PRECONDITION", "ABORTED"):
                        break  # chosen from an old view: choose again
                    raise
                self.acknowledged[(self.game.game_id, seat, command_id)] = (response.first_version, response.last_version)
                played += 1
                if after_each is not None:
                    after_each.set()
                break
        raise AssertionError(f"{self.game.game_id} needed more than {max_commands} commands")


class Watcher(threading.Thread):
    """Follows a game through `Session.watch` (resuming by itself) until the game is over."""

    def __init__(self, kennel: Kennel, game_id: str, credential: str) -> None:
        super().__init__(daemon=True, name=f"watch-{game_id[:8]}")
        self.session = kennel.session(game_id, credential)
        self.versions: list[int] = []
        self.finished = False
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            for update in self.session.watch(timeout=60):
                self.versions.extend(event.version for event in update.events)
                self.finished = update.view.status == pb.GAME_STATUS_FINISHED
        except BaseException as error:  # reported by the test
            self.error = error
