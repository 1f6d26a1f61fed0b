"""Setting Up the Game, Steps 1 to 4, and the first turn."""

from __future__ import annotations

from kennel.domain.canine_kleptomaniacs.components import (
    ActionCard,
    Collectable,
    Dog,
    box_actions,
    box_bedroom,
    box_collectables,
    manifest,
)
from kennel.domain.canine_kleptomaniacs.events import (
    ActionsShuffled,
    BedroomShuffled,
    CollectablesShuffled,
    DogsDealt,
    HandDealt,
    HidingPlacesDealt,
    TurnStarted,
)
from kennel.domain.canine_kleptomaniacs.evolve import HIDING_PLACES_IN_THE_BOX
from kennel.domain.canine_kleptomaniacs.options import Options
from kennel.domain.canine_kleptomaniacs.state import CanineState, Seat
from kennel.domain.core.rng import Rng
from kennel.domain.core.rules import RuleViolation

MIN_SEATS = 2  # someone to steal from
MAX_SEATS = 10  # "you can accommodate up to 10 players for a SINGLE ROUND"


def initial_state(options: Options, seat_count: int) -> CanineState:
    """Everything still in the box, in box order."""
    return CanineState(
        options=options,
        seats=tuple(Seat() for _ in range(seat_count)),
        collectables=box_collectables(),
        actions=box_actions(),
        bedroom=box_bedroom(),
        box_hiding_places=HIDING_PLACES_IN_THE_BOX,
        box_dogs=tuple(Dog),
    )


def hiding_places(seat_count: int) -> tuple[int, int]:
    """(dealt to each seat, shuffled into the Action deck).

    Up to five seats: Step 1, one each and two more per seat in the deck. More than five
    ("More Than 5 Players?"): the 20 Hiding Places are dealt out equally and none go into
    the deck (docs/rules: "More than five players").
    """
    numbers = manifest().numbers
    if seat_count <= numbers["most_seats_for_a_whole_game"]:
        return numbers["hiding_places_dealt_each"], numbers["hiding_places_shuffled_in_per_seat"] * seat_count
    return numbers["hiding_places_total"] // seat_count, 0


def insert_in_top_half(deck: tuple[Collectable, ...], cards: tuple[Collectable, ...], rng: Rng) -> tuple[Collectable, ...]:
    """The deck with `cards` at distinct random positions among the top half of the result
    (its first half, rounded down): each card takes one of the positions left, in turn."""
    half = (len(deck) + len(cards)) // 2
    free = list(range(half))
    positions = [free.pop(rng.below(len(free))) for _ in cards]
    result = list(deck)
    for position, card in sorted(zip(positions, cards, strict=True)):
        result.insert(position, card)
    return tuple(result)


def setup(options: Options, seat_count: int, rng: Rng) -> list[object]:
    numbers = manifest().numbers
    if not MIN_SEATS <= seat_count <= MAX_SEATS:
        raise RuleViolation(
            "canine-kleptomaniacs/bad_seat_count",
            f"Canine Kleptomaniacs is played by {MIN_SEATS} to {MAX_SEATS} players.",
        )
    if options.longer_game and seat_count > numbers["most_seats_for_a_whole_game"]:
        raise RuleViolation(
            "canine-kleptomaniacs/bad_options",
            "With more than five players the game is a single round: the longer game is not available.",
        )
    # Step 1: Hiding Places, and the Action deck.
    each, shuffled_in = hiding_places(seat_count)
    actions = rng.shuffled(box_actions() + (ActionCard.HIDING_PLACE,) * shuffled_in)
    # Step 2: the Collectables deck without the Paw and the Poo, five cards each, then the two
    # special cards inserted at random in the top half of what is left.
    specials = (Collectable.ULTIMATE_PAW, Collectable.POO_PIZZA)
    ordinary = rng.shuffled(tuple(card for card in box_collectables() if card not in specials))
    dealt = numbers["starting_hand"] * seat_count
    deck = ordinary[:dealt] + insert_in_top_half(ordinary[dealt:], specials, rng)
    hand = numbers["starting_hand"]
    hands = [
        HandDealt(seat=seat, count=hand, cards=deck[seat * hand : (seat + 1) * hand]) for seat in range(seat_count)
    ]
    # Step 3: one doggy card each, blind.
    dogs = rng.shuffled(tuple(Dog))[:seat_count]
    # Step 4: the Master's Bedroom deck.
    bedroom = rng.shuffled(box_bedroom())
    return [
        HidingPlacesDealt(each=each, shuffled_in=shuffled_in),
        ActionsShuffled(deck=actions),
        CollectablesShuffled(deck=deck),
        *hands,
        DogsDealt(dogs=dogs),
        BedroomShuffled(deck=bedroom),
        TurnStarted(seat=0, number=1),
    ]
