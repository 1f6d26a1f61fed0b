"""Game options: the two endings the rulebook offers for when the main deck runs out, and two
house rules (off by default) that end games the rulebook would let go on."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from kennel.domain.core.house_rules import house_rule

MAX_RESHUFFLE_LIMIT = 20
UNLIMITED = 0  # reshuffle_limit 0: "keep playing until someone wins"


class DeckRunsOut(enum.Enum):
    """Mechanics: "If the main deck runs out before anyone reaches 50 points, ..."."""

    MOST_POINTS = "most_points"  # "... the player with the most points wins" (the default)
    RESHUFFLE = "reshuffle"  # "shuffle the discard pile, turn it over, and keep playing until someone wins"


@dataclass(frozen=True)
class Options:
    """Every field has a default, so a game created with `{}` is played by the rulebook's first
    ending (docs/rules/caninos.md, "When the main deck runs out"). With RESHUFFLE the discard pile
    becomes the deck as often as needed; `reshuffle_limit` above 0 and `round_of_passes` are
    house rules (docs/rules/caninos.md, "A reshuffle limit", "A round of passes")."""

    deck_runs_out: DeckRunsOut = DeckRunsOut.MOST_POINTS
    reshuffle_limit: int = house_rule(
        UNLIMITED,
        "house rule: the discard pile becomes the main deck at most {value} times, then the deck "
        "running out ends the game",
    )
    round_of_passes: bool = house_rule(
        False, "house rule: a round in which every seat passes ends the game, the most points winning"
    )
