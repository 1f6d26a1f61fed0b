"""Bodies of real game logs for the benchmark: bot games played in this process, as
`kennel simulate` plays them, and copies of them under new game ids.

A copy is a different game to the store (its header names another id, so every hash of its
chain differs) with the same moves; it makes a store of 10,000 finished games in seconds
rather than the minutes that playing each one would take.
"""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Iterator, Sequence
from typing import Any

from kennel.domain.registry import GAMES
from kennel.replay.logformat import Log, chain, group_by_cause, parse_log
from kennel.service.matches import DEFAULT_MAX_STEPS
from kennel.service.simulate import simulate_local


def played(
    games_per_type: int, players: int, seed: str = "bench", only: Sequence[str] = ()
) -> Iterator[tuple[str, bytes]]:
    """(game type, exported log bytes) for that many finished bot games of every registered game
    (or of the games named in `only`)."""
    for name, game in sorted(GAMES.items()):
        if only and name not in only:
            continue
        seats = min(max(players, game.seats.minimum), game.seats.maximum)
        for index in range(games_per_type):
            # Under the options that random play ends with (A Dog's Life's timed variant): whole
            # games, not logs cut off at the step limit after 10,000 moves.
            run = simulate_local(game, seats, f"{seed}:{name}", index, DEFAULT_MAX_STEPS,
                                 options=game.random_play_options)
            yield name, run.log


def renamed(log: Log, game_id: uuid.UUID) -> Log:
    """The same moves as another game: a new header id and the hash chain recomputed from it."""
    header = dataclasses.replace(log.header, game_id=str(game_id))
    records: list[Any] = []
    prev = header.genesis_hash()
    for cause, group in group_by_cause(log.records):
        linked = chain(prev, group[0].version, cause, [record.event for record in group])
        records.extend(linked)
        prev = linked[-1].hash
    return Log(header=header, records=tuple(records))


def parsed(raw: bytes) -> Log:
    return parse_log(raw)
