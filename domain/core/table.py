"""The table: what every game's stream holds around the game's own events.

A stream opens with `GameCreated` (game, rules version, options, seats, and the commitment to
the seed), may record `SeatFilled` as open seats are taken, carries the game's own events, and
closes with `GameEnded`, which reveals the seed. These engine events are the same for every
game; everything between them is the game's decider at work.

Everything here is pure: the service, the replay tooling and the simulator all run games
through these functions, which is why a log replays identically wherever it is replayed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic

from domain.core.codec import DecodeError, Json, JsonObject, TypeRegistry, from_json, to_json
from domain.core.rng import SEED_BYTES, Rng, seed_commitment
from domain.core.rules import Game, Outcome, Prompt, RuleViolation, Seat, State, Viewer


@dataclass(frozen=True)
class GameCreated:
    game: str
    rules_version: str
    options: JsonObject
    seats: tuple[str | None, ...]  # a name per seat in turn order; None for an open seat
    seed_commitment: str


@dataclass(frozen=True)
class SeatFilled:
    seat: Seat
    name: str


@dataclass(frozen=True)
class GameEnded:
    winners: tuple[Seat, ...]
    scores: tuple[int, ...]
    reason: str
    seed: str  # hex; revealed only now, so anyone can check the commitment and replay


ENGINE_EVENTS: TypeRegistry[Any] = TypeRegistry(
    {"kennel.GameCreated": GameCreated, "kennel.SeatFilled": SeatFilled, "kennel.GameEnded": GameEnded}
)


@dataclass(frozen=True)
class Table(Generic[State]):
    """A game's whole truth at one version: the engine's bookkeeping and the game's state."""

    game: Game[State]
    options: Any
    seats: tuple[str | None, ...]
    seed_commitment: str
    state: State
    version: int  # how many events have been folded in
    ended: GameEnded | None = None

    @property
    def open_seats(self) -> tuple[Seat, ...]:
        return tuple(i for i, name in enumerate(self.seats) if name is None)

    @property
    def started(self) -> bool:
        return not self.open_seats

    def pending(self) -> tuple[Prompt, ...]:
        if self.ended is not None or not self.started:
            return ()
        return self.game.pending(self.state)

    def outcome(self) -> Outcome | None:
        if self.ended is None:
            return None
        return Outcome(self.ended.winners, self.ended.scores, self.ended.reason)


def is_engine_event(event: object) -> bool:
    return event in ENGINE_EVENTS


def parse_options(game: Game[Any], raw: Mapping[str, Json] | None) -> Any:
    try:
        return from_json(game.options_type, dict(raw or {}))
    except DecodeError as error:
        raise RuleViolation("kennel/bad_options", f"Invalid options for {game.name}: {error}") from None


def create(
    game: Game[State], options_json: Mapping[str, Json] | None, seats: Sequence[str | None], seed: bytes
) -> list[Any]:
    """The opening events of a new game: `GameCreated`, then the game's set-up."""
    if len(seed) != SEED_BYTES:
        raise ValueError("a seed is 32 bytes")
    if len(seats) not in game.seats:
        raise RuleViolation(
            "kennel/bad_seat_count",
            f"{game.title} is played by {game.seats.minimum} to {game.seats.maximum} players, "
            f"not {len(seats)}.",
        )
    options = parse_options(game, options_json)
    created = GameCreated(
        game=game.name,
        rules_version=game.rules_version,
        options=to_json(options),
        seats=tuple(seats),
        seed_commitment=seed_commitment(seed),
    )
    setup = game.setup(options, len(seats), Rng(seed, 1))
    return [created, *setup]


def open_table(game: Game[State], created: GameCreated) -> Table[State]:
    options = parse_options(game, created.options)
    return Table(
        game=game,
        options=options,
        seats=created.seats,
        seed_commitment=created.seed_commitment,
        state=game.initial_state(options, len(created.seats)),
        version=1,
    )


