"""Game options: the two endings the rulebook offers for when the main deck runs out."""

from __future__ import annotations

import enum
from dataclasses import dataclass

MAX_RESHUFFLE_LIMIT = 20


class DeckRunsOut(enum.Enum):
    """Mechanics: "If the main deck runs out before anyone reaches 50 points, ..."."""

    MOST_POINTS = "most_points"  # "... the player with the most points wins" (the default)
    RESHUFFLE = "reshuffle"  # "shuffle the discard pile, turn it over, and keep playing"


@dataclass(frozen=True)
class Options:
    """Every field has a default, so a game created with `{}` is played by the rulebook's first
    ending. With RESHUFFLE, `reshuffle_limit` bounds the game: once the discard pile has been
    shuffled into a new deck that many times, the next time the deck runs out the most points
    win (docs/rules/caninos.md, "When the main deck runs out")."""

    deck_runs_out: DeckRunsOut = DeckRunsOut.MOST_POINTS
    reshuffle_limit: int = 3
