"""A Dog's Life worlds a seat cannot tell from the real one (kennel.domain.core.worlds).

What a seat may not know: the order of every deck (nobody knows it), and the addresses of the
newspapers it has not seen: carried by other dogs, lying face down, or in the kiosk's stack.
A shuffle is filled with the dog's 13 cards in a random order (a drawn card is taken by its
number, wherever the sampled deck held it). A newspaper another dog takes, drops or collects
unseen gets an address that fits the sampled world at that moment (a random one of the kiosk's,
of the dog's own, the one lying there); when the stream shows an address where the sampled
world put another one (the seat's own take or collection, anyone's delivery), the two addresses
trade places in the sampled world.

The sampled world agrees with everything the seat sees now; what the seat could remember of
unseen newspapers (one it dropped itself, say) may be traded away by such a swap: a
simplification that the view check cannot see and a search can live with.
"""

from __future__ import annotations

from typing import Any

from kennel.domain.a_dogs_life.dogs import chart
from kennel.domain.a_dogs_life.events import (
    DeckShuffled,
    NewspaperCollected,
    NewspaperDelivered,
    NewspaperDropped,
    NewspaperTaken,
)
from kennel.domain.a_dogs_life.state import ADogsLifeState
from kennel.domain.a_dogs_life.views import HIDDEN_ADDRESS
from kennel.domain.core.frozen import replaced
from kennel.domain.core.rng import Rng


def fill(state: ADogsLifeState, event: Any, seat: int, rng: Rng) -> tuple[Any, Any]:
    if isinstance(event, DeckShuffled) and not event.deck:
        return state, replaced(event, deck=rng.shuffled(chart(state.dogs[event.seat].dog).numbers))
    if isinstance(event, NewspaperTaken):
        if event.address == HIDDEN_ADDRESS:
            return state, replaced(event, address=rng.choice(state.kiosk)) if state.kiosk else event
        if event.address not in state.kiosk and state.kiosk:
            state = relabel(state, event.address, rng.choice(state.kiosk))
        return state, event
    if isinstance(event, NewspaperDropped) and event.address == HIDDEN_ADDRESS:
        carried = state.dogs[event.seat].newspapers
        return state, replaced(event, address=rng.choice(carried)) if carried else event
    if isinstance(event, NewspaperCollected):
        here = state.newspapers_on(event.space)
        if not 0 <= event.index < len(here):
            return state, event
        lying = here[event.index].address
        if event.address not in (HIDDEN_ADDRESS, lying):
            state = relabel(state, event.address, lying)
            lying = event.address
        return state, replaced(event, address=lying)
    if isinstance(event, NewspaperDelivered):
        carried = state.dogs[event.seat].newspapers
        if event.address not in carried and carried:
            state = relabel(state, event.address, rng.choice(carried))
        return state, event
    return state, event


def relabel(state: ADogsLifeState, first: int, second: int) -> ADogsLifeState:
    """The world with newspapers `first` and `second` trading places, wherever they are."""
    swap = {first: second, second: first}

    def other(address: int) -> int:
        return swap.get(address, address)

    return replaced(
        state,
        dogs=tuple(replaced(dog, newspapers=tuple(map(other, dog.newspapers))) for dog in state.dogs),
        ground=tuple(
            replaced(item, address=other(item.address)) if item.address in swap else item
            for item in state.ground
        ),
        kiosk=tuple(sorted(map(other, state.kiosk))),
    )


def settle(state: Any, view: Any, seat: int, rng: Rng) -> Any:
    """Every hidden component the view shows came with an event: nothing to move."""
    return state
