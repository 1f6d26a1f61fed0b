"""Every component of the box by kind, wherever it lies; random playouts check it never changes.

The dogs nobody plays with stay in the box with their piddle markers and cards.
"""

from __future__ import annotations

from kennel.domain.a_dogs_life.dogs import DECK_SIZE, Dog
from kennel.domain.a_dogs_life.state import (
    NEWSPAPERS,
    PIDDLE_MARKERS,
    SEARCH_MARKERS,
    ADogsLifeState,
    ItemKind,
)


def inventory(state: ADogsLifeState) -> dict[str, int]:
    counts: dict[str, int] = {}
    in_play = {dog.dog: dog for dog in state.dogs}
    for kind in Dog:
        dog = in_play.get(kind)
        if dog is None:  # in the box
            counts[f"dog:{kind.value}"] = 1
            counts[f"piddle:{kind.value}"] = PIDDLE_MARKERS
            counts[f"card:{kind.value}"] = DECK_SIZE
            continue
        counts[f"dog:{kind.value}"] = 1  # on the board or on the pound chart
        on_lampposts = sum(1 for piddle in state.piddles if state.dogs[piddle.seat].dog is kind)
        counts[f"piddle:{kind.value}"] = dog.piddles_left + dog.bladder + on_lampposts
        # Distinct card numbers in deck and discard pile: a card lost or doubled shows.
        cards = len(dog.deck) + len(dog.discards)
        distinct = len(set(dog.deck) | set(dog.discards))
        counts[f"card:{kind.value}"] = distinct if distinct == cards else -cards
    on_ground = state.ground
    counts["bone"] = (
        state.bone_supply
        + sum(dog.bones + dog.buried for dog in state.dogs)
        + sum(1 for item in on_ground if item.kind is ItemKind.BONE)
    )
    for address in range(1, NEWSPAPERS + 1):
        counts[f"newspaper:{address}"] = (
            state.kiosk.count(address)
            + sum(dog.newspapers.count(address) for dog in state.dogs)
            + sum(1 for item in on_ground if item.kind is ItemKind.NEWSPAPER and item.address == address)
        )
    # Placed markers on distinct trash cans plus those still beside the board.
    counts["search_marker"] = len(set(state.searched)) + SEARCH_MARKERS - len(state.searched)
    counts["truck"] = 1
    return counts
