"""The dogs and their decks (docs/rules/a-dogs-life.md, "The dogs"): six charts, 13 cards
each, and the characters "Tips for Being a Good Dog" describes."""

from __future__ import annotations

from kennel.domain.a_dogs_life.dogs import DECK_SIZE, SHUFFLING_DOG, Dog, Reward, Section, chart, charts

RESULTS = (Section.TRASH_CAN, Section.RESTAURANT, Section.NEWSPAPER)


def _cards(dog: Dog):
    return [card for card in chart(dog).cards if not card.shuffling_dog]


def _successes(dog: Dog, section: Section) -> int:
    return sum(card.reward(section) is not Reward.NOTHING for card in _cards(dog))


def _bones(dog: Dog, section: Section) -> int:
    return sum(card.reward(section) is Reward.BONE for card in _cards(dog))


def _claws(dog: Dog) -> float:
    return sum(card.attack for card in _cards(dog)) / 12


def _escapes(dog: Dog) -> int:
    return sum(card.escape_dogcatcher for card in _cards(dog))


def test_six_dogs_four_of_them_named_in_the_rulebook():
    """Components: 6 figures, 6 dog charts; the Tips name Fifi, Butch, White Fang and Vagabond."""
    names = [chart(dog).name for dog in Dog]
    assert len(charts()) == 6
    assert {"Fifi", "Butch", "White Fang", "Vagabond"} <= set(names)


def test_each_deck_has_twelve_result_cards_and_the_shuffling_dog():
    """Components: "6 sets of 13 cards"; Shuffle the Deck."""
    for dog in Dog:
        cards = chart(dog).cards
        assert len(cards) == DECK_SIZE
        assert [card.number for card in cards] == list(range(1, 14))
        assert [card.number for card in cards if card.shuffling_dog] == [SHUFFLING_DOG]
        for card in _cards(dog):
            assert 0 <= card.attack <= 4


def test_action_points_are_six_to_eight():
    for dog in Dog:
        assert 6 <= chart(dog).action_points <= 8


def test_fifi_shuns_trash_cans_but_charms_restaurants_and_doorsteps():
    """Tips: FIFI "is not really into sniffing trash cans ... almost guaranteed success when
    begging at restaurants or delivering newspapers"."""
    assert _successes(Dog.FIFI, Section.RESTAURANT) >= 11
    assert _successes(Dog.FIFI, Section.NEWSPAPER) >= 11
    assert _successes(Dog.FIFI, Section.TRASH_CAN) == min(_successes(dog, Section.TRASH_CAN) for dog in Dog)


def test_butch_is_chased_out_of_restaurants_but_wins_fights():
    """Tips: Butch "will get him chased out of restaurants, but he is good at stealing the bones
    of other dogs"."""
    assert _successes(Dog.BUTCH, Section.RESTAURANT) == min(
        _successes(dog, Section.RESTAURANT) for dog in Dog
    )
    assert _claws(Dog.BUTCH) == max(_claws(dog) for dog in Dog)
    assert all(_claws(Dog.BUTCH) > _claws(dog) + 1 for dog in Dog if dog is not Dog.BUTCH)


def test_white_fang_moves_quickly_and_is_beautiful():
    """Tips: "White Fang moves quickly and is a rather beautiful puppy"."""
    assert chart(Dog.WHITE_FANG).action_points == max(chart(dog).action_points for dog in Dog)
    assert all(chart(dog).action_points < 8 for dog in Dog if dog is not Dog.WHITE_FANG)
    assert _successes(Dog.WHITE_FANG, Section.RESTAURANT) >= 9


def test_vagabond_smells_like_rotting_garbage():
    """Tips: "Vagabond smells like rotting garbage": best at trash cans, shunned elsewhere."""
    assert _bones(Dog.VAGABOND, Section.TRASH_CAN) == max(_bones(dog, Section.TRASH_CAN) for dog in Dog)
    assert _successes(Dog.VAGABOND, Section.TRASH_CAN) == max(
        _successes(dog, Section.TRASH_CAN) for dog in Dog
    )
    assert _successes(Dog.VAGABOND, Section.RESTAURANT) <= 3


def test_some_dogs_avoid_the_dogcatcher_more_easily():
    """Tips: "Some dogs are more intelligent than others, and can avoid the Dogcatcher more easily"."""
    escapes = sorted(_escapes(dog) for dog in Dog)
    assert escapes[-1] - escapes[0] >= 4
    assert _escapes(Dog.PROFESSOR) == escapes[-1]


def test_every_dog_has_a_way_to_find_bones():
    for dog in Dog:
        assert sum(_bones(dog, section) for section in RESULTS) >= 5, dog
