"""Rulebook "Setup": the Double pizzas face up, one Normal pizza face up to each seat, the rest in
two face-up mini-decks, six cards each from the shuffled main deck; seat 0 starts."""

import pytest
from caninos_support import GAME, rng
from kennel.domain.caninos.cards import HAND_SIZE, box_double_pizzas, is_double, sorted_pizzas
from kennel.domain.caninos.events import (
    CardsDealt,
    DeckShuffled,
    MiniDecksLaid,
    PizzaDealt,
    PizzasShuffled,
    TurnStarted,
)
from kennel.domain.caninos.options import DeckRunsOut, Options
from kennel.domain.core.rules import Prompt, PromptKind, RuleViolation


def set_up(seats: int, options: Options | None = None):
    options = options or Options()
    events = GAME.setup(options, seats, rng("setup"))
    state = GAME.initial_state(options, seats)
    for event in events:
        state = GAME.evolve(state, event)
    return events, state


@pytest.mark.parametrize("seats", [2, 3, 6])
def test_setup_deals_pizza_and_six_cards_to_every_seat(seats):
    events, state = set_up(seats)
    shuffled, pizzas = events[0], events[1]
    assert isinstance(shuffled, DeckShuffled) and len(shuffled.deck) == 98
    assert isinstance(pizzas, PizzasShuffled) and len(pizzas.pizzas) == 24
    dealt = [e for e in events if isinstance(e, PizzaDealt)]
    assert [e.seat for e in dealt] == list(range(seats))
    assert all(len(p.collection) == 1 and not is_double(p.collection[0].pizza) for p in state.players)
    (laid,) = [e for e in events if isinstance(e, MiniDecksLaid)]
    assert sum(laid.sizes) == 24 - seats and abs(laid.sizes[0] - laid.sizes[1]) <= 1
    assert tuple(deck[0] for deck in state.mini_decks) == laid.tops
    assert state.doubles == sorted_pizzas(box_double_pizzas())  # the whole row, face up
    cards = [e for e in events if isinstance(e, CardsDealt)]
    assert [(e.seat, e.count) for e in cards] == [(seat, HAND_SIZE) for seat in range(seats)]
    assert all(len(p.hand) == HAND_SIZE for p in state.players)
    assert len(state.deck) == 98 - HAND_SIZE * seats
    assert events[-1] == TurnStarted(seat=0)
    assert GAME.pending(state) == (Prompt(0, PromptKind.TURN, "play cards, pass, or discard up to three"),)


def test_ruling_shuffles_and_the_deal():
    """Ruling "Shuffles and the deal": seat 0 gets the first six cards, and so on."""
    events, _ = set_up(3)
    deck = events[0].deck
    cards = [e for e in events if isinstance(e, CardsDealt)]
    assert [e.cards for e in cards] == [deck[0:6], deck[6:12], deck[12:18]]
    pizzas = events[1].pizzas
    assert [e.pizza for e in events if isinstance(e, PizzaDealt)] == list(pizzas[:3])


@pytest.mark.parametrize("seats", [1, 7])
def test_ruling_how_many_players(seats):
    """Ruling "How many players"."""
    with pytest.raises(RuleViolation) as caught:
        GAME.setup(Options(), seats, rng())
    assert caught.value.code == "caninos/bad_seat_count"
    assert (GAME.seats.minimum, GAME.seats.maximum) == (2, 6)


@pytest.mark.parametrize("limit", [-1, 21])
def test_the_reshuffle_limit_is_bounded(limit):
    """Ruling "When the main deck runs out": 0 to 20 reshuffles."""
    with pytest.raises(RuleViolation) as caught:
        GAME.setup(Options(DeckRunsOut.RESHUFFLE, limit), 3, rng())
    assert caught.value.code == "caninos/bad_options"


def test_setup_keeps_every_component():
    options = Options()
    before = GAME.inventory(GAME.initial_state(options, 4))
    _, state = set_up(4)
    assert GAME.inventory(state) == before


def test_ruling_who_goes_first():
    """Ruling "Who goes first": "The player who has gone the longest without eating pizza starts
    the game": the seat order is the players' decision, and seat 0 starts."""
    for seats in (2, 5):
        events, state = set_up(seats)
        assert events[-1] == TurnStarted(seat=0) and state.turn.seat == 0
