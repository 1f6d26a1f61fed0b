"""Trading: "At any point during a turn you may also trade cards from your hand and Hiding Places
with other players"; "You can trade with one or multiple players at any point during your turn";
"You can also participate in a trade on someone else's turn"; "You can trade Collectables (from
your hand and Hiding Places) as well as Master's Bedroom cards, Hiding Places and even the
Ultimate Paw card!"

Our shape (docs/rules: "How a trade is made"): while no card is resolving, the seat in turn may
begin an offer to any other seat, and any other seat an offer to the seat in turn. The proposer
names its partner, puts in its things one at a time (a hand card may go in face down: the Poo
Pizza's bluff) and asks for the partner's, then sends the offer; the partner accepts or
declines. Each seat begins a bounded number of offers a turn ("Trade offers per seat per turn").
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from kennel.domain.canine_kleptomaniacs.commands import AskInTrade, GiveInTrade, Source, TradeItem, TradeWith
from kennel.domain.canine_kleptomaniacs.components import Collectable, manifest, sorted_bedroom
from kennel.domain.canine_kleptomaniacs.events import (
    TradeCalledOff,
    TradeCompleted,
    TradeDeclined,
    TradeItemAsked,
    TradeItemGiven,
    TradeOfferSent,
    TradePartnerChosen,
    TradeProposed,
)
from kennel.domain.canine_kleptomaniacs.hands import declare_paw, kinds_in
from kennel.domain.canine_kleptomaniacs.resolution import Resolution
from kennel.domain.canine_kleptomaniacs.state import CanineState, Offer, Seat, TurnPhase, proposals_of
from kennel.domain.core.frozen import one_per_value, per_recent_part
from kennel.domain.core.kept import keep

PAW = Collectable.ULTIMATE_PAW
T = TypeVar("T")
_COLLECTABLES = tuple(Collectable)  # in enum order, without iterating the enum class each time
_ALL_BUT_PAW = tuple(kind for kind in _COLLECTABLES if kind is not PAW)  # what is asked of all but its holder
# The sources as module constants for `Tally`, which checks every item listed while an offer is
# composed: an enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870
# instructions, callgrind), where a module constant is a dict look-up.
HAND, HIDDEN_CARD, HIDING_PLACE, BEDROOM = Source.HAND, Source.HIDDEN_CARD, Source.HIDING_PLACE, Source.BEDROOM
ITEMS_KEPT = 64  # seats whose items are kept (a few tuples of about twenty items each per trade)
SIDES_KEPT = 8  # sides of offers whose open steps each seat's kept items keep (`_Steps.open_after`)
# The trade steps, one object per value (the items are the rules' own, made once per seat part):
# a seat composing an offer is offered every item of both seats again at each step, and the
# server finds a step it met before by identity (its `__eq__` skipped, kennel.service.viewbytes).
_TRADE_WITH, _GIVE, _ASK = one_per_value(TradeWith), one_per_value(GiveInTrade), one_per_value(AskInTrade)


@functools.cache  # the manifest never changes: asked for every seat's listing and every public view
def offers_per_turn() -> int:
    """How many offers each seat may begin in one turn (docs/rules: "Trade offers per seat per turn")."""
    return manifest().rulings["trade_offers_per_seat_per_turn"]


# Module constants for the enum members read below as commands are decided, listed and told: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_CLOSING = TurnPhase.CLOSING


def can_propose(state: CanineState, seat: int) -> bool:
    """Between cards, while the turn is open, within the seat's bound for this turn."""
    return (
        state.finished is None
        and state.turn_number > 0
        and state.effect is None
        and state.phase is not _CLOSING
        and proposals_of(state.proposals, seat) < offers_per_turn()  # `state.proposals_of`, a call fewer
    )


def partners(state: CanineState, proposer: int) -> tuple[int, ...]:
    """The seat in turn trades with anyone; another seat trades with the seat in turn."""
    return state.others(proposer) if proposer == state.turn else (state.turn,)


# ---- what may go into an offer ----


def items_of(state: CanineState, owner: int, asking: bool) -> tuple[TradeItem, ...]:
    """Every kind of thing `owner` could give (or be asked for): hand cards by kind (face up,
    and face down when giving), Collectables hidden on its Hiding Places, its Hiding Places and
    its face-up Master's Bedroom cards. Asked-for hand cards may be of any kind (the asker cannot
    see the hand: the partner can accept only if it holds them), the Paw only of its holder."""
    return _seat_items(state.seats[owner], asking, asking and state.paw_holder == owner)


