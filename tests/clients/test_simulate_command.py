"""`kennel simulate`: bot games in process and through a real server, and the logs they write."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from kennel.domain.core import table as tables
from kennel.domain.core.bots import RandomBot
from kennel.domain.core.rng import seed_from_text
from kennel.domain.core.rules import Game
from kennel.domain.registry import GAMES
from kennel.replay.logformat import parse_log
from kennel.replay.verify import verify
from kennel.service.cli import main
from kennel.service.matches import LocalMatch, proposes_undo
from kennel.service.simulate import log_file_name
from kennel.service.viewbytes import command_message
from testkit.bot_games import finishing_arguments

GAMES_PLAYED = 3


def verify_log(raw: bytes) -> None:
    report = verify(raw, require_complete=True)
    assert report.ok, report.to_json()


def simulate(game: str, players: int, out: Path, *extra: str, seed: str = "kennel") -> int:
    """`kennel simulate` of whole games: under the options random play finishes (testkit.bot_games)."""
    argv = ["simulate", game, "--players", str(players), "--seed", seed, "--games", str(GAMES_PLAYED)]
    return main([*argv, "--out", str(out), "--quiet", *finishing_arguments(GAMES[game]), *extra])


def logs(out: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(out.iterdir())}


def seat_counts() -> list[Any]:
    return [
        pytest.param(name, players, id=f"{name}-{players}")
        for name, game in sorted(GAMES.items())
        for players in range(game.seats.minimum, game.seats.maximum + 1)
    ]


@pytest.mark.parametrize(("game", "players"), seat_counts())
def test_in_process_games_end_and_their_logs_verify(game: str, players: int, tmp_path: Path) -> None:
    assert simulate(game, players, tmp_path) == 0

    written = logs(tmp_path)
    assert sorted(written) == sorted(log_file_name(game, "kennel", i) for i in range(GAMES_PLAYED))
    for raw in written.values():
        header = json.loads(raw.split(b"\n", 1)[0])
        assert (header["game"], header["seats"]) == (game, [f"bot-{seat}" for seat in range(players)])
        verify_log(raw)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_same_seed_writes_the_same_bytes(game: str, tmp_path: Path) -> None:
    players = GAMES[game].seats.maximum
    assert simulate(game, players, tmp_path / "first") == 0
    assert simulate(game, players, tmp_path / "second") == 0
    assert simulate(game, players, tmp_path / "other", seed="another") == 0

    assert logs(tmp_path / "first") == logs(tmp_path / "second")
    assert set(logs(tmp_path / "first").values()).isdisjoint(logs(tmp_path / "other").values())


def test_the_summary_counts_games_commands_and_winners(capsys: pytest.CaptureFixture[str]) -> None:
    game = next(iter(GAMES.values()))
    assert (
        main(["simulate", game.name, "--players", str(game.seats.minimum), "--seed", "s", "--games", "4"])
        == 0
    )

    summary = capsys.readouterr().out
    assert summary.startswith(f"4 games of {game.title}, {game.seats.minimum} players, seed 's', in process")
    for line in ("Commands: ", "Winners: bot-0 ", "Elapsed: ", " commands/s"):
        assert line in summary


def test_quiet_prints_nothing_and_no_out_writes_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = next(iter(GAMES.values()))
    assert main(["simulate", game.name, "--players", str(game.seats.minimum), "--quiet"]) == 0
    assert capsys.readouterr().out == ""


def test_a_seat_count_the_game_does_not_allow_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    game = next(iter(GAMES.values()))
    assert main(["simulate", game.name, "--players", str(game.seats.maximum + 1)]) == 2
    assert "is played by" in capsys.readouterr().err


def test_a_game_not_over_within_the_bound_is_reported_with_its_log_so_far(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = next(iter(GAMES.values()))
    argv = ["simulate", game.name, "--games", "2", "--max-steps", "1", "--out", str(tmp_path)]
    assert main(argv) == 0
    assert "Not over: 2 of 2 games after 1 commands each" in capsys.readouterr().out
    for raw in logs(tmp_path).values():
        assert len(parse_log(raw).records) > 1  # the game's opening and the one command
        assert verify(raw).ok


def test_game_options_are_checked_by_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    game = next(iter(GAMES.values()))
    assert main(["simulate", game.name, "--option", "no_such_option=1"]) == 2
    assert "no_such_option" in capsys.readouterr().err
    assert main(["simulate", game.name, "--option", "no equals sign"]) == 2
    assert "NAME=VALUE" in capsys.readouterr().err


def test_the_seed_text_is_made_safe_for_a_file_name() -> None:
    assert log_file_name("hoarders", "a/b c", 2) == "hoarders-a_b_c-2.jsonl"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_server_bots_draw_exactly_as_random_bots_do(game: str) -> None:
    """Bots playing through a server pick by index from the view's legal commands, which is
    what `RandomBot` does with the same legal commands in the same order."""
    rules: Game[Any] = GAMES[game]
    players = rules.seats.maximum
    match = LocalMatch.start(
        rules,
        "id",
        [f"p{seat}" for seat in range(players)],
        seed_from_text(game),
        [f"text-{seat}" for seat in range(players)],
    )
    for step in range(40):
        if match.result() is not None:
            break
        seat = match.pending()[0].seat
        legal = tables.legal_commands(match.ledger.table, seat)
        expected = RandomBot(f"text-{seat}").choose(match.ledger.table, seat)
        # What a bot playing through a server sees: the same commands as wire messages.
        wired = [command_message(match.game.name, tables.encode_command(match.game, c)) for c in legal]
        picked = RandomBot(f"text-{seat}").pick(match.version, seat, [proposes_undo(c) for c in wired])
        assert legal[picked] == expected
        match.bot_act(seat, f"cmd-{step}")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_through_a_server_games_end_and_the_fetched_logs_verify(
    game: str, server_address: str, tmp_path: Path
) -> None:
    players = GAMES[game].seats.minimum
    # The same server named twice: the client takes the addresses in turn, as with replicas.
    assert simulate(game, players, tmp_path, "--server", f"{server_address},{server_address}") == 0

    written = logs(tmp_path)
    assert len(written) == GAMES_PLAYED
    game_ids = set()
    for raw in written.values():
        header = json.loads(raw.split(b"\n", 1)[0])
        assert header["game"] == game
        game_ids.add(header["game_id"])
        log = parse_log(raw)
        assert log.records[-1].event["type"] == "kennel.GameEnded"
        assert log.checkpoint is not None and log.checkpoint.head == log.records[-1].hash
        verify_log(raw)
    assert len(game_ids) == GAMES_PLAYED
