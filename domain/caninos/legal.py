"""Every command a seat may send now; `decide` accepts exactly these and nothing else.

The lists stay short: equivalent cards are offered once ("a ¡QUIETO!", never "¡QUIETO! number
seven"), identical slices once, and every play is put together one choice at a time, so no list
is a product of choices. A seat asked to answer gets `Decline` first and one `React` per kind of
answer it holds.
"""

from __future__ import annotations

from typing import Any

from kennel.domain.caninos.cards import MAX_DISCARDS, Card, Trick, distinct
from kennel.domain.caninos.commands import (
    ChooseNoMore,
    ChooseSeat,
    ChooseSlice,
    Decline,
    DiscardCard,
    EndTurn,
    PayWith,
    PerformTrick,
    React,
    Steal,
)
from kennel.domain.caninos.drafts import Step, next_step
from kennel.domain.caninos.phases import PHASE_DRAFT, PHASE_LEVELLING, PHASE_REACTION, PHASE_SPELL, PHASE_TURN, phase
from kennel.domain.caninos.reactions import held_answers
from kennel.domain.caninos.spell import plush_options
from kennel.domain.caninos.state import CaninosState, SliceRef
from kennel.domain.caninos.listed import payments_of, seats_of, slices_of, steals_of, tricks_of
from kennel.domain.caninos.turns import levelling_options, owing
from kennel.domain.core.frozen import one_per_value, per_recent_part


# Commands without fields offered again and again, made once: the server keeps a command's
# encoding and label per command (a dict), where the same object is found by identity.
_DECLINE, _CHOOSE_NO_MORE, _END_TURN = Decline(), ChooseNoMore(), EndTurn()
# Commands with one field (a card, a seat): one object per value, for the same reason.
_REACT, _CHOOSE_SEAT, _DISCARD = one_per_value(React), one_per_value(ChooseSeat), one_per_value(DiscardCard)


def _perform_trick(fields: tuple[Card, Trick]) -> PerformTrick:
    card, trick = fields
    return PerformTrick(card=card, trick=trick)


def _named(make: type[Steal] | type[ChooseSlice]) -> Any:
    """`make(slice=ref)`, one object per kind of slice named (the ref's fields, a tuple hashed in
    C: a `SliceRef`'s own hash is a Python call), for the same reason."""
    made = one_per_value(lambda fields: make(slice=SliceRef(*fields)))

    def named(ref: SliceRef) -> Any:
        return made((ref.owner, ref.pizza, ref.topping, ref.plush))

    return named


_STEAL, _CHOOSE_SLICE = _named(Steal), _named(ChooseSlice)


# A trick, one object per card and trick (enum members: a tuple hashed in C), for the same reason.
_PERFORM_TRICK = one_per_value(_perform_trick)


def legal_commands(state: CaninosState, seat: int) -> tuple[Any, ...]:
    if not 0 <= seat < len(state.players):  # `state.seat_count`, without the property's call
        return ()
    current = phase(state)
    if current is PHASE_LEVELLING:
        if seat not in owing(state):
            return ()
        return tuple(map(_CHOOSE_SLICE, levelling_options(state, seat)))
    if current is PHASE_REACTION:
        if seat != state.asking[0]:
            return ()
        return (_DECLINE, *map(_REACT, held_answers(state, seat)))
    if current is PHASE_DRAFT:
        assert state.draft is not None
        return _draft_commands(state, seat) if seat == state.draft.play.seat else ()
    if current is PHASE_SPELL:
        if seat not in state.unspelling:
            return ()
        return (*map(_CHOOSE_SLICE, plush_options(state, seat)), _CHOOSE_NO_MORE)
    if current is PHASE_TURN:
        assert state.turn is not None
        return _turn_commands(state, seat) if seat == state.turn.seat else ()
    return ()


# Module constants for the enum members read below as commands are decided, listed and told: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_CARDS = Step.CARDS
_SEAT = Step.SEAT
_SLICE_OR_DONE = Step.SLICE_OR_DONE


def _draft_commands(state: CaninosState, seat: int) -> tuple[Any, ...]:
    draft = state.draft
    assert draft is not None
    step = next_step(draft)
    if step is _CARDS:
        return tuple(PayWith(cards=cards) for cards in payments_of(state, draft))
    if step is _SEAT:
        return tuple(map(_CHOOSE_SEAT, seats_of(state, draft)))
    slices = tuple(map(_CHOOSE_SLICE, slices_of(state, draft)))
    return (*slices, _CHOOSE_NO_MORE) if step is _SLICE_OR_DONE else slices


# A hand's discards, kept per hand tuple (a hand stays the very tuple from one state to the next
# until a card leaves or comes: a turn's every listing offers the same): bounded per process.
@per_recent_part(limit=256)
def _discards(hand: tuple[Card, ...]) -> tuple[DiscardCard, ...]:
    """A `DiscardCard` per kind of card in the hand, in card order."""
    return tuple(map(_DISCARD, distinct(hand)))


def _turn_commands(state: CaninosState, seat: int) -> tuple[Any, ...]:
    turn = state.turn
    assert turn is not None
    discards = _discards(state.players[seat].hand) if turn.discarded < MAX_DISCARDS else ()
    if turn.discarded:
        return (*discards, _END_TURN)
    steals = tuple(map(_STEAL, steals_of(state, seat))) if turn.may_steal else ()
    tricks = tuple(map(_PERFORM_TRICK, tricks_of(state, seat)))
    return (*steals, *tricks, *(() if turn.laid else discards), _END_TURN)
