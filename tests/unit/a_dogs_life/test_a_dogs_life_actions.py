"""2 – Actions of dogs: search, drop, collect, bury, beg, drink, piddle, newspapers, attack,
and the Shuffling Dog; Trash Day; carrying at most two things; food capped at four days."""

from __future__ import annotations

import dataclasses

from a_dogs_life_support import (
    ADDRESS_2,
    BUTCH,
    CHEZ_ROVER,
    CITY,
    FIFI,
    FOUNTAIN,
    GAME,
    HOME,
    KIOSK,
    LAMPPOST,
    TRASH_CAN,
    VAGABOND,
    after,
    at,
    card,
    deck,
    given,
    named,
    of_type,
    opening,
    placed,
    then_refused,
    when,
)
from kennel.domain.a_dogs_life.board import Feature
from kennel.domain.a_dogs_life.commands import (
    AttackDog,
    BegForFood,
    BuryBone,
    CollectBone,
    CollectNewspaper,
    DeliverNewspaper,
    DrinkFromFountain,
    DropBone,
    DropNewspaper,
    MoveDog,
    PiddleOnLamppost,
    SearchTrashCan,
    TakeNewspaper,
)
from kennel.domain.a_dogs_life.dogs import SHUFFLING_DOG, Reward, Section
from kennel.domain.a_dogs_life.events import (
    BeggedForFood,
    BoneBuried,
    BoneCollected,
    BoneDropped,
    BoneFound,
    CardDrawn,
    DeckShuffled,
    DogAttacked,
    DogDrank,
    DogImpounded,
    DogPiddled,
    FightTied,
    FoodEaten,
    GameWon,
    NewspaperCollected,
    NewspaperDelivered,
    NewspaperDropped,
    NewspaperTaken,
    NothingFound,
    TrashCanSearched,
    TrashDay,
    TruckRolled,
    TurnStarted,
)
from kennel.domain.a_dogs_life.options import Options
from kennel.domain.a_dogs_life.state import GroundItem, Impounded, ItemKind, Phase, WinReason

TRASH_BONE = card(VAGABOND, trash_can=Reward.BONE)
TRASH_FEAST = card(VAGABOND, trash_can=Reward.THREE_DAYS)
TRASH_NOTHING = card(VAGABOND, trash_can=Reward.NOTHING)


def _vagabond_at(space: int, *top: int, hunger: int = 3):
    return given(
        opening(VAGABOND, FIFI, decks=[deck(VAGABOND, *top), deck(FIFI)]),
        placed(space, hunger=hunger, points=7),
    )


# Search a Trashcan ---------------------------------------------------------------------------


def test_searching_a_trash_can_draws_a_card_and_covers_the_can():
    """Search a Trashcan: a bone goes onto a free Carrying space; a search marker goes on."""
    state = _vagabond_at(TRASH_CAN, TRASH_BONE)
    events = when(state, 0, SearchTrashCan())
    assert events == [
        TrashCanSearched(seat=0, space=TRASH_CAN),
        CardDrawn(seat=0, card=TRASH_BONE, section=Section.TRASH_CAN),
        BoneFound(seat=0),
    ]
    state = after(state, 0, SearchTrashCan())
    assert state.dogs[0].bones == 1 and state.bone_supply == 29 and state.searched == (TRASH_CAN,)
    assert state.action_points == 6
    then_refused(state, 0, SearchTrashCan(), "already_searched")


def test_only_where_there_is_a_trash_can():
    then_refused(_vagabond_at(at(4, 5)), 0, SearchTrashCan(), "no_trash_can")


def test_food_moves_hunger_right_but_never_past_four_days():
    """Search a Trashcan: "No dog may keep more than 4 days' worth of food"."""
    state = _vagabond_at(TRASH_CAN, TRASH_FEAST, hunger=2)
    assert FoodEaten(seat=0, days=3, hunger=4) in when(state, 0, SearchTrashCan())


