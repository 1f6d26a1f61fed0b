"""`kennel serve` runs on uvloop by default and on asyncio's own loop when asked
(kennel.service.eventloop); a game is played through our SDK on each, and a platform without
uvloop falls back to asyncio's loop, saying so."""

from __future__ import annotations

import asyncio
import builtins
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from kennel.client import Kennel
from kennel.service import eventloop
from kennel.service.config import Config
from trust.trustkit import ServerProcess

GAME = "hoarders"


def _serving_line(log_file: Path) -> dict[str, Any]:
    for line in log_file.read_text().splitlines():
        if line.startswith("{") and json.loads(line).get("event") == "serving":
            return dict(json.loads(line))
    raise AssertionError(f"no 'serving' line in {log_file.read_text()!r}")


@pytest.mark.parametrize(("args", "expected"), [((), "uvloop"), (("--event-loop", "asyncio"), "asyncio")])
def test_kennel_serve_plays_a_game_on_the_loop_it_says(tmp_path: Path, args: tuple[str, ...], expected: str) -> None:
    server = ServerProcess(tmp_path / "data", tmp_path / "server.log", ["--log-format", "json", *args]).start()
    try:
        with Kennel(server.address) as kennel:
            created = kennel.create_game(GAME, ["Ann", "Bob", "Cy"])
            seat = kennel.session(created.game_id, created.credentials[0])
            view = seat.view()
            answer = seat.act(view.legal_commands[0])
            assert answer.view.version > view.version
    finally:
        server.stop()
    assert _serving_line(tmp_path / "server.log")["event_loop"] == expected


def test_the_loop_is_a_setting_like_the_others() -> None:
    assert Config().event_loop == "uvloop"
    assert Config.from_env({"KENNEL_EVENT_LOOP": "asyncio"}).event_loop == "asyncio"
    with pytest.raises(ValueError, match="event loop"):
        Config(event_loop="trio")


def test_without_uvloop_the_server_runs_on_asyncios_loop_and_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real_import = builtins.__import__

    def no_uvloop(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "uvloop":
            raise ImportError("no uvloop here")
        return real_import(name, *args, **kwargs)

    monkeypatch.delitem(sys.modules, "uvloop", raising=False)
    monkeypatch.setattr(builtins, "__import__", no_uvloop)

    async def which() -> str:
        return eventloop.running_loop_name()

    assert eventloop.run(which(), "uvloop") == "asyncio"
    assert "event_loop_unavailable" in capsys.readouterr().out


def test_each_loop_runs_what_it_is_asked_to() -> None:
    async def which() -> str:
        await asyncio.sleep(0)
        return eventloop.running_loop_name()

    assert eventloop.run(which(), "uvloop") == "uvloop"
    assert eventloop.run(which(), "asyncio") == "asyncio"
    with pytest.raises(ValueError, match="event loop"):
        eventloop.loop_factory("trio")