# Made once per seat part: while an offer is composed, step after step, neither seat's things
# change (they pass only when the trade completes), so the same items are listed again; each
# is a frozen dataclass, made and hashed afresh each time before.
@per_recent_part(limit=ITEMS_KEPT)
def _seat_items(seat: Seat, asking: bool, holds_paw: bool) -> tuple[TradeItem, ...]:
    return tuple(item for items in _ITEMS_FROM.values() for item in items(seat, asking, holds_paw, None))


# Each source's items below take `like`: given, only the items that may equal it are made (those
# whose distinguishing fields equal its), for `may_put_in`, which compares one item with the list.
# Making every item (a frozen dataclass each) and comparing it was most of checking a trade step.
# `holds_paw`: the seat holds the Ultimate Paw (asked of the hand's items only when `asking`).


def _hand_items(seat: Seat, asking: bool, holds_paw: bool, like: TradeItem | None = None) -> list[TradeItem]:
    if asking:
        kinds: tuple[Collectable, ...] = _COLLECTABLES if holds_paw else _ALL_BUT_PAW
    else:
        # The kinds in the hand; whether `like`'s is among them is asked of the hand itself.
        kinds = seat.hand if like is not None else kinds_in(seat.hand)
    if like is not None:
        kinds = (like.kind,) if like.kind in kinds else ()
    hand = [TradeItem(HAND, kind=kind) for kind in kinds]
    if asking:
        return hand
    return hand + [TradeItem(HAND, kind=kind, face_down=True) for kind in kinds if kind is not PAW]


def _hidden_items(seat: Seat, asking: bool, holds_paw: bool, like: TradeItem | None = None) -> list[TradeItem]:
    return [
        TradeItem(HIDDEN_CARD, kind=kind, place=number)
        for number, place in enumerate(seat.places)
        if like is None or number == like.place
        for kind in kinds_in(place.cards)
        if like is None or kind == like.kind
    ]


def _place_items(seat: Seat, asking: bool, holds_paw: bool, like: TradeItem | None = None) -> list[TradeItem]:
    numbers = range(len(seat.places))
    return [
        TradeItem(HIDING_PLACE, place=number) for number in numbers if like is None or number == like.place
    ]


def _bedroom_items(seat: Seat, asking: bool, holds_paw: bool, like: TradeItem | None = None) -> list[TradeItem]:
    cards = sorted_bedroom(set(seat.bedroom))
    return [
        TradeItem(BEDROOM, bedroom_card=card) for card in cards if like is None or card == like.bedroom_card
    ]


# Each source's items, in the order `items_of` lists them (front-ends show them so).
_ITEMS_FROM: dict[Source, Callable[[Seat, bool, bool, TradeItem | None], list[TradeItem]]] = {
    Source.HAND: _hand_items,
    Source.HIDDEN_CARD: _hidden_items,
    Source.HIDING_PLACE: _place_items,
    Source.BEDROOM: _bedroom_items,
}


def holds_all(seat: Seat, items: Iterable[TradeItem], public_hand_size: int | None = None) -> bool:
    """Whether `seat` holds every item at once (a whole Hiding Place never with cards taken
    off it). With `public_hand_size`, hand cards are only counted against the hand's size,
    which is all an asker knows of another's hand."""
    tally = Tally(seat, public_hand_size)
    for item in items:
        if not tally.can_add(item):
            return False
        tally.add(item)
    return True


class Tally:
    """What of a seat's things an offer names so far, to tell whether one more fits. Counts
    are plain dicts, not Counters (whose Python `__init__` was a third of checking a trade step)."""

    def __init__(self, seat: Seat, public_hand_size: int | None = None) -> None:
        self.seat = seat
        self.public_hand_size = public_hand_size
        self.hand: dict[Collectable | None, int] = {}
        self.hidden: dict[tuple[int | None, Collectable | None], int] = {}
        self.places: set[int | None] = set()
        self.bedroom: dict[object, int] = {}

    def can_add(self, item: TradeItem) -> bool:
        seat = self.seat
        if item.source is HAND:
            if self.public_hand_size is not None:
                return sum(self.hand.values()) < self.public_hand_size
            return self.hand.get(item.kind, 0) < seat.hand.count(item.kind)  # type: ignore[arg-type]
        if not _is_place(seat, item.place):
            return item.source is BEDROOM and self.bedroom.get(item.bedroom_card, 0) < seat.bedroom.count(
                item.bedroom_card  # type: ignore[arg-type]
            )
        assert item.place is not None
        if item.source is HIDDEN_CARD:
            cards = seat.places[item.place].cards
            return item.place not in self.places and self.hidden.get((item.place, item.kind), 0) < cards.count(
                item.kind  # type: ignore[arg-type]
            )
        if item.source is HIDING_PLACE:
            return item.place not in self.places and not any(place == item.place for place, _ in self.hidden)
        return False

    def addable(self, pairs: Iterable[tuple[TradeItem, T]]) -> list[T]:
        """The second of each pair whose item `can_add`; counted against the hand's size, every
        hand card fits alike (asked once, not once per kind)."""
        can_add = self.can_add
        if self.public_hand_size is None:
            return [step for item, step in pairs if can_add(item)]
        fits = sum(self.hand.values()) < self.public_hand_size
        return [step for item, step in pairs if (fits if item.source is HAND else can_add(item))]

    def add(self, item: TradeItem) -> None:
        if item.source is HAND:
            self.hand[item.kind] = self.hand.get(item.kind, 0) + 1
        elif item.source is HIDDEN_CARD:
            key = (item.place, item.kind)
            self.hidden[key] = self.hidden.get(key, 0) + 1
        elif item.source is HIDING_PLACE:
            self.places.add(item.place)
        else:
            self.bedroom[item.bedroom_card] = self.bedroom.get(item.bedroom_card, 0) + 1


