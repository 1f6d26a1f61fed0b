"""The table: what every game's stream holds around the game's own events.

A stream opens with `GameCreated` (game, rules version, options, seats, and the commitment to
the seed), may record `SeatFilled` as open seats are taken, carries the game's own events, and
closes with `GameEnded`, which reveals the seed. The game's set-up (dealing, shuffling) happens
when the table is full: at creation when every seat is named, otherwise right after the
`SeatFilled` of the last open seat. So nobody sees a deal while seats are open, and a creator
cannot abandon and recreate games until it likes its hand. A table never filled is closed by
`kennel.domain.core.lobby.close_lobby` (a `GameEnded` with no winners, reason `LOBBY_CLOSED`). These engine events are the same for every
game; everything between them is the game's decider at work.

Everything here is pure: the service, the replay tooling and the simulator all run games
through these functions, which is why a log replays identically wherever it is replayed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic

from kennel.domain.core import seating as seatings
from kennel.domain.core.codec import DecodeError, Json, JsonObject, TypeRegistry, from_json, to_json
from kennel.domain.core.frozen import per_recent_state, replaced, short_lived
from kennel.domain.core.rng import SEED_BYTES, Rng, seed_commitment
from kennel.domain.core.rules import (
    Game,
    Outcome,
    Prompt,
    PromptKind,
    RuleViolation,
    Seat,
    State,
    Viewer,
    prompt,
)
from kennel.domain.core.timeouts import TIMER_EVENTS, PromptExpired, TimerSet, check_limit
from kennel.domain.core.undo import (
    ENGINE_COMMANDS,
    UNDO_EVENTS,
    AnswerUndo,
    Proposal,
    ProposeUndo,
    UndoAnswered,
    Undone,
    UndoProposed,
    decide_undo,
    may_propose_undo,
    undo_actor,
)


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
    {
        "kennel.GameCreated": GameCreated,
        "kennel.SeatFilled": SeatFilled,
        "kennel.GameEnded": GameEnded,
        **UNDO_EVENTS,
        **TIMER_EVENTS,
        **seatings.SEATING_EVENTS,
    }
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
    # Undo (kennel.domain.core.undo): the state right after the last irreversible event, how many
    # reversible game events have come since, and a proposal the other seats are answering.
    undo_point: tuple[int, Any] | None = None
    undoable: int = 0
    proposal: Proposal | None = None
    prompt_limit_ms: int = 0  # set by TimerSet: every prompt expires this long after it opens
    proposers: tuple[Seat, ...] = ()  # who proposed an undo since the game's last own event (MAX_PROPOSALS)
    seating: seatings.Seating | None = None  # bot seats and takeovers (kennel.domain.core.seating)
    movers: tuple[Seat, ...] = ()  # who made the reversible events since the undo point (`undo_actor`)

    @property
    def open_seats(self) -> tuple[Seat, ...]:
        return tuple(i for i, name in enumerate(self.seats) if name is None)

    @property
    def started(self) -> bool:
        return None not in self.seats  # not `open_seats`: asked by every view, prompt and play

    # A table is one version: its prompts are asked by every view of it. Kept beside the table
    # (`per_recent_state`), not in it: the next decision's `replaced` copy met it (a slower copy).
    @per_recent_state
    def pending(self) -> tuple[Prompt, ...]:
        if self.ended is not None or not self.started:
            return ()
        if self.proposal is not None:
            label = "agree or refuse to undo the last moves"
            return tuple(prompt(seat, PromptKind.CHOICE, label) for seat in self.owe_undo_answer())
        return self.game.pending(self.state)

    def owe_undo_answer(self) -> tuple[Seat, ...]:
        if self.proposal is None:
            return ()
        answered = {self.proposal.seat, *self.proposal.agreed}
        return tuple(seat for seat in range(len(self.seats)) if seat not in answered)

    def outcome(self) -> Outcome | None:
        if self.ended is None:
            return None
        return Outcome(self.ended.winners, self.ended.scores, self.ended.reason)


ENGINE_EVENT_TYPES = frozenset(ENGINE_EVENTS.types)  # for `type(event) in`: quicker than `is_engine_event` on a hot path


def is_engine_event(event: object) -> bool:
    return type(event) in ENGINE_EVENT_TYPES  # `event in ENGINE_EVENTS`, without its call


def parse_options(game: Game[Any], raw: Mapping[str, Json] | None) -> Any:
    try:
        return from_json(game.options_type, dict(raw or {}))
    except DecodeError as error:
        raise RuleViolation("kennel/bad_options", f"Invalid options for {game.name}: {error}") from None


def create(
    game: Game[State],
    options_json: Mapping[str, Json] | None,
    seats: Sequence[str | None],
    seed: bytes,
    prompt_limit_ms: int = 0,
    seating: Mapping[str, Json] | None = None,
) -> list[Any]:
    """The opening events of a new game: `GameCreated`, `TimerSet` when prompts have a time
    limit (kennel.domain.core.timeouts), `SeatingSet` when bots sit or may take over
    (kennel.domain.core.seating), then the game's set-up if every seat is named (with
    open seats, the set-up waits for the last of them: `fill_seat`)."""
    if len(seed) != SEED_BYTES:
        raise ValueError("a seed is 32 bytes")
    if len(seats) not in game.seats:
        raise RuleViolation(
            "kennel/bad_seat_count",
            f"{game.title} is played by {game.seats.minimum} to {game.seats.maximum} players, "
            f"not {len(seats)}.",
        )
    check_limit(prompt_limit_ms)
    options = parse_options(game, options_json)
    created = GameCreated(
        game=game.name,
        rules_version=game.rules_version,
        options=to_json(options),
        seats=tuple(seats),
        seed_commitment=seed_commitment(seed),
    )
    timer: list[Any] = [TimerSet(prompt_limit_ms=prompt_limit_ms)] if prompt_limit_ms else []
    seated = seatings.parse(seating, len(seats))
    if seated is not None:
        timer.append(seated)
    # Set up now even with open seats, and keep it to ourselves: options the game's set-up
    # refuses are refused at creation, not when the last player sits down.
    setup = deal(game, options, len(seats), seed)
    if any(name is None for name in seats):
        return [created, *timer]
    return [created, *timer, *setup]


def deal(game: Game[Any], options: Any, players: int, seed: bytes) -> list[Any]:
    """The game's set-up, always drawn from stream 1 of the seed, whenever the table fills."""
    return list(game.setup(options, players, Rng(seed, 1)))


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
    if type(event) not in ENGINE_EVENT_TYPES:  # most events are the game's: skip the checks below
        return _fold_game_run(table, (event,), 0, 1)
    if isinstance(event, SeatFilled):
        seats = list(table.seats)
        seats[event.seat] = event.name
        return replaced(table, seats=tuple(seats), version=table.version + 1)
    if isinstance(event, GameEnded):
        return replaced(table, ended=event, version=table.version + 1)
    if isinstance(event, GameCreated):
        raise ValueError("GameCreated opens a table; it is never folded into one")
    if isinstance(event, TimerSet):
        return replaced(table, prompt_limit_ms=event.prompt_limit_ms, version=table.version + 1)
    if isinstance(event, PromptExpired):
        counted = seatings.expired(table.seating, event.seat) if table.seating is not None else None
        return replaced(table, seating=counted, version=table.version + 1)
    if isinstance(event, seatings.SeatingSet):
        return replaced(table, seating=seatings.start(event, len(table.seats)), version=table.version + 1)
    if isinstance(event, seatings.SeatTakenOver | seatings.SeatReturned) and table.seating is not None:
        return replaced(table, seating=seatings.evolve(table.seating, event), version=table.version + 1)
    if isinstance(event, UndoProposed):
        proposal = Proposal(seat=event.seat, to_version=event.to_version)
        return replaced(table, proposal=proposal, proposers=(*table.proposers, event.seat), version=table.version + 1)
    if isinstance(event, UndoAnswered):
        proposal = table.proposal
        if proposal is not None and event.agree:
            proposal = replaced(proposal, agreed=(*proposal.agreed, event.seat))
        elif proposal is not None:
            proposal = None
        return replaced(table, proposal=proposal, version=table.version + 1)
    if isinstance(event, Undone):
        state = table.undo_point[1] if table.undo_point is not None else table.state
        return replaced(
            table, state=state, undoable=0, proposal=None, proposers=(), movers=(), version=table.version + 1
        )
    return _fold_game_run(table, (event,), 0, 1)


