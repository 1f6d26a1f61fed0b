"""Indistinguishability (design.md "Hidden information"), the part every game shares.

Two worlds that differ only in what seat P may not know (other hands, deck order, face-down
choices, the seed) must give P identical views, redacted streams, prompts, legal commands,
timeout answers and refusals. A game's tests build "another world consistent with what P knows"
with a per-game hook (`OtherWorlds`, in `tests/hidden/<game>_worlds.py`, listed in
`tests/hidden/worlds.py`); this module plays the games, replays commands in the other world and
says what a seat knows, the same way for every game.

The hook lives with the tests, not in the domain: it is an oracle that reaches into a game's
state and events to build counterfactuals, which no player, server or replay tool needs, and
the domain stays what the server runs. A game without a hook fails `test_every_game_hidden.py`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from kennel.domain.core import table as tables
from kennel.domain.core.bots import RandomBot
from kennel.domain.core.rng import Rng, seed_from_text
from kennel.domain.core.rules import Game, RuleViolation, Viewer


@dataclass(frozen=True)
class Move:
    seat: int
    command: Any
    events: tuple[Any, ...]


@dataclass(frozen=True)
class Playthrough:
    game: Game[Any]
    seed: bytes
    opening: tuple[Any, ...]  # GameCreated and the set-up
    moves: tuple[Move, ...]

    @property
    def seat_count(self) -> int:
        return len(self.opening[0].seats)

    def events(self, moves: int) -> list[Any]:
        return [*self.opening, *(event for move in self.moves[:moves] for event in move.events)]

    def table(self, moves: int) -> tables.Table[Any]:
        return tables.fold(self.game, self.events(moves))

    def tables(self) -> Iterator[tables.Table[Any]]:
        """The table at the start and after each move, folded once along the way."""
        table = tables.fold(self.game, self.opening)
        yield table
        for move in self.moves:
            table = tables.fold_into(table, move.events)
            yield table


# (moves just after a secret choice resolved, a function building the other world that far)
Resolved = tuple[int, Callable[[], Playthrough]]


class OtherWorlds(Protocol):
    """A game's hook: worlds that one seat cannot tell from the one played."""

    def other_world(self, game: Playthrough, moves: int, viewer: Viewer, rng: Rng) -> Playthrough:
        """The first `moves` moves of `game` replayed, the same commands (up to what `viewer`
        cannot see) in a world that differs only in what `viewer` may not know at that point;
        raises AssertionError when a move is refused there (then a public outcome depended on
        something hidden)."""
        ...

    def hidden_part(self, state: Any, viewer: Viewer) -> Any:
        """What `viewer` may not know of `state`, to check that the worlds really differ."""
        ...

    def resolved_otherwise(self, game: Playthrough, viewer: Viewer, rng: Rng) -> list[Resolved]:
        """Secret choices of other seats that have resolved without `viewer` being told them
        (a card passed, a card traded face down, a reaction card not played): for each, the
        number of moves just after it resolved and how to build the game replayed that far in a
        world where the choice (or what it was made with) differs and nothing `viewer` knows
        does (built only when asked: a test samples a few)."""
        ...


def random_game(
    game: Game[Any],
    seed_text: str,
    seat_count: int,
    options: Mapping[str, Any] | None = None,
    max_moves: int = 5000,
    undo: bool = False,
) -> Playthrough:
    """A game played by random bots until it ends or `max_moves`; they propose undos only when
    `undo` says so (a game's other world may not cope with a choice made twice)."""
    seed = seed_from_text(seed_text)
    opening = tables.create(game, options, [f"p{seat}" for seat in range(seat_count)], seed)
    table = tables.fold(game, opening)
    bot = RandomBot(seed_text, undo=undo)
    moves: list[Move] = []
    while table.ended is None and len(moves) < max_moves:
        prompts = table.pending()
        seat = prompts[len(moves) % len(prompts)].seat
        command = bot.choose(table, seat)
        events = tables.play(table, seat, command, seed)
        for event in events:
            table = tables.evolve(table, event)
        moves.append(Move(seat, command, tuple(events)))
    return Playthrough(game, seed, tuple(opening), tuple(moves))


