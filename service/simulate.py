"""`kennel simulate`: bot games played to the end, in this process or through Kennel servers.

This module also holds the two kinds of table the terminal front-ends drive, behind one small
interface (`Match`), so that `kennel simulate` and `kennel play` treat every game, and both
ways of playing it, alike:

- `LocalMatch` runs a `kennel.replay.ledger.Ledger` here, with `kennel.domain.core.bots.RandomBot` bots.
  Same seed text, same log bytes: the game's seed, its id, the bots and the order in which
  seats owing a decision are asked are all derived from the text.
- `RemoteMatch` plays through the SDK (`kennel.client`), one `Session` per seat. Its bots draw
  exactly as `RandomBot` does, from the commands the seat's view lists as legal; the game's
  seed is the server's own secret, so only the bots' draws are reproducible.

Commands are numbered in the order they are sent (`cmd-0`, `cmd-1`, ...): unique within a game,
so they serve as idempotency keys.
"""

from __future__ import annotations

import argparse
import contextlib
import re
import sys
import time
import uuid
from collections import Counter
from collections.abc import Generator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TextIO, cast

from kennel.domain.bots import make_bot
from kennel.domain.core import table as tables
from kennel.domain.core.bots import RandomBot
from kennel.domain.core.codec import Json, JsonObject, to_json
from kennel.domain.core.rng import Rng, seed_from_text
from kennel.domain.core.rules import Game
from kennel.domain.core.search import DEFAULT_LEVEL, LEVELS
from kennel.domain.core.sight import Bot, sight_of
from kennel.domain.registry import GAMES
from kennel.replay.ledger import Ledger
from kennel.service import terminal as render

if TYPE_CHECKING:
    from kennel.client import Kennel, Session
    from kennel.v1 import kennel_pb2 as pb

# Fixed, so that a simulated game's id follows from its seed text like everything else in it.
GAME_ID_NAMESPACE = uuid.UUID("615080a5-4893-4d7a-84a9-35a44dc4aabb")
DEFAULT_MAX_STEPS = 10_000
VIEW_CATCH_UP_SECONDS = 5.0  # how long a replica may lag behind a command another one accepted


class SimulationError(RuntimeError):
    """A game that stalls: nobody may act though it is not over, or it runs past its bound."""


# The interface the front-ends drive ----------------------------------------------------------


@dataclass(frozen=True)
class Prompt:
    seat: int
    kind: str  # "turn", "reaction", "secret_choice", "choice"
    label: str


@dataclass(frozen=True)
class Happening:
    """One event as a seat may see it, with the seat whose command caused it (None: the engine)."""

    version: int
    seat: int | None
    event: JsonObject  # {"type": stable name, "data": fields}


@dataclass(frozen=True)
class Result:
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str


class Match(Protocol):
    """A running game as the front-ends see it, whether it runs here or on a server."""

    names: tuple[str, ...]

    @property
    def version(self) -> int: ...

    def pending(self) -> tuple[Prompt, ...]: ...

    def choices(self, seat: int) -> list[JsonObject]:
        """The seat's legal commands, tagged, in the order the game lists them."""
        ...

    def act(self, seat: int, index: int, command_id: str) -> None:
        """Send the seat's legal command number `index` (from `choices`)."""
        ...

    def bot_act(self, seat: int, command_id: str) -> None:
        """Let the seat's random bot choose and send a command."""
        ...

    def view(self, seat: int) -> Json: ...

    def since(self, seat: int, version: int) -> list[Happening]:
        """The events after `version`, as `seat` may see them."""
        ...

    def result(self) -> Result | None: ...

    def log(self) -> bytes:
        """The whole log (docs/log-format.md); only once the game is over, for a server."""
        ...


def proposes_undo(command: Any) -> bool:
    """Whether a `kennel.v1.Command` from a server's view is the engine's undo proposal."""
    return command.WhichOneof("game") == "engine" and command.engine.WhichOneof("kind") == "propose_undo"


# In this process ------------------------------------------------------------------------------


