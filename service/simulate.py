"""`kennel simulate`: bot games played to the end, in this process or through Kennel servers.

The tables it plays on (`LocalMatch` here, `RemoteMatch` through servers) are
kennel.service.matches; this module drives them to the end and writes their logs.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
import uuid
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from kennel.domain.core import table as tables
from kennel.domain.core.codec import Json, JsonObject
from kennel.domain.core.rng import Rng, seed_from_text
from kennel.domain.core.rules import Game, RuleViolation
from kennel.domain.core.search import DEFAULT_LEVEL, LEVELS
from kennel.domain.registry import GAMES
from kennel.service.matches import (
    DEFAULT_MAX_STEPS,
    GAME_ID_NAMESPACE,
    LocalMatch,
    Match,
    NotOver,
    RemoteMatch,
    Result,
    SimulationError,
)

if TYPE_CHECKING:
    from kennel.client import Kennel

# Playing a game out ---------------------------------------------------------------------------


OUT_OF_TURN_ONE_IN = 10  # how often the driver looks for a seat that may act unprompted


def _acting_out_of_turn(match: Match, asked: Sequence[int]) -> list[int]:
    """Seats owing nothing that may still play a game command now (Canine Kleptomaniacs' Cheesy
    Distraction): without them random play would never try what a game allows at any time."""
    return [
        seat
        for seat in range(len(match.names))
        if seat not in asked and any(not c["type"].startswith("kennel.") for c in match.choices(seat))
    ]


def play_out(match: Match, driver_text: str, max_steps: int) -> int:
    """Let bots play every seat until the game ends; returns the number of commands sent.

    Of the seats owing a decision, the one to act is drawn from the driver's own seed, so
    simultaneous and out-of-turn decisions come in varying (but reproducible) orders.
    """
    driver = seed_from_text(f"driver:{driver_text}")
    for step in range(max_steps):
        if match.result() is not None:
            return step
        rng = Rng(driver, step)
        asked = sorted({prompt.seat for prompt in match.pending()})
        if not asked:
            raise SimulationError(
                f"{driver_text}: nobody may act at version {match.version}, yet the game is not over"
            )
        idle = _acting_out_of_turn(match, asked) if rng.below(OUT_OF_TURN_ONE_IN) == 0 else []
        match.bot_act(rng.choice(idle or asked), f"cmd-{step}")
    if match.result() is not None:
        return max_steps
    raise NotOver(f"{driver_text}: the game is not over after {max_steps} commands")


@dataclass(frozen=True)
class GameRun:
    index: int
    commands: int
    result: Result | None  # None: still running after the bound of commands
    log: bytes | None  # None: a game still running on a server (in process: its log as far as it went)


def game_text(seed_text: str, index: int) -> str:
    return f"{seed_text}:{index}"


def bot_names(players: int) -> list[str]:
    return [f"bot-{seat}" for seat in range(players)]


def simulate_local(
    game: Game[Any],
    players: int,
    seed_text: str,
    index: int,
    max_steps: int,
    bot_level: int = 0,
    options: Mapping[str, Json] | None = None,
) -> GameRun:
    text = game_text(seed_text, index)
    match = LocalMatch.start(
        game,
        str(uuid.uuid5(GAME_ID_NAMESPACE, text)),
        bot_names(players),
        seed_from_text(text),
        [f"{text}:{seat}" for seat in range(players)],
        bot_level,
        options,
    )
    return _finish(match, index, text, max_steps)


def simulate_remote(
    kennel: Kennel,
    game: Game[Any],
    players: int,
    seed_text: str,
    index: int,
    max_steps: int,
    options: Mapping[str, Json] | None = None,
) -> GameRun:
    text = game_text(seed_text, index)
    match = RemoteMatch.start(
        kennel, game.name, bot_names(players), [f"{text}:{seat}" for seat in range(players)], options
    )
    return _finish(match, index, text, max_steps)


def simulate_seated(
    kennel: Kennel,
    game: Game[Any],
    players: int,
    seed_text: str,
    index: int,
    max_steps: int,
    level: int,
    options: Mapping[str, Json] | None = None,
) -> GameRun:
    """A game on a server whose every seat the server's own search bots play (CreateGame bot seats)."""
    from kennel.service.seated import SeatedMatch

    match = SeatedMatch.seat(kennel, game.name, bot_names(players), 0, "search", level, options)
    try:
        commands = match.play_out(max_steps)
    except NotOver:
        return GameRun(index=index, commands=max_steps, result=None, log=None)
    return GameRun(index=index, commands=commands, result=match.result(), log=match.log())


