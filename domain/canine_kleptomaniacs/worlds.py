"""Canine Kleptomaniacs worlds a seat cannot tell from the real one (kennel.domain.core.worlds).

What a seat may not know: the order of every deck (Collectables, Action, Master's Bedroom), the
Laundry Pile, the other seats' hands, and secret choices not yet revealed (a card set aside for
Walkies, a fighter's weapon). Shuffles are filled in a random order; a card another seat draws,
discards, picks from the Laundry Pile, loses blind or sets aside unseen is a random one of the
place it comes from in the sampled world (never the Ultimate Paw, whose whereabouts are always
declared); hands dealt out again by a Fluffy Rumble are dealt from the sampled hands, and the
leftovers go back at random places in the deck's top half. When the stream shows a card where
the sampled world put another (the seat's own draw, a card another seat hides, trades, is seen
to lose, or passes to this seat), hidden cards trade places (kennel.domain.core.hidden) between
the deck, the Laundry Pile and the other seats' hands; a throw's weapons are set as shown.

In a trade (rules version 2), a card another seat offers face down is one its sampled hand
holds, and the cards a trade hands over are held by their givers before it.

Not kept: what the seat saw go into the Laundry Pile, or pass between two other seats it was
one of (the sampled pile and hands are just as likely).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from kennel.domain.canine_kleptomaniacs import events as ev
from kennel.domain.canine_kleptomaniacs.commands import Source, TradeItem
from kennel.domain.canine_kleptomaniacs.components import (
    ActionCard,
    Collectable,
    Weapon,
    box_actions,
    box_collectables,
    manifest,
    sorted_collectables,
)
from kennel.domain.canine_kleptomaniacs.evolve import HIDING_PLACES_IN_THE_BOX
from kennel.domain.canine_kleptomaniacs.setup import insert_in_top_half
from kennel.domain.canine_kleptomaniacs.state import Battle, CanineState, Offer, Owed
from kennel.domain.core import hidden
from kennel.domain.core.frozen import replaced
from kennel.domain.core.rng import Rng

PAW = Collectable.ULTIMATE_PAW
DECK, LAUNDRY = "deck", "laundry"
FIXED = (PAW,)  # where the Paw is, is always declared: hidden swaps never move it


def fill(state: CanineState, event: Any, seat: int, rng: Rng) -> tuple[CanineState, Any]:
    if isinstance(event, ev.ActionsShuffled) and not event.deck:
        each = len(state.seats[0].places)
        shuffled_in = HIDING_PLACES_IN_THE_BOX - each * state.seat_count - state.box_hiding_places
        return state, replaced(
            event, deck=rng.shuffled(box_actions() + (ActionCard.HIDING_PLACE,) * shuffled_in)
        )
    if isinstance(event, ev.CollectablesShuffled) and not event.deck:
        return state, replaced(event, deck=_collectables(state, rng))
    if isinstance(event, ev.BedroomShuffled) and not event.deck:
        return state, replaced(event, deck=rng.shuffled(state.bedroom))
    if isinstance(event, ev.ActionDeckFormedAgain) and not event.deck:
        kept = tuple(card for other in state.seats for card in other.kept)
        cards = state.discards + state.in_play + kept + (ActionCard.HIDING_PLACE,) * event.hiding_places_added
        return state, replaced(event, deck=rng.shuffled(cards))
    if isinstance(event, ev.HandDealt | ev.CollectablesDrawn):
        if event.seat == seat:
            return _moved(state, seat, lambda p, s: hidden.on_top(p, DECK, event.cards, s, rng, FIXED)), event
        state = _paw_not_in_top(state, event.count, rng)
        return state, replaced(event, cards=state.collectables[: event.count])
    if isinstance(event, ev.CardsDiscarded) and event.seat != seat:
        return state, replaced(event, cards=_some(state.seats[event.seat].hand, event.count, rng))
    if isinstance(event, ev.LaundryPicked):
        if event.seat == seat:
            return _moved(
                state, seat, lambda p, s: hidden.holding(p, LAUNDRY, event.cards, s, rng, FIXED)
            ), event
        return state, replaced(event, cards=_some(state.laundry, event.count, rng))
    if isinstance(event, ev.CardsStolen):
        if not event.cards:
            return state, replaced(event, cards=_some(state.seats[event.victim].hand, event.count, rng))
        return _held(state, seat, event.victim, event.cards, rng), event
    if isinstance(event, ev.WalkiesCardChosen) and event.seat != seat and event.card is None:
        hand = state.seats[event.seat].hand
        return state, replaced(event, card=(_some(hand, 1, rng) or (None,))[0])
    if isinstance(event, ev.CardsPassed):
        return _passed(state, event, seat, rng)
    if isinstance(event, ev.HandsRedealt):
        return _redealt(state, event, seat, rng)
    if isinstance(event, ev.LeftoversReturned) and not event.cards and event.count:
        return state, _leftovers(state, event, rng)
    if isinstance(event, ev.WeaponChosen) and event.weapon is None:
        return state, replaced(event, weapon=rng.choice(tuple(Weapon)))
    if isinstance(event, ev.ThrowMade) and isinstance(state.effect, Battle):
        return replaced(state, effect=replaced(state.effect, weapons=tuple(event.weapons))), event
    if isinstance(event, ev.SetHidden | ev.SetsSwapped):
        return _held(state, seat, event.seat, event.cards, rng), event
    if isinstance(event, ev.PawDeclared):
        return _declared(state, seat, event.seat, rng), event
    if isinstance(event, ev.TradeOffered):  # the proposer holds what it offers (not what it asks for)
        if event.give.source is Source.HAND and event.give.kind is not None:
            state = _held(state, seat, event.proposer, (event.give.kind,), rng)
        return state, event
    if isinstance(event, ev.TradeItemGiven) and event.proposer != seat:
        return _item_given(state, event, seat, rng)
    if isinstance(event, ev.TradeCompleted):
        return _completed(state, event, seat, rng)
    if isinstance(event, ev.TradeMade):
        # The proposer's card first, from anywhere; then the partner's, from anywhere but the
        # proposer's hand (which must keep what it gives).
        for owner, keep, item in (
            (event.proposer, (), event.give),
            (event.partner, (event.proposer,), event.take),
        ):
            if item.source is Source.HAND and item.kind is not None:
                state = _held(state, seat, owner, (item.kind,), rng, keep=keep)
        return state, event
    return state, event


def _hand_kinds(items: tuple[TradeItem, ...]) -> tuple[Collectable, ...]:
    return tuple(item.kind for item in items if item.source is Source.HAND and item.kind is not None)


def _item_given(state: CanineState, event: ev.TradeItemGiven, seat: int, rng: Rng) -> tuple[CanineState, Any]:
    """Another seat puts a thing into its offer (rules version 2). A card from its hand shown
    face up: the world where it holds it, with the cards it already offered face up. A card
    face down (its kind blanked): one of the cards its sampled hand holds and has not offered
    yet. Either way the offer's face-down cards are then ones the hand still holds (bringing a
    face-up card may have taken one), so that the partner may accept in the world as it may in
    the real one."""
    item = event.item
    if item.source is not Source.HAND:
        return state, event
    offer = state.effect
    gives = offer.gives if isinstance(offer, Offer) else ()
    shown = _hand_kinds(tuple(given for given in gives if not given.face_down))
    if item.kind is not None:
        state = _held(state, seat, event.proposer, (*shown, item.kind), rng)
        shown = (*shown, item.kind)
    free = Counter(state.seats[event.proposer].hand) - Counter(shown)
    kept = []
    for given in gives:
        if given.source is Source.HAND and given.face_down:
            if free[given.kind] <= 0:
                given = replaced(given, kind=(_some(tuple(free.elements()), 1, rng) or (given.kind,))[0])
            free[given.kind] -= 1
        kept.append(given)
    if isinstance(offer, Offer) and tuple(kept) != offer.gives:
        state = replaced(state, effect=replaced(offer, gives=tuple(kept)))
    if item.kind is None:
        card = (_some(tuple(free.elements()), 1, rng) or (None,))[0]
        event = replaced(event, item=replaced(item, kind=card))
    return state, event


def _completed(state: CanineState, event: ev.TradeCompleted, seat: int, rng: Rng) -> tuple[CanineState, Any]:
    """An offer accepted (rules version 2). Cards given face down, blanked for a seat outside
    the trade, are the ones the sampled offer holds; then the proposer holds every card it gives
    and the partner every card asked of it, from anywhere hidden but the proposer's hand."""
    offer = state.effect
    gives = event.gives
    if any(item.source is Source.HAND and item.kind is None for item in gives):
        sampled = offer.gives if isinstance(offer, Offer) and len(offer.gives) == len(gives) else gives
        gives = tuple(
            mine if item.source is Source.HAND and item.kind is None else item
            for item, mine in zip(gives, sampled, strict=True)
        )
        event = replaced(event, gives=gives)
    state = _held(state, seat, event.proposer, _hand_kinds(gives), rng)
    state = _held(state, seat, event.partner, _hand_kinds(event.takes), rng, keep=(event.proposer,))
    return state, event