def _after_game_events(
    table: Table[State], events: Sequence[Any], reveals: bool, state: State
) -> Table[State]:
    """The table once the game's `events` led to `state`: the engine's own bookkeeping (version,
    undo point, who moved). `reveals`: the last event reveals (revealing events end a decision,
    so the undo point lands after the last of them)."""
    version = table.version + len(events)
    if reveals:
        point = (version, state)
        return replaced(table, state=state, version=version, undo_point=point, undoable=0, proposers=(), movers=())
    movers = table.movers
    for event in events:
        actor = undo_actor(event)
        if actor is not None and actor not in movers:
            movers = (*movers, actor)
    undoable = table.undoable + len(events)
    return replaced(table, state=state, version=version, undoable=undoable, proposers=(), movers=movers)


def fold_into(table: Table[State], events: Sequence[Any]) -> Table[State]:
    """The table after these events: each run of the game's own events in one pass."""
    start, end = 0, len(events)
    while start < end:
        if type(events[start]) in ENGINE_EVENT_TYPES:
            table = evolve(table, events[start])
            start += 1
            continue
        stop = start + 1
        while stop < end and type(events[stop]) not in ENGINE_EVENT_TYPES:
            stop += 1
        table = _fold_game_run(table, events, start, stop)
        start = stop
    return table


