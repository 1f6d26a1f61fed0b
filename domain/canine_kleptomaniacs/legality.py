"""Whether one command is legal, without listing every legal command of its type.

`decide` must accept exactly what `legal_commands` lists. Building the list to search it is what
deciding cost most (a trade step listed every item of both seats, each checked against the offer
so far: about 0.1 ms a step, re-run for every step when a log is verified). The checks here ask
the rules' own conditions of the one command instead, and a test holds them to the list
(tests/unit/canine_kleptomaniacs/test_canine_kleptomaniacs_legality.py) for every type they
cover; every other type is still looked up in its list. Refusals do not change: they are
explained (`refusals.explain`) the same way whichever way legality was found.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kennel.domain.canine_kleptomaniacs import trading
from kennel.domain.canine_kleptomaniacs.commands import AskInTrade, GiveInTrade
from kennel.domain.canine_kleptomaniacs.legal import legal_commands
from kennel.domain.canine_kleptomaniacs.state import CanineState, Offer


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


def _give_in_trade(state: CanineState, seat: int, command: GiveInTrade) -> bool:
    offer = _composing(state, seat)
    return offer is not None and trading.may_put_in(state, offer, command.item, asking=False)


def _ask_in_trade(state: CanineState, seat: int, command: AskInTrade) -> bool:
    offer = _composing(state, seat)
    return offer is not None and trading.may_put_in(state, offer, command.item, asking=True)


_CHECKS: dict[type, Callable[[CanineState, int, Any], bool]] = {
    GiveInTrade: _give_in_trade,
    AskInTrade: _ask_in_trade,
}