def settle(state: CanineState, view: Any, seat: int, rng: Rng) -> CanineState:
    """The Paw where the view says it is (a Fluffy Rumble may deal it without a declaration);
    and a seat sniffing the Laundry Pile sees it whole (Sniff it Out): the sampled pile becomes
    that, its other cards trading places with the shown ones wherever the world had them."""
    holder = view.paw_holder
    if (
        holder is not None
        and holder != seat
        and holder != state.paw_holder
        and not isinstance(state.effect, Owed)
    ):
        state = _declared(state, seat, holder, rng)
    if not view.laundry or tuple(view.laundry) == state.laundry:
        return state

    def move(places: hidden.Places, sources: list[Any]) -> None:
        extra = list((Counter(places[LAUNDRY]) - Counter(view.laundry)).elements())
        for card in (Counter(view.laundry) - Counter(places[LAUNDRY])).elements():
            if extra and hidden.exchange(places, card, extra[-1], [s for s in sources if s != LAUNDRY], rng):
                places[LAUNDRY].remove(extra.pop())
                places[LAUNDRY].append(card)

    return _moved(state, seat, move)


def _collectables(state: CanineState, rng: Rng) -> tuple[Collectable, ...]:
    """Dealt as set-up deals them: the starting hands from the ordinary cards, then the Paw and
    the Poo somewhere in the top half of the rest (set-up, step 2)."""
    specials = (Collectable.ULTIMATE_PAW, Collectable.POO_PIZZA)
    ordinary = rng.shuffled(tuple(card for card in state.collectables if card not in specials))
    dealt = manifest().numbers["starting_hand"] * state.seat_count
    return ordinary[:dealt] + insert_in_top_half(ordinary[dealt:], specials, rng)


