"""Determinization: complete worlds sampled from what one seat knows.

A search bot cannot search the real state (it may not see it), so it searches worlds that its
seat cannot tell from the real one. Each game says, in `domain/<game>/worlds.py`, how to fill
in one event of the seat's redacted stream (a shuffled deck, another seat's face-down pick, a
newspaper's address) so that it fits the world sampled so far; and, when the stream shows
something the sampled world placed elsewhere (a card drawn that the sampled deck holds lower
down, a critter revealed that the sampled world left in hand), how to move hidden components
so that it holds. Filling only looks back, never ahead, so a world sampled at one decision is
carried on to the next by folding in just the new events (`Sampler`), and comes out the same as
one sampled from scratch: each event's filling draws from its own stream of the sampler's seed.

A sampled world agrees with the seat's view (`Sampler.worlds` checks it, and raises `NoWorld`
otherwise, a defect of the game's filling); the tests per game check that over many samples
every hidden card that could lie somewhere does appear there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from kennel.domain.core import table as tables
from kennel.domain.core.frozen import replaced
from kennel.domain.core.rng import Rng
from kennel.domain.core.rules import Seat
from kennel.domain.core.sight import Sight

STREAMS_PER_WORLD = 1 << 24  # a world's filling streams: one per event of the stream


class Worlds(Protocol):
    """A game's determinizer: the hidden parts of one redacted event."""

    def fill(self, state: Any, event: Any, seat: Seat, rng: Rng) -> tuple[Any, Any]:
        """`event` (as `seat` saw it) with what `seat` could not see filled in so that it fits
        `state` (the sampled world just before it); and the state to fold it into, which is
        `state` with hidden components moved where needed so that what the event shows holds."""
        ...

    def settle(self, state: Any, view: Any, seat: Seat, rng: Rng) -> Any:
        """`state` with hidden components moved so that it shows `seat` this `view`: for what
        a view reveals that no event does (the pizza a stolen one uncovered, say)."""
        ...


class NoWorld(Exception):
    """A sampled world disagrees with the seat's view: a defect of a game's filling."""


@dataclass
class _World:
    consumed: int  # how many events of the stream are folded in
    table: tables.Table[Any]


class Sampler:
    """A seat's sampled worlds, carried on from decision to decision."""

    def __init__(self, worlds: Worlds, seed: bytes) -> None:
        self._worlds = worlds
        self._seed = seed
        self._history: tuple[Any, ...] = ()
        self._sampled: list[_World] = []

    def worlds(self, sight: Sight, count: int) -> list[tables.Table[Any]]:
        """`count` worlds consistent with everything `sight` shows."""
        history = sight.history
        if history[: len(self._history)] != self._history:  # another game, or another seat's stream
            self._sampled = []
        self._history = history
        while len(self._sampled) < count:
            number = len(self._sampled)
            self._sampled.append(_World(1, tables.open_table(sight.game, history[0])))
            assert number < STREAMS_PER_WORLD
        result = []
        for number, world in enumerate(self._sampled[:count]):
            if world.consumed < len(history):
                world.table = self._fold(world.table, history, world.consumed, sight.seat, number)
                world.consumed = len(history)
            # Settled afresh each time, and not kept: the world carried on is the one folded from
            # the stream alone, so that it comes out the same as one sampled from scratch.
            result.append(self._settled(world.table, sight, number))
        return result

    def _settled(self, table: tables.Table[Any], sight: Sight, number: int) -> tables.Table[Any]:
        rng = Rng(self._seed, number * STREAMS_PER_WORLD + len(sight.history))  # no event's stream
        state = self._worlds.settle(table.state, sight.view, sight.seat, rng)
        if sight.game.view(state, sight.seat) != sight.view:
            raise NoWorld(f"{sight.game.name}: a sampled world disagrees with seat {sight.seat}'s view")
        return table if state is table.state else replaced(table, state=state)

    def _fold(
        self, table: tables.Table[Any], history: tuple[Any, ...], start: int, seat: Seat, number: int
    ) -> Any:
        for index in range(start, len(history)):
            event = history[index]
            if tables.is_engine_event(event):
                table = tables.evolve(table, event)
                continue
            rng = Rng(self._seed, number * STREAMS_PER_WORLD + index)
            state, filled = self._worlds.fill(table.state, event, seat, rng)
            if state is not table.state:
                table = replaced(table, state=state)
            table = tables.evolve(table, filled)
        return table


def sample_world(worlds: Worlds, sight: Sight, seed: bytes, number: int = 0) -> tables.Table[Any]:
    """One world consistent with `sight`, sampled from scratch (the `number`th of `seed`)."""
    sampler = Sampler(worlds, seed)
    table = sampler._fold(
        tables.open_table(sight.game, sight.history[0]), sight.history, 1, sight.seat, number
    )
    return sampler._settled(table, sight, number)
