"""Whether one command is legal, without listing every legal command of its type.

`decide` must accept exactly what `legal_commands` lists. Building the list to search it is what
deciding cost most (a trade step listed every item of both seats, each checked against the offer
so far: about 0.1 ms a step, re-run for every step when a log is verified). The checks here ask
the rules' own conditions of the one command instead (`legal_commands`' branches that list
its type), and a test holds them to the list
(tests/unit/canine_kleptomaniacs/test_canine_kleptomaniacs_legality.py) for every type they
cover; every other type is still looked up in its list. Refusals do not change: they are
explained (`refusals.explain`) the same way whichever way legality was found.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kennel.domain.canine_kleptomaniacs import trading
from kennel.domain.canine_kleptomaniacs.commands import (
    AcceptTrade,
    AskInTrade,
    CallOffTrade,
    DeclineTrade,
    EndTurn,
    GiveInTrade,
    ProposeTrade,
    SendOffer,
    TakeActionCard,
    TakeMrSquirrel,
    TradeWith,
)
from kennel.domain.canine_kleptomaniacs.legal import legal_commands
from kennel.domain.canine_kleptomaniacs.state import CanineState, Offer, TurnPhase


def is_legal(state: CanineState, seat: int, command: Any) -> bool:
    """`command in legal_commands(state, seat)`, the same answer for every command."""
    check = _CHECKS.get(type(command))
    if check is not None:
        return check(state, seat, command)
    return command in legal_commands(state, seat, only=type(command))


def _composing(state: CanineState, seat: int) -> Offer | None:
    """The offer `seat` is composing with a partner named, if it is: when `legal_commands` lists
    its trade steps (`offer_commands`, then `trading.composing_commands`)."""
    if state.finished is not None or state.turn_number == 0 or not 0 <= seat < state.seat_count:
        return None
    offer = state.effect
    if not isinstance(offer, Offer) or offer.sent or seat != offer.proposer or offer.partner is None:
        return None
    return offer


def _playing(state: CanineState, seat: int) -> bool:
    """Whether `legal_commands` lists anything for `seat`: a game under way, a seat of it."""
    return state.finished is None and state.turn_number != 0 and 0 <= seat < state.seat_count


def _in_turn(state: CanineState, seat: int) -> TurnPhase | None:
    """The turn's phase when `seat` takes its turn between effects (`turn_commands` lists its
    commands), else None."""
    if not _playing(state, seat) or state.effect is not None or seat != state.turn:
        return None
    return state.phase


def _offer_to(state: CanineState, seat: int, sent: bool) -> Offer | None:
    """The offer that `offer_commands` lists commands of for `seat`: its own while composing it
    (not `sent`), or one sent to it."""
    offer = state.effect
    if not _playing(state, seat) or not isinstance(offer, Offer) or bool(offer.sent) is not sent:
        return None
    return offer if seat == (offer.partner if sent else offer.proposer) else None


def _propose_trade(state: CanineState, seat: int, command: ProposeTrade) -> bool:
    # In turn and out of it alike, between effects (the turn's CLOSING phase lists it too).
    return _playing(state, seat) and state.effect is None and trading.can_propose(state, seat)


# Module constants for the enum members read below as commands are decided, listed and told: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_OPEN = TurnPhase.OPEN
_CLOSING = TurnPhase.CLOSING


def _end_turn(state: CanineState, seat: int, command: EndTurn) -> bool:
    return _in_turn(state, seat) not in (None, _OPEN, _CLOSING)


def _may_take_action(state: CanineState, seat: int) -> bool:
    phase = _in_turn(state, seat)
    paw = state.paw_holder == seat
    return phase is _OPEN or (paw and phase in (TurnPhase.HIDING, TurnPhase.SWAPPING))


def _take_action_card(state: CanineState, seat: int, command: TakeActionCard) -> bool:
    return _may_take_action(state, seat)


def _take_mr_squirrel(state: CanineState, seat: int, command: TakeMrSquirrel) -> bool:
    return _may_take_action(state, seat) and not state.first_turn and state.mr_squirrel != seat


def _trade_with(state: CanineState, seat: int, command: TradeWith) -> bool:
    offer = _offer_to(state, seat, sent=False)
    if offer is None or offer.partner is not None:
        return False
    return command in [TradeWith(partner) for partner in trading.partners(state, offer.proposer)]


def _call_off_trade(state: CanineState, seat: int, command: CallOffTrade) -> bool:
    return _offer_to(state, seat, sent=False) is not None


def _send_offer(state: CanineState, seat: int, command: SendOffer) -> bool:
    offer = _offer_to(state, seat, sent=False)
    return offer is not None and trading.can_send(state, offer)


def _decline_trade(state: CanineState, seat: int, command: DeclineTrade) -> bool:
    return _offer_to(state, seat, sent=True) is not None


def _accept_trade(state: CanineState, seat: int, command: AcceptTrade) -> bool:
    offer = _offer_to(state, seat, sent=True)
    return offer is not None and trading.can_accept(state, offer)


def _give_in_trade(state: CanineState, seat: int, command: GiveInTrade) -> bool:
    offer = _composing(state, seat)
    return offer is not None and trading.may_put_in(state, offer, command.item, asking=False)


def _ask_in_trade(state: CanineState, seat: int, command: AskInTrade) -> bool:
    offer = _composing(state, seat)
    return offer is not None and trading.may_put_in(state, offer, command.item, asking=True)


_CHECKS: dict[type, Callable[[CanineState, int, Any], bool]] = {
    GiveInTrade: _give_in_trade,
    AskInTrade: _ask_in_trade,
    # The most frequent of the others in bot games (each list cost 7 to 20 us to build):
    ProposeTrade: _propose_trade,
    EndTurn: _end_turn,
    TakeActionCard: _take_action_card,
    TakeMrSquirrel: _take_mr_squirrel,
    TradeWith: _trade_with,
    CallOffTrade: _call_off_trade,
    SendOffer: _send_offer,
    DeclineTrade: _decline_trade,
    AcceptTrade: _accept_trade,
}
