"""What each seat may see, and every event as that seat may see it.

Public: everything face up (Hiding Places and what is hidden on them, Master's Bedroom and
Action cards in playing areas, the Action discard pile, the doggy cards), how many cards each
hand, deck and the Laundry Pile hold, who has Mr. Squirrel and who has declared the Paw, trade
offers (but for the kind of a card offered face down), and what every card being resolved waits
for. Private to a seat: its hand, the cards it offers face down, the card it set aside for Walkies, its weapon for the coming throw, and the Laundry Pile while it sniffs
through it. Nobody sees the order of a deck or what lies in the Laundry Pile.
"""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Callable
from dataclasses import dataclass
from operator import is_
from typing import Any

from kennel.domain.canine_kleptomaniacs import events as ev
from kennel.domain.canine_kleptomaniacs.commands import TradeItem
from kennel.domain.canine_kleptomaniacs.components import ActionCard, BedroomCard, Collectable, Dog, Weapon
from kennel.domain.canine_kleptomaniacs.events import Pile, Step, Take
from kennel.domain.canine_kleptomaniacs.state import (
    Battle,
    CanineState,
    Choosing,
    Naming,
    Offer,
    Owed,
    Place,
    Seat,
    Theft,
    TurnPhase,
    proposals_of,
)
from kennel.domain.canine_kleptomaniacs.trading import offers_per_turn
from kennel.domain.core.frozen import per_recent_part, per_recent_state, replaced, short_lived
from kennel.domain.core.kept import keep


@short_lived
@dataclass(frozen=True)
class PlaceView:
    ultimate: bool
    kind: Collectable | None
    cards: tuple[Collectable, ...]
    bedroom_cards: tuple[BedroomCard, ...]
    swapped: bool


@short_lived
@dataclass(frozen=True)
class SeatView:
    seat: int
    dog: Dog | None
    hand_size: int
    places: tuple[PlaceView, ...]
    bedroom: tuple[BedroomCard, ...]  # face up in the playing area
    kept: tuple[ActionCard, ...]  # Action cards face up in the playing area
    quiet_turns: int  # turns in a row without an Action card (no rule uses it since version 2)


@short_lived
@dataclass(frozen=True)
class EffectView:
    """What is being resolved and who owes what (every field public)."""

    step: Step
    card: ActionCard | None
    seat: int  # who owes the choice (for several seats: the drawer; a theft: the thief)
    owing: tuple[int, ...]  # every seat that owes a choice now
    others: tuple[int, ...]  # Stick Chase: seats still to be asked; spoils: the loser; battle: the fighters
    takes: tuple[Take, ...]  # Stick Chase: the kinds asked so far; a theft: what it takes
    count: int  # Leaf Storm: discarded so far; hand limit: still to discard
    wins: tuple[int, ...]  # battle: winning throws of each fighter
    throws: int  # battle: throws made
    give: TradeItem | None  # rules version 1's one-for-one offer; version 2 fills `give_items`
    take: TradeItem | None
    give_items: tuple[TradeItem, ...]  # a trade offer: the proposer's things (face down: kind blanked)
    take_items: tuple[TradeItem, ...]  # what it asks of its partner


@short_lived
@dataclass(frozen=True)
class CanineView:
    viewer: int | None  # None: a spectator
    turn: int | None  # the seat whose turn it is; None once the game is over
    turn_number: int
    phase: TurnPhase
    took_action_card: bool
    proposals_left: int  # trade offers the seat in turn may still begin this turn
    action_deck: int
    collectables_deck: int
    bedroom_deck: int
    laundry_pile: int
    discards: tuple[ActionCard, ...]  # the Action discard pile, oldest first
    in_play: tuple[ActionCard, ...]  # drawn and still resolving (a Plundering Pooch in battle)
    box_hiding_places: int
    mr_squirrel: int | None
    paw_holder: int | None
    reformed: bool  # longer game: the Action deck has been formed again
    finished: Pile | None
    seats: tuple[SeatView, ...]
    effect: EffectView | None
    hand: tuple[Collectable, ...]  # the viewer's own
    walkies_card: Collectable | None  # the card the viewer set aside for Walkies
    weapon: Weapon | None  # the viewer's weapon for the coming throw
    laundry: tuple[Collectable, ...]  # the Laundry Pile, while the viewer picks from it
    proposals_left_by_seat: tuple[int, ...]  # trade offers each seat may still begin this turn
    suspended: EffectView | None  # what resumes once the theft of a Cheesy Distraction is over


