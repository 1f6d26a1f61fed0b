"""Trading: "You can trade Collectables (from your hand and Hiding Places) as well as Master's
Bedroom cards, Hiding Places and even the Ultimate Paw card!"

Our shape (docs/rules: "How a trade is made"): the seat whose turn it is proposes a trade,
offers another seat one thing it gives for one thing it wants, and the other seat accepts or
declines. Two proposals a turn at most. A hand card is named by its kind; a Hiding Place goes
with whatever is hidden on it; a Master's Bedroom card is one lying face up.
"""

from __future__ import annotations

from kennel.domain.canine_kleptomaniacs.commands import OfferTrade, Source, TradeItem
from kennel.domain.canine_kleptomaniacs.components import KINDS, Collectable, manifest, sorted_bedroom
from kennel.domain.canine_kleptomaniacs.events import (
    TradeCalledOff,
    TradeDeclined,
    TradeMade,
    TradeOffered,
    TradeProposed,
)
from kennel.domain.canine_kleptomaniacs.hands import declare_paw, kinds_in
from kennel.domain.canine_kleptomaniacs.resolution import Resolution
from kennel.domain.canine_kleptomaniacs.state import CanineState, Offer, Seat


def proposals_per_turn() -> int:
    return manifest().rulings["trade_proposals_per_turn"]


def offered_items(seat: Seat) -> list[TradeItem]:
    """What a seat may give: a card of each kind in its hand (the Paw and the Poo Pizza
    included), each of its Hiding Places, each kind of Master's Bedroom card it shows."""
    return [
        *(TradeItem(Source.HAND, kind=kind) for kind in kinds_in(seat.hand)),
        *(TradeItem(Source.HIDING_PLACE, place=number) for number in range(len(seat.places))),
        *(TradeItem(Source.BEDROOM, bedroom_card=card) for card in sorted_bedroom(set(seat.bedroom))),
    ]


def wanted_items(state: CanineState, partner: int) -> list[TradeItem]:
    """What a seat may ask of `partner`: any of the four kinds from its hand (the proposer
    cannot see the hand: the partner can only accept if it holds one), the Paw from the seat
    that declared it, its Hiding Places and its face-up Master's Bedroom cards."""
    seat = state.seats[partner]
    paw = (Collectable.ULTIMATE_PAW,) if state.paw_holder == partner else ()
    return [
        *(TradeItem(Source.HAND, kind=kind) for kind in (*KINDS, *paw)),
        *(TradeItem(Source.HIDING_PLACE, place=number) for number in range(len(seat.places))),
        *(TradeItem(Source.BEDROOM, bedroom_card=card) for card in sorted_bedroom(set(seat.bedroom))),
    ]


def offers(state: CanineState, proposer: int) -> list[OfferTrade]:
    gives = offered_items(state.seats[proposer])
    return [
        OfferTrade(partner=partner, give=give, take=take)
        for partner in state.others(proposer)
        for take in wanted_items(state, partner)
        for give in gives
    ]


def holds(seat: Seat, item: TradeItem) -> bool:
    if item.source is Source.HAND:
        return item.kind in seat.hand
    if item.source is Source.HIDING_PLACE:
        return item.place is not None and 0 <= item.place < len(seat.places)
    return item.bedroom_card in seat.bedroom


def can_accept(state: CanineState, offer: Offer) -> bool:
    """Both sides still hold what the offer names (the partner's hand card is checked only now)."""
    if offer.partner is None or offer.give is None or offer.take is None:
        return False
    return holds(state.seats[offer.proposer], offer.give) and holds(state.seats[offer.partner], offer.take)


def propose_trade(resolution: Resolution, seat: int) -> None:
    resolution.record(TradeProposed(proposer=seat))


def offer_trade(resolution: Resolution, offer: Offer, command: OfferTrade) -> None:
    resolution.record(
        TradeOffered(proposer=offer.proposer, partner=command.partner, give=command.give, take=command.take)
    )


def call_off_trade(resolution: Resolution, offer: Offer) -> None:
    resolution.record(TradeCalledOff(proposer=offer.proposer))


def accept_trade(resolution: Resolution, offer: Offer) -> None:
    assert offer.partner is not None and offer.give is not None and offer.take is not None
    before = resolution.state.paw_holder
    resolution.record(TradeMade(proposer=offer.proposer, partner=offer.partner, give=offer.give, take=offer.take))
    declare_paw(resolution, before)


def decline_trade(resolution: Resolution, offer: Offer) -> None:
    assert offer.partner is not None
    resolution.record(TradeDeclined(proposer=offer.proposer, partner=offer.partner))