def test_a_bone_without_a_free_carrying_space_is_as_if_nothing_was_found():
    """Search a Trashcan: "If there is not a free space ... as if the dog had found nothing"."""
    state = given(
        opening(VAGABOND, FIFI, decks=[deck(VAGABOND, TRASH_BONE), deck(FIFI)]),
        [BoneFound(seat=0), BoneFound(seat=0)],
        placed(TRASH_CAN, points=7),
    )
    assert when(state, 0, SearchTrashCan())[-1] == NothingFound(seat=0)


def test_nothing_is_nothing():
    assert when(_vagabond_at(TRASH_CAN, TRASH_NOTHING), 0, SearchTrashCan())[-1] == NothingFound(seat=0)


def test_ruling_trash_day():
    """Ruling "Trash Day" (gap). Trash Day: "All of the Searched Trash Can markers, except for the
    last one placed, are removed"; the board has more trash cans than the 15 markers, so the
    15th is always placed."""
    assert len(CITY.with_feature(Feature.TRASH_CAN)) == 22
    others = [can for can in CITY.with_feature(Feature.TRASH_CAN) if can != TRASH_CAN][:14]
    state = given(
        opening(VAGABOND, FIFI, decks=[deck(VAGABOND, TRASH_NOTHING), deck(FIFI)]),
        [TrashCanSearched(seat=1, space=can) for can in others],
        placed(TRASH_CAN, points=7),
    )
    events = when(state, 0, SearchTrashCan())
    assert events[-1] == TrashDay(kept=TRASH_CAN)
    assert after(state, 0, SearchTrashCan()).searched == (TRASH_CAN,)


# The Shuffling Dog ---------------------------------------------------------------------------


def test_ruling_the_shuffling_dog():
    """Ruling "The Shuffling Dog" (gap). Shuffle the Deck: "shuffles all 13 cards to start a new
    deck ... then turns over the top card"; every draw alike, so the deck never runs out."""
    state = _vagabond_at(TRASH_CAN, TRASH_NOTHING, SHUFFLING_DOG)
    state = after(state, 0, SearchTrashCan())  # draws card TRASH_NOTHING
    state = after(state, 0, MoveDog(at(5, 3)))
    state = after(state, 0, MoveDog(at(5, 2)))
    state = dataclasses.replace(state, searched=())
    state = after(state, 0, MoveDog(at(5, 3)))
    state = after(state, 0, MoveDog(TRASH_CAN))
    events = when(state, 0, SearchTrashCan())
    assert events[1] == CardDrawn(seat=0, card=SHUFFLING_DOG, section=Section.TRASH_CAN)
    shuffled = of_type(events, DeckShuffled)
    assert shuffled and sorted(shuffled[0].deck) == list(range(1, 14))
    draws = of_type(events, CardDrawn)
    assert draws[-1].card != SHUFFLING_DOG
    state = after(state, 0, SearchTrashCan())
    assert len(state.dogs[0].deck) + len(state.dogs[0].discards) == 13


# Drop and collect ----------------------------------------------------------------------------


def test_a_dog_drops_and_collects_a_bone():
    """Drop a Bone or Newspaper; Collect a Bone or Newspaper: one action point each."""
    state = given(opening(FIFI, BUTCH), [BoneFound(seat=0)], placed(at(4, 5)))
    assert when(state, 0, DropBone()) == [BoneDropped(seat=0, space=at(4, 5))]
    state = after(state, 0, DropBone())
    assert state.ground == (GroundItem(at(4, 5), ItemKind.BONE),) and state.dogs[0].bones == 0
    then_refused(state, 0, DropBone(), "no_bone")
    assert when(state, 0, CollectBone()) == [BoneCollected(seat=0, space=at(4, 5))]
    state = after(state, 0, CollectBone())
    assert state.ground == () and state.dogs[0].bones == 1 and state.action_points == 4
    then_refused(state, 0, CollectBone(), "nothing_to_collect")