class LocalMatch:
    def __init__(
        self, ledger: Ledger, seed: bytes, bots: Sequence[RandomBot], search: Sequence[Bot] | None = None
    ) -> None:
        self.ledger = ledger
        self.names = tuple(name or f"seat {seat}" for seat, name in enumerate(ledger.header.seats))
        self._seed = seed
        self._bots = list(bots)
        self._search = list(search) if search is not None else None  # search bots, handed sights only

    @classmethod
    def start(
        cls,
        game: Game[Any],
        game_id: str,
        names: Sequence[str],
        seed: bytes,
        bot_texts: Sequence[str],
        bot_level: int = 0,
    ) -> LocalMatch:
        """`bot_level` 0: random bots; 1 to 3: search bots of that strength (kennel.domain.core.search)."""
        ledger = Ledger.create(game, game_id, None, list(names), seed)
        search = [make_bot(game, "search", text, bot_level) for text in bot_texts] if bot_level else None
        return cls(ledger, seed, [RandomBot(text) for text in bot_texts], search)

    @property
    def game(self) -> Game[Any]:
        return self.ledger.game

    @property
    def version(self) -> int:
        return self.ledger.version

    def pending(self) -> tuple[Prompt, ...]:
        return tuple(Prompt(p.seat, p.kind.value, p.label) for p in self.ledger.table.pending())

    def choices(self, seat: int) -> list[JsonObject]:
        return [
            tables.encode_command(self.game, command) for command in tables.legal_commands(self.ledger.table, seat)
        ]

    def act(self, seat: int, index: int, command_id: str) -> None:
        self._play(seat, tables.legal_commands(self.ledger.table, seat)[index], command_id)

    def bot_act(self, seat: int, command_id: str) -> None:
        if self._search is not None:
            command = self._search[seat].choose(sight_of(self.ledger.table, self.ledger.events, seat))
        else:
            command = self._bots[seat].choose(self.ledger.table, seat)
        if command is None:
            raise SimulationError(
                f"{self.game.name}: seat {seat} owes a decision at version {self.version} "
                "but has no legal command"
            )
        self._play(seat, command, command_id)

    def _play(self, seat: int, command: Any, command_id: str) -> None:
        self.ledger.commit(self.ledger.play(seat, command, command_id, self._seed))

    def view(self, seat: int) -> Json:
        return to_json(self.game.view(self.ledger.table.state, seat))

    def since(self, seat: int, version: int) -> list[Happening]:
        table = self.ledger.table
        happenings = []
        for record, event in zip(self.ledger.records[version:], self.ledger.events[version:], strict=True):
            redacted = tables.redact(table, event, seat)
            if redacted is not None:
                happenings.append(
                    Happening(record.version, record.cause.seat, tables.encode_event(self.game, redacted))
                )
        return happenings

    def result(self) -> Result | None:
        outcome = self.ledger.table.outcome()
        return None if outcome is None else Result(outcome.winners, outcome.scores, outcome.reason)

    def log(self) -> bytes:
        return self.ledger.log().to_bytes()


# Through a server -----------------------------------------------------------------------------


class RemoteMatch:
    def __init__(self, names: Sequence[str], sessions: Sequence[Session], bot_texts: Sequence[str]) -> None:
        self.names = tuple(names)
        self._sessions = list(sessions)
        self._bots = [RandomBot(text) for text in bot_texts]
        self._latest = sessions[0].view()
        self._views: dict[int, pb.View] = {0: self._latest}

    @classmethod
    def start(cls, kennel: Kennel, game: str, names: Sequence[str], bot_texts: Sequence[str]) -> RemoteMatch:
        created = kennel.create_game(game, list(names))
        sessions = [kennel.session(created.game_id, created.credentials[seat]) for seat in range(len(names))]
        return cls(names, sessions, bot_texts)

    @property
    def game_id(self) -> str:
        return self._sessions[0].game_id

    @property
    def version(self) -> int:
        return int(self._latest.version)

    def pending(self) -> tuple[Prompt, ...]:
        # Only the fields the domain's Prompt has (the wire adds a deadline in timed games).
        plain = [render.plain(prompt) for prompt in self._latest.pending]
        return tuple(Prompt(seat=p["seat"], kind=p["kind"], label=p["label"]) for p in plain)

    def choices(self, seat: int) -> list[JsonObject]:
        return [render.tagged_command(command) for command in self._view(seat).legal_commands]

    def act(self, seat: int, index: int, command_id: str) -> None:
        command = self._view(seat).legal_commands[index]
        response = self._sessions[seat].act(command, command_id)
        self._views[seat] = response.view
        if response.view.version >= self._latest.version:
            self._latest = response.view

    def bot_act(self, seat: int, command_id: str) -> None:
        view = self._view(seat)
        if not view.legal_commands:
            raise SimulationError(
                f"{view.game_type}: seat {seat} owes a decision at version {view.version} "
                "but has no legal command"
            )
        self.act(
            seat,
            self._bots[seat].pick(view.version, seat, [proposes_undo(c) for c in view.legal_commands]),
            command_id,
        )

    def view(self, seat: int) -> Json:
        return render.game_view(self._view(seat))

    def _view(self, seat: int) -> pb.View:
        """The seat's view at the latest version this match has seen (a replica may lag a little)."""
        cached = self._views.get(seat)
        if cached is not None and cached.version >= self._latest.version:
            return cached
        deadline = time.monotonic() + VIEW_CATCH_UP_SECONDS
        while True:
            view = self._sessions[seat].view()
            if view.version >= self._latest.version:
                self._views[seat] = view
                return view
            if time.monotonic() > deadline:
                raise SimulationError(
                    f"the server still shows version {view.version} of game {self.game_id}, "
                    f"after version {self._latest.version} was accepted"
                )
            time.sleep(0.02)

    def since(self, seat: int, version: int) -> list[Happening]:
        happenings: list[Happening] = []
        if self.version <= version:
            return happenings
        # The SDK's `watch` is a generator: closing it cancels the stream.
        stream = cast("Generator[pb.WatchResponse, None, None]", self._sessions[seat].watch(version))
        with contextlib.closing(stream) as updates:
            for update in updates:
                happenings.extend(
                    Happening(
                        int(event.version),
                        int(event.seat) if event.HasField("seat") else None,
                        render.tagged_event(event),
                    )
                    for event in update.events
                )
                if happenings and happenings[-1].version >= self.version:
                    break
        return happenings

    def result(self) -> Result | None:
        if not self._latest.HasField("outcome"):
            return None
        outcome = self._latest.outcome
        return Result(tuple(outcome.winners), tuple(outcome.scores), outcome.reason)

    def log(self) -> bytes:
        return self._sessions[0].log()


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
    raise SimulationError(f"{driver_text}: the game is not over after {max_steps} commands")


