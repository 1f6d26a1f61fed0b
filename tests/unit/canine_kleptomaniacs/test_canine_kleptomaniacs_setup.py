"""Setting Up the Game, Steps 1 to 4; "More Than 5 Players?"; and the components we designed
(docs/rules/canine-kleptomaniacs.md, "The components")."""

from collections import Counter

import pytest
from canine_kleptomaniacs_support import GAME, PAW, POO, A, B
from kennel.domain.canine_kleptomaniacs.components import (
    KINDS,
    POWER_SYMBOLS,
    REWARD_CARDS,
    ActionCard,
    Collectable,
    Dog,
    box_actions,
    box_bedroom,
    box_collectables,
    manifest,
)
from kennel.domain.canine_kleptomaniacs.events import CollectablesShuffled, DogsDealt, HandDealt, HidingPlacesDealt
from kennel.domain.canine_kleptomaniacs.options import Options
from kennel.domain.core import table as tables
from kennel.domain.core.rng import Rng, seed_from_text
from kennel.domain.core.rules import PromptKind, RuleViolation


def set_up(seats: int, seed: str = "setup", options: dict | None = None):
    events = tables.create(GAME, options, [f"p{i}" for i in range(seats)], seed_from_text(seed))
    return events[1:], tables.fold(GAME, events).state


def test_the_numbers_the_rulebook_gives_are_kept():
    """Hand Limit (ten), More Than 5 Players (20 Hiding Places), Step 1 (one each, two more per
    seat), Step 2 (five cards), the Paw (+30), the Poo (-30), Granny's Bloomers (5 points)."""
    numbers = manifest().numbers
    assert numbers["hand_limit"] == 10
    assert numbers["hiding_places_total"] == 20
    assert numbers["hiding_places_dealt_each"] == 1 and numbers["hiding_places_shuffled_in_per_seat"] == 2
    assert numbers["starting_hand"] == 5
    assert numbers["paw_bonus"] == 30 and numbers["poo_penalty"] == -30
    assert manifest().collectables[Collectable.GRANNYS_BLOOMERS].points == 5
    assert numbers["puppy_eyes_takes"] == 3 and numbers["squirrel_draws"] == 5
    assert numbers["sniff_it_out_picks_from_laundry"] == 3 and numbers["sniff_it_out_takes_blind"] == 2
    assert numbers["rancid_badger_poo_discards"] == 2 and numbers["charm_offensive_attempts"] == 3
    assert numbers["laundry_basket_counts_as"] == manifest().bedroom_cards[B.LAUNDRY_BASKET].how_many == 2


def test_every_card_the_rulebook_names_is_in_the_box():
    """Collectables named in the rulebook, every Action card, the four Collectables Reward
    cards (each with a draw count), the Master's Bedroom cards, one Paw and one Poo."""
    assert [kind.title for kind in KINDS] == ["Basic Socks", "Grotty Balls", "Slipper", "Granny's Bloomers"]
    box = Counter(box_collectables())
    assert box[PAW] == box[POO] == 1
    assert all(manifest().collectables[kind].count == box[kind] > 0 for kind in KINDS)
    actions = Counter(box_actions())
    assert all(actions[card] > 0 for card in ActionCard if card is not A.HIDING_PLACE)
    assert actions[A.HIDING_PLACE] == 0  # counted out per seat at set-up
    assert actions[A.PLUNDERING_POOCH] == 2  # "the first ... card", "the second card"
    assert {card.title for card in REWARD_CARDS} == {
        "Turkey Buster", "Hunk O' Haddock", "Pigsfoot Treat", "Roast Dinner Roundies"
    }
    assert all(manifest().action_cards[card].draws > 0 for card in REWARD_CARDS)
    bedroom = Counter(box_bedroom())
    for card in (B.WACKY_EARPLUGS, B.GRANNYS_FALSE_TEETH, B.LAUNDRY_BASKET, B.ULTIMATE_HIDING_PLACE):
        assert bedroom[card] > 0
    assert any(spec.how_many >= 2 and spec.stands_for is not None for spec in manifest().bedroom_cards.values())


