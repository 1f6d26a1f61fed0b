"""Every component of the box by kind, wherever it lies; random playouts check it never changes."""

from __future__ import annotations

from kennel.domain.hoarders.cards import CRITTER_SETS, Critter, Nut
from kennel.domain.hoarders.state import HoardersState


def inventory(state: HoardersState) -> dict[str, int]:
    counts = {f"nut:{nut.value}": 0 for nut in Nut}
    # The critter sets nobody plays with stay in the box.
    counts |= {f"critter:{critter.value}": CRITTER_SETS - state.seat_count for critter in Critter}
    for nut in state.deck:
        counts[f"nut:{nut.value}"] += 1
    for hoard in state.hoards:
        for nut in hoard.nuts:
            counts[f"nut:{nut.value}"] += 1
        for critter in hoard.hand + hoard.face_down + hoard.revealed:
            counts[f"critter:{critter.value}"] += 1
    counts["crown"] = 1 if 0 <= state.crown < state.seat_count else 0
    return counts
