"""Every command a seat may send now; `decide` accepts exactly these and nothing else.

While an effect waits for choices, only the seats owing one may act, and only to answer it.
Between effects ("calm"), the seat whose turn it is takes its turn, and out of turn a seat may
begin a trade offer to it, and the Paw's holder may hide and swap. A Cheesy Distraction may be
played at any time, also while a card resolves.
"""

from __future__ import annotations

from typing import Any

from kennel.domain.canine_kleptomaniacs import hiding, trading
from kennel.domain.canine_kleptomaniacs.commands import (
    AcceptTrade,
    AllowTheft,
    AskForCollectable,
    CallOffTrade,
    ChooseVictim,
    ChooseWeapon,
    ClaimBedroomCard,
    ClaimImmunity,
    ClaimThreeCards,
    DeclineTrade,
    DiscardCard,
    DiscardTwo,
    EndLeafStorm,
    EndTurn,
    HideSet,
    JoinRumble,
    LoseCollectables,
    PassCard,
    PickFromLaundry,
    PlayCheesyDistraction,
    ProposeTrade,
    RollAgain,
    SendOffer,
    SniffLaundryPile,
    StopRolling,
    SwapPlaces,
    SwapSets,
    TakeActionCard,
    TakeMrSquirrel,
    UseCharmOffensive,
)
from kennel.domain.canine_kleptomaniacs.components import KINDS, ActionCard, Weapon, manifest
from kennel.domain.canine_kleptomaniacs.events import Step
from kennel.domain.canine_kleptomaniacs.hands import discardable, kinds_in, picks, set_kinds
from kennel.domain.canine_kleptomaniacs.state import (
    Battle,
    CanineState,
    Choosing,
    Naming,
    Offer,
    Owed,
    Seat,
    Theft,
    TurnPhase,
)
from kennel.domain.core.frozen import one_per_value, per_recent_part


# Module constants for what every seat's legal commands look at, several times per command: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), where a module constant is a dict look-up.
_CHEESY_DISTRACTION = ActionCard.CHEESY_DISTRACTION
_OPEN, _HIDING, _SWAPPING, _CLOSING = TurnPhase.OPEN, TurnPhase.HIDING, TurnPhase.SWAPPING, TurnPhase.CLOSING


# Commands without fields offered again and again, made once: the server keeps a command's
# encoding and label per command (a dict), where the same object is found by identity.
_ACCEPT_TRADE = AcceptTrade()
_ALLOW_THEFT = AllowTheft()
_CALL_OFF_TRADE = CallOffTrade()
_CLAIM_BEDROOM_CARD = ClaimBedroomCard()
_CLAIM_IMMUNITY = ClaimImmunity()
_CLAIM_THREE_CARDS = ClaimThreeCards()
_DECLINE_TRADE = DeclineTrade()
_END_LEAF_STORM = EndLeafStorm()
_END_TURN = EndTurn()
_JOIN_RUMBLE = JoinRumble()
_PLAY_CHEESY_DISTRACTION = PlayCheesyDistraction()
_PROPOSE_TRADE = ProposeTrade()
_SEND_OFFER = SendOffer()
_SNIFF_LAUNDRY_PILE = SniffLaundryPile()
_STOP_ROLLING = StopRolling()
_TAKE_ACTION_CARD = TakeActionCard()
_TAKE_MR_SQUIRREL = TakeMrSquirrel()
_USE_CHARM_OFFENSIVE = UseCharmOffensive()
# Commands with one field (a kind, a seat): one object per value, for the same reason.
_ASK_FOR, _CHOOSE_VICTIM = one_per_value(AskForCollectable), one_per_value(ChooseVictim)
_DISCARD = one_per_value(DiscardCard)
_ROLL_AGAIN, _PASS, _LOSE = one_per_value(RollAgain), one_per_value(PassCard), one_per_value(LoseCollectables)
_WEAPONS = tuple(ChooseWeapon(weapon) for weapon in Weapon)  # every fighter is offered all three


