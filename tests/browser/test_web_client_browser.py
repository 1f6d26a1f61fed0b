"""The web client end to end: `kennel serve --web` on ephemeral loopback ports, two people in
two headless Chromium contexts (Debian's chromium, driven by playwright-core from npm).

Ann creates a game in the lobby, Bob joins it from the list of open games. Checks, for every
game: a move made in one page appears in the other, live; no script error, nothing fetched
from elsewhere; the screenshots are pictures. For ¡Caninos!: each page shows its own seat's
hand, exactly as the server tells that seat (read here through the Python SDK with the
credential the page holds), and no other. For A Dog's Life: the city is drawn from the game's
board, with both dogs, and the squares the seat may move to are the rings it clicks.
web_client.mjs drives the pages and saves the screenshots under pytest's tmp_path.

Needs what test_replay_html_browser.py needs, plus the web client's bundle (`make web`, which
`make test` and `make browser` run where npm is). Skipped when one is missing, unless
KENNEL_REQUIRE_BROWSER=1, which turns the skip into a failure.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from kennel.client import Kennel
from kennel.domain.a_dogs_life.board import board
from kennel.v1 import caninos_pb2
from testkit.node import WEB_BUNDLE, chromium_missing, require
from testkit.png import png_colours
from testkit.webserve import Served

HERE = Path(__file__).resolve().parent
SCRIPT = HERE / "web_client.mjs"


@pytest.fixture(scope="module", autouse=True)
def browser_ready() -> None:
    lack = chromium_missing()
    if lack is None and not WEB_BUNDLE.is_file():
        lack = "the web client is not built (make web)"
    require(lack, "KENNEL_REQUIRE_BROWSER")


def card_words(cards: Any) -> list[str]:
    """The cards as the page names them: the enum value without its prefix, in lower case."""
    return [caninos_pb2.Card.Name(card).removeprefix("CARD_").lower().replace("_", " ") for card in cards]


def play(served: Served, game: str, shots: Path) -> dict[str, Any]:
    shots.mkdir()
    done = subprocess.run(["node", str(SCRIPT), served.web, game, str(shots)],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, (
        f"web_client.mjs failed:\n{done.stderr}\n{done.stdout}\nthe server's log:\n{served.log()[-20000:]}")
    report: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])

    assert report["errors"] == [], "the page raised errors"
    assert report["foreignRequests"] == [], "the page fetched something from elsewhere"
    assert report["steps"] == ["created", "joined", "moved"]
    ann, bob = report["players"]["Ann"], report["players"]["Bob"]
    assert (ann["start"]["seat"], bob["start"]["seat"]) == (0, 1)
    assert ann["start"]["gameId"] == bob["start"]["gameId"]
    assert ann["start"]["credential"] != bob["start"]["credential"]

    # The move made in one page appeared in the other, through its live stream.
    mover = report["players"][report["mover"]]["after"]
    watcher = report["players"]["Bob" if report["mover"] == "Ann" else "Ann"]["after"]
    before = report["before"]["version"]
    assert watcher["version"] > before
    new = [line for line in watcher["feed"] if line["version"] > before]
    assert any(line["seat"] == str(mover["seat"]) for line in new), new
    assert mover["version"] == watcher["version"]
    # The mover's page told its own move from the command's answer (its stream, opened with
    # skipOwn, leaves that update out): every version once, newest first, in both feeds.
    assert any(line["seat"] == str(mover["seat"]) and line["version"] > before for line in mover["feed"])
    for feed in (mover["feed"], watcher["feed"]):
        versions = [line["version"] for line in feed]
        assert versions == sorted(set(versions), reverse=True), versions

    # Turn timers: the game was made with ten minutes per move; whoever owes one shows its clock.
    for player in report["players"].values():
        clocks = player["start"]["countdowns"]
        assert clocks, "no countdown shown for the seats that owe a move"
        assert all(re.fullmatch(r"(10:00|[0-9]:[0-5][0-9]) left", clock) for clock in clocks), clocks

    for name in ("lobby", "ann-start", "bob-start", "ann-after-move", "bob-after-move"):
        width, height, colours = png_colours((shots / f"{name}.png").read_bytes())
        assert width == 1280 and height >= 900, name
        assert len(colours) > 50, f"{name}.png looks blank: {len(colours)} colours"
    return report


def test_two_people_play_one_game_each_seeing_only_their_own_hand(served: Served, tmp_path: Path) -> None:
    report = play(served, "caninos", tmp_path / "screenshots")  # dealt hands that differ from seat to seat
    with Kennel(served.grpc, timeout=10) as kennel:
        for player in report["players"].values():
            for moment in ("start", "after"):
                shown = player[moment]
                truth = kennel.session(shown["gameId"], shown["credential"]).view(at_version=shown["version"])
                assert truth.seat == shown["seat"]
                # The page shows its own seat's hand, as the server gives it to that seat only.
                assert shown["handFields"] == 1
                assert shown["hand"] == card_words(truth.game.caninos.hand), (moment, shown["seat"])
                assert shown["hand"], "a hand was dealt"
                # Of the other seat the page knows how many cards it holds, never which.
                assert len(truth.game.caninos.players) == 2
                assert all(p.hand_size > 0 for p in truth.game.caninos.players)


def test_a_dogs_life_draws_its_city_and_moves_by_clicking_it(served: Served, tmp_path: Path) -> None:
    report = play(served, "a-dogs-life", tmp_path / "screenshots")
    assert report["clicked"].startswith("board square ")
    with Kennel(served.grpc, timeout=10) as kennel:
        for player in report["players"].values():
            shown = player["start"]
            assert shown["board"]["spaces"] == len(board().spaces)
            assert sorted(shown["board"]["dogs"]) == [0, 1]
            truth = kennel.session(shown["gameId"], shown["credential"]).view(at_version=shown["version"])
            moves = sorted(c.a_dogs_life.move_dog.to for c in truth.legal_commands
                           if c.WhichOneof("game") == "a_dogs_life" and c.a_dogs_life.WhichOneof("kind") == "move_dog")
            assert sorted(shown["board"]["targets"]) == moves, "the rings are the squares the seat may move to"