def view(state: CanineState, viewer: int | None) -> CanineView:
    public = _public_view(state)
    if viewer is None or not 0 <= viewer < len(state.seats):  # `state.seat_count`, a call fewer
        return public
    hand = state.seats[viewer].hand
    if state.effect is None and state.suspended is None:
        # Between cards (most states): no Walkies card, weapon, Laundry Pile or offer of the
        # viewer's to show, as `_walkies_card`, `_weapon`, `_sniffing` and the offers below find.
        return replaced(public, viewer=viewer, hand=hand)
    # A trade offer shows its giver what it offers face down (`effect_view`); every other
    # viewer sees it as the public view does, which is then kept as it is (so does its giver
    # while nothing of the offer is face down: the public view then shows the offer's own items).
    effect = state.effect
    if isinstance(effect, Offer) and state.suspended is None:
        # A trade offer (most states with an effect): no Walkies card, weapon or Laundry Pile
        # to show, as `_walkies_card`, `_weapon` and `_sniffing` find.
        shown = public.effect  # the offer as every other viewer sees it
        if effect.proposer == viewer and shown is not None and shown.give_items is not effect.gives:
            return replaced(public, viewer=viewer, hand=hand, effect=effect_view(effect, viewer))
        return replaced(public, viewer=viewer, hand=hand)
    changes: dict[str, Any] = {}
    shown = public.effect
    giver = isinstance(effect, Offer) and effect.proposer == viewer
    if giver and shown is not None and shown.give_items is not effect.gives:  # type: ignore[union-attr]
        changes["effect"] = effect_view(effect, viewer)
    if isinstance(state.suspended, Offer) and state.suspended.proposer == viewer:
        changes["suspended"] = effect_view(state.suspended, viewer)
    return replaced(
        public,
        viewer=viewer,
        hand=hand,
        walkies_card=_walkies_card(state, viewer),
        weapon=_weapon(state, viewer),
        laundry=state.laundry if _sniffing(state, viewer) else (),
        **changes,
    )


# Every field of a state but its effect, read at once (in C).
_ALL_BUT_EFFECT = operator.attrgetter(
    *[field.name for field in dataclasses.fields(CanineState) if field.name != "effect"]
)
# Per seats tuple, the fields but the effect of the last state whose public view was made (the
# seats among them: the tuple's id is no other's while kept), and that view.
_LAST_BY_SEATS: dict[int, tuple[tuple[Any, ...], CanineView]] = {}
LAST_KEPT = 256


@per_recent_state  # what every seat sees alike, made once for all of a state's viewers
def _public_view(state: CanineState) -> CanineView:
    """The spectator's view, which every seat's view extends with what only it may see."""
    others = _ALL_BUT_EFFECT(state)
    key = id(state.seats)
    last = _LAST_BY_SEATS.get(key)
    if last is not None and all(map(is_, last[0], others)):
        # Only what is being resolved changed since the last state of these seats (each step of
        # a trade offer, each answer owed to a card): its view, with the effect told again and
        # the Paw's holder (whom a Walkies card set aside may be) found again.
        effect = state.effect
        public = replaced(
            last[1], effect=None if effect is None else effect_view(effect, None), paw_holder=state.paw_holder
        )
    else:
        public = _made_public_view(state)
    keep(_LAST_BY_SEATS, key, (others, public), LAST_KEPT)
    return public


def _made_public_view(state: CanineState) -> CanineView:
    effect = state.effect
    offers = offers_per_turn()  # asked once, not once per seat
    return CanineView(
        viewer=None,
        turn=None if state.finished is not None or state.turn_number == 0 else state.turn,
        turn_number=state.turn_number,
        phase=state.phase,
        took_action_card=state.took_action_card,
        proposals_left=max(0, offers - state.proposals_of(state.turn)),
        action_deck=len(state.actions),
        collectables_deck=len(state.collectables),
        bedroom_deck=len(state.bedroom),
        laundry_pile=len(state.laundry),
        discards=state.discards,
        in_play=state.in_play,
        box_hiding_places=state.box_hiding_places,
        mr_squirrel=state.mr_squirrel,
        paw_holder=state.paw_holder,
        reformed=state.reformed,
        finished=state.finished,
        seats=_seats_view(state.seats),
        effect=None if effect is None else effect_view(effect, None),
        hand=(),
        walkies_card=None,
        weapon=None,
        laundry=(),
        proposals_left_by_seat=_proposals_left(state.proposals, len(state.seats), offers),
        suspended=None if state.suspended is None else effect_view(state.suspended, None),
    )


