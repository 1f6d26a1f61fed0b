"""Folding events into state: pure and total. It trusts `decide` and never raises, so an
event that does not fit the state (a seat out of range, a card not there) changes nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from kennel.domain.core.frozen import replaced
from kennel.domain.hoarders.cards import Critter, Nut, sorted_critters, sorted_nuts
from kennel.domain.hoarders.events import (
    BeaversRevealed,
    CritterRevealed,
    CrittersPicked,
    DrawMissed,
    NutDrawn,
    NutsDealt,
    NutsShuffled,
    NutStolen,
    RoundEnded,
    RoundStarted,
    TheftAttempted,
    TheftCancelled,
    TurnPassed,
)
from kennel.domain.hoarders.state import Hoard, HoardersState, Phase, Theft

T = TypeVar("T")


def evolve(state: HoardersState, event: Any) -> HoardersState:
    apply = _APPLIERS.get(type(event))
    return state if apply is None else apply(state, event)


def _nuts_shuffled(state: HoardersState, event: NutsShuffled) -> HoardersState:
    return replaced(state, deck=event.deck)


def _nuts_dealt(state: HoardersState, event: NutsDealt) -> HoardersState:
    for nut in event.nuts:
        state = _nut_drawn(state, NutDrawn(seat=event.seat, nut=nut))
    return state


# Module constants for the enum members read below as commands are decided, listed and told: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_PICKING = Phase.PICKING
_REVEALING = Phase.REVEALING
_HAMSTER = Critter.HAMSTER
_BEAVER = Critter.BEAVER
_ROUND_ENDED = Phase.ROUND_ENDED


def _round_started(state: HoardersState, event: RoundStarted) -> HoardersState:
    return replaced(
        state, phase=_PICKING, round=event.round, crown=event.crown, turns_taken=0, theft=None
    )


def _critters_picked(state: HoardersState, event: CrittersPicked) -> HoardersState:
    hoards = _hoards_with(state, event.seat, _picked, event.critters)
    if state.phase is _PICKING and all(hoard.has_picked for hoard in hoards):
        # The reveals begin once everyone has put down their two critters.
        return replaced(state, hoards=hoards, phase=_REVEALING, turns_taken=0)
    return replaced(state, hoards=hoards)


def _picked(hoard: Hoard, critters: tuple[Critter, ...]) -> Hoard:
    hand, picked = _take(hoard.hand, critters)
    return replaced(hoard, hand=hand, face_down=hoard.face_down + picked)


def _critter_revealed(state: HoardersState, event: CritterRevealed) -> HoardersState:
    hoards = _hoards_with(state, event.seat, _turned_up, event.critter)
    return replaced(state, hoards=hoards, turns_taken=state.turns_taken + 1)


def _turn_passed(state: HoardersState, event: TurnPassed) -> HoardersState:
    return replaced(state, turns_taken=state.turns_taken + 1)


def _nut_drawn(state: HoardersState, event: NutDrawn) -> HoardersState:
    # The drawn nut is the top card (decide draws nothing else); taking it by value keeps
    # every card accounted for even if an event were wrong.
    if event.nut not in state.deck or not 0 <= event.seat < state.seat_count:
        return state
    hoards = _hoards_with(state, event.seat, _gained, event.nut)
    return replaced(state, deck=_without(state.deck, event.nut), hoards=hoards)


def _draw_missed(state: HoardersState, event: DrawMissed) -> HoardersState:
    return state


def _theft_attempted(state: HoardersState, event: TheftAttempted) -> HoardersState:
    return replaced(state, theft=Theft(thief=event.thief, victim=event.victim, nut=event.nut))


def _nut_stolen(state: HoardersState, event: NutStolen) -> HoardersState:
    seats = range(state.seat_count)
    if (
        event.thief not in seats
        or event.victim not in seats
        or event.nut not in state.hoards[event.victim].nuts
    ):
        return replaced(state, theft=None)
    hoards = list(state.hoards)
    hoards[event.victim] = _lost(hoards[event.victim], event.nut)
    hoards[event.thief] = _gained(hoards[event.thief], event.nut)
    return replaced(state, theft=None, hoards=tuple(hoards))


def _theft_cancelled(state: HoardersState, event: TheftCancelled) -> HoardersState:
    return replaced(state, theft=None, hoards=_hoards_with(state, event.victim, _turned_up, _HAMSTER))


def _beavers_revealed(state: HoardersState, event: BeaversRevealed) -> HoardersState:
    hoards = list(state.hoards)
    for seat in event.seats:
        if 0 <= seat < len(hoards):
            hoards[seat] = _turned_up(hoards[seat], _BEAVER)
    return replaced(state, hoards=tuple(hoards))


def _round_ended(state: HoardersState, event: RoundEnded) -> HoardersState:
    def back_to_hand(hoard: Hoard) -> Hoard:
        return replaced(
            hoard, hand=sorted_critters(hoard.hand + hoard.played), face_down=(), revealed=()
        )

    hoards = tuple(back_to_hand(hoard) for hoard in state.hoards)
    return replaced(state, hoards=hoards, phase=_ROUND_ENDED, theft=None)


_APPLIERS: dict[type, Callable[[HoardersState, Any], HoardersState]] = {
    NutsShuffled: _nuts_shuffled,
    NutsDealt: _nuts_dealt,
    RoundStarted: _round_started,
    CrittersPicked: _critters_picked,
    CritterRevealed: _critter_revealed,
    TurnPassed: _turn_passed,
    NutDrawn: _nut_drawn,
    DrawMissed: _draw_missed,
    TheftAttempted: _theft_attempted,
    NutStolen: _nut_stolen,
    TheftCancelled: _theft_cancelled,
    BeaversRevealed: _beavers_revealed,
    RoundEnded: _round_ended,
}


def _hoards_with(
    state: HoardersState, seat: int, change: Callable[[Hoard, T], Hoard], what: T
) -> tuple[Hoard, ...]:
    """The hoards with `seat`'s changed by `change(hoard, what)` (unchanged for no such seat): each
    event's changes are made into one copy of the state, not one copy per hoard or field changed."""
    if not 0 <= seat < len(state.hoards):
        return state.hoards
    hoards = list(state.hoards)
    hoards[seat] = change(hoards[seat], what)
    return tuple(hoards)


def _gained(hoard: Hoard, nut: Nut) -> Hoard:
    return _with_nuts(hoard, hoard.nuts + (nut,))


def _lost(hoard: Hoard, nut: Nut) -> Hoard:
    return _with_nuts(hoard, _without(hoard.nuts, nut))


def _with_nuts(hoard: Hoard, nuts: tuple[Any, ...]) -> Hoard:
    return replaced(hoard, nuts=sorted_nuts(nuts))


def _turned_up(hoard: Hoard, critter: Critter) -> Hoard:
    if critter not in hoard.face_down:
        return hoard
    return replaced(
        hoard, face_down=_without(hoard.face_down, critter), revealed=hoard.revealed + (critter,)
    )


def _without(items: tuple[T, ...], item: T) -> tuple[T, ...]:
    """`items` less one copy of `item` (unchanged when it is not there)."""
    if item not in items:
        return items
    index = items.index(item)
    return items[:index] + items[index + 1 :]


def _take(items: tuple[T, ...], wanted: tuple[T, ...]) -> tuple[tuple[T, ...], tuple[T, ...]]:
    """(what is left of `items`, what of `wanted` was found in it)."""
    taken: list[T] = []
    for item in wanted:
        if item in items:
            items = _without(items, item)
            taken.append(item)
    return items, tuple(taken)
