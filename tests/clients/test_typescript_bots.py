"""The TypeScript SDK names bot seats and a takeover in createGame, and a seat may leave and come
back (issue 19): bots.mts, bundled with the SDK's sources, against a real loopback server.
Skipped without Node.js and the npm packages of clients/ (testkit/node.py), unless
KENNEL_REQUIRE_NODE=1."""

from __future__ import annotations

import json
from pathlib import Path

from testkit.node import BIN, bundle, node_missing, require, run

HERE = Path(__file__).resolve().parent


def test_the_typescript_sdk_seats_bots_and_takes_over(server_address: str, tmp_path: Path) -> None:
    require(node_missing(), "KENNEL_REQUIRE_NODE")
    script = bundle(HERE / "typescript" / "bots.mts", tmp_path / "bots.mjs")
    report = json.loads(run(["node", str(script), server_address], timeout=240).stdout.splitlines()[-1])
    assert report["credentials"] == [0], "the bot seat gets no credential"
    assert report["reason"], "the game with a server bot ended"
    assert report["seats"] == ["Ann", "Robo"]
    assert report["left"] == ["seatTakenOver"]
    assert report["back"] == ["seatReturned"]
    assert report["refused"] == "kennel/bad_bot"


def test_the_driver_type_checks() -> None:
    require(node_missing(), "KENNEL_REQUIRE_NODE")
    run([str(BIN / "tsc"), "-p", str(HERE / "typescript"), "--noEmit"])