def test_a_dog_carries_two_things_at_most():
    """2 – Actions of dogs: "A dog may carry up to, but never more than, two objects at a time"."""
    state = given(
        opening(FIFI, BUTCH),
        [BoneFound(seat=1), BoneFound(seat=0), BoneFound(seat=0)],
        placed(at(4, 5), at(6, 5), active=1),
        [BoneDropped(seat=1, space=at(4, 5))],
        placed(),
    )
    then_refused(state, 0, CollectBone(), "hands_full")


def test_newspapers_are_dropped_face_down_but_not_in_the_kiosk():
    """Drop a Bone or Newspaper: "Newspapers may not be dropped in the newspaper kiosk space"."""
    state = given(opening(FIFI, BUTCH), [NewspaperTaken(seat=0, address=7)], placed(KIOSK))
    then_refused(state, 0, DropNewspaper(7), "not_in_the_kiosk")
    state = given(opening(FIFI, BUTCH), [NewspaperTaken(seat=0, address=7)], placed(at(4, 5)))
    then_refused(state, 0, DropNewspaper(8), "no_such_newspaper")
    assert when(state, 0, DropNewspaper(7)) == [NewspaperDropped(seat=0, space=at(4, 5), address=7)]
    state = after(state, 0, DropNewspaper(7))
    assert state.newspapers_on(at(4, 5)) == (GroundItem(at(4, 5), ItemKind.NEWSPAPER, 7),)
    assert 7 not in state.kiosk and state.dogs[0].newspapers == ()


def test_ruling_carrying_dropping_and_collecting():
    """Ruling "Carrying, dropping and collecting" (gap). Collect a Bone or Newspaper: "pick up the
    newspaper marker, look at the delivery number": which one of a face-down pile is named by
    its public place in the pile, and its address is seen only then."""
    state = given(
        opening(FIFI, BUTCH),
        [NewspaperTaken(seat=1, address=3), NewspaperTaken(seat=1, address=9)],
        placed(None, at(4, 5), active=1),
        [
            NewspaperDropped(seat=1, space=at(4, 5), address=3),
            NewspaperDropped(seat=1, space=at(4, 5), address=9),
        ],
        placed(at(4, 5)),
    )
    legal = [c for c in GAME.legal_commands(state, 0) if isinstance(c, CollectNewspaper)]
    assert legal == [CollectNewspaper(0), CollectNewspaper(1)]
    assert when(state, 0, CollectNewspaper(1)) == [
        NewspaperCollected(seat=0, space=at(4, 5), index=1, address=9)
    ]
    state = after(state, 0, CollectNewspaper(1))
    assert state.dogs[0].newspapers == (9,)
    then_refused(state, 0, CollectNewspaper(1), "nothing_to_collect")


# Bury a Bone ---------------------------------------------------------------------------------


def test_bones_are_buried_at_home_one_point_each():
    """Bury a Bone: "at the cost of one action point for each bone"."""
    state = given(opening(FIFI, BUTCH), [BoneFound(seat=0), BoneFound(seat=0)], placed(HOME[0]))
    assert when(state, 0, BuryBone()) == [BoneBuried(seat=0, buried=1)]
    state = after(after(state, 0, BuryBone()), 0, BuryBone())
    assert state.dogs[0].buried == 2 and state.dogs[0].bones == 0 and state.action_points == 4
    then_refused(state, 0, BuryBone(), "no_bone")
    state = given(opening(FIFI, BUTCH), [BoneFound(seat=0)], placed(at(0, 2)))
    then_refused(state, 0, BuryBone(), "not_at_home")


