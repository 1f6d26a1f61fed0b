"""What Canine Kleptomaniacs lends the search bot (kennel.domain.core.search): its worlds and an
evaluation."""

from __future__ import annotations

from kennel.domain.canine_kleptomaniacs import worlds
from kennel.domain.canine_kleptomaniacs.state import CanineState
from kennel.domain.core.search import Kit


def evaluate(state: CanineState, seat: int) -> float:
    """A rollout cut short: the seat's share of the cards hidden in sets (what scores at the
    end), with a little weight for cards in hand (what may still be hidden)."""
    worth = []
    for s in state.seats:
        hidden_cards = sum(len(place.cards) * (2 if place.ultimate else 1) for place in s.places)
        worth.append((hidden_cards + 0.3 * len(s.hand) + 1) ** 2)
    return worth[seat] / sum(worth)


KIT = Kit(worlds=worlds, evaluate=evaluate, depth=16)