def _paw_not_in_top(state: CanineState, count: int, rng: Rng) -> CanineState:
    """The sampled deck with the Paw below its top `count` cards: another seat drawing it would
    have declared it (and then `_declared` brings it to that seat)."""
    deck = list(state.collectables)
    if PAW not in deck[:count] or len(deck) <= count:
        return state
    here, there = deck.index(PAW), count + rng.below(len(deck) - count)
    deck[here], deck[there] = deck[there], deck[here]
    return replaced(state, collectables=tuple(deck))


def _some(cards: tuple[Collectable, ...], count: int, rng: Rng) -> tuple[Collectable, ...]:
    """`count` random cards of these, the Paw only when there is nothing else (its moves are
    declared, so an unseen card is not the Paw)."""
    plain = [card for card in cards if card is not PAW]
    chosen = list(rng.shuffled(plain)[:count])
    if len(chosen) < count and PAW in cards:
        chosen.append(PAW)
    return sorted_collectables(chosen)


def _places(state: CanineState, seat: int) -> tuple[hidden.Places, list[Any]]:
    places: hidden.Places = {DECK: list(state.collectables), LAUNDRY: list(state.laundry)}
    places.update({other: list(s.hand) for other, s in enumerate(state.seats) if other != seat})
    return places, [DECK, LAUNDRY, *(other for other in range(state.seat_count) if other != seat)]


def _moved(state: CanineState, seat: int, move: Any) -> CanineState:
    places, sources = _places(state, seat)
    move(places, sources)
    seats = tuple(
        replaced(s, hand=sorted_collectables(places[other])) if other != seat else s
        for other, s in enumerate(state.seats)
    )
    return replaced(
        state, collectables=tuple(places[DECK]), laundry=sorted_collectables(places[LAUNDRY]), seats=seats
    )


def _held(
    state: CanineState,
    seat: int,
    owner: int,
    cards: tuple[Collectable, ...],
    rng: Rng,
    keep: tuple[int, ...] = (),
) -> CanineState:
    """The world where `owner` (not this seat) holds `cards`, taken from anywhere hidden but the
    hands of the seats in `keep`."""
    if owner == seat or not 0 <= owner < state.seat_count:
        return state

    def move(places: hidden.Places, sources: list[Any]) -> None:
        hidden.holding(places, owner, cards, [s for s in sources if s not in keep], rng, FIXED)

    return _moved(state, seat, move)


def _declared(state: CanineState, seat: int, owner: int, rng: Rng) -> CanineState:
    """The world where `owner` holds the Paw. Right after a Fluffy Rumble the sampled deal keeps
    the Paw among the leftovers (set aside, in no place); then one of the owner's dealt cards
    is the leftover instead."""
    if owner == seat or PAW in state.seats[owner].hand:
        return state
    places, sources = _places(state, seat)
    if any(PAW in places[place] for place in sources):
        return _held(state, seat, owner, (PAW,), rng)
    hand = list(state.seats[owner].hand)
    if hand:
        hand.pop(rng.below(len(hand)))
    seats = list(state.seats)
    seats[owner] = replaced(seats[owner], hand=sorted_collectables(hand + [PAW]))
    return replaced(state, seats=tuple(seats))