def test_burying_the_fourth_bone_wins_at_once():
    """Object of the Game: "The first dog to arrive back home and bury the bones wins"."""
    state = given(
        opening(FIFI, BUTCH),
        [BoneFound(seat=0)] * 4,
        placed(HOME[0]),
        [BoneBuried(seat=0, buried=n) for n in (1, 2, 3)],
        placed(HOME[0]),
    )
    events = when(state, 0, BuryBone())
    assert events == [BoneBuried(seat=0, buried=4), GameWon(winners=(0,), reason=WinReason.BONES_BURIED)]
    state = after(state, 0, BuryBone())
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == (4, 0)
    assert GAME.pending(state) == () and GAME.legal_commands(state, 0) == ()


def test_the_number_of_bones_is_an_option():
    """Object of the Game: "the number of bones can be increased or decreased"."""
    state = given(opening(FIFI, BUTCH), [BoneFound(seat=0)], placed(HOME[0]), options=Options(bones_to_win=1))
    assert isinstance(when(state, 0, BuryBone())[-1], GameWon)


# Beg for Food --------------------------------------------------------------------------------


def test_ruling_begging():
    """Ruling "Begging" (reading). Beg for Food: "A dog may not beg more than once per turn in the
    same restaurant": leaving and coming back does not count as a new visit."""
    feast = card(FIFI, restaurant=Reward.THREE_DAYS)
    state = given(opening(FIFI, BUTCH, decks=[deck(FIFI, feast), deck(BUTCH)]), placed(CHEZ_ROVER, hunger=1))
    events = when(state, 0, BegForFood())
    assert events == [
        BeggedForFood(seat=0, space=CHEZ_ROVER),
        CardDrawn(seat=0, card=feast, section=Section.RESTAURANT),
        FoodEaten(seat=0, days=3, hunger=4),
    ]
    state = after(state, 0, BegForFood())
    then_refused(state, 0, BegForFood(), "already_begged")
    state = after(after(state, 0, MoveDog(at(8, 5))), 0, MoveDog(CHEZ_ROVER))
    then_refused(state, 0, BegForFood(), "already_begged")
    state = given(opening(FIFI, BUTCH), placed(at(8, 5)))
    then_refused(state, 0, BegForFood(), "not_a_restaurant")


def test_the_next_turn_may_beg_again():
    state = given(opening(FIFI, BUTCH), [BeggedForFood(seat=0, space=CHEZ_ROVER)], placed(CHEZ_ROVER))
    assert BegForFood() in GAME.legal_commands(state, 0)


# Drink and piddle ----------------------------------------------------------------------------


def test_drinking_fills_the_bladder():
    """Drink from a Fountain: "the dog fills its Bladder"; "A dog with two markers ... may not drink"."""
    state = given(opening(FIFI, BUTCH), placed(FOUNTAIN))
    assert when(state, 0, DrinkFromFountain()) == [DogDrank(seat=0, bladder=2)]
    state = after(state, 0, DrinkFromFountain())
    assert (state.dogs[0].bladder, state.dogs[0].piddles_left) == (2, 6)
    then_refused(state, 0, DrinkFromFountain(), "bladder_full")
    then_refused(given(opening(FIFI, BUTCH), placed(at(1, 5))), 0, DrinkFromFountain(), "no_fountain")


def test_a_dog_with_all_eight_markers_out_cannot_drink():
    """Drink from a Fountain: "Each dog has only 8 piddle markers"."""
    state = given(opening(FIFI, BUTCH), placed(FOUNTAIN))
    dogs = list(state.dogs)
    dogs[0] = dataclasses.replace(dogs[0], bladder=0, piddles_left=0)
    then_refused(dataclasses.replace(state, dogs=tuple(dogs)), 0, DrinkFromFountain(), "no_piddle_markers")


