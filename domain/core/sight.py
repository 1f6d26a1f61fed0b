"""What a seat knows, and the one way a bot is asked for a decision.

A bot is a player (design.md, "Bots"): it is handed its seat's `Sight` (the view, the stream of
events redacted for that seat, and the legal commands: what the server sends that seat) and
answers with one of those legal commands. It never receives the state, so it cannot peek; the
honesty tests (tests/hidden/test_bot_honesty.py) check that its answer does not change when only
what its seat may not know changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from kennel.domain.core import table as tables
from kennel.domain.core.rules import Game, Seat


@dataclass(frozen=True)
class Sight:
    """Everything one seat may know at one moment of a game."""

    game: Game[Any]
    seat: Seat
    history: tuple[Any, ...]  # the whole stream so far, each event redacted for `seat` (GameCreated first)
    view: Any  # game.view(state, seat)
    legal: tuple[Any, ...]  # what the seat may send now (engine commands such as undo included)

    @property
    def version(self) -> int:
        return len(self.history)


class Bot(Protocol):
    """Anything that plays a seat from its sight alone."""

    def choose(self, sight: Sight) -> Any | None:
        """One of `sight.legal`, or None when the seat owes nothing."""
        ...


def sight_of(table: tables.Table[Any], events: Sequence[Any], seat: Seat) -> Sight:
    """The server's side: what `seat` is sent, from the truth (`events` folded into `table`).

    This is the one place that holds both; a bot only ever gets its result.
    """
    return Sight(
        game=table.game,
        seat=seat,
        history=tuple(tables.redact(table, event, seat) for event in events),
        view=table.game.view(table.state, seat),
        legal=tables.legal_commands(table, seat),
    )
