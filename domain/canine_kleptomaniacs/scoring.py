"""Scoring: Pooch Points at the game's end, and the winners.

- the face value of every card in a seat's Hiding Places (a Master's Bedroom card hidden in a
  set counts as the Collectables it stands for; a Laundry Basket as two of its place's kind),
  doubled on an Ultimate Hiding Place;
- the face value of the Master's Bedroom cards face up in its playing area;
- its doggy card's bonus for every target Collectable hidden;
- +30 for the Ultimate Paw of Pilferage and -30 for the Poo Pizza in its hand;
- Optional Rule (`Options.all_of_a_kind`): a seat that has hidden every card of one kind of
  Collectable scores double the face value of all its hidden cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from kennel.domain.canine_kleptomaniacs.components import KINDS, Collectable, manifest, points, represents
from kennel.domain.canine_kleptomaniacs.events import Pile
from kennel.domain.canine_kleptomaniacs.state import CanineState, Place, Seat
from kennel.domain.core.frozen import per_recent_state
from kennel.domain.core.rules import Outcome


@dataclass(frozen=True)
class Score:
    hidden: int
    bedroom: int
    dog: int
    paw: int
    poo: int

    @property
    def total(self) -> int:
        return self.hidden + self.bedroom + self.dog + self.paw + self.poo


def place_points(place: Place) -> int:
    if place.kind is None:
        return 0
    value = sum(points(card) for card in place.cards)
    value += sum(represents(card, place.kind) for card in place.bedroom_cards) * points(place.kind)
    return value * 2 if place.ultimate else value


def hidden_count(seat: Seat, kind: Collectable) -> int:
    """How many Collectables of `kind` a seat has hidden, counting what Master's Bedroom cards
    stand for."""
    return sum(
        place.cards.count(kind) + sum(represents(card, kind) for card in place.bedroom_cards)
        for place in seat.places
        if place.kind is kind
    )


def has_all_of_a_kind(seat: Seat) -> bool:
    """Our reading of "collect all of one kind": every Collectables card of the kind in the box
    lies hidden in the seat's Hiding Places (docs/rules: "All of a kind")."""
    specs = manifest().collectables
    return any(
        sum(place.cards.count(kind) for place in seat.places) == specs[kind].count for kind in KINDS
    )


def score(state: CanineState, number: int) -> Score:
    seat = state.seats[number]
    numbers = manifest().numbers
    hidden = sum(place_points(place) for place in seat.places)
    if state.options.all_of_a_kind and has_all_of_a_kind(seat):
        hidden *= 2
    bedroom = sum(manifest().bedroom_cards[card].points for card in seat.bedroom)
    dog = 0
    if seat.dog is not None:
        spec = manifest().dogs[seat.dog]
        dog = spec.bonus_each * hidden_count(seat, spec.target)
    paw = numbers["paw_bonus"] if Collectable.ULTIMATE_PAW in seat.hand else 0
    poo = numbers["poo_penalty"] if Collectable.POO_PIZZA in seat.hand else 0
    return Score(hidden=hidden, bedroom=bedroom, dog=dog, paw=paw, poo=poo)


# Asked by prompts, legal commands, the view and the decision: once per state, kept beside the
# state (`per_recent_state`), not in it, where the next event's `replaced` copy met it (a slower copy).
@per_recent_state
def outcome(state: CanineState) -> Outcome | None:
    """The most Pooch Points wins; seats tied for the most all win (docs/rules: "Ties")."""
    if state.finished is None:
        return None
    scores = tuple(score(state, seat).total for seat in range(state.seat_count))
    best = max(scores)
    winners = tuple(seat for seat, total in enumerate(scores) if total == best)
    pile = "Action" if state.finished is Pile.ACTION else "Collectables"
    names = " and ".join(f"seat {seat}" for seat in winners)
    return Outcome(
        winners=winners,
        scores=scores,
        reason=f"The {pile} draw pile ran out; {names} scored the most Pooch Points ({best}).",
    )