def legal_commands(state: CanineState, seat: int, only: type | None = None) -> tuple[Any, ...]:
    """Every legal command of the seat; with `only`, just those of that type (which `decide`
    asks for, to skip building the long lists of other types)."""
    if state.finished is not None or state.turn_number == 0 or not 0 <= seat < len(state.seats):
        return ()  # (`state.seat_count` read as the length of the seats: asked for every seat and version)
    effect = state.effect
    commands: list[Any] = []
    if effect is not None:
        commands.extend(effect_commands(state, seat, effect, only))
    elif seat == state.turn:
        commands.extend(turn_commands(state, seat, only))
    else:
        if state.paw_holder == seat:
            # The Ultimate Paw: its holder may "hide and swap their own cards at any time".
            commands.extend(hiding_commands(state, seat, only))
        if trading.can_propose(state, seat):
            # "You can also participate in a trade on someone else's turn."
            commands.append(_PROPOSE_TRADE)
    if can_play_cheesy_distraction(state, seat):
        commands.append(_PLAY_CHEESY_DISTRACTION)
    if only is not None:
        return tuple(command for command in commands if type(command) is only)
    return tuple(commands)


def hiding_commands(state: CanineState, seat: int, only: type | None, hides: bool = True, swaps: bool = True) -> list[Any]:
    own = state.seats[seat]
    found = _hides(own) if hides and only in (None, HideSet) else ()
    if not swaps or only not in (None, SwapSets, SwapPlaces):
        return list(found)
    return [*found, *_swaps(own)]


# A seat's hides and swaps depend on its own part alone (its hand, places and bedroom cards),
# which most states share with the one before: listed once per part, so the same commands come
# back (the server finds a command it met before by identity, its `__eq__` skipped).
@per_recent_part
def _hides(own: Seat) -> tuple[HideSet, ...]:
    return tuple(hiding.hide_commands(own))


@per_recent_part
def _swaps(own: Seat) -> tuple[SwapSets | SwapPlaces, ...]:
    return tuple(hiding.swap_commands(own))


def can_play_cheesy_distraction(state: CanineState, seat: int) -> bool:
    """"Use at any time to steal the Ultimate Paw of Pilferage from another player": also while
    a card resolves or a trade waits (docs/rules, "Cheesy Distraction at any time"), but not
    while Walkies cards are set aside (the Paw may be among them, in nobody's hand) nor while
    the Paw is being stolen already."""
    if _CHEESY_DISTRACTION not in state.seats[seat].kept:
        return False  # most seats, most of the time: the Paw's holder (a loop over seats) is not sought
    holder = state.paw_holder
    effect = state.effect
    return (
        holder is not None
        and holder != seat
        and state.suspended is None
        and not (isinstance(effect, Owed) and effect.step is Step.WALKIES)
        and not (isinstance(effect, Theft) and effect.card is ActionCard.CHEESY_DISTRACTION)
    )


def turn_commands(state: CanineState, seat: int, only: type | None) -> list[Any]:
    """The seat in turn: "During your turn you may do ONE of the following actions": take an
    Action card, or hide sets, or swap sets; or take Mr. Squirrel "instead". The Paw's holder
    "can: Take an Action card AND hide and swap on their turn", from the moment it holds the
    Paw (docs/rules: "The Paw gained or lost during a turn")."""
    phase = state.phase
    # In the open phase every action is offered, the Paw's holder's as any other's: its holder
    # (a loop over the seats) is sought only in the later phases.
    paw = phase is not _OPEN and state.paw_holder == seat
    # The turn's own action first, a trade (optional, "at any point during a turn") last: the
    # order front-ends list choices in.
    trade = [_PROPOSE_TRADE] if trading.can_propose(state, seat) else []
    commands: list[Any] = []
    if phase is _CLOSING:
        return trade
    if phase is _OPEN or (paw and phase in (_HIDING, _SWAPPING)):
        commands.append(_TAKE_ACTION_CARD)
        if not state.first_turn and state.mr_squirrel != seat:
            commands.append(_TAKE_MR_SQUIRREL)
    hides = paw or phase in (_OPEN, _HIDING)
    # Nothing is hidden before the first turn, which "EITHER takes an Action card OR hides a set".
    swaps = not state.first_turn and (paw or phase in (_OPEN, _SWAPPING))
    commands.extend(hiding_commands(state, seat, only, hides=hides, swaps=swaps))
    if phase is not _OPEN:
        commands.append(_END_TURN)
    return [*commands, *trade]


