"""Hoarders worlds a seat cannot tell from the real one (kennel.domain.core.worlds).

What a seat may not know: the order of the undrawn nut deck, and the critters other seats hold
face down this round. The shuffle is filled with the box's nuts in a random order, another
seat's pick with two random critters from its hand (never a Beaver once a Beaver has been
revealed this round: every face-down Beaver turns up with it). When the stream then shows what
the sampled world placed elsewhere, hidden cards trade places: a drawn nut comes from wherever
the sampled deck held it, a revealed critter (a Hamster cancelling a theft, Beavers turned up
together) is swapped in from the seat's hand for one of its sampled face-down critters, and a
seat the Beaver left face down gives its sampled Beaver back to its hand.

What a revealed Groundhog's effect showed about its still face-down partner is not used: the
partner stays as sampled (a simplification a search can live with).
"""

from __future__ import annotations

from typing import Any

from kennel.domain.core.frozen import replaced
from kennel.domain.core.rng import Rng
from kennel.domain.hoarders.cards import CRITTERS_PICKED, Critter, Nut, sorted_critters
from kennel.domain.hoarders.events import (
    BeaversRevealed,
    CritterRevealed,
    CrittersPicked,
    NutDrawn,
    NutsDealt,
    NutsShuffled,
    TheftCancelled,
)
from kennel.domain.hoarders.state import Hoard, HoardersState


def fill(state: HoardersState, event: Any, seat: int, rng: Rng) -> tuple[HoardersState, Any]:
    if isinstance(event, NutsShuffled) and not event.deck:
        return state, NutsShuffled(deck=rng.shuffled(state.deck))
    if isinstance(event, NutsDealt):
        return _on_top(state, event.nuts), event
    if isinstance(event, NutDrawn):
        return _on_top(state, (event.nut,)), event
    if isinstance(event, CrittersPicked) and event.seat != seat and not event.critters:
        return state, replaced(event, critters=_pick(state, event.seat, rng))
    if isinstance(event, CritterRevealed) and event.seat != seat:
        return _face_down(state, event.seat, event.critter, rng), event
    if isinstance(event, TheftCancelled) and event.victim != seat:
        return _face_down(state, event.victim, Critter.HAMSTER, rng), event
    if isinstance(event, BeaversRevealed):
        for other in range(state.seat_count):
            if other == seat:
                continue
            if other in event.seats:
                state = _face_down(state, other, Critter.BEAVER, rng)
            elif Critter.BEAVER in state.hoards[other].face_down:
                state = _back_to_hand(state, other, Critter.BEAVER, rng)
        return state, event
    return state, event


def _on_top(state: HoardersState, nuts: tuple[Nut, ...]) -> HoardersState:
    """The deck with these nuts on top, in this order (the rest in their sampled order)."""
    rest = list(state.deck)
    for nut in nuts:
        if nut in rest:
            rest.remove(nut)
    return replaced(state, deck=tuple(nuts) + tuple(rest))


def _pick(state: HoardersState, picker: int, rng: Rng) -> tuple[Critter, ...]:
    pool = list(state.hoards[picker].hand)
    if any(Critter.BEAVER in hoard.revealed for hoard in state.hoards):
        pool = [critter for critter in pool if critter is not Critter.BEAVER]
    return sorted_critters(rng.shuffled(pool)[:CRITTERS_PICKED])


def _face_down(state: HoardersState, owner: int, critter: Critter, rng: Rng) -> HoardersState:
    """The world where `owner`'s face-down critters include `critter`."""
    hoard = state.hoards[owner]
    if critter in hoard.face_down or critter not in hoard.hand or not hoard.face_down:
        return state
    out = rng.choice(hoard.face_down)
    face_down = tuple(c for c in hoard.face_down if c is not out) + (critter,)
    hand = sorted_critters([c for c in hoard.hand if c is not critter] + [out])
    return _with_hoard(state, owner, replaced(hoard, face_down=sorted_critters(face_down), hand=hand))


def _back_to_hand(state: HoardersState, owner: int, critter: Critter, rng: Rng) -> HoardersState:
    """The world where `critter` is in `owner`'s hand, not face down."""
    hoard = state.hoards[owner]
    pool = [c for c in hoard.hand if c is not critter]
    if not pool:
        return state
    instead = rng.choice(pool)
    face_down = tuple(c for c in hoard.face_down if c is not critter) + (instead,)
    hand = sorted_critters([c for c in hoard.hand if c is not instead] + [critter])
    return _with_hoard(state, owner, replaced(hoard, face_down=sorted_critters(face_down), hand=hand))


def _with_hoard(state: HoardersState, owner: int, hoard: Hoard) -> HoardersState:
    hoards = list(state.hoards)
    hoards[owner] = hoard
    return replaced(state, hoards=tuple(hoards))


def settle(state: Any, view: Any, seat: int, rng: Rng) -> Any:
    """Every hidden component the view shows came with an event: nothing to move."""
    return state
