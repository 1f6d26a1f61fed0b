"""Folding the trade events: an offer composed item by item, then the exchange itself
(domain/canine_kleptomaniacs/trading.py decides them)."""

from __future__ import annotations

from typing import Any

from kennel.domain.canine_kleptomaniacs import events as ev
from kennel.domain.canine_kleptomaniacs.commands import Source, TradeItem
from kennel.domain.canine_kleptomaniacs.components import sorted_bedroom, sorted_collectables
from kennel.domain.canine_kleptomaniacs.folds import has_seat as _has_seat
from kennel.domain.canine_kleptomaniacs.folds import without as _without
from kennel.domain.canine_kleptomaniacs.state import CanineState, Offer, Seat
from kennel.domain.core.frozen import replaced


def trade_proposed(state: CanineState, event: ev.TradeProposed) -> CanineState:
    proposals = list(state.proposals) + [0] * (state.seat_count - len(state.proposals))
    if _has_seat(state, event.proposer):
        proposals[event.proposer] += 1
    return replaced(state, effect=Offer(proposer=event.proposer), proposals=tuple(proposals))


def _offer_changed(state: CanineState, **changes: Any) -> CanineState:
    offer = state.effect
    return replaced(state, effect=replaced(offer, **changes)) if isinstance(offer, Offer) else state


def trade_partner_chosen(state: CanineState, event: ev.TradePartnerChosen) -> CanineState:
    return _offer_changed(state, partner=event.partner)


def trade_item_given(state: CanineState, event: ev.TradeItemGiven) -> CanineState:
    offer = state.effect
    return _offer_changed(state, gives=offer.gives + (event.item,)) if isinstance(offer, Offer) else state


def trade_item_asked(state: CanineState, event: ev.TradeItemAsked) -> CanineState:
    offer = state.effect
    return _offer_changed(state, takes=offer.takes + (event.item,)) if isinstance(offer, Offer) else state


def trade_offer_sent(state: CanineState, event: ev.TradeOfferSent) -> CanineState:
    return _offer_changed(state, sent=True)


def trade_offered(state: CanineState, event: ev.TradeOffered) -> CanineState:
    """Rules version 1's one-for-one offer."""
    offer = Offer(proposer=event.proposer, partner=event.partner, gives=(event.give,), takes=(event.take,), sent=True)
    return replaced(state, effect=offer)


def trade_ended(state: CanineState, event: Any) -> CanineState:
    return replaced(state, effect=None)


def trade_made(state: CanineState, event: ev.TradeMade) -> CanineState:
    """Rules version 1's one-for-one trade."""
    return _exchange(state, event.proposer, event.partner, (event.give,), (event.take,))


def trade_completed(state: CanineState, event: ev.TradeCompleted) -> CanineState:
    return _exchange(state, event.proposer, event.partner, event.gives, event.takes)


def _exchange(
    state: CanineState, proposer: int, partner: int, gives: tuple[TradeItem, ...], takes: tuple[TradeItem, ...]
) -> CanineState:
    if not (_has_seat(state, proposer) and _has_seat(state, partner)) or proposer == partner:
        return replaced(state, effect=None)
    seats = list(state.seats)
    seats[proposer], given = _hand_over(seats[proposer], gives)
    seats[partner], taken = _hand_over(seats[partner], takes)
    seats[partner] = _receive(seats[partner], given)
    seats[proposer] = _receive(seats[proposer], taken)
    return replaced(state, seats=tuple(seats), effect=None)


Given = tuple[Source, Any]


def _hand_over(seat: Seat, items: tuple[TradeItem, ...]) -> tuple[Seat, list[Given]]:
    """Take the items out of `seat`, in their order; a place's index is the one before any
    place leaves (the places go last, from the highest index down). A Collectable hidden on a
    place goes to the receiver's hand ("they are either placed face up ... or hidden")."""
    given: list[Given] = []
    places = list(seat.places)
    leaving: list[int] = []
    for item in items:
        if item.source is Source.HAND and item.kind in seat.hand:
            seat = replaced(seat, hand=_without(seat.hand, item.kind))
            given.append((Source.HAND, item.kind))
        elif item.source is Source.HIDDEN_CARD and item.place is not None and 0 <= item.place < len(places):
            place = places[item.place]
            if item.kind in place.cards:
                cards = _without(place.cards, item.kind)
                empty = not cards and not place.bedroom_cards
                places[item.place] = replaced(place, cards=cards, kind=None if empty else place.kind)
                given.append((Source.HAND, item.kind))
        elif item.source is Source.HIDING_PLACE and item.place is not None and 0 <= item.place < len(places):
            if item.place not in leaving:
                leaving.append(item.place)
                given.append((Source.HIDING_PLACE, item.place))
        elif item.source is Source.BEDROOM and item.bedroom_card in seat.bedroom:
            seat = replaced(seat, bedroom=_without(seat.bedroom, item.bedroom_card))
            given.append((Source.BEDROOM, item.bedroom_card))
    given = [(source, replaced(places[thing], swapped=False)) if source is Source.HIDING_PLACE else (source, thing)
             for source, thing in given]
    kept = tuple(place for number, place in enumerate(places) if number not in leaving)
    return replaced(seat, places=kept), given


def _receive(seat: Seat, given: list[Given]) -> Seat:
    for source, thing in given:
        if source is Source.HAND:
            seat = replaced(seat, hand=sorted_collectables(seat.hand + (thing,)))
        elif source is Source.HIDING_PLACE:
            seat = replaced(seat, places=seat.places + (thing,))
        else:
            seat = replaced(seat, bedroom=sorted_bedroom(seat.bedroom + (thing,)))
    return seat


APPLIERS = {
    ev.TradeProposed: trade_proposed,
    ev.TradePartnerChosen: trade_partner_chosen,
    ev.TradeItemGiven: trade_item_given,
    ev.TradeItemAsked: trade_item_asked,
    ev.TradeOfferSent: trade_offer_sent,
    ev.TradeOffered: trade_offered,
    ev.TradeCalledOff: trade_ended,
    ev.TradeDeclined: trade_ended,
    ev.TradeMade: trade_made,
    ev.TradeCompleted: trade_completed,
}