def _finish(match: Match, index: int, text: str, max_steps: int) -> GameRun:
    try:
        commands = play_out(match, text, max_steps)
    except NotOver:
        # Reported, not raised: the rules may let bots play on (a stall still raises). A server
        # hands out a running game's log to auditors only.
        log = match.log() if match.logs_while_running else None
        return GameRun(index=index, commands=max_steps, result=None, log=log)
    return GameRun(index=index, commands=commands, result=match.result(), log=match.log())


# The command ---------------------------------------------------------------------------------


@dataclass
class Tally:
    games: int = 0
    commands: int = 0
    wins: Counter[int] = field(default_factory=Counter)  # seat -> games it won (shared wins count)
    shared: int = 0  # games won by several seats
    unwon: int = 0  # games nobody won
    not_over: int = 0  # games still running after --max-steps commands

    def add(self, run: GameRun) -> None:
        self.games += 1
        self.commands += run.commands
        if run.result is None:
            self.not_over += 1
            return
        self.wins.update(run.result.winners)
        self.shared += len(run.result.winners) > 1
        self.unwon += not run.result.winners


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", choices=sorted(GAMES), help="which game")
    parser.add_argument("--players", type=int, metavar="N", help="seats at each table (default: the minimum)")
    parser.add_argument(
        "--seed", default="0", metavar="S", help="seed text: same seed, same games (default 0)"
    )
    parser.add_argument("--games", type=int, default=1, metavar="G", help="how many games (default 1)")
    parser.add_argument(
        "--server",
        metavar="HOST:PORT[,...]",
        help="play through Kennel servers (taken in turn) instead of in this process",
    )
    parser.add_argument(
        "--out", type=Path, metavar="DIR", help="write each log to DIR/<game>-<seed>-<i>.jsonl"
    )
    parser.add_argument("--quiet", action="store_true", help="print no summary")
    parser.add_argument(
        "--bots", choices=("random", "search"), default="random",
        help="which bots play (default random; search: kennel.domain.core.search; with --server, the "
        "server seats and plays search bots itself)",
    )
    parser.add_argument("--bot-level", type=int, default=DEFAULT_LEVEL, choices=sorted(LEVELS),
                        help=f"the search bots' strength (default {DEFAULT_LEVEL})")
    add_option_argument(parser)
    parser.add_argument(
        "--max-steps",
        type=int,
        default=DEFAULT_MAX_STEPS,
        metavar="N",
        help=f"stop a game after this many commands and report it as not over (default {DEFAULT_MAX_STEPS})",
    )
    parser.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    return run(args, sys.stdout, sys.stderr)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    game = GAMES[args.game]
    players = game.seats.minimum if args.players is None else args.players
    problem = _check_arguments(game, players, args)
    options = None
    if problem is None:
        options, problem = options_from_texts(game, args.option)
    if problem:
        err.write(f"kennel simulate: {problem}\n")
        return 2
    started = time.perf_counter()
    tally = Tally()
    if args.server is not None:
        tally = _run_remote(game, players, args, tally, options)
    else:
        level = args.bot_level if args.bots == "search" else 0
        for index in range(args.games):
            run = simulate_local(game, players, args.seed, index, args.max_steps, level, options)
            _record(run, game, args, tally)
    if not args.quiet:
        _summarise(out, game, players, args, tally, time.perf_counter() - started)
    return 0


