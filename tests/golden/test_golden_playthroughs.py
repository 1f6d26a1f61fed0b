"""Golden playthroughs: every checked-in log must replay, line for line, from its own commands.

A file is re-run from its revealed seed by feeding its recorded commands to a fresh `Ledger`
(`kennel.replay.rerun`); the whole log is written again and compared with the file. A difference means
the rules (or the engine, or the log format) now decide differently: if that is deliberate, bump
the game's `rules_version` and refresh the files with `tests/golden/regenerate.py`.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest
from kennel.domain.registry import GAMES
from kennel.replay.logformat import parse_log
from kennel.replay.rerun import rerun
from kennel.replay.verify import verify

GOLDEN_DIR = Path(__file__).resolve().parent
GOLDEN_FILES = sorted(GOLDEN_DIR.glob("*/*.jsonl"))
REFRESH = "if the change is deliberate, bump rules_version and run tests/golden/regenerate.py"


@pytest.mark.parametrize("game_name", sorted(GAMES))
def test_every_registered_game_has_a_golden_playthrough(game_name: str) -> None:
    files = sorted((GOLDEN_DIR / game_name).glob("*.jsonl"))
    assert files, f"{game_name} has no golden playthrough: run tests/golden/regenerate.py {game_name}"


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_a_golden_playthrough_replays_line_for_line(path: Path) -> None:
    raw = path.read_bytes()
    log = parse_log(raw)
    assert log.header.game in GAMES, f"{path}: the game {log.header.game!r} is not registered"
    assert path.parent.name == log.header.game, f"{path}: a {log.header.game} log in the wrong folder"
    game = GAMES[log.header.game]
    assert log.header.rules_version == game.rules_version, (
        f"{path}: written under another rules version; {REFRESH}"
    )
    ended = log.records[-1].event
    assert ended["type"] == "kennel.GameEnded", f"{path}: a golden game is played to its end"
    replayed = rerun(game, log, bytes.fromhex(ended["data"]["seed"])).log().to_bytes()
    if replayed != raw:
        pytest.fail(f"{path} no longer replays; {REFRESH}\n{line_diff(raw, replayed)}", pytrace=False)


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_a_golden_playthrough_verifies(path: Path) -> None:
    report = verify(path.read_bytes())
    assert report.ok and report.rules_checked, report.failure


def line_diff(expected: bytes, actual: bytes, context: int = 1, limit: int = 60) -> str:
    """The first differences, one line per record, the file's lines first."""
    diff = list(
        difflib.unified_diff(
            expected.decode("utf-8").splitlines(),
            actual.decode("utf-8").splitlines(),
            fromfile="golden file",
            tofile="replayed now",
            n=context,
            lineterm="",
        )
    )
    shown = diff[:limit]
    if len(diff) > limit:
        shown.append(f"... {len(diff) - limit} more diff lines")
    return "\n".join(shown)