def evolve(table: Table[State], event: Any) -> Table[State]:
    """Fold one event (engine or game) into the table."""
    if isinstance(event, SeatFilled):
        seats = list(table.seats)
        seats[event.seat] = event.name
        return dataclasses.replace(table, seats=tuple(seats), version=table.version + 1)
    if isinstance(event, GameEnded):
        return dataclasses.replace(table, ended=event, version=table.version + 1)
    if isinstance(event, GameCreated):
        raise ValueError("GameCreated opens a table; it is never folded into one")
    state = table.game.evolve(table.state, event)
    return dataclasses.replace(table, state=state, version=table.version + 1)


def fold(game: Game[State], events: Sequence[Any]) -> Table[State]:
    """Rebuild a table from a whole stream (or any prefix of it that includes the first event)."""
    if not events or not isinstance(events[0], GameCreated):
        raise ValueError("a stream starts with GameCreated")
    table = open_table(game, events[0])
    for event in events[1:]:
        table = evolve(table, event)
    return table


def fill_seat(table: Table[Any], seat: Seat | None, name: str) -> list[Any]:
    """Take an open seat (the first open one when `seat` is None)."""
    if table.ended is not None:
        raise RuleViolation("kennel/game_over", "The game is over.")
    if not name.strip():
        raise RuleViolation("kennel/bad_name", "A seat needs a name.")
    if seat is None:
        if not table.open_seats:
            raise RuleViolation("kennel/no_open_seat", "Every seat is taken.")
        seat = table.open_seats[0]
    if not 0 <= seat < len(table.seats):
        raise RuleViolation("kennel/no_such_seat", f"There is no seat {seat}.")
    if table.seats[seat] is not None:
        raise RuleViolation("kennel/seat_taken", f"Seat {seat} is taken.")
    return [SeatFilled(seat=seat, name=name.strip())]


def play(table: Table[State], seat: Seat, command: Any, seed: bytes) -> list[Any]:
    """The events that follow from `seat` sending `command`, ending the game if it is won.

    The decision draws from the stream numbered by the table's version, so the same seed and
    the same commands reproduce the same events, wherever and whenever they are replayed.
    """
    if table.ended is not None:
        raise RuleViolation("kennel/game_over", "The game is over.")
    if not table.started:
        raise RuleViolation("kennel/waiting_for_players", "The game waits for open seats to be filled.")
    if not 0 <= seat < len(table.seats):
        raise RuleViolation("kennel/no_such_seat", f"There is no seat {seat}.")
    if command not in table.game.commands:
        raise RuleViolation("kennel/unknown_command", f"{table.game.title} has no such command.")
    events = list(table.game.decide(table.state, seat, command, Rng(seed, table.version)))
    if not events:
        raise AssertionError(f"{table.game.name}: a legal command must produce at least one event")
    state = table.state
    for event in events:
        state = table.game.evolve(state, event)
    outcome = table.game.outcome(state)
    if outcome is not None:
        events.append(
            GameEnded(winners=outcome.winners, scores=outcome.scores, reason=outcome.reason, seed=seed.hex())
        )
    return events


def redact(table: Table[Any], event: Any, viewer: Viewer) -> Any:
    """An event as `viewer` may see it; engine events are public."""
    if is_engine_event(event):
        return event
    return table.game.redact(event, viewer)


def encode_event(game: Game[Any], event: Any) -> JsonObject:
    registry = ENGINE_EVENTS if is_engine_event(event) else game.events
    return registry.encode(event)


def decode_event(game: Game[Any], data: Json) -> Any:
    if isinstance(data, dict) and str(data.get("type", "")).startswith("kennel."):
        return ENGINE_EVENTS.decode(data)
    return game.events.decode(data)


def legal_commands(table: Table[Any], seat: Seat) -> tuple[Any, ...]:
    """What `seat` may send now: nothing before every seat is filled or after the end."""
    if table.ended is not None or not table.started:
        return ()
    return tuple(table.game.legal_commands(table.state, seat))
