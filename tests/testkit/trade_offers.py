"""Canine Kleptomaniacs' trade offers while they are being composed, found in seeded random
games: the positions that the tests of its trade steps (tests/unit/canine_kleptomaniacs) walk."""

from __future__ import annotations

from collections.abc import Iterator

from kennel.domain.canine_kleptomaniacs import GAME
from kennel.domain.canine_kleptomaniacs.state import CanineState, Offer
from testkit.hidden_worlds import random_game


def offers_being_composed(seed_text: str, number: int, max_moves: int) -> Iterator[tuple[CanineState, Offer]]:
    """Every state of a random game (seed `seed_text` and `number`, 2 to 5 players by `number`)
    whose offer names its partner and is not sent yet, with that offer."""
    players = 2 + number % 4
    game = random_game(GAME, f"{seed_text} {number}", players, GAME.random_play_options, max_moves=max_moves)
    for table in game.tables():
        offer = table.state.effect
        if table.ended is None and isinstance(offer, Offer) and not offer.sent and offer.partner is not None:
            yield table.state, offer
