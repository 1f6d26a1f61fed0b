"""Performing Tricks: which tricks a seat may perform now, and what each may aim at.

One trick per turn, or three once a Smart Aleck's trick succeeded ("two additional tricks",
once per turn). Pack tricks are performed by any dog of the pack, Chaos tricks by their hound,
toppings by a topping card, and any of them but the Gluttons' by the Tanuki. Killjoys forbid
tricks with any dog (toppings are no dogs); Dieters forbid the tricks that steal with a dog
(Gluttons, Birthday Girl). The Adopted Dog has no trick (docs/rules/caninos.md).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator

from kennel.domain.caninos.cards import Card, Kind, Trick, distinct, kind_of, trick_of
from kennel.domain.caninos.drafts import Step, declared_trick, next_step
from kennel.domain.caninos.slices import can_take_topping, find, named_slices, redistributed, slice_named
from kennel.domain.caninos.state import Action, CaninosState, Draft, Player, Slice, SliceRef
from kennel.domain.caninos.stealing import (
    can_steal_with,
    every_other_slice,
    payments,
    under_dieters,
    under_killjoys,
)
from kennel.domain.core.frozen import replaced

# The Tanuki "works as a wild card for any dog card": every trick a dog performs, but the
# Gluttons' (which steals again "with this same card": the Tanuki performs one action only).
TANUKI_TRICKS = (
    Trick.GAMBLERS,
    Trick.BROKERS,
    Trick.SMART_ALECKS,
    Trick.DIETERS,
    Trick.KILLJOYS,
    Trick.BIRTHDAY_GIRL,
    Trick.DESTROYER,
    Trick.CERBERUS,
    Trick.PACK_LEADER,
    Trick.DOG_FAIRY,
)
STEALING_TRICKS = frozenset({Trick.GLUTTONS, Trick.BIRTHDAY_GIRL})


# Module constants for the enum members read below as commands are decided, listed and told: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_TANUKI = Kind.TANUKI
_GLUTTONS = Trick.GLUTTONS
_PACK_DOG = Kind.PACK_DOG
_TOPPING = Trick.TOPPING
_SMART_ALECKS = Trick.SMART_ALECKS
_DESTROYER = Trick.DESTROYER
_SEAT = Step.SEAT
_SLICE = Step.SLICE
_COMPLETE = Step.COMPLETE
_SLICE_OR_DONE = Step.SLICE_OR_DONE
_STEAL = Action.STEAL
_GAMBLERS = Trick.GAMBLERS
_DOG_FAIRY = Trick.DOG_FAIRY
_DIETERS = Trick.DIETERS
_KILLJOYS = Trick.KILLJOYS
_CERBERUS = Trick.CERBERUS
_BROKERS = Trick.BROKERS


@functools.cache  # per card (the box does not change): asked for every card of a hand listed
def tricks_of(card: Card) -> tuple[Trick, ...]:
    """The tricks a card in hand may perform (a Glutton's only follows its own steal)."""
    kind = kind_of(card)
    if kind is _TANUKI:
        return TANUKI_TRICKS
    trick = trick_of(card)
    return () if trick is None or trick is _GLUTTONS else (trick,)


def glutton_cards(state: CaninosState) -> tuple[Card, ...]:
    """The cards of this turn's successful steal if they are Gluttons whose trick is unused."""
    turn = state.turn
    # A stopped Gluttons' trick stopped its dogs: "this same card" cannot try again.
    if turn is None or not turn.stolen_with or _GLUTTONS in turn.tried:
        return ()
    if all(kind_of(card) is _PACK_DOG and trick_of(card) is _GLUTTONS for card in turn.stolen_with):
        return turn.stolen_with
    return ()


def may_perform(state: CaninosState, seat: int, card: Card, trick: Trick) -> bool:
    """The restrictions on a trick, before its targets."""
    turn = state.turn
    if turn is None or len(turn.tricks) >= turn.trick_limit:
        return False
    if trick is not _TOPPING and under_killjoys(state, seat):
        return False
    if trick in STEALING_TRICKS and under_dieters(state, seat):
        return False
    if trick is _SMART_ALECKS and _SMART_ALECKS in turn.tricks:
        return False  # "You may do this only once per turn."
    return not (trick is _DESTROYER and not any_topping(state))


def trick_choices(state: CaninosState, seat: int) -> list[tuple[Card, Trick]]:
    """Every (card, trick) the seat may start now: the Gluttons' trick first, then its hand."""
    turn = state.turn
    if turn is None or len(turn.tricks) >= turn.trick_limit:
        return []
    choices: list[tuple[Card, Trick]] = []
    glutton = glutton_cards(state)
    if (
        glutton
        and may_perform(state, seat, glutton[0], _GLUTTONS)
        and can_start(state, declared_trick(seat, glutton[0], _GLUTTONS, turn.stolen_with))
    ):
        choices.append((glutton[0], _GLUTTONS))
    # Whether a trick may start depends on the trick, never on which card performs it (only the
    # Gluttons' steals with its cards, and it came first): asked once per trick, not per card.
    startable: dict[Trick, bool] = {}
    for card in distinct(state.players[seat].hand):
        for trick in tricks_of(card):
            if trick not in startable:
                startable[trick] = may_perform(state, seat, card, trick) and can_start(
                    state, declared_trick(seat, card, trick, turn.stolen_with)
                )
            if startable[trick]:
                choices.append((card, trick))
    return choices


def can_start(state: CaninosState, draft: Draft) -> bool:
    step = next_step(draft)
    if step is _COMPLETE or step is _SLICE_OR_DONE:
        return True
    if step is _SEAT:
        return bool(seat_options(state, draft))
    if step is _SLICE:
        return next(_slice_options(state, draft), None) is not None  # the first option will do
    return bool(card_options(state, draft))


def card_options(state: CaninosState, draft: Draft) -> list[tuple[Card, ...]]:
    """Every way to pay for the declared steal with the cards in hand."""
    play = draft.play
    piece = slice_named(state, play.slices[0]) if play.slices else None
    if play.action is not _STEAL or piece is None:
        return []
    return payments(state, play.seat, piece, state.players[play.seat].hand)


def seat_options(state: CaninosState, draft: Draft) -> list[int]:
    play = draft.play
    others = [seat for seat in range(state.seat_count) if seat != play.seat]
    players = state.players
    if play.trick is _GAMBLERS:
        return [seat for seat in others if players[seat].hand]
    if play.trick in (_DIETERS, _KILLJOYS):
        # One of a kind at a time: a second would change nothing.
        return [seat for seat in others if all(h.trick is not play.trick for h in players[seat].hexes)]
    if play.trick is _DOG_FAIRY:
        return [
            seat
            for seat in others
            if players[seat].fairy is None
            and any(piece.cerberus is None for piece in players[seat].collection)
        ]
    return []


def slice_options(state: CaninosState, draft: Draft) -> list[SliceRef]:
    """The slices the next SLICE or SLICE_OR_DONE step may name, each kind once."""
    return list(_slice_options(state, draft))


def _slice_options(state: CaninosState, draft: Draft) -> Iterator[SliceRef]:
    """`slice_options`, one at a time: whether a trick may start asks only for the first."""
    play = draft.play
    trick = play.trick
    if trick is _GLUTTONS:
        return (
            ref
            for ref in every_other_slice(state, play.seat)
            if can_steal_with(state, play.seat, ref, play.cards)
        )
    if trick is _CERBERUS:
        return _refs(state.players, lambda owner, piece: owner != play.seat and not piece.plush)
    if trick is _TOPPING:
        return _refs(state.players, lambda owner, piece: can_take_topping(piece))
    if trick is _BROKERS:
        if play.slices:
            return _refs(state.players, lambda owner, piece: can_take_topping(piece))
        if next(_refs(state.players, lambda owner, piece: can_take_topping(piece)), None) is None:
            return iter(())
        return _refs(state.players, lambda owner, piece: piece.topping is not None)
    if trick is Trick.BIRTHDAY_GIRL:
        left = _without_slices(state.players, play.slices)
        return _refs(left, lambda owner, piece: owner != play.seat)
    if trick is _DESTROYER:
        if not draft.closed:
            lifted, _ = redistributed(state.players, play.slices, ())
            return _refs(lifted, lambda owner, piece: piece.topping is not None)
        placed, _ = redistributed(state.players, play.slices, play.onto)
        return _refs(placed, lambda owner, piece: can_take_topping(piece))
    return iter(())


def any_topping(state: CaninosState) -> bool:
    return any(piece.topping is not None for player in state.players for piece in player.collection)


def _refs(players: tuple[Player, ...], keep: Callable[[int, Slice], bool]) -> Iterator[SliceRef]:
    """Each kind of slice once per collection, in seat order, that `keep(owner, slice)` accepts
    (asked of the first slice of each kind, as `collection_refs` asks), one at a time."""
    return (
        ref
        for owner, player in enumerate(players)
        for ref, piece in named_slices(player.collection, owner)
        if keep(owner, piece)
    )


def _without_slices(players: tuple[Player, ...], refs: tuple[SliceRef, ...]) -> tuple[Player, ...]:
    """The players as if the slices already chosen were gone (so the same slice is not named twice)."""
    changed = list(players)
    for ref in refs:
        if ref.owner is None:
            continue
        collection = changed[ref.owner].collection
        index = find(collection, ref)
        if index is not None:
            changed[ref.owner] = replaced(
                changed[ref.owner], collection=collection[:index] + collection[index + 1 :]
            )
    return tuple(changed)
