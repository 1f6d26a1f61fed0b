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
in `GOLDEN_OPTIONS`, which end it (its rulebook's own variant, say), named in the log's header.
"""

from __future__ import annotations

import argparse
import sys
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from kennel.domain.core.bots import RandomBot
from kennel.domain.core.codec import Json
from kennel.domain.core.rng import seed_from_text
from kennel.domain.core.rules import Game
from kennel.domain.registry import GAMES
from kennel.replay.ledger import Ledger
from kennel.service.matches import DEFAULT_MAX_STEPS, GAME_ID_NAMESPACE, LocalMatch
from kennel.service.simulate import bot_names, game_text, play_out, simulate_local

# A Dog's Life is won only by burying four bones, which random bots almost never do: its golden
# games play the rulebook's timed variant, with the house rule that ends a tie after 5 rounds.
GOLDEN_OPTIONS: dict[str, dict[str, Json]] = {"a-dogs-life": {"round_limit": 30, "overtime_rounds": 5}}

GOLDEN_DIR = Path(__file__).resolve().parent


def seat_counts(game: Game[Any]) -> list[int]:
    return sorted({game.seats.minimum, game.seats.maximum})


def golden_path(game: Game[Any], players: int) -> Path:
    return GOLDEN_DIR / game.name / f"{players}-players.jsonl"


def golden_log(game: Game[Any], players: int) -> bytes:
    """`kennel simulate`'s first game at this seed, under the game's golden options if any."""
    seed_text = f"golden-{players}"
    options = GOLDEN_OPTIONS.get(game.name)
    if options is None:
        return simulate_local(game, players, seed_text, 0, DEFAULT_MAX_STEPS).log
    text = game_text(seed_text, 0)  # the same ids, seed and bots as simulate_local
    ledger = Ledger.create(
        game, str(uuid.uuid5(GAME_ID_NAMESPACE, text)), options, bot_names(players), seed_from_text(text)
    )
    match = LocalMatch(ledger, seed_from_text(text), [RandomBot(f"{text}:{seat}") for seat in range(players)])
    play_out(match, text, DEFAULT_MAX_STEPS)
    return match.log()


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