def _check_arguments(game: Game[Any], players: int, args: argparse.Namespace) -> str | None:
    if players not in game.seats:
        return (
            f"{game.title} is played by {game.seats.minimum} to {game.seats.maximum} players, not {players}"
        )
    if args.games < 0:
        return "--games cannot be negative"
    if args.max_steps < 1:
        return "--max-steps must be at least 1"
    if args.server is not None and not server_addresses(args.server):
        return "--server needs at least one HOST:PORT"
    return None


def add_option_argument(parser: argparse.ArgumentParser) -> None:
    """`--option NAME=VALUE`, for `kennel simulate` and `kennel play`."""
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option (repeatable; the value is JSON, or else text), e.g. round_limit=30; "
        "default: the game's defaults, the rules as written (docs/rules/)",
    )


def options_from_texts(game: Game[Any], texts: Sequence[str]) -> tuple[JsonObject | None, str | None]:
    """`--option NAME=VALUE` as the game's options, checked by the game itself; or a problem."""
    if not texts:
        return None, None
    options: JsonObject = {}
    for text in texts:
        name, equals, value = text.partition("=")
        if not equals or not name:
            return None, f"--option takes NAME=VALUE, not {text!r}"
        try:
            options[name] = json.loads(value)
        except json.JSONDecodeError:
            options[name] = value
    try:
        tables.create(game, options, bot_names(game.seats.minimum), b"\0" * 32)
    except RuleViolation as violation:
        return None, f"{game.title}: {violation.message}"
    return options, None


def _run_remote(
    game: Game[Any], players: int, args: argparse.Namespace, tally: Tally, options: JsonObject | None
) -> Tally:
    from kennel.client import Kennel

    with Kennel(server_addresses(args.server)) as kennel:
        for index in range(args.games):
            if args.bots == "search":
                run = simulate_seated(
                    kennel, game, players, args.seed, index, args.max_steps, args.bot_level, options
                )
            else:
                run = simulate_remote(kennel, game, players, args.seed, index, args.max_steps, options)
            _record(run, game, args, tally)
    return tally


def server_addresses(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def _record(run: GameRun, game: Game[Any], args: argparse.Namespace, tally: Tally) -> None:
    tally.add(run)
    if args.out is not None and run.log is not None:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / log_file_name(game.name, args.seed, run.index)).write_bytes(run.log)


def log_file_name(game: str, seed_text: str, index: int) -> str:
    """`<game>-<seed>-<i>.jsonl`, with anything but letters, digits, `.`, `_` and `-` in the seed as `_`."""
    safe = re.sub(r"[^A-Za-z0-9._-]", "_", seed_text) or "_"
    return f"{game}-{safe}-{index}.jsonl"


def _summarise(
    out: TextIO, game: Game[Any], players: int, args: argparse.Namespace, tally: Tally, elapsed: float
) -> None:
    where = "in process" if args.server is None else f"through {args.server}"
    per_game = tally.commands / tally.games if tally.games else 0.0
    rate = tally.commands / elapsed if elapsed > 0 else 0.0
    out.write(f"{tally.games} games of {game.title}, {players} players, seed {args.seed!r}, {where}\n")
    out.write(f"Commands: {tally.commands} ({per_game:.1f} a game)\n")
    out.write(f"Winners: {_wins(tally, players)}\n")
    if tally.not_over:
        out.write(
            f"Not over: {tally.not_over} of {tally.games} games after {args.max_steps} commands each "
            "(--max-steps; where the rules let a game run on, random bots may never reach its end: "
            "try --bots search, or a variant with --option)\n"
        )
    out.write(f"Elapsed: {elapsed:.2f} s, {rate:.0f} commands/s\n")
    if args.out is not None:
        out.write(f"Logs: {args.out}\n")


def _wins(tally: Tally, players: int) -> str:
    parts = [
        f"bot-{seat} {tally.wins[seat]} ({100 * tally.wins[seat] / tally.games:.0f}%)"
        if tally.games
        else f"bot-{seat} 0"
        for seat in range(players)
    ]
    if tally.shared:
        parts.append(f"shared {tally.shared}")
    if tally.unwon:
        parts.append(f"no winner {tally.unwon}")
    return ", ".join(parts)
