"""What ¡Caninos! lends the search bot (kennel.domain.core.search): its worlds and an evaluation."""

from __future__ import annotations

from kennel.domain.caninos import worlds
from kennel.domain.caninos.scoring import points
from kennel.domain.caninos.state import CaninosState
from kennel.domain.core.search import Kit


def evaluate(state: CaninosState, seat: int) -> float:
    """A rollout cut short: the seat's share of the pizza points on the table (squared, so that
    a lead counts for more than its size)."""
    scores = [max(points(player), 0) ** 2 + 1 for player in state.players]
    return scores[seat] / sum(scores)


KIT = Kit(worlds=worlds, evaluate=evaluate, depth=8)
