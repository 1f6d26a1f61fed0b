"""What the web client says of games that are not ordinary (issue 18): a game the server's lobby
closed while its creator waited in it, and a fork. notices.mjs opens the pages in headless
Chromium through their seats' resume links; the server is `kennel serve --web` with a short
`--lobby-timeout`. Skipped like the other browser tests unless KENNEL_REQUIRE_BROWSER=1."""

from __future__ import annotations

import json
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from kennel.client import Kennel
from testkit.node import WEB_BUNDLE, chromium_missing, require
from testkit.webserve import Served, serve

HERE = Path(__file__).resolve().parent
LOBBY_TIMEOUT = 10  # seconds: long enough for the page to open while the game still waits


@pytest.fixture(scope="module", autouse=True)
def browser_ready() -> None:
    lack = chromium_missing()
    if lack is None and not WEB_BUNDLE.is_file():
        lack = "the web client is not built (make web)"
    require(lack, "KENNEL_REQUIRE_BROWSER")


@pytest.fixture
def quick_lobby(tmp_path: Path) -> Iterator[Served]:
    yield from serve(tmp_path, "--lobby-timeout", str(LOBBY_TIMEOUT))


def seat_page(served: Served, game_id: str, credential: str, wait: str) -> dict[str, Any]:
    """What Ann's page of `game_id` (seat 0) says once `wait` shows."""
    spec = {"name": "Ann", "gameId": game_id, "seat": 0, "credential": credential, "wait": wait}
    done = subprocess.run(
        ["node", str(HERE / "notices.mjs"), served.web, json.dumps([spec])],
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert done.returncode == 0, f"notices.mjs failed:\n{done.stderr}\n{done.stdout}"
    report: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["errors"] == []
    return report["pages"]["Ann"]


def test_a_game_the_lobby_closed_while_its_creator_waited_says_so(quick_lobby: Served) -> None:
    with Kennel(quick_lobby.grpc, timeout=10) as kennel:
        created = kennel.create_game("hoarders", ["Ann", None])
        assert created.game_id in [g.game_id for g in kennel.list_open_games()]
        seen = seat_page(quick_lobby, created.game_id, created.credentials[0], "#lobby-closed")
        assert seen["firstStatus"] == "waiting for players"
        assert seen["status"] == "closed" and seen["scores"] == 0
        view = kennel.session(created.game_id, created.credentials[0]).view()
        assert seen["text"] == view.headline and "closed" in seen["text"]
        # The lobby lists only games that can still start.
        assert created.game_id not in [g.game_id for g in kennel.list_open_games()]


def test_a_fork_shows_the_notice_its_view_carries(served: Served) -> None:
    with Kennel(served.grpc, timeout=10) as kennel:
        created = kennel.create_game("hoarders", ["Ann", "Bob"])
        seats = [kennel.session(created.game_id, created.credentials[seat]) for seat in (0, 1)]
        deadline = time.monotonic() + 120
        after_first_move = 0  # a fork starts after a whole decision
        while not (view := seats[0].view()).HasField("outcome"):
            assert time.monotonic() < deadline, "the game did not end"
            acting = view.pending[0].seat
            legal = seats[acting].view().legal_commands
            moved = seats[acting].act(next(c for c in legal if c.WhichOneof("game") != "engine"))
            after_first_move = after_first_move or moved.view.version
        fork = seats[0].fork(at_version=after_first_move)
        notice = kennel.session(fork.game_id, fork.credentials[0]).view().forked_from.notice
        assert notice
        seen = seat_page(served, fork.game_id, fork.credentials[0], "#fork-notice")
        assert seen["text"] == notice
