"""`kennel play` driven through `kennel`'s own entry point by a scripted person."""

from __future__ import annotations

import argparse
import io
import re
import sys

import pytest
from kennel.domain.registry import GAMES
from kennel.service.cli import main
from kennel.service.play import add_arguments, handle
from kennel.service.play import play as kennel_play
from testkit.bot_games import finishing_arguments

MAX_INPUTS = 500  # answers the scripted person has; every game must end well before


def play(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], answers: str, *argv: str
) -> tuple[int, str]:
    """`kennel play` of a whole game: under the options random play finishes (testkit.bot_games)."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(answers))
    code = main(["play", *argv, *finishing_arguments(GAMES[argv[0]])] if argv else ["play"])
    return code, capsys.readouterr().out


def bot_counts() -> list[pytest.ParameterSet]:
    return [
        pytest.param(name, bots, id=f"{name}-{bots}-bots")
        for name, game in sorted(GAMES.items())
        for bots in sorted({game.seats.minimum - 1, game.seats.maximum - 1})
    ]


@pytest.mark.parametrize(("game", "bots"), bot_counts())
def test_always_choosing_the_first_option_plays_to_the_end(
    game: str, bots: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = play(
        monkeypatch, capsys, "1\n" * MAX_INPUTS, game, "--bots", str(bots), "--seed", "first", "--name", "Ann"
    )

    assert code == 0
    asked = out.count("Your choice (1-")
    assert 0 < asked < MAX_INPUTS
    assert "Game over. Winner" in out
    assert "Your move: " in out  # the same headline as every front-end
    assert out.startswith(f"{GAMES[game].title}: Ann against bot-1")
    assert not re.search(r"\bseat \d", out.split("Game over.", 1)[0])  # names, never numbers (issue 18)
    assert "=[" not in out and "critters=" not in out  # labels, not field dumps
    for heading in ("What happened:", "Your view:", "Waiting for:", "Your options:", "  1. "):
        assert heading in out
    assert "{" not in out.split("Your view:", 1)[1].split("Waiting for:", 1)[0]  # lines, not JSON


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_same_seed_and_answers_give_the_same_game(
    game: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = (game, "--bots", str(GAMES[game].seats.minimum - 1), "--seed", "again")
    first = play(monkeypatch, capsys, "1\n" * MAX_INPUTS, *argv)
    second = play(monkeypatch, capsys, "1\n" * MAX_INPUTS, *argv)
    assert first == second


def test_bad_answers_are_asked_again_and_q_quits(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game = next(iter(GAMES))
    code, out = play(monkeypatch, capsys, "x\n0\n9999\n\nq\n", game, "--seed", "q")

    assert code == 0
    assert out.count("Please answer with a number from 1 to") == 4
    assert out.count("Your choice (1-") == 5
    assert out.rstrip().endswith("You left the game.")


def test_the_end_of_the_input_leaves_cleanly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = play(monkeypatch, capsys, "", next(iter(GAMES)))
    assert code == 0
    assert out.rstrip().endswith("You left the game.")


def test_a_bot_count_the_game_does_not_allow_is_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game = next(iter(GAMES.values()))
    code, out = play(monkeypatch, capsys, "", game.name, "--bots", str(game.seats.maximum))
    assert code == 2
    assert "choose --bots from" in out


@pytest.mark.parametrize("game", sorted(GAMES))
def test_through_a_server_the_person_plays_to_the_end(game: str, server_address: str) -> None:
    # Called directly with its own output: the server thread logs to this process's stdout.
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    bots = str(GAMES[game].seats.maximum - 1)
    args = parser.parse_args([game, "--bots", bots, "--server", server_address, *finishing_arguments(GAMES[game])])
    stdout = io.StringIO()

    assert args.handler is handle
    assert kennel_play(args, io.StringIO("1\n" * MAX_INPUTS), stdout) == 0

    out = stdout.getvalue()
    assert out.startswith("Game ") and f" on {server_address}\n" in out.splitlines(keepends=True)[0]
    assert 0 < out.count("Your choice (1-") < MAX_INPUTS
    assert "What happened:" in out and "Your options:" in out
    assert "Game over. Winner" in out
