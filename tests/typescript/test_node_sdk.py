"""The TypeScript SDK in Node: whole games of every registered game, played over gRPC against a
real server on an ephemeral loopback port, with a spectator's Watch stream cut and resumed.

play.mts (bundled with the SDK's sources by esbuild) does the playing and prints one JSON line
per game; the checks are here. Skipped without Node.js and the npm packages of clients/ (see
testkit/node.py), unless KENNEL_REQUIRE_NODE=1.
"""

from __future__ import annotations

import json
import socket
from pathlib import Path
from typing import Any

import pytest
from kennel.domain.core.rules import Game
from kennel.domain.registry import GAMES, wire_name
from testkit.bot_games import finishing_options
from testkit.node import BIN, ROOT, bundle, node_missing, require, run
from testkit.servers import ServerThread

HERE = Path(__file__).resolve().parent


@pytest.fixture(autouse=True)
def node_ready() -> None:
    require(node_missing(), "KENNEL_REQUIRE_NODE")


def test_the_sdk_the_web_client_and_the_test_driver_type_check() -> None:
    run([str(BIN / "tsc"), "-p", str(ROOT / "clients" / "typescript"), "--noEmit"])
    run([str(BIN / "tsc"), "-p", str(ROOT / "clients" / "web"), "--noEmit"])
    run([str(BIN / "tsc"), "-p", str(HERE), "--noEmit"])


def _options(game: Game[Any]) -> str:
    """`:OPTIONS` (GameOptions' JSON) for a game played to its end (testkit.bot_games), or nothing."""
    options = finishing_options(game)
    return f":{json.dumps({wire_name(game): options})}" if options else ""


def test_whole_games_of_every_game_with_a_watch_cut_and_resumed(server: ServerThread, tmp_path: Path) -> None:
    script = bundle(HERE / "play.mts", tmp_path / "play.mjs")
    # The fewest seats keep it short; A Dog's Life also at the most, for a long stream.
    games = [(name, game.seats.minimum) for name, game in sorted(GAMES.items())]
    games.append(("a-dogs-life", GAMES["a-dogs-life"].seats.maximum))
    specs = [f"{name}:{seats}{_options(GAMES[name])}" for name, seats in games]
    done = run(["node", str(script), server.address, "pytest", *specs], timeout=240)
    reports: list[dict[str, Any]] = [json.loads(line) for line in done.stdout.splitlines()]

    assert [(r["game"], r["seats"]) for r in reports] == games
    for report in reports:
        game = report["game"]
        assert report["status"] == "FINISHED", game
        assert report["refused"] == [], f"{game}: a legal command was refused"
        assert report["winners"] and report["reason"], game
        assert report["ownHandTyped"] == _camel(wire_name(GAMES[game])), game  # the game's own typed view
        # The log, fetched once the game was over: its header, then a record per event (and more).
        assert report["logHeader"]["format"] == "kennel-log" and report["logHeader"]["game"] == game
        assert report["logRecords"] > report["version"], game
        watched = report["watched"]
        # The stream was cut several times, and the spectator still saw every event once, in order.
        # Updates carry every event since the last one, so a fast game may take few of them: at
        # least one cut (and the resume after it) is what a short game can promise.
        assert watched["cuts"] >= 1, game
        assert watched["versions"] == list(range(1, report["version"] + 1)), game
        assert watched["lastViewVersion"] == report["version"] and watched["lastViewStatus"] == "FINISHED", game
        # The first seat's skipOwn stream: its own commands' updates left out (a resumed stream
        # may bring one back in its catch-up), nothing else missing.
        spared, own = report["spared"]["versions"], set(report["spared"]["own"])
        assert own - set(spared), f"{game}: no update of the seat's own commands was left out"
        assert sorted(set(spared) | own) == watched["versions"], game


def _camel(snake: str) -> str:
    head, *rest = snake.split("_")
    return head + "".join(part.title() for part in rest)


def test_calls_spread_over_several_addresses_go_on_past_one_that_is_down(
    server: ServerThread, tmp_path: Path
) -> None:
    """grpcTransport("A,B") sends calls to each address in turn (docs/deploy.md); with B down
    (nothing listens on its loopback port) every call that lands there fails with UNAVAILABLE
    and is sent again to A, so a whole game and its watch still come through. (CreateGame, the
    first call, goes to A: it and JoinGame are never sent again, since they are not idempotent.)"""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        down = f"127.0.0.1:{probe.getsockname()[1]}"  # closed again before the game starts
    script = bundle(HERE / "play.mts", tmp_path / "play.mjs")
    done = run(["node", str(script), f"{server.address},{down}", "spread", "hoarders:2"], timeout=240)
    [report] = [json.loads(line) for line in done.stdout.splitlines()]
    assert report["status"] == "FINISHED" and report["refused"] == []
    assert report["watched"]["versions"] == list(range(1, report["version"] + 1))