def test_ruling_drinking_and_piddling():
    """Ruling "Drinking and piddling" (gap). Piddle on a Lamppost: "If there are no Piddle markers
    in the dog's bladder, this action is impossible"; a lamppost holds one marker, so a dog may
    not piddle where its own marker is."""
    state = given(opening(FIFI, BUTCH), placed(LAMPPOST))
    assert when(state, 0, PiddleOnLamppost()) == [DogPiddled(seat=0, space=LAMPPOST, replaced=None)]
    state = after(state, 0, PiddleOnLamppost())
    assert state.piddle_on(LAMPPOST) == 0 and state.dogs[0].bladder == 0
    then_refused(state, 0, PiddleOnLamppost(), "bladder_empty")
    state = given(
        opening(FIFI, BUTCH),
        [DogPiddled(seat=0, space=LAMPPOST), DogDrank(seat=0, bladder=2)],
        placed(LAMPPOST),
    )
    then_refused(state, 0, PiddleOnLamppost(), "already_marked")
    then_refused(given(opening(FIFI, BUTCH), placed(at(4, 5))), 0, PiddleOnLamppost(), "no_lamppost")


# Newspapers ----------------------------------------------------------------------------------


def test_barking_at_the_kiosk_gives_a_random_newspaper():
    """Take a Newspaper from the Kiosk: "takes a newspaper marker at random"."""
    state = given(opening(FIFI, BUTCH), placed(KIOSK))
    (taken,) = when(state, 0, TakeNewspaper())
    assert isinstance(taken, NewspaperTaken) and taken.seat == 0 and 1 <= taken.address <= 12
    state = after(state, 0, TakeNewspaper())
    assert state.dogs[0].newspapers == (taken.address,) and taken.address not in state.kiosk
    then_refused(given(opening(FIFI, BUTCH), placed(at(7, 5))), 0, TakeNewspaper(), "not_at_the_kiosk")


def test_ruling_newspapers_from_the_kiosk():
    """Ruling "Newspapers from the kiosk" (gap). Take a Newspaper: "If the dog has no Carrying
    spaces available, it may not ask"; with all twelve out, there is no marker to give."""
    state = given(opening(FIFI, BUTCH), [BoneFound(seat=0), BoneFound(seat=0)], placed(KIOSK))
    then_refused(state, 0, TakeNewspaper(), "hands_full")
    state = given(opening(FIFI, BUTCH), placed(KIOSK))
    then_refused(dataclasses.replace(state, kiosk=()), 0, TakeNewspaper(), "no_newspapers")


def test_delivering_returns_the_paper_to_the_kiosk_and_draws_the_reward():
    """Deliver a Newspaper: the marker goes back to the kiosk; the Newspaper section rewards."""
    bone = card(FIFI, newspaper=Reward.BONE)
    state = given(
        opening(FIFI, BUTCH, decks=[deck(FIFI, bone), deck(BUTCH)]),
        [NewspaperTaken(seat=0, address=2)],
        placed(ADDRESS_2),
    )
    assert when(state, 0, DeliverNewspaper()) == [
        NewspaperDelivered(seat=0, address=2),
        CardDrawn(seat=0, card=bone, section=Section.NEWSPAPER),
        BoneFound(seat=0),
    ]
    state = after(state, 0, DeliverNewspaper())
    assert 2 in state.kiosk and state.dogs[0].newspapers == () and state.dogs[0].bones == 1


def test_only_the_paper_for_that_address_is_delivered_there():
    state = given(opening(FIFI, BUTCH), [NewspaperTaken(seat=0, address=5)], placed(ADDRESS_2))
    then_refused(state, 0, DeliverNewspaper(), "no_such_newspaper")
    state = given(opening(FIFI, BUTCH), [NewspaperTaken(seat=0, address=2)], placed(at(5, 3)))
    then_refused(state, 0, DeliverNewspaper(), "not_an_address")


# Attack an Opposing Dog ----------------------------------------------------------------------

CLAWS_4 = card(BUTCH, attack=4)
CLAWS_0 = card(FIFI, attack=0)
FIFI_CLAWS_2 = card(FIFI, attack=2)
BUTCH_CLAWS_2 = card(BUTCH, attack=2)


