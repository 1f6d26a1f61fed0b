"""Start-up refuses a half-registered game (issue #15): a game in the registry without its
members in kennel.proto's wrappers would be created and then fail with INTERNAL on the next call,
so the server names what is missing and does not start."""

from __future__ import annotations

import asyncio
import dataclasses
from pathlib import Path

import pytest
from kennel.domain.registry import GAMES
from kennel.service import cli
from kennel.service.config import Config
from kennel.service.registration import HalfRegisteredGame, check_registered, missing_wrappers
from kennel.service.server import start_server


@dataclasses.dataclass
class FakeGame:
    """Only what the check reads: a name with no member in any wrapper of kennel.proto."""

    name: str = "fetch-the-stick"


def test_every_registered_game_has_its_wrapper_entries() -> None:
    assert missing_wrappers(GAMES.values()) == []
    check_registered(GAMES)


def test_missing_entries_are_named_per_wrapper() -> None:
    missing = missing_wrappers([FakeGame()])
    assert missing == [
        "kennel.v1.GameOptions.game.fetch_the_stick (game 'fetch-the-stick')",
        "kennel.v1.Command.game.fetch_the_stick (game 'fetch-the-stick')",
        "kennel.v1.GameView.game.fetch_the_stick (game 'fetch-the-stick')",
        "kennel.v1.Event.kind.fetch_the_stick (game 'fetch-the-stick')",
    ]


def test_start_server_refuses_a_half_registered_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES, "fetch-the-stick", FakeGame())  # type: ignore[arg-type]
    config = Config(host="127.0.0.1", port=0, data_dir=str(tmp_path))
    with pytest.raises(HalfRegisteredGame, match=r"kennel\.v1\.Command\.game\.fetch_the_stick"):
        asyncio.run(start_server(config))
    assert not (tmp_path / "kennel.sqlite3").exists()  # refused before opening anything


def test_kennel_serve_says_which_entry_is_missing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(GAMES, "fetch-the-stick", FakeGame())  # type: ignore[arg-type]
    config = Config(host="127.0.0.1", port=0, data_dir=str(tmp_path))
    assert asyncio.run(cli._serve_until_stopped(config)) == 1  # what `kennel serve` runs once configured
    error = capsys.readouterr().err
    assert "kennel serve:" in error and "kennel.v1.GameView.game.fetch_the_stick" in error
