"""Folding events into state: pure and total. It trusts `decide` and never raises, so an
event that does not fit the state (a seat out of range, a card not there) changes nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from kennel.domain.core.frozen import replaced
from kennel.domain.hoarders.cards import Critter, sorted_critters, sorted_nuts
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


def _round_started(state: HoardersState, event: RoundStarted) -> HoardersState:
    return replaced(
        state, phase=Phase.PICKING, round=event.round, crown=event.crown, turns_taken=0, theft=None
    )


def _critters_picked(state: HoardersState, event: CrittersPicked) -> HoardersState:
    def pick(hoard: Hoard) -> Hoard:
        hand, picked = _take(hoard.hand, event.critters)
        return replaced(hoard, hand=hand, face_down=hoard.face_down + picked)

    state = _change_hoard(state, event.seat, pick)
    if state.phase is Phase.PICKING and all(hoard.has_picked for hoard in state.hoards):
        # The reveals begin once everyone has put down their two critters.
        state = replaced(state, phase=Phase.REVEALING, turns_taken=0)
    return state


def _critter_revealed(state: HoardersState, event: CritterRevealed) -> HoardersState:
    state = _change_hoard(state, event.seat, lambda h: _turned_up(h, event.critter))
    return replaced(state, turns_taken=state.turns_taken + 1)


def _turn_passed(state: HoardersState, event: TurnPassed) -> HoardersState:
    return replaced(state, turns_taken=state.turns_taken + 1)


def _nut_drawn(state: HoardersState, event: NutDrawn) -> HoardersState:
    # The drawn nut is the top card (decide draws nothing else); taking it by value keeps
    # every card accounted for even if an event were wrong.
    if event.nut not in state.deck or not 0 <= event.seat < state.seat_count:
        return state
    state = replaced(state, deck=_without(state.deck, event.nut))
    return _change_hoard(state, event.seat, lambda h: _with_nuts(h, h.nuts + (event.nut,)))


def _draw_missed(state: HoardersState, event: DrawMissed) -> HoardersState:
    return state


def _theft_attempted(state: HoardersState, event: TheftAttempted) -> HoardersState:
    return replaced(state, theft=Theft(thief=event.thief, victim=event.victim, nut=event.nut))


def _nut_stolen(state: HoardersState, event: NutStolen) -> HoardersState:
    state = replaced(state, theft=None)
    seats = range(state.seat_count)
    if (
        event.thief not in seats
        or event.victim not in seats
        or event.nut not in state.hoards[event.victim].nuts
    ):
        return state
    state = _change_hoard(state, event.victim, lambda h: _with_nuts(h, _without(h.nuts, event.nut)))
    return _change_hoard(state, event.thief, lambda h: _with_nuts(h, h.nuts + (event.nut,)))


def _theft_cancelled(state: HoardersState, event: TheftCancelled) -> HoardersState:
    state = replaced(state, theft=None)
    return _change_hoard(state, event.victim, lambda h: _turned_up(h, Critter.HAMSTER))


def _beavers_revealed(state: HoardersState, event: BeaversRevealed) -> HoardersState:
    for seat in event.seats:
        state = _change_hoard(state, seat, lambda h: _turned_up(h, Critter.BEAVER))
    return state


def _round_ended(state: HoardersState, event: RoundEnded) -> HoardersState:
    def back_to_hand(hoard: Hoard) -> Hoard:
        return replaced(
            hoard, hand=sorted_critters(hoard.hand + hoard.played), face_down=(), revealed=()
        )

    hoards = tuple(back_to_hand(hoard) for hoard in state.hoards)
    return replaced(state, hoards=hoards, phase=Phase.ROUND_ENDED, theft=None)


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


def _change_hoard(state: HoardersState, seat: int, change: Callable[[Hoard], Hoard]) -> HoardersState:
    if not 0 <= seat < state.seat_count:
        return state
    hoards = list(state.hoards)
    hoards[seat] = change(hoards[seat])
    return replaced(state, hoards=tuple(hoards))


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
