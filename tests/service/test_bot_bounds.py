"""The server's bots are bounded (issue 19; docs/reliability.md, "Threat model"): a creator
cannot ask for a stronger bot than the server allows, all the bots of the server think on at most
`bot_threads` threads at once however many tables a caller fills with them, and a bot that fails
leaves its seat to the prompt timer like an absent player.

Waits are bounded; nothing here asserts how long anything took (design: no timing assertions).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from kennel.client import Bot, Kennel, KennelError
from kennel.domain.bots import make_bot
from kennel.replay.verify import verify
from kennel.service import botseats
from testkit.servers import ServerThread

WAIT = 60.0


@pytest.fixture
def capped(tmp_path: Path) -> Iterator[Kennel]:
    running = ServerThread(tmp_path / "data", max_bot_level=1, bot_threads=1).start()
    try:
        with Kennel(running.address, timeout=10) as client:
            yield client
    finally:
        running.stop()


def _until_ended(kennel: Kennel, game_id: str, spectator: str) -> None:
    session = kennel.session(game_id, spectator)
    stream = session.watch(timeout=WAIT)
    try:
        for update in stream:
            if any(event.WhichOneof("kind") == "game_ended" for event in update.events):
                return
    finally:
        stream.close()
    raise AssertionError("the game did not end")


def test_a_creator_cannot_seat_a_bot_stronger_than_the_server_runs(capped: Kennel) -> None:
    with pytest.raises(KennelError) as refused:
        capped.create_game("hoarders", ["Ada", Bot("search", 2)])
    assert refused.value.status == grpc.StatusCode.INVALID_ARGUMENT
    assert refused.value.code == "kennel/bad_bot"
    with pytest.raises(KennelError) as takeover:
        capped.create_game("hoarders", ["Ada", "Bo"], takeover=Bot("search", 3))
    assert takeover.value.code == "kennel/bad_bot"
    assert capped.create_game("hoarders", ["Ada", Bot("search", 1)]).game_id


class _Counting:
    """Wraps the real bots: how many think at once, at most (each thinks a little while)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.now = 0
        self.most = 0
        self.calls = 0

    def make(self, game: Any, kind: str, seed_text: str, level: int = 2) -> Any:
        bot = make_bot(game, kind, seed_text, level)
        counting = self

        class Wrapped:
            def choose(self, sight: Any) -> Any:
                with counting.lock:
                    counting.now += 1
                    counting.calls += 1
                    counting.most = max(counting.most, counting.now)
                try:
                    time.sleep(0.01)  # long enough that unbounded bots of several tables overlap
                    return bot.choose(sight)
                finally:
                    with counting.lock:
                        counting.now -= 1

        return Wrapped()


def test_bots_of_many_tables_think_on_one_thread_at_a_time(
    capped: Kennel, monkeypatch: pytest.MonkeyPatch
) -> None:
    counting = _Counting()
    monkeypatch.setattr(botseats, "make_bot", counting.make)
    games = [capped.create_game("hoarders", [Bot("random"), Bot("random"), Bot("random")]) for _ in range(3)]
    for created in games:
        _until_ended(capped, created.game_id, created.spectator_credential)
    assert counting.calls > 3
    assert counting.most == 1, "bot_threads=1: never two bots thinking at once"
    raw = capped.session(games[0].game_id, games[0].spectator_credential).log()
    assert verify(raw).ok


def test_a_failing_bot_leaves_its_seat_to_the_prompt_timer(
    kennel: Kennel, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Broken:
        def choose(self, sight: Any) -> Any:
            raise RuntimeError("this bot is broken")

    monkeypatch.setattr(botseats, "make_bot", lambda *args, **kwargs: Broken())
    created = kennel.create_game("hoarders", ["Ada", Bot("random")], prompt_limit_ms=150)
    spectator = kennel.session(created.game_id, created.spectator_credential)
    stream = spectator.watch(timeout=WAIT)
    expired: list[int] = []
    try:
        for update in stream:
            expired += [
                e.prompt_expired.seat for e in update.events if e.WhichOneof("kind") == "prompt_expired"
            ]
            if 1 in expired:
                break
    finally:
        stream.close()
    assert 1 in expired, "the bot seat's prompt ran out, and the rules answered in its place"
