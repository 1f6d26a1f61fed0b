"""`kennel play`: a person plays any game in the terminal, against random bots or search bots.

Seat 0 is the person; bots take the other seats and move by themselves. Before each of the
person's decisions the screen shows what happened since the last one (the events as the
person may see them), the person's view, who owes what, and a numbered list of the legal
commands; the person answers with a number (`q`, or the end of the input, leaves).

The game runs in this process (a `Ledger`, seeded from `--seed` or from `secrets`), or on a
Kennel server through the SDK with `--server`. Either way only the person's own view and
redacted events are shown. Input and output are parameters of `play`, so tests can drive it.
"""

from __future__ import annotations

import argparse
import itertools
import secrets
import sys
import uuid
from collections.abc import Iterable, Iterator
from typing import Any, TextIO

from kennel.domain.core.codec import JsonObject
from kennel.domain.core.rng import seed_from_text
from kennel.domain.core.rules import Game
from kennel.domain.core.search import DEFAULT_LEVEL, LEVELS
from kennel.domain.core.telling import named
from kennel.domain.core.words import listing
from kennel.domain.registry import GAMES
from kennel.service import terminal as render
from kennel.service.matches import Happening, LocalMatch, Match, Prompt, Result
from kennel.service.simulate import add_option_argument, options_from_texts, server_addresses

PERSON = 0  # the person's seat
MAX_BOT_MOVES = 10_000  # bot commands in a row before the game counts as stalled
QUIT = frozenset({"q", "quit", "exit"})


class StalledGame(RuntimeError):
    """The game is not over, yet the person is not asked anything and the bots cannot move."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", choices=sorted(GAMES), help="which game")
    parser.add_argument(
        "--bots", type=int, default=1, metavar="N", help="bots playing against you (default 1)"
    )
    parser.add_argument(
        "--bot-level", type=int, default=0, metavar="L", choices=(0, *sorted(LEVELS)),
        help=f"0: random bots (default); 1 to 3: search bots of that strength ({DEFAULT_LEVEL} is the usual "
        "game; with --server the server seats and plays them)",
    )
    parser.add_argument("--name", default="Player", metavar="NAME", help="your name at the table")
    parser.add_argument(
        "--seed", metavar="S", help="seed text, to play the same deal again (default: random)"
    )
    parser.add_argument(
        "--server", metavar="HOST:PORT", help="play on a Kennel server instead of in this process"
    )
    add_option_argument(parser)
    parser.set_defaults(handler=handle)


def handle(args: argparse.Namespace) -> int:
    return play(args, sys.stdin, sys.stdout)


def play(args: argparse.Namespace, stdin: TextIO, stdout: TextIO) -> int:
    game = GAMES[args.game]
    seats = args.bots + 1
    if seats not in game.seats:
        stdout.write(
            f"{game.title} is played by {game.seats.minimum} to {game.seats.maximum} players: "
            f"choose --bots from {game.seats.minimum - 1} to {game.seats.maximum - 1}.\n"
        )
        return 2
    options, problem = options_from_texts(game, args.option)
    if problem:
        stdout.write(f"kennel play: {problem}\n")
        return 2
    names = [args.name, *(f"bot-{seat}" for seat in range(1, seats))]
    bot_text = args.seed if args.seed is not None else secrets.token_hex(16)
    bot_texts = [f"{bot_text}:{seat}" for seat in range(seats)]
    if args.server is None:
        seed = seed_from_text(args.seed) if args.seed is not None else secrets.token_bytes(32)
        match: Match = LocalMatch.start(
            game, str(uuid.uuid4()), names, seed, bot_texts, args.bot_level, options
        )
        return Terminal(game, match, stdin, stdout).run()
    return _play_remote(game, args.server, names, args.bot_level, stdin, stdout, options)


def _play_remote(
    game: Game[Any],
    server: str,
    names: list[str],
    level: int,
    stdin: TextIO,
    stdout: TextIO,
    options: JsonObject | None,
) -> int:
    """Play on a server that seats and plays the bots itself (CreateGame bot seats)."""
    from kennel.client import Kennel
    from kennel.service.seated import SeatedMatch

    kind = "search" if level else "random"
    with Kennel(server_addresses(server)) as kennel:
        match = SeatedMatch.seat(kennel, game.name, names, 1, kind, level, options)
        stdout.write(f"Game {match.game_id} on {server}\n")
        return Terminal(game, match, stdin, stdout).run()


def _grouped(labels: list[tuple[str, str]]) -> list[int]:
    """The choices' indexes, grouped under their headings in the order the headings first come."""
    groups: dict[str, list[int]] = {}
    for index, (_, group) in enumerate(labels):
        groups.setdefault(group, []).append(index)
    return [index for members in groups.values() for index in members]