def replay(
    game: Playthrough,
    opening: Sequence[Any],
    moves: int,
    viewer: Viewer,
    commands: Mapping[int, Any] | None = None,
    seed: bytes | None = None,
) -> Playthrough:
    """The first `moves` moves sent again from another opening (the commands replaced by
    `commands`, by move index; under `seed` when given)."""
    seed = game.seed if seed is None else seed
    table = tables.fold(game.game, opening)
    replayed = []
    for index, move in enumerate(game.moves[:moves]):
        command = (commands or {}).get(index, move.command)
        try:
            events = tables.play(table, move.seat, command, seed)
        except RuleViolation as error:
            raise AssertionError(f"move {index} is refused in a world seat {viewer} cannot tell apart: {error}") from error
        for event in events:
            table = tables.evolve(table, event)
        replayed.append(Move(move.seat, command, tuple(events)))
    return Playthrough(game.game, seed, tuple(opening), tuple(replayed))


def moves_after(game: Playthrough, resolves: Any) -> list[int]:
    """The move counts just after each move whose events include one that `resolves(event)`."""
    return [number + 1 for number, move in enumerate(game.moves) if any(resolves(e) for e in move.events)]


def seedless(event: Any) -> Any:
    """The seed is revealed when the game ends, when there is nothing left to hide."""
    return dataclasses.replace(event, seed="") if isinstance(event, tables.GameEnded) else event


def answer(table: tables.Table[Any], seat: int, command: Any) -> tuple[str, str] | None:
    """What the seat learns from sending `command`: the refusal, or None when it is accepted."""
    seed = seed_from_text("probe")
    try:
        if table.started and table.ended is None and table.proposal is None and command in table.game.commands:
            table.game.decide(table.state, seat, command, Rng(seed, 0))  # what `play` asks, without the rest
        else:
            tables.play(table, seat, command, seed)
    except RuleViolation as error:
        return error.code, error.message
    return None


def what_seat_knows(
    game: Playthrough, moves: int, viewer: Viewer, probes: Sequence[Any] = ()
) -> dict[str, Any]:
    """Everything `viewer` can learn at this point: its view, its redacted stream, the prompts,
    the outcome; and for a seat its legal commands, the rules' answer if its prompt ran out of
    time, and the refusal (or acceptance) of every probe it might send."""
    events = game.events(moves)
    table = tables.fold(game.game, events)
    known: dict[str, Any] = {
        "view": game.game.view(table.state, viewer),
        "stream": [seedless(tables.redact(table, event, viewer)) for event in events],
        "pending": table.pending(),
        "outcome": table.outcome(),
    }
    if viewer is not None:
        known["legal"] = tables.legal_commands(table, viewer)
        if any(prompt.seat == viewer for prompt in table.pending()) and table.proposal is None:
            known["timeout"] = game.game.timeout_command(table.state, viewer, Rng(seed_from_text("timeout"), 0))
        known["answers"] = [answer(table, viewer, command) for command in probes]
    return known


def probes_from(game: Playthrough, moves: int, limit: int, rng: Rng) -> list[Any]:
    """Commands a seat might try now: every seat's legal commands and commands sent anywhere in
    the game, at most `limit` of them, drawn from the original world only (so both worlds are
    asked the same)."""
    table = game.table(moves)
    seen: dict[Any, None] = {}
    for seat in range(game.seat_count):
        seen.update(dict.fromkeys(tables.legal_commands(table, seat)))
    seen.update(dict.fromkeys(move.command for move in game.moves))
    candidates = list(seen)
    return candidates if len(candidates) <= limit else list(rng.shuffled(candidates)[:limit])