def _passed(state: CanineState, event: ev.CardsPassed, seat: int, rng: Rng) -> tuple[CanineState, Any]:
    effect = state.effect
    chosen = dict(effect.chosen) if isinstance(effect, Owed) else {}
    passes = []
    for passed in event.passes:
        card = passed.card
        if card is None:
            card = chosen.get(passed.giver)
        elif passed.giver != seat and chosen.get(passed.giver) not in (None, card):
            state = _set_aside_instead(state, seat, passed.giver, card, rng)
        passes.append(replaced(passed, card=card))
    return state, replaced(event, passes=tuple(passes))


def _set_aside_instead(state: CanineState, seat: int, giver: int, card: Collectable, rng: Rng) -> CanineState:
    """The world where `giver` set `card` aside for Walkies (this seat saw it arrive); the card
    the sampled world had set aside takes its place."""
    effect = state.effect
    assert isinstance(effect, Owed)
    old = dict(effect.chosen)[giver]
    state = _moved(state, seat, lambda places, sources: hidden.exchange(places, card, old, sources, rng))
    chosen = tuple((g, card if g == giver else c) for g, c in effect.chosen)
    return replaced(state, effect=replaced(effect, chosen=chosen))


def _redealt(state: CanineState, event: ev.HandsRedealt, seat: int, rng: Rng) -> tuple[CanineState, Any]:
    dealt = {hand.seat for hand in event.hands}
    mine = next((hand.cards for hand in event.hands if hand.seat == seat), ())
    others = [other for other in dealt if other != seat]
    if mine and others:  # the cards this seat was dealt came from the hands pooled
        pooled = [card for other in others for card in state.seats[other].hand]
        missing = Counter(mine) - Counter(pooled + list(state.seats[seat].hand))
        for card in missing.elements():
            state = _pooled(state, seat, others, card, Counter(mine), rng)
    pool = [card for other in sorted(dealt) for card in state.seats[other].hand]
    for card in mine:
        if card in pool:
            pool.remove(card)
    # The Paw last: unless a declaration follows, it is among the leftovers (see `_declared`).
    pool = [card for card in rng.shuffled(pool) if card is not PAW] + [card for card in pool if card is PAW]
    hands = []
    for hand in event.hands:
        if hand.seat == seat or hand.cards:
            hands.append(hand)
            continue
        cards, pool = tuple(pool[: hand.count]), pool[hand.count :]
        hands.append(replaced(hand, cards=sorted_collectables(cards)))
    return state, replaced(event, hands=tuple(hands))


def _pooled(
    state: CanineState,
    seat: int,
    others: list[int],
    card: Collectable,
    needed: Counter[Collectable],
    rng: Rng,
) -> CanineState:
    """The world where one of `others` (hands about to be pooled) holds `card`: it trades places
    with one of their cards that this seat was not dealt, wherever the sampled world had it."""
    places, sources = _places(state, seat)
    spots = [
        (other, index)
        for other in others
        for index, held in enumerate(places[other])
        if held is not PAW and needed[held] == 0
    ]
    if not spots:
        return state
    owner, index = rng.choice(spots)
    outside = [place for place in sources if place not in others]
    if hidden.exchange(places, card, places[owner][index], outside, rng):
        places[owner][index] = card
    seats = tuple(
        replaced(s, hand=sorted_collectables(places[other])) if other != seat else s
        for other, s in enumerate(state.seats)
    )
    return replaced(
        state, collectables=tuple(places[DECK]), laundry=sorted_collectables(places[LAUNDRY]), seats=seats
    )


def _leftovers(state: CanineState, event: ev.LeftoversReturned, rng: Rng) -> Any:
    """The cards no hand holds after the deal, back at random places in the deck's top half."""
    present = Counter(state.collectables) + Counter(state.laundry)
    for s in state.seats:
        present.update(s.hand)
        for place in s.places:
            present.update(place.cards)
    if isinstance(state.effect, Owed):
        present.update(card for _, card in state.effect.chosen)
    left = list((Counter(box_collectables()) - present).elements())
    cards = tuple(rng.shuffled(left)[: event.count])
    size = len(state.collectables)
    positions = tuple(rng.below(size // 2 + number + 1) for number in range(len(cards)))
    return replaced(event, cards=cards, positions=positions)