def _is_place(seat: Seat, place: int | None) -> bool:
    return isinstance(place, int) and not isinstance(place, bool) and 0 <= place < len(seat.places)


def composing_commands(
    state: CanineState, offer: Offer, only: type | None = None
) -> list[TradeWith | GiveInTrade | AskInTrade]:
    """The proposer's next steps: name the partner, then put in or ask for one more thing
    (with `only`, just the steps of that type)."""
    if offer.partner is None:
        return list(map(_TRADE_WITH, partners(state, offer.proposer)))
    gives: list[TradeWith | GiveInTrade | AskInTrade] = []
    asks: list[TradeWith | GiveInTrade | AskInTrade] = []
    # A side that names nothing yet takes any item listed: a seat's items are what it holds (its
    # hand's kinds, its places and what is hidden on them, its bedroom cards), and any hand card
    # may be asked for of a partner holding one (`Tally.can_add` with nothing added).
    if only in (None, GiveInTrade):
        steps = _steps_of(state, offer.proposer, False)
        if offer.gives:
            gives = steps.open_after(offer.gives, lambda: _tally(state, offer, asking=False))
        else:
            gives = steps.steps
    if only in (None, AskInTrade):
        steps = _steps_of(state, offer.partner, True)
        if offer.takes:
            asks = steps.open_after(offer.takes, lambda: _tally(state, offer, asking=True))
        else:
            asks = steps.steps if state.hand_size(offer.partner) else steps.off_hand
    return [*gives, *asks]


class _Steps:
    """A seat's items for an offer, each beside its trade step (`_ASK(item)` or `_GIVE(item)`);
    its steps alone; those of items not in its hand; and, per side of an offer that names some
    of them, the steps still open (`open_after`) and whether the seat holds them all."""

    __slots__ = ("seat", "pairs", "steps", "off_hand", "_open", "_held")

    def __init__(self, seat: Seat, items: tuple[TradeItem, ...], asking: bool) -> None:
        self.seat = seat
        step = _ASK if asking else _GIVE
        self.pairs = tuple((item, step(item)) for item in items)
        self.steps = tuple(made for _, made in self.pairs)
        self.off_hand = tuple(made for item, made in self.pairs if item.source is not HAND)
        self._open: dict[int, tuple[tuple[TradeItem, ...], tuple[Any, ...]]] = {}
        self._held: dict[int, tuple[tuple[TradeItem, ...], bool]] = {}

    def open_after(self, side: tuple[TradeItem, ...], tally: Callable[[], Tally]) -> tuple[Any, ...]:
        """The steps whose item still fits `tally()` (this seat's things with `side` named:
        `Tally.addable`). Kept per side (by the tuple itself, held beside it): a side stays the
        very tuple while the offer's other side grows, so at every other step of composing an
        offer (and at each listing of one state) this side's steps are the ones found before."""
        found = self._open.get(id(side))
        if found is not None and found[0] is side:
            return found[1]
        steps = tuple(tally().addable(self.pairs))
        keep(self._open, id(side), (side, steps), SIDES_KEPT)
        return steps

    def holds_all(self, side: tuple[TradeItem, ...]) -> bool:
        """`holds_all(self.seat, side)`, kept per side as `open_after` keeps its steps (asked
        of the proposer's side at every listing of an offer being composed: `can_send`)."""
        found = self._held.get(id(side))
        if found is not None and found[0] is side:
            return found[1]
        held = holds_all(self.seat, side)
        keep(self._held, id(side), (side, held), SIDES_KEPT)
        return held