def fold(game: Game[State], events: Sequence[Any]) -> Table[State]:
    """Rebuild a table from a whole stream (or any prefix of it that includes the first event)."""
    if not events or not isinstance(events[0], GameCreated):
        raise ValueError("a stream starts with GameCreated")
    return fold_into(open_table(game, events[0]), events[1:])


def _fold_game_run(table: Table[State], events: Sequence[Any], start: int, stop: int) -> Table[State]:
    """The table after the game's events `events[start:stop]`, each folded by the game's `evolve`
    with the engine's bookkeeping (version, undo point, undoable count, movers) kept in locals and
    one table made at the end: loading a game folds runs of hundreds of game events, and a table
    per event was a third of it. A revealing event sets the undo point (`_after_game_events`)."""
    game = table.game
    evolve_state, reveals_of = game.evolve, getattr(game, "reveals", None)
    state, version, undo_point = table.state, table.version, table.undo_point
    undoable, movers = table.undoable, table.movers
    for index in range(start, stop):
        event = events[index]
        state = evolve_state(state, event)
        version += 1
        if reveals_of is None or reveals_of(event):
            undo_point, undoable, movers = (version, state), 0, ()
        else:
            actor = undo_actor(event)
            if actor is not None and actor not in movers:
                movers = (*movers, actor)
            undoable += 1
    return replaced(table, state=state, version=version, undo_point=undo_point, undoable=undoable, proposers=(), movers=movers)


def play(table: Table[State], seat: Seat, command: Any, seed: bytes) -> list[Any]:
    """The events that follow from `seat` sending `command`, ending the game if it is won.

    The decision draws from the stream numbered by the table's version, so the same seed and
    the same commands reproduce the same events, wherever and whenever they are replayed.
    """
    return play_folded(table, seat, command, seed).events


