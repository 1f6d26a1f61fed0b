"""The decider interface every game implements, and the types it speaks in.

A game is a pure decider (design.md): `setup` and `decide` turn options and commands into
events, drawing chance only from the `Rng` they are handed; `evolve` folds events into state
and never fails; `view`, `redact`, `pending`, `legal_commands` and `outcome` read state.
The service, replay tooling, bots and tests use only this interface, never a game's internals.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from kennel.domain.core.codec import TypeRegistry
from kennel.domain.core.kept import keep
from kennel.domain.core.rng import Rng
from kennel.domain.core.words import Words

State = TypeVar("State")
Command = Any  # a game's command dataclass (closed set, see `Game.commands`)
Event = Any  # a game's event dataclass (closed set, see `Game.events`)
View = Any  # a game's view dataclass
Options = Any  # a game's options dataclass

Seat = int  # seats are numbered from 0 in turn order
Viewer = int | None  # a seat, or None for the public (spectator) view


class RuleViolation(Exception):
    """An illegal command: a stable machine code and a sentence a player understands.

    Codes are namespaced by game (`hoarders/not_your_turn`) or `kennel/...` for the engine.
    The message must never describe anything the sender may not know.
    """

    def __init__(self, code: str, message: str) -> None:
        # `Exception.__init__` named, not found through `super()`: A Dog's Life's legal commands
        # make a few of these per command (each candidate its checks refuse).
        Exception.__init__(self, f"{code}: {message}")
        self.code = code
        self.message = message


class IdentityEnum(enum.Enum):
    """An enum whose members hash by identity, in C: `enum.Enum.__hash__` hashes the member's
    name in Python, about 200 instructions each time a card or a pizza is a dict key or a set
    member (¡Caninos! looks its cards up some twenty times per command). Members equal only
    themselves either way, and which a hash is matters to no result: no rule reads a set's
    or a dict's order of enum members (that order already changed with PYTHONHASHSEED)."""

    __hash__ = object.__hash__


class PromptKind(IdentityEnum):
    """Why a seat owes a decision now; one mechanism for every kind of turn structure (an
    `IdentityEnum`: prompts are looked up by value, `prompt` here and the server's encodings)."""

    TURN = "turn"  # the active player's ordinary action
    REACTION = "reaction"  # an out-of-turn response the seat may make or decline (Hamster)
    SECRET_CHOICE = "secret_choice"  # simultaneous choices hidden until all are in (critter picks)
    CHOICE = "choice"  # a choice owed, possibly by several seats at once, not secret


@dataclass(frozen=True)
class Prompt:
    """One seat owes one decision. Several prompts may be open at once."""

    seat: Seat
    kind: PromptKind
    label: str  # what is asked, in a player's words: "pick two critters"


PROMPTS_KEPT = 1024  # prompts `prompt` keeps (a few hundred bytes each; every game's together)
_PROMPTS: dict[tuple[Seat, PromptKind, str], Prompt] = {}


