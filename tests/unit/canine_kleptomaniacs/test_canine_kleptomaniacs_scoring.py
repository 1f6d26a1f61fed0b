"""Scoring, and the Optional Rule; rulings "All of a kind" and "Ties"
(docs/rules/canine-kleptomaniacs.md)."""

from canine_kleptomaniacs_support import (
    BALLS,
    BLOOMERS,
    GAME,
    PAW,
    POO,
    SLIPPER,
    SOCKS,
    A,
    B,
    after,
    given,
    hidden,
    opening,
    turn,
)
from kennel.domain.canine_kleptomaniacs.commands import EndTurn, TakeActionCard
from kennel.domain.canine_kleptomaniacs.components import Dog, manifest
from kennel.domain.canine_kleptomaniacs.events import BedroomCardTaken
from kennel.domain.canine_kleptomaniacs.options import Options
from kennel.domain.canine_kleptomaniacs.scoring import Score, score


def finished(*event_lists, options=None):
    """Seat 0 takes the last Action card (a Pigsfoot Treat from an empty-ish deck) to end the game."""
    state = given(*event_lists, turn(0), options=options)
    return after(after(state, 0, TakeActionCard()), 0, EndTurn())


def table(hand0, hand1=(SLIPPER,), bedroom=None, dogs=(Dog.PICKLES, Dog.PICKLES), places=2):
    return opening(hand0, hand1, actions=[A.PIGSFOOT_TREAT], deck=[], bedroom=bedroom, dogs=dogs, places=places)


def test_hidden_cards_score_their_face_value_and_hands_score_nothing():
    """Scoring: "add up the face value of all cards in your Hiding Places"."""
    state = finished(table((SOCKS, SOCKS, BLOOMERS, BLOOMERS, SLIPPER)), hidden(0, 0, SOCKS, 2), hidden(0, 1, BLOOMERS, 2))
    assert score(state, 0) == Score(hidden=2 + 10, bedroom=0, dog=0, paw=0, poo=0)


def test_the_paw_and_the_poo_in_hand_at_the_end():
    """Scoring: "Add / subtract Pooch Points if you are the holder of the Ultimate Paw of
    Pilferage or Poo Pizza"; +30 and -30."""
    state = finished(table((PAW, POO)))
    assert score(state, 0).paw == 30 and score(state, 0).poo == -30 and score(state, 0).total == 0


def test_doggy_bonus_for_each_target_collectable_hidden():
    """Doggy Cards: "the more you collect, the more bonus points you'll gain" (Rascal: +2 for
    each Basic Socks hidden, counting what Master's Bedroom cards stand for)."""
    state = finished(
        table((SOCKS, SOCKS, SOCKS, BALLS, BALLS), dogs=(Dog.RASCAL, Dog.PICKLES), bedroom=[B.SOCK_MOUNTAIN]),
        [BedroomCardTaken(seat=0, card=B.SOCK_MOUNTAIN)],
        hidden(0, 0, SOCKS, 3, (B.SOCK_MOUNTAIN,)),
        hidden(0, 1, BALLS, 2),
    )
    assert score(state, 0) == Score(hidden=3 + 4 + 4, bedroom=0, dog=2 * 7, paw=0, poo=0)


def test_ruling_scoring():
    """Master's Bedroom: face value when face up; "if the card is worth x3 Granny's Bloomers, it
    scores as 3 x 5 points" when hidden; Ultimate Hiding Place: "double the Pooch Points value
    of any cards hidden on it"; Laundry Basket: two of its place's kind."""
    state = finished(
        table((BLOOMERS, SLIPPER, SOCKS), bedroom=[B.ULTIMATE_HIDING_PLACE, B.WASHING_LINE, B.LAUNDRY_BASKET, B.WACKY_EARPLUGS]),
        [BedroomCardTaken(seat=0, card=card) for card in (B.ULTIMATE_HIDING_PLACE, B.WASHING_LINE, B.LAUNDRY_BASKET, B.WACKY_EARPLUGS)],
        hidden(0, 2, BLOOMERS, 1, (B.WASHING_LINE,)),  # the Ultimate Hiding Place is place 2
        hidden(0, 0, SLIPPER, 1, (B.LAUNDRY_BASKET,)),
    )
    earplugs = manifest().bedroom_cards[B.WACKY_EARPLUGS].points
    assert score(state, 0) == Score(hidden=(5 + 15) * 2 + (3 + 6), bedroom=earplugs, dog=0, paw=0, poo=0)


def test_ruling_all_of_a_kind():
    """Optional Rule: "If a player manages to collect all of one kind of Collectable they score
    double the face value of all hidden cards" (ruling "All of a kind")."""
    bloomers = (BLOOMERS,) * manifest().collectables[BLOOMERS].count
    events = [table((*bloomers, SOCKS, SOCKS)), hidden(0, 0, BLOOMERS, len(bloomers)), hidden(0, 1, SOCKS, 2)]
    plain = finished(*events)
    doubled = finished(*events, options=Options(all_of_a_kind=True))
    assert score(plain, 0).hidden == 50 + 2
    assert score(doubled, 0).hidden == 2 * (50 + 2)


def test_ruling_ties():
    """Scoring: "The winner is the person with the most Pooch Points"; ruling "Ties"."""
    state = finished(table((SOCKS, SOCKS), (SOCKS, SOCKS)), hidden(0, 0, SOCKS, 2), hidden(1, 0, SOCKS, 2))
    outcome = GAME.outcome(state)
    assert outcome.winners == (0, 1) and outcome.scores == (2, 2)
    state = finished(table((SOCKS, SOCKS), (PAW,)), hidden(0, 0, SOCKS, 2))
    assert GAME.outcome(state).winners == (1,)