def test_every_doggy_card_has_a_target_a_bonus_and_one_of_the_five_symbols():
    """Doggy Cards: target Collectables, bonus points, and a power symbol; ten dogs for ten players."""
    dogs = manifest().dogs
    assert len(dogs) == len(Dog) == 10
    assert all(spec.target in KINDS and spec.bonus_each > 0 and spec.power in POWER_SYMBOLS for spec in dogs.values())
    assert {spec.power for spec in dogs.values()} == set(POWER_SYMBOLS)


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_step_1_one_hiding_place_each_and_two_per_seat_in_the_action_deck(seats):
    """Step 1: "Deal ONE Hiding Place face up in everyone's playing area. Insert TWO more
    Hiding Places per player into the Action deck." The rest stay in the box."""
    events, state = set_up(seats)
    assert events[0] == HidingPlacesDealt(each=1, shuffled_in=2 * seats)
    assert all(len(seat.places) == 1 for seat in state.seats)
    assert state.actions.count(A.HIDING_PLACE) == 2 * seats
    assert len(state.actions) == len(box_actions()) + 2 * seats
    assert state.box_hiding_places == 20 - 3 * seats


@pytest.mark.parametrize("seats", [6, 7, 8, 9, 10])
def test_ruling_more_than_five_players(seats):
    """More Than 5 Players?: "By simply dealing every player an equal number of Hiding Places
    you can accommodate up to 10 players for a SINGLE ROUND" (ruling "More than five players")."""
    events, state = set_up(seats)
    assert events[0] == HidingPlacesDealt(each=20 // seats, shuffled_in=0)
    assert all(len(seat.places) == 20 // seats for seat in state.seats)
    assert A.HIDING_PLACE not in state.actions


def test_more_than_five_players_play_a_single_round():
    """More Than 5 Players?: a SINGLE ROUND, so the longer game is refused."""
    with pytest.raises(RuleViolation) as refused:
        set_up(6, options={"longer_game": True})
    assert refused.value.code == "canine-kleptomaniacs/bad_options"
    set_up(5, options={"longer_game": True})


def test_seats_from_two_to_ten():
    assert GAME.seats.minimum == 2 and GAME.seats.maximum == 10
    with pytest.raises(RuleViolation):
        GAME.setup(Options(), 11, Rng(seed_from_text("x"), 1))


@pytest.mark.parametrize("number", range(30))
def test_ruling_the_decks_at_set_up(number):
    """Step 2: "deal each player a starting hand of FIVE Collectables ... Then, insert the Paw
    and Poo cards back randomly into the TOP HALF of the Collectables deck"."""
    seats = 2 + number % 9
    events, state = set_up(seats, f"top half {number}")
    deck = next(e for e in events if isinstance(e, CollectablesShuffled)).deck
    hands = [e for e in events if isinstance(e, HandDealt)]
    assert [h.count for h in hands] == [5] * seats
    assert all(PAW not in h.cards and POO not in h.cards for h in hands)
    rest = deck[5 * seats :]
    assert rest == state.collectables
    for special in (PAW, POO):
        # Inserted into the top half of what was left (the deck grew by one with each card).
        assert rest.index(special) <= (len(rest) - 1) // 2


def test_step_3_and_4_a_dog_each_and_the_masters_bedroom_shuffled():
    """Step 3: one doggy card each, blind; Step 4: the Master's Bedroom deck is shuffled."""
    _, state = set_up(4)
    dogs = [seat.dog for seat in state.seats]
    assert None not in dogs and len(set(dogs)) == 4
    assert len(state.box_dogs) == 6
    assert Counter(state.bedroom) == Counter(box_bedroom())


def test_ruling_who_goes_first():
    """Gameplay Summary: seat 0 starts."""
    _, state = set_up(3)
    assert [p.seat for p in GAME.pending(state)] == [0]
    assert GAME.pending(state)[0].kind is PromptKind.TURN


def test_ruling_the_doggy_cards():
    """Step 3: "face up or down, it's up to you": every dog lies face up, for every reader."""
    events, state = set_up(3)
    (dealt,) = [event for event in events if isinstance(event, DogsDealt)]
    assert all(GAME.redact(dealt, viewer) == dealt for viewer in (None, 0, 1, 2))
    assert [seat.dog for seat in GAME.view(state, None).seats] == [seat.dog for seat in state.seats]
