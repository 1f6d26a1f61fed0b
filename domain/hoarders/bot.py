"""What Hoarders lends the search bot (kennel.domain.core.search): its worlds and an evaluation."""

from __future__ import annotations

from kennel.domain.core.search import Kit
from kennel.domain.hoarders import worlds
from kennel.domain.hoarders.cards import WINNING_COUNT, most_identical
from kennel.domain.hoarders.state import HoardersState


def evaluate(state: HoardersState, seat: int) -> float:
    """A rollout cut short: the seat's share of the races to five identical nuts, weighted by how
    close each seat is (squared, so that being one nut away counts for much more)."""
    closeness = [(most_identical(h.nuts) / WINNING_COUNT) ** 2 for h in state.hoards]
    total = sum(closeness)
    return closeness[seat] / total if total else 1.0 / len(closeness)


KIT = Kit(worlds=worlds, evaluate=evaluate, depth=12)
