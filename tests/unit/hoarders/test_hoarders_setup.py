"""Rulebook "Setup" and "Contents", and the ruling "How many players" (docs/rules/hoarders.md)."""

from collections import Counter

import pytest
from hoarders_support import given
from kennel.domain.core import table as tables
from kennel.domain.core.rng import Rng, seed_from_text
from kennel.domain.core.rules import RuleViolation
from kennel.domain.hoarders import GAME
from kennel.domain.hoarders.cards import CRITTER_SET, box_nuts
from kennel.domain.hoarders.events import NutsDealt, NutsShuffled, RoundStarted
from kennel.domain.hoarders.options import Options


def set_up(seat_count: int, seed: str = "setup") -> list:
    return list(GAME.setup(Options(), seat_count, Rng(seed_from_text(seed), 1)))


def test_setup_shuffles_all_55_nut_cards_into_the_nut_deck():
    """Setup: "Shuffle all nut cards together to form the nut deck"."""
    shuffled = set_up(3)[0]
    assert isinstance(shuffled, NutsShuffled)
    assert Counter(shuffled.deck) == Counter(box_nuts()) and len(shuffled.deck) == 55
    assert shuffled.deck != box_nuts()


def test_ruling_the_top_of_the_deck():
    """Setup: "Deal each player 3 random nut cards ... face up"."""
    events = set_up(4)
    deck = events[0].deck
    assert events[1:5] == [NutsDealt(seat=seat, nuts=deck[3 * seat : 3 * seat + 3]) for seat in range(4)]
    state = given(events)
    assert len(state.deck) == 55 - 12
    assert Counter(GAME.view(state, None).seats[2].nuts) == Counter(deck[6:9])


def test_ruling_who_goes_first():
    """Setup: "Decide which player is going first and give them the crown token" (the creator
    orders the seats, so seat 0 goes first)."""
    assert set_up(2)[-1] == RoundStarted(round=1, crown=0)


def test_the_shuffle_depends_only_on_the_seed():
    """design.md: same seed, same events."""
    assert set_up(3, "a") == set_up(3, "a")
    assert set_up(3, "a")[0] != set_up(3, "b")[0]


def test_each_seat_holds_one_critter_set_and_unused_sets_stay_in_the_box():
    """Setup: "Give each player a set of 5 critter cards"; Contents: 30 critters (six sets)."""
    state = given(set_up(2))
    assert all(hoard.hand == CRITTER_SET for hoard in state.hoards)
    inventory = GAME.inventory(state)
    assert all(inventory[f"critter:{critter.value}"] == 6 for critter in CRITTER_SET)
    assert all(inventory[f"nut:{nut.value}"] == 11 for nut in set(box_nuts()))


@pytest.mark.parametrize("seat_count", [2, 3, 4, 5, 6])
def test_ruling_how_many_players(seat_count):
    """Ruling "How many players": "Gather 2 to 6 friends", one critter set each."""
    events = tables.create(GAME, None, [f"p{i}" for i in range(seat_count)], seed_from_text("n"))
    assert tables.fold(GAME, events).state.seat_count == seat_count


@pytest.mark.parametrize("seat_count", [1, 7])
def test_fewer_than_two_or_more_than_six_players_cannot_play(seat_count):
    """Ruling "How many players": six critter sets, and a thief needs someone to rob."""
    with pytest.raises(RuleViolation) as caught:
        tables.create(GAME, None, [f"p{i}" for i in range(seat_count)], seed_from_text("n"))
    assert caught.value.code == "kennel/bad_seat_count"
    with pytest.raises(RuleViolation) as caught:
        set_up(seat_count)
    assert caught.value.code == "hoarders/bad_seat_count"