# The seats unchanged since the last state (the same tuple: most events of a trade or a card
# resolving change no seat) are seen as before, without a call per seat; a seat unchanged is
# seen as before too (the same object).
@per_recent_part
def _seats_view(seats: tuple[Seat, ...]) -> tuple[SeatView, ...]:
    return tuple([_seat_view(seat, number) for number, seat in enumerate(seats)])


# The offers each seat may still begin, kept per tuple of offers begun (it changes when an offer
# is begun and when a turn starts; every state between shares it).
@per_recent_part
def _proposals_left(proposals: tuple[int, ...], seat_count: int, offers: int) -> tuple[int, ...]:
    return tuple([max(0, offers - proposals_of(proposals, seat)) for seat in range(seat_count)])


@per_recent_part  # a seat unchanged since the last state is seen as before (the same object)
def _seat_view(seat: Seat, number: int) -> SeatView:
    return SeatView(
        seat=number,
        dog=seat.dog,
        hand_size=len(seat.hand),
        places=tuple(_place_view(place) for place in seat.places),
        bedroom=seat.bedroom,
        kept=seat.kept,
        quiet_turns=seat.quiet_turns,
    )


def _place_view(place: Place) -> PlaceView:
    return PlaceView(
        ultimate=place.ultimate,
        kind=place.kind,
        cards=place.cards,
        bedroom_cards=place.bedroom_cards,
        swapped=place.swapped,
    )


# Module constants for the enum members read below as commands are decided, listed and told: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_TRADE_ANSWER, _TRADE_OFFER = Step.TRADE_ANSWER, Step.TRADE_OFFER
_NAME_KINDS, _CHARM_OFFENSIVE, _BATTLE = Step.NAME_KINDS, Step.CHARM_OFFENSIVE, Step.BATTLE
_STICK_CHASE, _PLUNDERING_POOCH = ActionCard.STICK_CHASE, ActionCard.PLUNDERING_POOCH
_SNIFF_SELECT = Step.SNIFF_SELECT  # asked by every seat's view


def effect_view(effect: Any, viewer: int | None) -> EffectView:
    # Every field spelled out in each branch, not a dict of blanks merged into keyword arguments
    # (two dicts and an unpacking per view made: asked for every state with a card resolving).
    if isinstance(effect, Choosing):
        seat = effect.seat
        return _effect(effect.step, effect.card, seat, (seat,), others=effect.others, count=effect.count)
    if isinstance(effect, Naming):
        seat = effect.seat
        return _effect(_NAME_KINDS, _STICK_CHASE, seat, (seat,), others=effect.remaining, takes=effect.asks)
    if isinstance(effect, Owed):
        return _effect(effect.step, effect.card, effect.seat, effect.owing)
    if isinstance(effect, Theft):
        return _effect(_CHARM_OFFENSIVE, effect.card, effect.thief, effect.waiting, takes=effect.takes)
    if isinstance(effect, Battle):
        owing = tuple(seat for seat, weapon in zip(effect.fighters, effect.weapons, strict=True) if weapon is None)
        fighters = effect.fighters
        return _effect(
            _BATTLE, _PLUNDERING_POOCH, fighters[0], owing, others=fighters, wins=effect.wins, throws=effect.throws
        )
    assert isinstance(effect, Offer)
    gives = effect.gives if viewer == effect.proposer else _blanked(effect.gives)
    return _effect(
        _TRADE_ANSWER if effect.sent else _TRADE_OFFER,
        None,
        effect.proposer,
        (effect.partner,) if effect.sent and effect.partner is not None else (effect.proposer,),
        others=() if effect.partner is None else (effect.partner,),
        give_items=gives,
        take_items=effect.takes,
    )


def _effect(
    step: Step,
    card: ActionCard | None,
    seat: int,
    owing: tuple[int, ...],
    others: tuple[int, ...] = (),
    takes: tuple[Take, ...] = (),
    count: int = 0,
    wins: tuple[int, ...] = (),
    throws: int = 0,
    give_items: tuple[TradeItem, ...] = (),
    take_items: tuple[TradeItem, ...] = (),
) -> EffectView:
    """An effect's view, every field not given blank (`give` and `take`: rules version 1's)."""
    return EffectView(
        step, card, seat, owing, others, takes, count, wins, throws, None, None, give_items, take_items
    )