def prompt(seat: Seat, kind: PromptKind, label: str) -> Prompt:
    """`Prompt(seat, kind, label)`, the very object made before while it is among the last
    `PROMPTS_KEPT` asked for: a turn's prompt comes back with every state until the turn ends,
    and was made afresh for each (a dataclass `__init__` per prompt), then found by the server
    among its encodings by comparing it field by field; the same object is found by identity."""
    key = (seat, kind, label)
    found = _PROMPTS.get(key)
    if found is None:
        found = keep(_PROMPTS, key, Prompt(seat, kind, label), PROMPTS_KEPT)
    return found


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: winners by seat, a score per seat, and why."""

    winners: tuple[Seat, ...]
    scores: tuple[int, ...]
    reason: str


@dataclass(frozen=True)
class SeatRange:
    minimum: int
    maximum: int

    def __contains__(self, count: object) -> bool:
        return isinstance(count, int) and self.minimum <= count <= self.maximum


class Game(Protocol[State]):
    """The decider interface shared by every game (design.md, 'a decider per game')."""

    name: str  # stable id, as on the command line: "hoarders", "canine-kleptomaniacs"
    title: str  # as printed on the box
    rules_version: str  # bumped whenever the rules change what a log replays to
    seats: SeatRange
    options_type: type  # a frozen dataclass; every field has a default
    # Options under which players choosing uniformly at random end a game (empty when the defaults
    # do): random playouts, benchmarks and tests that need whole games play under these.
    random_play_options: Mapping[str, Any]
    commands: TypeRegistry[Any]
    events: TypeRegistry[Any]

    def initial_state(self, options: Options, seat_count: int) -> State:
        """The table before any card is dealt (what `setup`'s events are folded into)."""
        ...

    def setup(self, options: Options, seat_count: int, rng: Rng) -> Sequence[Event]:
        """Deal, shuffle and place; every random outcome lands in an event.

        Raises RuleViolation when the options do not fit the seat count.
        """
        ...

    def decide(self, state: State, seat: Seat, command: Command, rng: Rng) -> Sequence[Event]:
        """The events that follow from `seat` sending `command`; at least one when legal.

        Raises RuleViolation, changing nothing, when the command is illegal.
        """
        ...

    def evolve(self, state: State, event: Event) -> State:
        """Fold one event into the state: pure, total, no randomness."""
        ...

    def decide_folded(self, state: State, seat: Seat, command: Command, rng: Rng) -> tuple[Sequence[Event], State]:
        """`decide`, with the state its events lead to from `state` (`evolve` over them), which
        a decision builds as it goes: the engine then need not fold every event a second time
        (a game without it has its events folded by the engine)."""
        ...

    def pending(self, state: State) -> tuple[Prompt, ...]:
        """Every decision owed now, by whom (public: it reveals nothing hidden)."""
        ...

    def view(self, state: State, viewer: Viewer) -> View:
        """What `viewer` may see (None: the public view for spectators)."""
        ...

    def redact(self, event: Event, viewer: Viewer) -> Event:
        """The event as `viewer` may see it; hidden fields are blanked, never dropped,
        so that the number and order of events reveal nothing more than the rules do."""
        ...

    def legal_commands(self, state: State, seat: Seat) -> Sequence[Command]:
        """Every command `seat` may send now (for bots, user interfaces and fuzzing)."""
        ...

    def timeout_command(self, state: State, seat: Seat, rng: Rng) -> Command:
        """The command the rules send in `seat`'s place when its prompt runs out of time
        (kennel.domain.core.timeouts; each game's ruling is in docs/rules/<game>.md, "Timeouts").

        `seat` owes a decision now. The command must be one of `legal_commands(state, seat)`
        answering that prompt, chosen from what the seat itself may know (its view), never from
        another seat's secrets; chance, if the ruling wants any, comes from `rng` (the stream
        the decision then goes on to use)."""
        ...

    def outcome(self, state: State) -> Outcome | None:
        """Winners, scores and why once the game is over; None while it runs.

        The engine asks this after each decision and then closes the stream with `GameEnded`,
        so `decide` itself must stop producing events once its own events have ended the game.
        """
        ...

    def reveals(self, event: Event) -> bool:
        """Whether undo may never go back past this event: it showed some seat something hidden
        from it, or recorded a random outcome. It must depend only on what every seat sees of
        the event (its type, say), and within one decision every event after a revealing one
        must reveal too, so that an undo always lands between two decisions. An event that does
        not reveal names the seat that made it in its `seat` (or `proposer`) field: only a seat
        that made one of the moves an undo would take back may propose it."""
        ...

    def describe(self, event: Event, names: Sequence[str]) -> str:
        """One plain sentence for an event (already redacted for its reader); `names` are the
        seats' names in turn order. Used by `kennel replay explain` and the replay page."""
        ...

    # A player's words (kennel.domain.core.words): a label for every command type, the how-to-play
    # and the names of places; kennel.domain.core.telling adds the engine's and names the seats.
    words: Words

    def inventory(self, state: State) -> dict[str, int]:
        """Every physical component by kind ("nut:walnut": 11, ...), wherever it lies.

        Constant through a game: random playouts check that nothing is created or lost.
        """
        ...
