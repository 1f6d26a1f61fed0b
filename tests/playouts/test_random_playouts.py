"""Random playouts: hundreds of seeded bot games of every registered game, checked end to end.

Each game is played by `RandomBot`s on every seat through a `Ledger` (testkit.bot_games), over
every seat count the game allows; some start with an open seat that is filled before play.
Every game must end with an outcome within a bounded number of commands, keep the game's
inventory constant after every decision, fold back from its events to its
final table, pass `verify`, and re-run from the same seed and commands to a byte-identical log.

The games are split into chunks so that pytest-xdist spreads them over the workers, and so that
no chunk comes near pytest's 300 s timeout on a loaded 2-core machine: a game whose games are
long gets more chunks (each about a minute at most there). Every chunk says how many of its
games reached an ending of the rules, and fails below the share measured for the game. A
failure names the seed text and seat count that reproduce it with `testkit.bot_games.bot_game`.
"""

from __future__ import annotations

from typing import Any

import pytest
from kennel.domain.core import table as tables
from kennel.domain.core.rng import seed_from_text
from kennel.domain.core.rules import Game
from kennel.domain.registry import GAMES
from kennel.replay.ledger import Ledger
from kennel.replay.logformat import group_by_cause, parse_log
from kennel.replay.rerun import rerun
from kennel.replay.verify import verify
from testkit.bot_games import bot_game

# Issue 2 asks 500 playouts of Hoarders; the larger games ask at least 300 (and cost more each).
GAMES_PER_GAME = {"hoarders": 500}
DEFAULT_GAMES_PER_GAME = 300
DEFAULT_CHUNKS = 10
# Measured with `--durations` under a load average of 5 to 11 on 2 cores (rules version 2):
# Canine Kleptomaniacs took 62 to 181 s a chunk in 10 chunks (its games are about 2.7 times
# longer than under version 1) and at most 41 s in 40; A Dog's Life 38 to 62 s in 10 and up to
# 72 s in 15 (load 11); ¡Caninos! at most 48 s in 10, Hoarders 12 s.
CHUNKS = {"canine-kleptomaniacs": 40, "a-dogs-life": 20}
MAX_STEPS = 5_000  # commands; a random Hoarders game needs about a hundred
OPEN_SEAT_EVERY = 5
# Rules as written may never end between random bots (A Dog's Life is won only by burying four
# bones): such a game's playouts stop after this many commands, and the share of them that
# reached an ending of the rules may not drop below the floor measured for it. Measured for rules
# version 2: Hoarders 500 of 500, ¡Caninos! 300 of 300 and Canine Kleptomaniacs 300 of 300 games
# ended (they must: no cap), A Dog's Life 0 of 300 within 600 commands (random dogs starve and
# scatter their bones; bots that pursue the goal end games, tests/playouts/test_search_playouts.py).
CAPPED_STEPS = {"a-dogs-life": 600}
ENDING_SHARE_FLOOR = {"a-dogs-life": 0.0}


def playouts(game: Game[Any], chunk: int) -> list[tuple[str, int, int]]:
    """(seed text, seat count, open seats) for this chunk's share of the game's playouts.

    Seat counts take turns, so every chunk plays them all (and takes about as long); in every
    fifth turn of them, each count starts with its last seat open.
    """
    counts = range(game.seats.minimum, game.seats.maximum + 1)
    total = GAMES_PER_GAME.get(game.name, DEFAULT_GAMES_PER_GAME)
    size = -(-total // CHUNKS.get(game.name, DEFAULT_CHUNKS))
    return [
        (
            f"playout/{game.name}/{index}",
            counts[index % len(counts)],
            int(index // len(counts) % OPEN_SEAT_EVERY == 0),
        )
        for index in range(chunk * size, min((chunk + 1) * size, total))
    ]


@pytest.mark.parametrize(
    ("game_name", "chunk"),
    [(name, chunk) for name in sorted(GAMES) for chunk in range(CHUNKS.get(name, DEFAULT_CHUNKS))],
    ids=lambda value: str(value),
)
def test_random_playouts_end_conserve_fold_verify_and_replay(
    game_name: str, chunk: int, record_property: Any
) -> None:
    game = GAMES[game_name]
    capped = game_name in CAPPED_STEPS
    games = ended = 0
    for seed_text, seat_count, open_seats in playouts(game, chunk):
        where = f"bot_game(GAMES[{game_name!r}], {seed_text!r}, {seat_count}, {open_seats})"
        steps = CAPPED_STEPS.get(game_name, MAX_STEPS)
        ledger = bot_game(game, seed_text, seat_count, open_seats, steps, must_end=not capped)
        check_playout(game, ledger, seed_from_text(seed_text), where)
        games += 1
        ended += ledger.table.outcome() is not None
    share = ended / games if games else 1.0
    print(f"{game_name} chunk {chunk}: {ended} of {games} playouts reached an ending of the rules")
    record_property("playouts_ended", f"{ended} of {games}")
    assert share >= ENDING_SHARE_FLOOR.get(game_name, 1.0), f"{game_name}: {ended} of {games} ended"


def check_playout(game: Game[Any], ledger: Ledger, seed: bytes, where: str) -> None:
    """An unfinished (capped) game is checked as far as it went: its seed is not revealed, so
    `verify` checks the format and the hash chain, and the rules are re-run here from the seed."""
    over = ledger.table.outcome() is not None
    assert tables.fold(game, ledger.events) == ledger.table, (
        f"{where}: folding the events gives another table"
    )
    check_inventory(game, ledger, where)
    raw = ledger.log().to_bytes()
    report = verify(raw)
    assert report.ok and report.rules_checked == over, f"{where}: {report.failure}"
    assert rerun(game, parse_log(raw), seed).log().to_bytes() == raw, (
        f"{where}: the same commands gave another log"
    )


def check_inventory(game: Game[Any], ledger: Ledger, where: str) -> None:
    """After set-up and after every decision, the game's inventory is what set-up dealt."""
    (_, setup), *decisions = group_by_cause(ledger.records)
    table = tables.fold(game, ledger.events[: len(setup)])
    expected = game.inventory(table.state)
    for _, records in decisions:
        for record in records:
            table = tables.evolve(table, ledger.events[record.version - 1])
        assert game.inventory(table.state) == expected, (
            f"{where}: the inventory changed at version {table.version}"
        )