def _blanked(items: tuple[TradeItem, ...]) -> tuple[TradeItem, ...]:
    """An offer's side as everyone but its giver sees it: the very tuple when nothing in it is
    face down (which `view` reads: its giver then sees the public view's offer)."""
    for item in items:
        if item.face_down:
            return tuple([_face_down_blanked(item) for item in items])
    return items


def _face_down_blanked(item: TradeItem) -> TradeItem:
    """A card offered face down: everyone but its giver sees that it is a card from the hand."""
    return replaced(item, kind=None) if item.face_down else item


def _walkies_card(state: CanineState, seat: int | None) -> Collectable | None:
    effect = state.effect
    if seat is None or not isinstance(effect, Owed):
        return None
    return next((card for giver, card in effect.chosen if giver == seat), None)


def _weapon(state: CanineState, seat: int | None) -> Weapon | None:
    effect = state.effect
    if seat is None or not isinstance(effect, Battle) or seat not in effect.fighters:
        return None
    return effect.weapons[effect.fighters.index(seat)]


def _sniffing(state: CanineState, seat: int | None) -> bool:
    effect = state.effect
    return isinstance(effect, Choosing) and effect.step is _SNIFF_SELECT and effect.seat == seat


def redact(event: Any, viewer: int | None) -> Any:
    """Blank what `viewer` may not see; every event still reaches every viewer, so the number
    and order of events tell nothing the rules do not."""
    blank = _BLANKING.get(type(event))  # no event class subclasses another: the exact type is enough
    return event if blank is None else blank(event, viewer)


# Every event type that may hide something, to the function that blanks it for a viewer: the one
# list of redacted types (an event type not here reaches every viewer whole). Each entry is made
# beside its function by `_blanks`, so a new redacted event is listed by being written.
_BLANKING: dict[type, Callable[[Any, int | None], Any]] = {}


def _blanks(*types: type) -> Callable[[Callable[[Any, int | None], Any]], Callable[[Any, int | None], Any]]:
    def register(function: Callable[[Any, int | None], Any]) -> Callable[[Any, int | None], Any]:
        for cls in types:
            if cls in _BLANKING:
                raise TypeError(f"{cls.__name__} is blanked twice")
            _BLANKING[cls] = function
        return function

    return register


@_blanks(ev.ActionsShuffled, ev.CollectablesShuffled, ev.BedroomShuffled, ev.ActionDeckFormedAgain)
def _deck_order(event: Any, viewer: int | None) -> Any:
    return replaced(event, deck=())


@_blanks(ev.HandDealt, ev.CollectablesDrawn, ev.CardsDiscarded, ev.LaundryPicked)
def _own_cards(event: Any, viewer: int | None) -> Any:
    return event if event.seat == viewer else replaced(event, cards=())


@_blanks(ev.CardsStolen)
def _stolen_cards(event: ev.CardsStolen, viewer: int | None) -> Any:
    if not event.blind or viewer in (event.thief, event.victim):
        return event
    return replaced(event, cards=())


@_blanks(ev.WalkiesCardChosen)
def _walkies_choice(event: ev.WalkiesCardChosen, viewer: int | None) -> Any:
    return event if event.seat == viewer else replaced(event, card=None)


@_blanks(ev.CardsPassed)
def _passed_cards(event: ev.CardsPassed, viewer: int | None) -> Any:
    passes = tuple(p if viewer in (p.giver, p.receiver) else replaced(p, card=None) for p in event.passes)
    return replaced(event, passes=passes)


@_blanks(ev.HandsRedealt)
def _redealt_hands(event: ev.HandsRedealt, viewer: int | None) -> Any:
    hands = tuple(h if h.seat == viewer else replaced(h, cards=()) for h in event.hands)
    return replaced(event, hands=hands)


@_blanks(ev.LeftoversReturned)
def _returned_leftovers(event: ev.LeftoversReturned, viewer: int | None) -> Any:
    return replaced(event, cards=(), positions=())


@_blanks(ev.WeaponChosen)
def _weapon_choice(event: ev.WeaponChosen, viewer: int | None) -> Any:
    return event if event.seat == viewer else replaced(event, weapon=None)


@_blanks(ev.TradeItemGiven)
def _offered_item(event: ev.TradeItemGiven, viewer: int | None) -> Any:
    return event if event.proposer == viewer else replaced(event, item=_face_down_blanked(event.item))


@_blanks(ev.TradeCompleted)
def _traded_items(event: ev.TradeCompleted, viewer: int | None) -> Any:
    if viewer in (event.proposer, event.partner):
        return event
    return replaced(event, gives=tuple(_face_down_blanked(item) for item in event.gives))