def effect_commands(state: CanineState, seat: int, effect: Any, only: type | None = None) -> list[Any]:
    if isinstance(effect, Choosing):
        return choosing_commands(state, seat, effect) if seat == effect.seat else []
    if isinstance(effect, Naming):
        return list(map(_ASK_FOR, KINDS)) if seat == effect.seat else []
    if isinstance(effect, Owed):
        return owed_commands(state, seat, effect) if seat in effect.owing else []
    if isinstance(effect, Theft):
        return [_USE_CHARM_OFFENSIVE, _ALLOW_THEFT] if seat in effect.waiting else []
    if isinstance(effect, Battle):
        if seat not in effect.fighters or effect.weapons[effect.fighters.index(seat)] is not None:
            return []
        return list(_WEAPONS)
    if isinstance(effect, Offer):
        return offer_commands(state, seat, effect, only)
    return []


def choosing_commands(state: CanineState, seat: int, effect: Choosing) -> list[Any]:
    hand = state.seats[seat].hand
    step = effect.step
    robbable = [other for other in state.others(seat) if state.hand_size(other) > 0]
    if step is Step.CHOOSE_VICTIM:
        return list(map(_CHOOSE_VICTIM, robbable))
    if step is Step.POOCH_OPPONENT:
        return list(map(_CHOOSE_VICTIM, state.others(seat)))
    if step is Step.SNIFF_CHOICE:
        pile = [_SNIFF_LAUNDRY_PILE] if state.laundry else []
        return [*pile, *map(_CHOOSE_VICTIM, robbable)]
    if step is Step.SNIFF_SELECT:
        size = min(manifest().numbers["sniff_it_out_picks_from_laundry"], len(state.laundry))
        return [PickFromLaundry(cards) for cards in picks(state.laundry, size)]
    if step is Step.KEY_REROLL:
        return [*map(_ROLL_AGAIN, kinds_in(discardable(hand))), _STOP_ROLLING]
    if step is Step.LEAF_STORM:
        return [*map(_DISCARD, kinds_in(discardable(hand))), _END_LEAF_STORM]
    if step is Step.HAND_LIMIT:
        return list(map(_DISCARD, kinds_in(discardable(hand))))
    if step is Step.RANCID_DISCARD:
        cards = discardable(hand)
        size = min(manifest().numbers["rancid_badger_poo_discards"], len(cards))
        return [DiscardTwo(pick) for pick in picks(cards, size)]
    if step is Step.RUMBLE_IMMUNITY:
        return [_CLAIM_IMMUNITY, _JOIN_RUMBLE]
    if step is Step.SPOILS:
        return [_CLAIM_BEDROOM_CARD, _CLAIM_THREE_CARDS]
    return []


def owed_commands(state: CanineState, seat: int, effect: Owed) -> list[Any]:
    hand = state.seats[seat].hand
    if effect.step is Step.WALKIES:
        return list(map(_PASS, kinds_in(hand)))
    # Grapes of Wrath: a set if the seat has one, else any one card; nothing if nothing may go.
    sets = set_kinds(hand)
    kinds = sets or kinds_in(discardable(hand))
    return list(map(_LOSE, kinds)) if kinds else [_LOSE(None)]


def offer_commands(state: CanineState, seat: int, offer: Offer, only: type | None) -> list[Any]:
    if not offer.sent:
        if seat != offer.proposer:
            return []
        steps = trading.composing_commands(state, offer, only) if only not in (CallOffTrade, SendOffer) else []
        send = [_SEND_OFFER] if trading.can_send(state, offer) else []
        return [*steps, *send, _CALL_OFF_TRADE]
    if seat != offer.partner:
        return []
    accept = [_ACCEPT_TRADE] if trading.can_accept(state, offer) else []
    return [*accept, _DECLINE_TRADE]