def play_folded(table: Table[State], seat: Seat, command: Any, seed: bytes) -> Decision[State]:
    """`play`, with the table those events lead to: the decision folds them anyway (to see
    whether the game is won), so a caller that needs the new table need not fold them again."""
    if table.ended is not None:
        raise RuleViolation("kennel/game_over", "The game is over.")
    if not table.started:
        raise RuleViolation("kennel/waiting_for_players", "The game waits for open seats to be filled.")
    if not 0 <= seat < len(table.seats):
        raise RuleViolation("kennel/no_such_seat", f"There is no seat {seat}.")
    if isinstance(command, _SEATING_COMMANDS):
        events = seatings.decide(table.seating, seat, command)
        return Decision(events, fold_into(table, events))
    if type(command) in _ENGINE_COMMAND_TYPES:  # `command in ENGINE_COMMANDS`, without its call
        events = decide_undo(table, seat, command)
        return Decision(events, fold_into(table, events))
    if type(command) not in table.game.commands.classes:
        raise RuleViolation("kennel/unknown_command", f"{table.game.title} has no such command.")
    if table.proposal is not None:
        raise RuleViolation("kennel/undo_pending", "The game waits until every seat has answered the undo proposal.")
    return _decide(table, seat, command, seed, Rng(seed, table.version))


_SEATING_COMMANDS = (seatings.LeaveSeat, seatings.ReturnSeat)  # a tuple made once, not a union per call
_ENGINE_COMMAND_TYPES = ENGINE_COMMANDS.classes


def expire(table: Table[State], seat: Seat, seed: bytes) -> list[Any]:
    """The events of `seat`'s prompt running out of time (the server's clock said so):
    `PromptExpired`, then what the rules do in the seat's place (`Game.timeout_command`), or a
    refusal of the undo it was asked to agree to. Refused when the seat owes nothing now."""
    if table.ended is not None:
        raise RuleViolation("kennel/game_over", "The game is over.")
    if table.prompt_limit_ms == 0:
        raise RuleViolation("kennel/no_time_limit", "This game has no time limit on its prompts.")
    if seat not in {prompt.seat for prompt in table.pending()}:
        raise RuleViolation("kennel/nothing_owed", f"Seat {seat} owes no decision now.")
    expired = PromptExpired(seat=seat)
    if table.proposal is not None:
        return [expired, *decide_undo(table, seat, AnswerUndo(agree=False))]  # silence is no consent
    rng = Rng(seed, table.version)  # the stream `play` would use: the default may draw from it first
    command = table.game.timeout_command(table.state, seat, rng)
    if command not in table.game.legal_commands(table.state, seat):
        raise AssertionError(f"{table.game.name}: a prompt's timeout command must be a legal command")
    decision = _decide(table, seat, command, seed, rng)
    # Timed out once too often: a bot takes the seat over (if the game allows it and goes on).
    counted = decision.table.seating
    takeover = seatings.after_expiry(seatings.expired(counted, seat), seat) if counted is not None else []
    return [expired, *decision.events, *(takeover if decision.table.ended is None else [])]


