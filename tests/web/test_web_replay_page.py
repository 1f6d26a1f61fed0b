"""The web port's replay page (`/replay/<game id>.html`, service/web.py), attacked over HTTP on a
real server: it is the game's log behind the same checks as GetLog (issue 18). Without a
credential, with another game's, or for a game still running, no page; once the game is over,
a seat of it gets the page of that very game."""

from __future__ import annotations

import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest
from kennel.client import Kennel
from kennel.service.config import Config
from kennel.service.web import RunningWeb, start_web
from kennel.v1 import kennel_pb2 as pb
from testkit.servers import ServerThread

MAX_MOVES = 2000  # a two-seat Hoarders game takes far fewer


@pytest.fixture
def web(server: ServerThread) -> Iterator[RunningWeb]:
    assert server.running is not None
    running = server._run(start_web("127.0.0.1", 0, server.running.port, Config().max_message_bytes))
    try:
        yield running
    finally:
        server._run(running.stop())


def fetch(web: RunningWeb, game_id: str, credential: str | None) -> tuple[int, str]:
    headers = {"authorization": f"Bearer {credential}"} if credential else {}
    call = urllib.request.Request(f"http://127.0.0.1:{web.port}/replay/{game_id}.html", headers=headers)
    try:
        with urllib.request.urlopen(call, timeout=60) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def finish(kennel: Kennel, game_id: str, credentials: dict[int, str]) -> None:
    seats = [kennel.session(game_id, credentials[i]) for i in range(2)]
    for _ in range(MAX_MOVES):
        view = seats[0].view()
        if view.status == pb.GAME_STATUS_FINISHED:
            return
        acting = min(prompt.seat for prompt in view.pending)
        own = seats[acting].view()
        seats[acting].act(next(c for c in own.legal_commands if c.WhichOneof("game") != "engine"))
    raise AssertionError("the game did not end")


def test_the_replay_page_is_the_logs_own_checks(kennel: Kennel, web: RunningWeb) -> None:
    game = kennel.create_game("hoarders", ["Ann", "Bob"])
    other = kennel.create_game("hoarders", ["Cy", "Di"])

    assert fetch(web, game.game_id, None)[0] == 401
    status, body = fetch(web, game.game_id, game.credentials[0])
    assert status == 409 and "over" in body  # a running game's log is not a seat's to read
    assert fetch(web, game.game_id, other.credentials[0])[0] in (401, 403)

    finish(kennel, game.game_id, game.credentials)
    status, page = fetch(web, game.game_id, game.credentials[1])
    assert status == 200 and page.startswith("<!doctype html>") and game.game_id in page
    assert fetch(web, game.game_id, other.credentials[0])[0] in (401, 403)  # still not another game's seat
