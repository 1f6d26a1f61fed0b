"""`kennel bots duel GAME --games N`: how strong the search bot is, measured (issue 19).

Plays the search bot against the random bot, against itself, and an omniscient search bot (one
that searches the true state: an upper bound on what any policy of this search could reach,
used only here, never at a table) against the random bot; prints each win rate with a 95%
Wilson interval, how the games ended, and the search bot's decision times. Games run in this
process through the domain alone (tables.play, the same path the server's decisions take), each
bot handed only its seat's sight, built incrementally as the server would stream it.
"""

from __future__ import annotations

import argparse
import math
import random
import re
import statistics
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from kennel.domain.bots import KITS, make_bot
from kennel.domain.core import table as tables
from kennel.domain.core.rng import Rng, seed_from_text
from kennel.domain.core.search import DEFAULT_LEVEL, LEVELS, SearchBot
from kennel.domain.core.sight import Sight
from kennel.domain.core.undo import ENGINE_COMMANDS
from kennel.domain.registry import GAMES, game_named

MAX_DECISIONS = 6000  # per game: a game still running then is counted as unfinished
MATCHUPS = ("search-random", "search-search", "omniscient-random")


class OmniscientBot(SearchBot):
    """The search bot searching the true state instead of worlds sampled from its sight.

    It cheats by construction: it exists to measure how much the hidden information and the
    dice cap what the search can reach, and is never offered at a table."""

    def choose_seeing(self, sight: Sight, state: Any) -> Any | None:
        options = [command for command in sight.legal if command not in ENGINE_COMMANDS]
        if len(options) <= 1:
            return self.choose(sight)
        rng = random.Random(Rng(self._seed, sight.version * 16 + sight.seat).next_u64())
        return options[self._search(sight, options, [state] * self._level.worlds, rng)]


@dataclass
class Tally:
    games: int = 0
    wins: float = 0.0  # the focal seat's share of each win (1/k when k seats share it)
    endings: Counter[str] = field(default_factory=Counter)
    times: list[float] = field(default_factory=list)  # search decisions, seconds

    def interval(self) -> tuple[float, float, float]:
        return wilson(self.wins, self.games)


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float, float]:
    """The win rate and its 95% Wilson score interval."""
    if games == 0:
        return 0.0, 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return p, max(0.0, centre - half), min(1.0, centre + half)


def play_one(
    game_name: str, seats: int, number: int, focal: int, players: list[Callable[..., Any]], tally: Tally
) -> None:
    game = game_named(game_name)
    seed = seed_from_text(f"duel {game_name} {seats} {number}")
    events = tables.create(game, None, [f"bot{seat}" for seat in range(seats)], seed)
    table = tables.fold(game, events)
    histories = [[tables.redact(table, event, seat) for event in events] for seat in range(seats)]
    for _ in range(MAX_DECISIONS):
        if table.ended is not None:
            break
        prompts = table.pending()
        seat = prompts[0].seat
        sight = Sight(
            game,
            seat,
            tuple(histories[seat]),
            game.view(table.state, seat),
            tables.legal_commands(table, seat),
        )
        started = time.process_time()  # CPU time on the one core this process runs on
        command = players[seat](sight, table.state)
        if players[seat].timed:  # type: ignore[attr-defined]
            tally.times.append(time.process_time() - started)
        decision = tables.play_folded(table, seat, command, seed)
        for viewer in range(seats):
            histories[viewer].extend(tables.redact(table, event, viewer) for event in decision.events)
        table = decision.table
    tally.games += 1
    if table.ended is None:
        tally.endings["unfinished"] += 1
        return
    tally.endings[ending(table.ended.reason)] += 1
    if focal in table.ended.winners:
        tally.wins += 1 / len(table.ended.winners)


def ending(reason: str) -> str:
    """A game's reason to end without who or what: "Seat 1 gathered five acorns." -> "gathered five"."""
    words = [word for word in re.sub(r"[^a-z ]", " ", reason.lower()).split() if word != "seat"]
    return " ".join(words[:2]) or "ended"


def _player(kind: str, game_name: str, seed_text: str, level: int) -> Callable[..., Any]:
    game = GAMES[game_name]
    if kind == "omniscient":
        bot = OmniscientBot(KITS[game_name], seed_text, level)

        def omniscient(sight: Sight, state: Any) -> Any:
            return bot.choose_seeing(sight, state)

        omniscient.timed = False  # type: ignore[attr-defined]
        return omniscient
    sighted = make_bot(game, kind, seed_text, level)

    def play(sight: Sight, state: Any) -> Any:  # the state is never handed on
        return sighted.choose(sight)

    play.timed = kind == "search"  # type: ignore[attr-defined]
    return play


def duel(game_name: str, seats: int, games: int, level: int, matchup: str, first_game: int = 0) -> Tally:
    """Games number `first_game` to `first_game + games - 1`: each number names its deal and the
    bots' seeds, so a run with the same numbers replays the same games, and runs to be added up
    take numbers that do not overlap."""
    first, second = matchup.split("-")
    tally = Tally()
    for number in range(first_game, first_game + games):
        focal = number % seats  # the focal bot takes every seat in turn
        players = [
            _player(first if seat == focal else second, game_name, f"{matchup} {number} {seat}", level)
            for seat in range(seats)
        ]
        play_one(game_name, seats, number, focal, players, tally)
    return tally


def report(game_name: str, seats: int, level: int, matchup: str, tally: Tally) -> str:
    rate, low, high = tally.interval()
    times = sorted(tally.times)
    median, p90 = (statistics.median(times), times[int(len(times) * 0.9)]) if times else (0.0, 0.0)
    timing = (
        f"; decisions: median {median * 1000:.0f} ms, p90 {p90 * 1000:.0f} ms"
        if times
        else ""
    )
    endings = ", ".join(f"{reason} {count}" for reason, count in tally.endings.most_common())
    return (
        f"{game_name} {seats} seats, level {level}, {matchup}: first bot wins {rate:.0%} "
        f"(95% CI {low:.0%}-{high:.0%}) of {tally.games}{timing}\n    endings: {endings}"
    )


def add_bots(parser: argparse.ArgumentParser) -> None:
    commands = parser.add_subparsers(dest="bots_command", required=True)
    duel_parser = commands.add_parser("duel", help="measure the search bot: win rates with 95%% intervals")
    duel_parser.add_argument("game", choices=sorted(GAMES))
    duel_parser.add_argument("--games", type=int, default=40, help="games per matchup (default 40)")
    duel_parser.add_argument("--seats", type=int, default=2)
    duel_parser.add_argument(
        "--first", dest="first_game", type=int, default=0,
        help="number of the first game (default 0): runs to add up must not overlap",
    )
    duel_parser.add_argument("--level", type=int, default=DEFAULT_LEVEL, choices=sorted(LEVELS))
    duel_parser.add_argument(
        "--matchup", action="append", choices=MATCHUPS, help="repeatable; default: all three"
    )
    duel_parser.set_defaults(handler=_duel)


def _duel(args: argparse.Namespace) -> int:
    for matchup in args.matchup or MATCHUPS:
        tally = duel(args.game, args.seats, args.games, args.level, matchup, args.first_game)
        print(report(args.game, args.seats, args.level, matchup, tally), flush=True)
    return 0