@dataclass(frozen=True)
class GameRun:
    index: int
    commands: int
    result: Result
    log: bytes


def game_text(seed_text: str, index: int) -> str:
    return f"{seed_text}:{index}"


def bot_names(players: int) -> list[str]:
    return [f"bot-{seat}" for seat in range(players)]


def simulate_local(
    game: Game[Any], players: int, seed_text: str, index: int, max_steps: int, bot_level: int = 0
) -> GameRun:
    text = game_text(seed_text, index)
    match = LocalMatch.start(
        game,
        str(uuid.uuid5(GAME_ID_NAMESPACE, text)),
        bot_names(players),
        seed_from_text(text),
        [f"{text}:{seat}" for seat in range(players)],
        bot_level,
    )
    return _finish(match, index, text, max_steps)


def simulate_remote(
    kennel: Kennel, game: Game[Any], players: int, seed_text: str, index: int, max_steps: int
) -> GameRun:
    text = game_text(seed_text, index)
    match = RemoteMatch.start(
        kennel, game.name, bot_names(players), [f"{text}:{seat}" for seat in range(players)]
    )
    return _finish(match, index, text, max_steps)


def _finish(match: Match, index: int, text: str, max_steps: int) -> GameRun:
    commands = play_out(match, text, max_steps)
    result = match.result()
    assert result is not None  # play_out returns only once the game is over
    return GameRun(index=index, commands=commands, result=result, log=match.log())


# The command ---------------------------------------------------------------------------------


@dataclass
class Tally:
    games: int = 0
    commands: int = 0
    wins: Counter[int] = field(default_factory=Counter)  # seat -> games it won (shared wins count)
    shared: int = 0  # games won by several seats
    unwon: int = 0  # games nobody won

    def add(self, run: GameRun) -> None:
        self.games += 1
        self.commands += run.commands
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
        help="which bots play (default random; search: kennel.domain.core.search, in this process only)",
    )
    parser.add_argument("--bot-level", type=int, default=DEFAULT_LEVEL, choices=sorted(LEVELS),
                        help=f"the search bots' strength (default {DEFAULT_LEVEL})")
    parser.add_argument(
        "--max-steps",
        type=int,
        default=DEFAULT_MAX_STEPS,
        metavar="N",
        help=f"fail a game that needs more commands than this (default {DEFAULT_MAX_STEPS})",
    )
    parser.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    return run(args, sys.stdout, sys.stderr)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    game = GAMES[args.game]
    players = game.seats.minimum if args.players is None else args.players
    problem = _check_arguments(game, players, args)
    if problem:
        err.write(f"kennel simulate: {problem}\n")
        return 2
    started = time.perf_counter()
    tally = Tally()
    if args.server is not None:
        tally = _run_remote(game, players, args, tally)
    else:
        level = args.bot_level if args.bots == "search" else 0
        for index in range(args.games):
            _record(simulate_local(game, players, args.seed, index, args.max_steps, level), game, args, tally)
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


def _run_remote(game: Game[Any], players: int, args: argparse.Namespace, tally: Tally) -> Tally:
    from kennel.client import Kennel

    with Kennel(server_addresses(args.server)) as kennel:
        for index in range(args.games):
            _record(
                simulate_remote(kennel, game, players, args.seed, index, args.max_steps), game, args, tally
            )
    return tally


def server_addresses(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def _record(run: GameRun, game: Game[Any], args: argparse.Namespace, tally: Tally) -> None:
    tally.add(run)
    if args.out is not None:
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
