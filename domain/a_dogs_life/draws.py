"""Drawing cards: "Shuffle the Deck" and "The Icons on the Cards".

Every draw takes the top card of the dog's own deck and puts it face up on its discard pile.
The Shuffling Dog sends all 13 cards back into a freshly shuffled deck (drawn from the Rng and
recorded whole in `DeckShuffled`, which nobody sees), and the dog draws again.
"""

from __future__ import annotations

from kennel.domain.a_dogs_life.dogs import Card, Reward, Section, chart
from kennel.domain.a_dogs_life.events import BoneFound, CardDrawn, DeckShuffled, FoodEaten, NothingFound
from kennel.domain.a_dogs_life.resolution import Resolution
from kennel.domain.a_dogs_life.state import MAX_FOOD
from kennel.domain.core.rng import Rng


def shuffle_deck(resolution: Resolution, seat: int, rng: Rng) -> None:
    """ "That player shuffles all 13 cards to start a new deck"."""
    numbers = chart(resolution.state.dogs[seat].dog).numbers
    resolution.record(DeckShuffled(seat=seat, deck=rng.shuffled(numbers)))


def draw_card(resolution: Resolution, seat: int, section: Section, rng: Rng) -> Card:
    """The first result card drawn, shuffling as often as the Shuffling Dog turns up."""
    while True:
        dog = resolution.state.dogs[seat]
        if not dog.deck:  # cannot happen (the Shuffling Dog comes before the deck runs out)
            shuffle_deck(resolution, seat, rng)
            continue
        number = dog.deck[0]
        resolution.record(CardDrawn(seat=seat, card=number, section=section))
        card = chart(dog.dog).card(number)
        if not card.shuffling_dog:
            return card
        shuffle_deck(resolution, seat, rng)


# Module constants for the enum members read below as commands are decided, listed and told: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_BONE = Reward.BONE


def take_reward(resolution: Resolution, seat: int, card: Card, section: Section) -> None:
    """A Trash Can, Restaurant or Newspaper result: a bone onto a free carrying space (or, with
    none free, "as if the dog had found nothing"), or food up to four days' worth."""
    state = resolution.state
    dog = state.dogs[seat]
    reward = card.reward(section)
    if reward is _BONE:
        # With the 30 bone markers all out of the supply there is no bone to take either
        # (docs/rules/a-dogs-life.md, "The bone supply runs out").
        found = dog.free_hands > 0 and state.bone_supply > 0
        resolution.record(BoneFound(seat=seat) if found else NothingFound(seat=seat))
    elif reward.days:
        resolution.record(
            FoodEaten(seat=seat, days=reward.days, hunger=min(MAX_FOOD, dog.hunger + reward.days))
        )
    else:
        resolution.record(NothingFound(seat=seat))
