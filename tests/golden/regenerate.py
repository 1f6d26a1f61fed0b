"""Write the golden playthroughs again: tests/golden/<game>/<N>-players.jsonl.

Golden logs are checked in and change only on purpose. `test_golden_playthroughs.py` re-runs
each file's recorded commands from its revealed seed and compares the log it gets, line by line,
with the file. When that test fails because a game's rules deliberately changed what its logs
replay to:

1. bump the game's `rules_version` (old logs no longer replay under the new rules);
2. from the repository root, run `.venv/bin/python tests/golden/regenerate.py GAME` (every
   registered game when no name is given; a new game needs this once, too);
3. read `git diff tests/golden` and commit the new files with the rules change.

Each file is the first game of `kennel simulate GAME --players N --seed golden-N`: the same
random bots, driver and seed text, played at the fewest and the most seats the game allows.
A game whose rules as written need not end between random bots is recorded under the options
that end it (`testkit.bot_games.finishing_options`: its rulebook's own variant, say), named in
the log's header.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from kennel.domain.core.rules import Game
from kennel.domain.registry import GAMES
from kennel.service.matches import DEFAULT_MAX_STEPS
from kennel.service.simulate import simulate_local

GOLDEN_DIR = Path(__file__).resolve().parent
# Run as a script (`python tests/golden/regenerate.py`), tests/ is not on the path as under pytest.
if str(GOLDEN_DIR.parent) not in sys.path:
    sys.path.insert(0, str(GOLDEN_DIR.parent))
from testkit.bot_games import finishing_options  # after the path is set


def seat_counts(game: Game[Any]) -> list[int]:
    return sorted({game.seats.minimum, game.seats.maximum})


def golden_path(game: Game[Any], players: int) -> Path:
    return GOLDEN_DIR / game.name / f"{players}-players.jsonl"


def golden_log(game: Game[Any], players: int) -> bytes:
    """`kennel simulate`'s first game at this seed, under the options that finish it."""
    run = simulate_local(game, players, f"golden-{players}", 0, DEFAULT_MAX_STEPS, options=finishing_options(game))
    assert run.log is not None  # in process, the log is always there
    return run.log


def regenerate(game: Game[Any]) -> list[Path]:
    written = []
    for players in seat_counts(game):
        path = golden_path(game, players)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(golden_log(game, players))
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "games", nargs="*", metavar="GAME", help=f"one of {', '.join(sorted(GAMES))} (default: all)"
    )
    args = parser.parse_args(argv)
    unknown = sorted(set(args.games) - set(GAMES))
    if unknown:
        parser.error(f"no such game: {', '.join(unknown)}")
    for name in args.games or sorted(GAMES):
        for path in regenerate(GAMES[name]):
            print(f"wrote {path.relative_to(GOLDEN_DIR.parent.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
