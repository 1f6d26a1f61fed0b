"""Putting a play together one choice at a time, so that no list of commands is a product of
choices (the slice, then the cards; the trick, then its target).

A play is declared by the seat in turn (`Steal`, `PerformTrick`), completed by CHOICE commands
(`PayWith`, `ChooseSeat`, `ChooseSlice`, `ChooseNoMore`) and laid down (`PlayMade`) once
complete; only then may anyone answer it, so that every answer knows the whole play.
"""

from __future__ import annotations

import enum

from kennel.domain.caninos.cards import Card, Trick
from kennel.domain.caninos.state import Action, Draft, Play, SliceRef
from kennel.domain.core.frozen import replaced

SEAT_TRICKS = frozenset({Trick.GAMBLERS, Trick.DIETERS, Trick.KILLJOYS, Trick.DOG_FAIRY})
ONE_SLICE_TRICKS = frozenset({Trick.GLUTTONS, Trick.CERBERUS, Trick.TOPPING})


class Step(enum.Enum):
    CARDS = "cards"  # which card(s) to steal with
    SEAT = "seat"  # which seat the trick aims at
    SLICE = "slice"  # which slice
    SLICE_OR_DONE = "slice_or_done"  # one more slice, or no more
    COMPLETE = "complete"


# Each step as a module constant too, for `next_step` (asked several times per command): an enum
# class's attribute is read through `EnumType`'s `__getattr__` hook (see phases.PHASE_TURN).
STEP_CARDS, STEP_SEAT, STEP_SLICE, STEP_SLICE_OR_DONE, STEP_COMPLETE = (
    Step.CARDS, Step.SEAT, Step.SLICE, Step.SLICE_OR_DONE, Step.COMPLETE
)
_STEAL, _BROKERS, _BIRTHDAY_GIRL, _DESTROYER = Action.STEAL, Trick.BROKERS, Trick.BIRTHDAY_GIRL, Trick.DESTROYER


def next_step(draft: Draft) -> Step:
    play = draft.play
    if play.action is _STEAL:
        return STEP_COMPLETE if play.cards else STEP_CARDS
    trick = play.trick
    if trick in SEAT_TRICKS:
        return STEP_COMPLETE if play.target is not None else STEP_SEAT
    if trick in ONE_SLICE_TRICKS:
        return STEP_COMPLETE if play.slices else STEP_SLICE
    if trick is _BROKERS:
        return STEP_COMPLETE if play.onto else STEP_SLICE
    if trick is _BIRTHDAY_GIRL:
        if not play.slices:
            return STEP_SLICE
        return STEP_SLICE_OR_DONE if not draft.closed and len(play.slices) < 2 else STEP_COMPLETE
    if trick is _DESTROYER:
        if not draft.closed:
            return STEP_SLICE_OR_DONE
        return STEP_SLICE if len(play.onto) < len(play.slices) else STEP_COMPLETE
    return STEP_COMPLETE  # Smart Alecks, Pack Leader


# Module constants for the enum members read below as commands are decided, listed and told: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_GLUTTONS = Trick.GLUTTONS
_TRICK = Action.TRICK


def chooses_onto(draft: Draft) -> bool:
    """Whether the next slice chosen is where a topping goes (not where it comes from)."""
    play = draft.play
    return (play.trick is _BROKERS and bool(play.slices)) or (
        play.trick is _DESTROYER and draft.closed
    )


def declared_steal(seat: int, ref: SliceRef) -> Draft:
    return Draft(Play(seat=seat, action=_STEAL, slices=(ref,)))


def declared_trick(seat: int, card: Card, trick: Trick, stolen_with: tuple[Card, ...]) -> Draft:
    """A Gluttons' trick steals again with the steal's own card(s); any other trick is one card."""
    cards = stolen_with if trick is _GLUTTONS else (card,)
    return Draft(Play(seat=seat, action=_TRICK, trick=trick, cards=cards))


def with_cards(draft: Draft, cards: tuple[Card, ...]) -> Draft:
    return replaced(draft, play=replaced(draft.play, cards=cards))


def with_slice(draft: Draft, ref: SliceRef) -> Draft:
    play = draft.play
    if chooses_onto(draft):
        return replaced(draft, play=replaced(play, onto=play.onto + (ref,)))
    return replaced(draft, play=replaced(play, slices=play.slices + (ref,)))


def with_target(draft: Draft, target: int) -> Draft:
    return replaced(draft, play=replaced(draft.play, target=target))


def closed(draft: Draft) -> Draft:
    return replaced(draft, closed=True)