class Terminal:
    """One person at one match: bots move, the person is shown the table and asked."""

    def __init__(self, game: Game[Any], match: Match, stdin: TextIO, stdout: TextIO) -> None:
        self.game = game
        self.match = match
        self.stdin = stdin
        self.stdout = stdout
        self._shown = 0  # the last version whose events the person has been shown
        self._command_ids = (f"cmd-{n}" for n in itertools.count())
        self._order: list[int] = []  # the choice shown as number n+1 is legal command _order[n]

    def run(self) -> int:
        self._write(self._opening())
        while True:
            self._move_bots()
            result = self.match.result()
            if result is not None:
                self._write(self._news())
                self._write(self._outcome(result))
                return 0
            if PERSON not in {prompt.seat for prompt in self.match.pending()}:
                raise StalledGame(f"nobody may act at version {self.match.version}, yet the game is not over")
            choices = self.match.choices(PERSON)
            if not choices:
                raise StalledGame(
                    f"you owe a decision at version {self.match.version} but have no legal command"
                )
            self._write(self._screen(choices))
            index = self._ask(len(choices))
            if index is None:
                self._write(["You left the game."])
                return 0
            self.match.act(PERSON, self._order[index], next(self._command_ids))

    def _move_bots(self) -> None:
        for _ in range(MAX_BOT_MOVES):
            if self.match.result() is not None:
                return
            bots = sorted({prompt.seat for prompt in self.match.pending() if prompt.seat != PERSON})
            if not bots:
                return
            self.match.bot_act(bots[0], next(self._command_ids))
        raise StalledGame(f"the bots made {MAX_BOT_MOVES} moves in a row without the game ending")

    def _ask(self, count: int) -> int | None:
        """The index of the person's choice, or None to leave (`q`, or the input ended)."""
        while True:
            self.stdout.write(f"Your choice (1-{count}, q to quit): ")
            self.stdout.flush()
            line = self.stdin.readline()
            if not line:
                self.stdout.write("\n")
                return None
            answer = line.strip().lower()
            if answer in QUIT:
                return None
            if answer.isdigit() and 1 <= int(answer) <= count:
                return int(answer) - 1
            self.stdout.write(f"Please answer with a number from 1 to {count}, or q to quit.\n")

    # What is shown --------------------------------------------------------------------------

    def _opening(self) -> list[str]:
        names = self.match.names
        others = listing([names[seat] for seat in range(len(names)) if seat != PERSON])
        return [f"{self.game.title}: {names[PERSON]} against {others}."]

    def _screen(self, choices: list[dict[str, Any]]) -> Iterator[str]:
        yield ""
        yield f"=== {self.game.title}, version {self.match.version} ==="
        yield from self._news()
        yield "Your view:"
        yield from render.block(render.humane(self.match.view(PERSON), self.match.names, PERSON), indent=1)
        yield "Waiting for:"
        yield from (f"  {self._prompt(prompt)}" for prompt in self.match.pending())
        yield self.match.headline(PERSON)
        yield "Your options:"
        labels = self.match.labels(PERSON)
        self._order = _grouped(labels)
        width = len(str(len(choices)))
        group = None
        for n, index in enumerate(self._order, start=1):
            if labels[index][1] != group:
                group = labels[index][1]
                yield f"  {group}:"
            yield f"  {n:>{width}}. {labels[index][0]}"

    def _news(self) -> Iterator[str]:
        happenings = self.match.since(PERSON, self._shown)
        self._shown = self.match.version
        if happenings:
            yield "What happened:"
            yield from (f"  {self._happening(h)}" for h in happenings)

    def _happening(self, happening: Happening) -> str:
        # The sentence names whoever acted; the seat that caused an event is not always its actor.
        return happening.sentence or render.sentence(happening.event)

    def _prompt(self, prompt: Prompt) -> str:
        who = render.seat_name(self.match.names, prompt.seat, PERSON)
        return f"{who}: {named(prompt.label, self.match.names)} ({prompt.kind.replace('_', ' ')})"

    def _outcome(self, result: Result) -> list[str]:
        return [
            "",
            *render.outcome_lines(
                self.match.names, result.winners, result.scores, named(result.reason, self.match.names), PERSON,
            ),
        ]

    def _write(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.stdout.write(line + "\n")
        self.stdout.flush()
