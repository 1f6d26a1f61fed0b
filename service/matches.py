"""The two kinds of table the terminal front-ends drive, behind one small interface (`Match`),
so that `kennel simulate` and `kennel play` treat every game, and both ways of playing it, alike:

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

import contextlib
import time
import uuid
from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, cast

from kennel import wire
from kennel.domain.bots import make_bot
from kennel.domain.core import table as tables
from kennel.domain.core import telling
from kennel.domain.core.bots import RandomBot
from kennel.domain.core.codec import Json, JsonObject, to_json
from kennel.domain.core.rules import Game
from kennel.domain.core.sight import Bot, sight_of
from kennel.domain.registry import GAMES, wire_name
from kennel.replay.ledger import Ledger
from kennel.service import terminal as render
from kennel.v1 import kennel_pb2 as pb

if TYPE_CHECKING:
    from kennel.client import Kennel, Session

# Fixed, so that a simulated game's id follows from its seed text like everything else in it.
GAME_ID_NAMESPACE = uuid.UUID("615080a5-4893-4d7a-84a9-35a44dc4aabb")
DEFAULT_MAX_STEPS = 10_000
VIEW_CATCH_UP_SECONDS = 5.0  # how long a replica may lag behind a command another one accepted


class SimulationError(RuntimeError):
    """A game that stalls: nobody may act though it is not over, or it runs past its bound."""


class NotOver(SimulationError):
    """A game still running after its bound of commands: no fault of the engine where the rules
    let play run on (A Dog's Life as written ends only when a dog buries its bones)."""


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
    sentence: str = ""  # the event in a player's words (kennel.domain.core.telling)


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

    def labels(self, seat: int) -> list[tuple[str, str]]:
        """(label, group) of each of `choices(seat)`, in the same order, in a player's words."""
        ...

    def headline(self, seat: int) -> str:
        """What heads the seat's screen: its own move, or whom the table waits for."""
        ...

    def since(self, seat: int, version: int) -> list[Happening]:
        """The events after `version`, as `seat` may see them."""
        ...

    def result(self) -> Result | None: ...

    def log(self) -> bytes:
        """The whole log (docs/log-format.md); only once the game is over, for a server."""
        ...

    @property
    def logs_while_running(self) -> bool:
        """Whether `log` answers before the game is over."""
        ...


def game_options(game: str, options: Mapping[str, Json]) -> pb.GameOptions:
    """A game's options by name (as in its log's header) as the API's `GameOptions`."""
    message = pb.GameOptions()
    wire.fill(getattr(message, wire_name(GAMES[game])), dict(options))
    return message


def proposes_undo(command: Any) -> bool:
    """Whether a `kennel.v1.Command` from a server's view is the engine's undo proposal."""
    return command.WhichOneof("game") == "engine" and command.engine.WhichOneof("kind") == "propose_undo"


# In this process ------------------------------------------------------------------------------


class LocalMatch:
    logs_while_running = True  # the log as far as it went
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
        options: Mapping[str, Json] | None = None,
    ) -> LocalMatch:
        """`bot_level` 0: random bots; 1 to 3: search bots of that strength (kennel.domain.core.search).
        `options`: the game's options by name (None: its defaults, the rules as written)."""
        ledger = Ledger.create(game, game_id, options, list(names), seed)
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

    def labels(self, seat: int) -> list[tuple[str, str]]:
        table = self.ledger.table
        names = telling.names_of(table)
        labels = [telling.label(table, seat, command, names) for command in tables.legal_commands(table, seat)]
        return [(label.text, label.group) for label in labels]

    def headline(self, seat: int) -> str:
        return telling.headline(self.ledger.table, seat, telling.names_of(self.ledger.table))

    def since(self, seat: int, version: int) -> list[Happening]:
        table = self.ledger.table
        happenings = []
        for record, event in zip(self.ledger.records[version:], self.ledger.events[version:], strict=True):
            redacted = tables.redact(table, event, seat)
            if redacted is not None:
                sentence = telling.sentence(self.game, redacted, telling.names_of(table))
                encoded = tables.encode_event(self.game, redacted)
                happenings.append(Happening(record.version, record.cause.seat, encoded, sentence))
        return happenings

    def result(self) -> Result | None:
        outcome = self.ledger.table.outcome()
        return None if outcome is None else Result(outcome.winners, outcome.scores, outcome.reason)

    def log(self) -> bytes:
        return self.ledger.log().to_bytes()


# Through a server -----------------------------------------------------------------------------


class RemoteMatch:
    logs_while_running = False  # a server shows a running game's log to auditors only
    def __init__(self, names: Sequence[str], sessions: Sequence[Session], bot_texts: Sequence[str]) -> None:
        self.names = tuple(names)
        self._sessions = list(sessions)
        self._bots = [RandomBot(text) for text in bot_texts]
        self._latest = sessions[0].view()
        self._views: dict[int, pb.View] = {0: self._latest}

    @classmethod
    def start(
        cls,
        kennel: Kennel,
        game: str,
        names: Sequence[str],
        bot_texts: Sequence[str],
        options: Mapping[str, Json] | None = None,
    ) -> RemoteMatch:
        created = kennel.create_game(game, list(names), game_options(game, options) if options else None)
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

    def labels(self, seat: int) -> list[tuple[str, str]]:
        return [(label.text, label.group) for label in self._view(seat).legal_labels]

    def headline(self, seat: int) -> str:
        return self._view(seat).headline

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
                        event.sentence,
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
