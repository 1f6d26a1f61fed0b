"""Setup: the box before the first card, then the shuffles, the deal and the first turn."""

from __future__ import annotations

from typing import Any

from kennel.domain.caninos.cards import (
    HAND_SIZE,
    box_cards,
    box_double_pizzas,
    box_normal_pizzas,
    sorted_pizzas,
)
from kennel.domain.caninos.events import (
    CardsDealt,
    DeckShuffled,
    MiniDecksLaid,
    PizzaDealt,
    PizzasShuffled,
    TurnStarted,
)
from kennel.domain.caninos.options import MAX_RESHUFFLE_LIMIT, DeckRunsOut, Options
from kennel.domain.caninos.state import CaninosState, Player
from kennel.domain.core.rng import Rng
from kennel.domain.core.rules import RuleViolation

MIN_SEATS = 2  # someone to steal from
MAX_SEATS = 6  # six packs, six Chaos Hounds: our ruling (docs/rules/caninos.md, "How many players")


def initial_state(options: Options, seat_count: int) -> CaninosState:
    """Everything still in the box, in box order: the Double row is laid face up at once."""
    return CaninosState(
        options=options,
        players=tuple(Player() for _ in range(seat_count)),
        deck=box_cards(),
        pizza_deck=box_normal_pizzas(),
        doubles=sorted_pizzas(box_double_pizzas()),
    )


def setup(options: Options, seat_count: int, rng: Rng) -> list[Any]:
    """Shuffle the Normal pizzas and deal one face up to each seat, split the rest in two face-up
    mini-decks; shuffle the main deck and deal six cards to each seat; seat 0 starts.

    The seat order is the creator's, so "the player who has gone the longest without eating
    pizza starts the game" is decided by whoever fills seat 0."""
    if not MIN_SEATS <= seat_count <= MAX_SEATS:
        raise RuleViolation(
            "caninos/bad_seat_count", f"¡Caninos! is played by {MIN_SEATS} to {MAX_SEATS} players."
        )
    if (
        not isinstance(options.deck_runs_out, DeckRunsOut)
        or isinstance(options.reshuffle_limit, bool)
        or not isinstance(options.reshuffle_limit, int)
        or not 0 <= options.reshuffle_limit <= MAX_RESHUFFLE_LIMIT
        or not isinstance(options.round_of_passes, bool)
    ):
        raise RuleViolation(
            "caninos/bad_options",
            f"reshuffle_limit is a number from 0 (no limit, the rulebook's) to {MAX_RESHUFFLE_LIMIT}; "
            "round_of_passes is true or false.",
        )
    deck = rng.shuffled(box_cards())
    pizzas = rng.shuffled(box_normal_pizzas())
    rest = pizzas[seat_count:]
    first = (len(rest) + 1) // 2
    return [
        DeckShuffled(deck=deck),
        PizzasShuffled(pizzas=pizzas),
        *(PizzaDealt(seat=seat, pizza=pizzas[seat]) for seat in range(seat_count)),
        MiniDecksLaid(sizes=(first, len(rest) - first), tops=(rest[0], rest[first])),
        *(
            CardsDealt(seat=seat, count=HAND_SIZE, cards=deck[seat * HAND_SIZE : (seat + 1) * HAND_SIZE])
            for seat in range(seat_count)
        ),
        TurnStarted(seat=0),
    ]
