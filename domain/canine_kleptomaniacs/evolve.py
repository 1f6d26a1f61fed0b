"""Folding events into state: pure and total. It trusts `decide` and never raises, so an event
that does not fit the state (a seat out of range, a card not there) changes what it can and
nothing else. Cards move by value: a hand, a pile or a set never holds a card it was not given.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kennel.domain.canine_kleptomaniacs import events as ev
from kennel.domain.canine_kleptomaniacs import evolve_trades
from kennel.domain.canine_kleptomaniacs.components import (
    ActionCard,
    BedroomCard,
    Dog,
    sorted_actions,
    sorted_bedroom,
    sorted_collectables,
)
from kennel.domain.canine_kleptomaniacs.events import Step
from kennel.domain.canine_kleptomaniacs.folds import change as _change
from kennel.domain.canine_kleptomaniacs.folds import has_seat as _has_seat
from kennel.domain.canine_kleptomaniacs.folds import replaced_at as _replaced
from kennel.domain.canine_kleptomaniacs.folds import take as _take
from kennel.domain.canine_kleptomaniacs.folds import without as _without
from kennel.domain.canine_kleptomaniacs.state import (
    Battle,
    CanineState,
    Choosing,
    Naming,
    Owed,
    Place,
    Seat,
    Theft,
    TurnPhase,
)
from kennel.domain.core.frozen import replaced

HIDING_PLACES_IN_THE_BOX = 20  # "You have a total of 20 Hiding Places to play with."


def evolve(state: CanineState, event: Any) -> CanineState:
    apply = _APPLIERS.get(type(event))
    if apply is None:
        return state
    state = apply(state, event)
    if state.effect is None and state.suspended is not None:
        # The theft of a Cheesy Distraction played "at any time" is over: what it interrupted resumes.
        state = replaced(state, effect=state.suspended, suspended=None)
    return state


# ---- set-up and turns ----


def _dogs_dealt(state: CanineState, event: ev.DogsDealt) -> CanineState:
    seats = tuple(
        replaced(seat, dog=dog) for seat, dog in zip(state.seats, event.dogs, strict=False)
    )
    seats += state.seats[len(seats) :]
    box = list(Dog)
    for dog in event.dogs:
        box = list(_without(tuple(box), dog))
    return replaced(state, seats=seats, box_dogs=tuple(box))


def _hiding_places_dealt(state: CanineState, event: ev.HidingPlacesDealt) -> CanineState:
    seats = tuple(
        replaced(seat, places=seat.places + tuple(Place() for _ in range(event.each)))
        for seat in state.seats
    )
    box = HIDING_PLACES_IN_THE_BOX - event.each * state.seat_count - event.shuffled_in
    return replaced(state, seats=seats, box_hiding_places=box)


def _actions_shuffled(state: CanineState, event: ev.ActionsShuffled) -> CanineState:
    return replaced(state, actions=event.deck)


def _collectables_shuffled(state: CanineState, event: ev.CollectablesShuffled) -> CanineState:
    return replaced(state, collectables=event.deck)


def _hand_dealt(state: CanineState, event: ev.HandDealt) -> CanineState:
    return _draw(state, event.seat, event.cards)


def _bedroom_shuffled(state: CanineState, event: ev.BedroomShuffled) -> CanineState:
    return replaced(state, bedroom=event.deck)


# Module constants for the enum members read below as commands are decided, listed and told: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_OPEN = TurnPhase.OPEN
_CLOSING = TurnPhase.CLOSING
_ACTED = TurnPhase.ACTED
_SWAPPING = TurnPhase.SWAPPING
_CHEESY_DISTRACTION = ActionCard.CHEESY_DISTRACTION


def _turn_started(state: CanineState, event: ev.TurnStarted) -> CanineState:
    seats = tuple(
        replaced(seat, places=tuple(_unswapped(p) for p in seat.places))
        if any(p.swapped for p in seat.places)
        else seat
        for seat in state.seats
    )
    return replaced(
        state,
        seats=seats,
        turn=event.seat,
        turn_number=event.number,
        phase=_OPEN,
        took_action_card=False,
        proposals=(0,) * state.seat_count,
    )


def _unswapped(place: Place) -> Place:
    return replaced(place, swapped=False) if place.swapped else place


def _actions_finished(state: CanineState, event: ev.ActionsFinished) -> CanineState:
    return replaced(state, phase=_CLOSING)


def _turn_ended(state: CanineState, event: ev.TurnEnded) -> CanineState:
    return _change(
        state, event.seat, lambda s: replaced(s, quiet_turns=s.quiet_turns + 1 if event.quiet else 0)
    )


def _action_deck_formed_again(state: CanineState, event: ev.ActionDeckFormedAgain) -> CanineState:
    seats = tuple(replaced(seat, kept=()) for seat in state.seats)
    return replaced(
        state,
        seats=seats,
        actions=event.deck,
        discards=(),
        in_play=(),
        box_hiding_places=state.box_hiding_places - event.hiding_places_added,
        reformed=True,
    )


def _game_finished(state: CanineState, event: ev.GameFinished) -> CanineState:
    return replaced(state, finished=event.pile)


# ---- cards moving ----


def _action_card_taken(state: CanineState, event: ev.ActionCardTaken) -> CanineState:
    if event.card not in state.actions:
        return state
    state = replaced(
        state, actions=_without(state.actions, event.card), in_play=state.in_play + (event.card,)
    )
    if event.seat == state.turn and state.turn_number > 0:
        state = replaced(state, took_action_card=True, phase=_ACTED)
    return state


def _action_card_kept(state: CanineState, event: ev.ActionCardKept) -> CanineState:
    if event.card not in state.in_play:
        return state
    state = replaced(state, in_play=_without(state.in_play, event.card))
    return _change(state, event.seat, lambda s: replaced(s, kept=sorted_actions(s.kept + (event.card,))))


def _action_card_discarded(state: CanineState, event: ev.ActionCardDiscarded) -> CanineState:
    if event.seat is None:
        if event.card not in state.in_play:
            return state
        state = replaced(state, in_play=_without(state.in_play, event.card))
    else:
        if not _has_seat(state, event.seat) or event.card not in state.seats[event.seat].kept:
            return state
        state = _change(state, event.seat, lambda s: replaced(s, kept=_without(s.kept, event.card)))
    return replaced(state, discards=state.discards + (event.card,))


def _hiding_place_added(state: CanineState, event: ev.HidingPlaceAdded) -> CanineState:
    if event.from_box:
        state = replaced(state, box_hiding_places=state.box_hiding_places - 1)
    elif ActionCard.HIDING_PLACE in state.in_play:
        state = replaced(state, in_play=_without(state.in_play, ActionCard.HIDING_PLACE))
    else:
        return state
    return _change(state, event.seat, lambda s: replaced(s, places=s.places + (Place(),)))


def _collectables_drawn(state: CanineState, event: ev.CollectablesDrawn) -> CanineState:
    return _draw(state, event.seat, event.cards)


def _cards_discarded(state: CanineState, event: ev.CardsDiscarded) -> CanineState:
    if not _has_seat(state, event.seat):
        return state
    hand, gone = _take(state.seats[event.seat].hand, event.cards)
    state = _change(state, event.seat, lambda s: replaced(s, hand=hand))
    state = replaced(state, laundry=sorted_collectables(state.laundry + gone))
    # Discarding answers the discard the current effect owes.
    effect = state.effect
    if isinstance(effect, Choosing) and effect.seat == event.seat:
        if effect.step is Step.HAND_LIMIT:
            left = effect.count - len(gone)
            return replaced(state, effect=replaced(effect, count=left) if left > 0 else None)
        if effect.step is Step.LEAF_STORM:
            return replaced(state, effect=replaced(effect, count=effect.count + len(gone)))
        if effect.step is Step.RANCID_DISCARD:
            return replaced(state, effect=None)
    if isinstance(effect, Owed) and effect.step is Step.GRAPES and event.seat in effect.owing:
        owing = _without(effect.owing, event.seat)
        return replaced(state, effect=replaced(effect, owing=owing) if owing else None)
    return state


def _bedroom_card_taken(state: CanineState, event: ev.BedroomCardTaken) -> CanineState:
    if event.card not in state.bedroom:
        return state
    state = replaced(state, bedroom=_without(state.bedroom, event.card))
    if event.card is BedroomCard.ULTIMATE_HIDING_PLACE:
        # "Use as a normal Hiding Place": it lies in the playing area as one.
        return _change(state, event.seat, lambda s: replaced(s, places=s.places + (Place(ultimate=True),)))
    return _change(state, event.seat, lambda s: replaced(s, bedroom=sorted_bedroom(s.bedroom + (event.card,))))


# ---- hiding and swapping ----


def _set_hidden(state: CanineState, event: ev.SetHidden) -> CanineState:
    def hide(seat: Seat) -> Seat:
        if not 0 <= event.place < len(seat.places):
            return seat
        hand, cards = _take(seat.hand, event.cards)
        bedroom, bedroom_cards = _take(seat.bedroom, event.bedroom_cards)
        place = seat.places[event.place]
        place = replaced(
            place,
            kind=event.kind,
            cards=sorted_collectables(place.cards + cards),
            bedroom_cards=sorted_bedroom(place.bedroom_cards + bedroom_cards),
        )
        return replaced(seat, hand=hand, bedroom=bedroom, places=_replaced(seat.places, event.place, place))

    return _hiding_began(_change(state, event.seat, hide), event.seat, TurnPhase.HIDING)


def _sets_swapped(state: CanineState, event: ev.SetsSwapped) -> CanineState:
    def swap(seat: Seat) -> Seat:
        if not 0 <= event.place < len(seat.places):
            return seat
        old = seat.places[event.place]
        hand, cards = _take(seat.hand, event.cards)
        bedroom, bedroom_cards = _take(seat.bedroom, event.bedroom_cards)
        place = Place(
            ultimate=old.ultimate,
            kind=event.kind,
            cards=sorted_collectables(cards),
            bedroom_cards=sorted_bedroom(bedroom_cards),
            swapped=True,
        )
        return replaced(
            seat,
            hand=sorted_collectables(hand + old.cards),
            bedroom=sorted_bedroom(bedroom + old.bedroom_cards),
            places=_replaced(seat.places, event.place, place),
        )

    return _hiding_began(_change(state, event.seat, swap), event.seat, _SWAPPING)


def _places_swapped(state: CanineState, event: ev.PlacesSwapped) -> CanineState:
    def swap(seat: Seat) -> Seat:
        count = len(seat.places)
        if not (0 <= event.first < count and 0 <= event.second < count):
            return seat
        a, b = seat.places[event.first], seat.places[event.second]
        new_a = Place(ultimate=a.ultimate, kind=b.kind, cards=b.cards, bedroom_cards=b.bedroom_cards, swapped=True)
        new_b = Place(ultimate=b.ultimate, kind=a.kind, cards=a.cards, bedroom_cards=a.bedroom_cards, swapped=True)
        places = _replaced(_replaced(seat.places, event.first, new_a), event.second, new_b)
        return replaced(seat, places=places)

    return _hiding_began(_change(state, event.seat, swap), event.seat, _SWAPPING)


def _hiding_began(state: CanineState, seat: int, phase: TurnPhase) -> CanineState:
    """Hiding (or swapping) on one's own turn, before any other action, is the turn's action;
    on the first turn it is one set ("EITHER takes an Action card OR hides a Collectables set")."""
    if seat == state.turn and state.phase is _OPEN and state.turn_number > 0:
        return replaced(state, phase=_ACTED if state.first_turn else phase)
    return state


def _mr_squirrel_taken(state: CanineState, event: ev.MrSquirrelTaken) -> CanineState:
    state = replaced(state, mr_squirrel=event.seat)
    if event.seat == state.turn:
        state = replaced(state, phase=_ACTED)
    return state


# ---- choices and thefts ----


def _choice_awaited(state: CanineState, event: ev.ChoiceAwaited) -> CanineState:
    effect: Any
    if event.step in (Step.GRAPES, Step.WALKIES) and event.card is not None:
        effect = Owed(step=event.step, card=event.card, seat=event.seat, owing=event.owing)
    elif event.step is Step.NAME_KINDS:
        effect = Naming(seat=event.seat, remaining=event.others)
    elif event.owing:
        effect = Choosing(
            step=event.step, seat=event.owing[0], card=event.card, others=event.others, count=event.count
        )
    else:
        return state
    return replaced(state, effect=effect)


def _effect_over(state: CanineState, event: Any) -> CanineState:
    return replaced(state, effect=None)


def _laundry_picked(state: CanineState, event: ev.LaundryPicked) -> CanineState:
    laundry, cards = _take(state.laundry, event.cards)
    state = replaced(state, laundry=laundry, effect=None)
    return _change(state, event.seat, lambda s: replaced(s, hand=sorted_collectables(s.hand + cards)))


def _collectable_asked_for(state: CanineState, event: ev.CollectableAskedFor) -> CanineState:
    effect = state.effect
    if not isinstance(effect, Naming):
        return state
    effect = replaced(
        effect,
        remaining=_without(effect.remaining, event.victim),
        asks=effect.asks + (ev.Take(victim=event.victim, count=1, kind=event.kind),),
    )
    return replaced(state, effect=effect)


def _theft_attempted(state: CanineState, event: ev.TheftAttempted) -> CanineState:
    theft = Theft(thief=event.thief, card=event.card, takes=event.takes, waiting=event.charm_holders)
    if event.card is _CHEESY_DISTRACTION and state.effect is not None and state.suspended is None:
        # "Use at any time": the card being resolved (or the trade) waits for this theft.
        state = replaced(state, suspended=state.effect)
    return replaced(state, effect=theft if event.takes else None)


def _charm_offensive_used(state: CanineState, event: ev.CharmOffensiveUsed) -> CanineState:
    effect = state.effect
    if not isinstance(effect, Theft):
        return state
    takes = tuple(t for t in effect.takes if t.victim != event.seat) if event.prevented else effect.takes
    effect = replaced(effect, takes=takes, waiting=_without(effect.waiting, event.seat))
    return replaced(state, effect=effect if takes else None)


def _theft_allowed(state: CanineState, event: ev.TheftAllowed) -> CanineState:
    effect = state.effect
    if not isinstance(effect, Theft):
        return state
    return replaced(state, effect=replaced(effect, waiting=_without(effect.waiting, event.seat)))


def _cards_stolen(state: CanineState, event: ev.CardsStolen) -> CanineState:
    if _has_seat(state, event.victim) and _has_seat(state, event.thief):
        hand, cards = _take(state.seats[event.victim].hand, event.cards)
        state = _change(state, event.victim, lambda s: replaced(s, hand=hand))
        state = _change(state, event.thief, lambda s: replaced(s, hand=sorted_collectables(s.hand + cards)))
    effect = state.effect
    if isinstance(effect, Theft):
        takes = tuple(t for t in effect.takes if t.victim != event.victim)
        state = replaced(state, effect=replaced(effect, takes=takes) if takes else None)
    return state


def _walkies_card_chosen(state: CanineState, event: ev.WalkiesCardChosen) -> CanineState:
    effect = state.effect
    if not isinstance(effect, Owed) or event.card is None or not _has_seat(state, event.seat):
        return state
    if event.card not in state.seats[event.seat].hand:
        return state
    state = _change(state, event.seat, lambda s: replaced(s, hand=_without(s.hand, event.card)))
    effect = replaced(
        effect, owing=_without(effect.owing, event.seat), chosen=effect.chosen + ((event.seat, event.card),)
    )
    return replaced(state, effect=effect)


def _cards_passed(state: CanineState, event: ev.CardsPassed) -> CanineState:
    effect = state.effect
    set_aside = list(effect.chosen) if isinstance(effect, Owed) else []
    for passed in event.passes:
        if passed.card is None or (passed.giver, passed.card) not in set_aside:
            continue
        set_aside.remove((passed.giver, passed.card))
        card = passed.card
        state = _change(state, passed.receiver, lambda s: replaced(s, hand=sorted_collectables(s.hand + (card,))))
    return replaced(state, effect=None)


def _hands_redealt(state: CanineState, event: ev.HandsRedealt) -> CanineState:
    for dealt in event.hands:
        cards = sorted_collectables(dealt.cards)
        state = _change(state, dealt.seat, lambda s: replaced(s, hand=cards))
    return state


def _leftovers_returned(state: CanineState, event: ev.LeftoversReturned) -> CanineState:
    deck = list(state.collectables)
    for card, position in zip(event.cards, event.positions, strict=False):
        deck.insert(position, card)
    return replaced(state, collectables=tuple(deck))


def _battle_started(state: CanineState, event: ev.BattleStarted) -> CanineState:
    if len(event.fighters) != 2:
        return state
    return replaced(state, effect=Battle(fighters=(event.fighters[0], event.fighters[1])))


def _weapon_chosen(state: CanineState, event: ev.WeaponChosen) -> CanineState:
    battle = state.effect
    if not isinstance(battle, Battle) or event.seat not in battle.fighters:
        return state
    weapons = list(battle.weapons)
    weapons[battle.fighters.index(event.seat)] = event.weapon
    return replaced(state, effect=replaced(battle, weapons=(weapons[0], weapons[1])))


def _throw_made(state: CanineState, event: ev.ThrowMade) -> CanineState:
    battle = state.effect
    if not isinstance(battle, Battle):
        return state
    wins = list(battle.wins)
    if event.winner in battle.fighters:
        wins[battle.fighters.index(event.winner)] += 1
    battle = Battle(fighters=battle.fighters, wins=(wins[0], wins[1]), throws=battle.throws + 1)
    return replaced(state, effect=battle)


_APPLIERS: dict[type, Callable[[CanineState, Any], CanineState]] = {
    ev.DogsDealt: _dogs_dealt,
    ev.HidingPlacesDealt: _hiding_places_dealt,
    ev.ActionsShuffled: _actions_shuffled,
    ev.CollectablesShuffled: _collectables_shuffled,
    ev.HandDealt: _hand_dealt,
    ev.BedroomShuffled: _bedroom_shuffled,
    ev.TurnStarted: _turn_started,
    ev.ActionsFinished: _actions_finished,
    ev.TurnEnded: _turn_ended,
    ev.ActionDeckFormedAgain: _action_deck_formed_again,
    ev.GameFinished: _game_finished,
    ev.ActionCardTaken: _action_card_taken,
    ev.ActionCardKept: _action_card_kept,
    ev.ActionCardDiscarded: _action_card_discarded,
    ev.HidingPlaceAdded: _hiding_place_added,
    ev.CollectablesDrawn: _collectables_drawn,
    ev.CardsDiscarded: _cards_discarded,
    ev.BedroomCardTaken: _bedroom_card_taken,
    ev.SetHidden: _set_hidden,
    ev.SetsSwapped: _sets_swapped,
    ev.PlacesSwapped: _places_swapped,
    ev.MrSquirrelTaken: _mr_squirrel_taken,
    ev.ChoiceAwaited: _choice_awaited,
    ev.VictimChosen: _effect_over,
    ev.LaundrySniffed: _effect_over,
    ev.LaundryPicked: _laundry_picked,
    ev.CollectableAskedFor: _collectable_asked_for,
    ev.TheftAttempted: _theft_attempted,
    ev.CharmOffensiveUsed: _charm_offensive_used,
    ev.TheftAllowed: _theft_allowed,
    ev.CardsStolen: _cards_stolen,
    ev.KeyRolled: _effect_over,
    ev.RollingStopped: _effect_over,
    ev.LeafStormEnded: _effect_over,
    ev.WalkiesCardChosen: _walkies_card_chosen,
    ev.CardsPassed: _cards_passed,
    ev.RumbleImmunityChosen: _effect_over,
    ev.HandsRedealt: _hands_redealt,
    ev.LeftoversReturned: _leftovers_returned,
    ev.BattleStarted: _battle_started,
    ev.WeaponChosen: _weapon_chosen,
    ev.ThrowMade: _throw_made,
    ev.BattleEnded: _effect_over,
    ev.SpoilsChosen: _effect_over,
    **evolve_trades.APPLIERS,
}
# Announcements that change nothing by themselves: DrawMissed, PawDeclared, BedroomCardMissed,
# BadgerPooPassed, SquirrelChase, CheesyDistractionPlayed.


def _draw(state: CanineState, seat: int, cards: tuple[Any, ...]) -> CanineState:
    if not _has_seat(state, seat):
        return state
    deck, drawn = _take(state.collectables, cards)
    state = replaced(state, collectables=deck)
    return _change(state, seat, lambda s: replaced(s, hand=sorted_collectables(s.hand + drawn)))
