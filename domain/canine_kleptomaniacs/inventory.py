"""Every component of the box by kind, wherever it lies; random playouts check it never changes."""

from __future__ import annotations

from collections import Counter

from kennel.domain.canine_kleptomaniacs.components import ActionCard, BedroomCard, Collectable, Dog
from kennel.domain.canine_kleptomaniacs.state import CanineState, Owed


def inventory(state: CanineState) -> dict[str, int]:
    collectables: Counter[Collectable] = Counter(state.collectables)
    collectables.update(state.laundry)
    actions: Counter[ActionCard] = Counter(state.actions)
    actions.update(state.discards)
    actions.update(state.in_play)
    actions[ActionCard.HIDING_PLACE] += state.box_hiding_places
    bedroom: Counter[BedroomCard] = Counter(state.bedroom)
    dogs: Counter[Dog] = Counter(state.box_dogs)
    for seat in state.seats:
        collectables.update(seat.hand)
        actions.update(seat.kept)
        bedroom.update(seat.bedroom)
        if seat.dog is not None:
            dogs[seat.dog] += 1
        for place in seat.places:
            collectables.update(place.cards)
            bedroom.update(place.bedroom_cards)
            if place.ultimate:
                bedroom[BedroomCard.ULTIMATE_HIDING_PLACE] += 1
            else:
                actions[ActionCard.HIDING_PLACE] += 1
    if isinstance(state.effect, Owed):
        # Cards set aside for Walkies, between choosing and passing.
        collectables.update(card for _, card in state.effect.chosen)
    counts = {f"collectable:{kind.value}": collectables[kind] for kind in Collectable}
    counts |= {f"action:{card.value}": actions[card] for card in ActionCard}
    counts |= {f"bedroom:{card.value}": bedroom[card] for card in BedroomCard}
    counts |= {f"dog:{dog.value}": dogs[dog] for dog in Dog}
    # The Mr. Squirrel stand-up: in the box until someone takes it, then with its holder.
    counts["token:mr_squirrel"] = int(state.mr_squirrel is None or 0 <= state.mr_squirrel < state.seat_count)
    return counts