def _steps_of(state: CanineState, owner: int, asking: bool) -> _Steps:
    return _seat_steps(state.seats[owner], asking, asking and state.paw_holder == owner)


# Made once per seat part, as its items are: the step of each item was found again at every
# step of composing an offer (`one_per_value` hashes the item: a Python call per item).
@per_recent_part(limit=ITEMS_KEPT)
def _seat_steps(seat: Seat, asking: bool, holds_paw: bool) -> _Steps:
    return _Steps(seat, _seat_items(seat, asking, holds_paw), asking)


def may_put_in(state: CanineState, offer: Offer, item: object, asking: bool) -> bool:
    """Whether `composing_commands` lists putting `item` in (asking for it, when `asking`), once
    the offer has a partner: `decide`'s check, without listing every other item. An item equals
    no item of another source, so only its own source's items are compared with it; anything
    that is not a TradeItem of a Source is compared with them all, as the list would be. Of its
    own source's items, only those whose distinguishing fields equal the item's are made (no
    other may equal it)."""
    owner = offer.partner if asking else offer.proposer
    assert owner is not None
    if type(item) is TradeItem and type(item.source) is Source:
        # Whether the owner holds the Paw matters only when the Paw itself is asked for.
        holds_paw = asking and item.source is HAND and item.kind is PAW and state.paw_holder == owner
        candidates = _ITEMS_FROM[item.source](state.seats[owner], asking, holds_paw, item)
    else:
        candidates = items_of(state, owner, asking)
    if not candidates:
        return False
    tally = _tally(state, offer, asking)
    return any(candidate == item and tally.can_add(candidate) for candidate in candidates)


def _tally(state: CanineState, offer: Offer, asking: bool) -> Tally:
    """What the offer names so far of the partner's things (`asking`) or of the proposer's."""
    if asking:
        assert offer.partner is not None
        tally = Tally(state.seats[offer.partner], public_hand_size=state.hand_size(offer.partner))
    else:
        tally = Tally(state.seats[offer.proposer])
    for item in offer.takes if asking else offer.gives:
        tally.add(item)
    return tally


def can_send(state: CanineState, offer: Offer) -> bool:
    """Something each way ("trade"), and the proposer still holds all it puts in."""
    return (
        offer.partner is not None
        and bool(offer.gives)
        and bool(offer.takes)
        and _steps_of(state, offer.proposer, False).holds_all(offer.gives)
    )


def can_accept(state: CanineState, offer: Offer) -> bool:
    """Both sides hold what the offer names (the partner's hand cards are checked only now)."""
    if offer.partner is None or not offer.sent:
        return False
    return holds_all(state.seats[offer.proposer], offer.gives) and holds_all(state.seats[offer.partner], offer.takes)


# ---- resolving ----


def propose_trade(resolution: Resolution, seat: int) -> None:
    resolution.record(TradeProposed(proposer=seat))
    choices = partners(resolution.state, seat)
    if len(choices) == 1:  # forced: with two seats, or out of turn
        resolution.record(TradePartnerChosen(proposer=seat, partner=choices[0]))


def trade_with(resolution: Resolution, offer: Offer, partner: int) -> None:
    resolution.record(TradePartnerChosen(proposer=offer.proposer, partner=partner))


def give_in_trade(resolution: Resolution, offer: Offer, item: TradeItem) -> None:
    resolution.record(TradeItemGiven(proposer=offer.proposer, item=item))


def ask_in_trade(resolution: Resolution, offer: Offer, item: TradeItem) -> None:
    resolution.record(TradeItemAsked(proposer=offer.proposer, item=item))


def send_offer(resolution: Resolution, offer: Offer) -> None:
    assert offer.partner is not None
    resolution.record(TradeOfferSent(proposer=offer.proposer, partner=offer.partner))


def call_off_trade(resolution: Resolution, offer: Offer) -> None:
    resolution.record(TradeCalledOff(proposer=offer.proposer))


def accept_trade(resolution: Resolution, offer: Offer) -> None:
    assert offer.partner is not None
    before = resolution.state.paw_holder
    resolution.record(
        TradeCompleted(proposer=offer.proposer, partner=offer.partner, gives=offer.gives, takes=offer.takes)
    )
    declare_paw(resolution, before)


def decline_trade(resolution: Resolution, offer: Offer) -> None:
    assert offer.partner is not None
    resolution.record(TradeDeclined(proposer=offer.proposer, partner=offer.partner))
