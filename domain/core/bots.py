"""Bots that play any registered game through the decider interface alone."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kennel.domain.core import table as tables
from kennel.domain.core.rng import Rng, seed_from_text
from kennel.domain.core.rules import Seat
from kennel.domain.core.undo import ProposeUndo

UNDO_ONE_IN = 40  # how rarely a bot that may propose an undo does so


class RandomBot:
    """Plays a uniformly random legal command; seeded, so a simulation replays identically.

    Its randomness is its own (derived from the bot's seed text), never the game's seed.
    """

    def __init__(self, seed_text: str, undo: bool = True) -> None:
        self._seed = seed_from_text(f"bot:{seed_text}")
        self._undo = undo  # False: never propose an undo (so none is ever asked of others)

    def choose(self, table: tables.Table[Any], seat: Seat) -> Any | None:
        options = tables.legal_commands(table, seat)
        if not options:
            return None
        return options[self.pick(table.version, seat, [isinstance(c, ProposeUndo) for c in options])]

    def pick(self, version: int, seat: Seat, proposals: Sequence[bool]) -> int:
        """Which of the legal commands to send (by index), given which of them propose an undo;
        the same choice wherever the commands come from (a table here, a server's view there)."""
        rng = Rng(self._seed, version * 16 + seat)
        others = [index for index, proposal in enumerate(proposals) if not proposal]
        # A proposal now and then exercises undo; one at every chance would swamp the game.
        if others and (not self._undo or rng.below(UNDO_ONE_IN) != 0):
            return rng.choice(others)
        return rng.below(len(proposals))