def _decide(table: Table[State], seat: Seat, command: Any, seed: bytes, rng: Rng) -> Decision[State]:
    """The game's decision on a command, checked against the engine's contract, with
    `GameEnded` appended when it ends the game, and the table it leads to."""
    game = table.game
    decide_folded = getattr(game, "decide_folded", None)
    state: State | None = None
    if decide_folded is not None:
        decided, state = decide_folded(table.state, seat, command, rng)
        events = list(decided)
    else:
        events = list(game.decide(table.state, seat, command, rng))
    if not events:
        raise AssertionError(f"{game.name}: a legal command must produce at least one event")
    reveals = getattr(game, "reveals", None)  # whether undo may never go back past an event (unsaid: always)
    revealing = [True] * len(events) if reveals is None else list(map(bool, map(reveals, events)))
    if True in revealing and False in revealing[revealing.index(True) :]:
        # Undo lands right after the last revealing event; that must end a decision.
        raise AssertionError(f"{game.name}: a decision's events after a revealing one must reveal too")
    if not ENGINE_EVENT_TYPES.isdisjoint(map(type, events)):
        raise AssertionError(f"{game.name}: a decision's events are the game's own, never the engine's")
    if state is not None:  # the game built the state as it decided: folding again was a tenth of verify
        folded = _after_game_events(table, events, revealing[-1], state)
    else:
        folded = _fold_game_run(table, events, 0, len(events))
    outcome = game.outcome(folded.state)
    if outcome is not None:
        ended = GameEnded(winners=outcome.winners, scores=outcome.scores, reason=outcome.reason, seed=seed.hex())
        events.append(ended)
        folded = evolve(folded, ended)
    return Decision(events, folded)


@short_lived  # one per command, dropped once its events are recorded
@dataclass(frozen=True)
class Decision(Generic[State]):
    """A decision's events and the table with all of them folded in."""

    events: list[Any]
    table: Table[State]


def redact(table: Table[Any], event: Any, viewer: Viewer) -> Any:
    """An event as `viewer` may see it; engine events are public."""
    if type(event) in ENGINE_EVENT_TYPES:  # `is_engine_event`: asked per event and viewer
        return event
    return table.game.redact(event, viewer)


def encode_event(game: Game[Any], event: Any) -> JsonObject:
    registry = ENGINE_EVENTS if is_engine_event(event) else game.events
    return registry.encode(event)


def encode_events(game: Game[Any], events: Sequence[Any]) -> list[JsonObject]:
    """`encode_event` of each event: a decision's, as its records are made (one call, not one per event)."""
    engine, own, engine_types = ENGINE_EVENTS, game.events, ENGINE_EVENT_TYPES
    return [(engine if type(event) in engine_types else own).encode(event) for event in events]


def decode_event(game: Game[Any], data: Json) -> Any:
    if isinstance(data, dict) and str(data.get("type", "")).startswith("kennel."):
        return ENGINE_EVENTS.decode(data)
    return game.events.decode(data)


def legal_commands(table: Table[Any], seat: Seat) -> tuple[Any, ...]:
    """What `seat` may send now: nothing before every seat is filled or after the end.

    Not kept on the table: a server holds thousands of idle tables, and a seat's list (ten
    picks in Hoarders) kept on each cost about 6 KiB per game (bench, memory section); the
    server asks when it builds a seat's view, which it does once per version (its projections
    keep the view, serialised)."""
    return _legal_commands(table, seat)


def _legal_commands(table: Table[Any], seat: Seat) -> tuple[Any, ...]:
    if table.ended is not None or not table.started:
        return ()
    if table.proposal is not None:
        return _ANSWERS if seat in table.owe_undo_answer() else ()
    commands = table.game.legal_commands(table.state, seat)
    if may_propose_undo(table, seat):
        return (*commands, _PROPOSE_UNDO)
    return commands if type(commands) is tuple else tuple(commands)  # most often: the game's own tuple


# Commands without fields offered again and again, made once: a command's encoding and label are
# kept by the server per command (a dict), where the same object is found by identity.
_PROPOSE_UNDO = ProposeUndo()
_ANSWERS = (AnswerUndo(agree=True), AnswerUndo(agree=False))


def encode_command(game: Game[Any], command: Any) -> JsonObject:
    registry = ENGINE_COMMANDS if type(command) in _ENGINE_COMMAND_TYPES else game.commands
    return registry.encode(command)


def decode_command(game: Game[Any], data: Json) -> Any:
    if isinstance(data, dict) and str(data.get("type", "")).startswith("kennel."):
        return ENGINE_COMMANDS.decode(data)
    return game.commands.decode(data)