def _fight(butch_top: int, fifi_top: int, butch_at: int = at(4, 5), fifi_at: int = at(3, 5)):
    return given(
        opening(BUTCH, FIFI, decks=[deck(BUTCH, butch_top), deck(FIFI, fifi_top)]),
        [BoneFound(seat=1), NewspaperTaken(seat=1, address=6)],
        placed(butch_at, fifi_at, points=7),
    )


def test_more_claws_wins_and_the_loser_goes_to_the_pound_leaving_its_items():
    """Attack an Opposing Dog: the loser goes to the first space of the pound; "Any items in the
    loser's Carrying spaces are left on the board"; the winner may move in and pick up."""
    state = _fight(CLAWS_4, CLAWS_0)
    events = when(state, 0, AttackDog(1))
    assert events == [
        DogAttacked(attacker=0, defender=1),
        CardDrawn(seat=0, card=CLAWS_4, section=Section.ATTACK),
        CardDrawn(seat=1, card=CLAWS_0, section=Section.ATTACK),
        DogImpounded(seat=1, reason=Impounded.LOST_FIGHT),
    ]
    state = after(state, 0, AttackDog(1))
    assert state.dogs[1].in_pound and state.dogs[1].pound_turn == 1
    assert state.items_on(at(3, 5)) == (
        GroundItem(at(3, 5), ItemKind.BONE),
        GroundItem(at(3, 5), ItemKind.NEWSPAPER, 6),
    )
    state = after(after(state, 0, MoveDog(at(3, 5))), 0, CollectBone())
    state = after(state, 0, CollectNewspaper(0))
    assert state.dogs[0].bones == 1 and state.dogs[0].newspapers == (6,) and state.action_points == 3


def test_an_attacker_that_loses_ends_its_turn_without_moving_the_truck():
    """Attack an Opposing Dog: "If the attacker loses, its turn is finished"."""
    state = _fight(card(BUTCH, attack=1), FIFI_CLAWS_2)
    events = when(state, 0, AttackDog(1))
    assert DogImpounded(seat=0, reason=Impounded.LOST_FIGHT) in events
    assert not of_type(events, TruckRolled)
    assert of_type(events, TurnStarted)[0].seat == 1


def test_ruling_fights():
    """Ruling "Fights" (reading). Attack an Opposing Dog: "If the claws are equal, nothing happens.
    The player may attack again this turn at the cost of another action point"."""
    state = _fight(BUTCH_CLAWS_2, FIFI_CLAWS_2)
    assert when(state, 0, AttackDog(1))[-1] == FightTied(attacker=0, defender=1)
    state = after(state, 0, AttackDog(1))
    assert state.phase is Phase.ACTIONS and state.action_points == 6
    assert AttackDog(1) in GAME.legal_commands(state, 0)


def test_only_an_adjacent_dog_and_into_a_building_only_through_its_entrance():
    """Attack an Opposing Dog: "A dog in a street may attack a dog in a building and vice versa,
    but only through the arrows"."""
    then_refused(_fight(CLAWS_4, CLAWS_0, fifi_at=at(2, 5)), 0, AttackDog(1), "not_adjacent")
    address = named("Address 4")
    assert AttackDog(1) in GAME.legal_commands(_fight(CLAWS_4, CLAWS_0, at(12, 0), address), 0)
    then_refused(_fight(CLAWS_4, CLAWS_0, at(13, 0), address), 0, AttackDog(1), "not_adjacent")
    then_refused(_fight(CLAWS_4, CLAWS_0), 0, AttackDog(0), "no_such_dog")
    then_refused(_fight(CLAWS_4, CLAWS_0), 0, AttackDog(5), "no_such_dog")


def test_a_dog_in_the_pound_cannot_be_attacked():
    state = given(
        opening(BUTCH, FIFI), [DogImpounded(seat=1, reason=Impounded.CAUGHT)], placed(at(0, 6), points=7)
    )
    then_refused(state, 0, AttackDog(1), "not_adjacent")
