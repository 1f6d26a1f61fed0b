"""The commands that might be legal for the active dog where it stands, before any check.

`legal_commands` filters them through the checks `decide` applies; `decide` uses them to see
whether a dog has anything left to do but end its actions.

They are listed once per state (`decide._permitted`), and every one of them is checked, so they
are made at once, as a list, from parts made once: the moves from a space (one per link of the
board, whatever the state) and the attacks of a seat (one per other seat).
"""

from __future__ import annotations

from typing import Any

from kennel.domain.a_dogs_life.board import board
from kennel.domain.a_dogs_life.commands import (
    AttackDog,
    BegForFood,
    BuryBone,
    CollectBone,
    CollectNewspaper,
    DeliverNewspaper,
    DrinkFromFountain,
    DropBone,
    DropNewspaper,
    EndActions,
    MoveDog,
    PiddleOnLamppost,
    SearchTrashCan,
    TakeNewspaper,
)
from kennel.domain.a_dogs_life.state import ADogsLifeState
from kennel.domain.core.frozen import one_per_value

_PLAIN_ACTIONS = (
    SearchTrashCan(),
    DropBone(),
    CollectBone(),
    BuryBone(),
    BegForFood(),
    DrinkFromFountain(),
    PiddleOnLamppost(),
    TakeNewspaper(),
    DeliverNewspaper(),
)
_END_ACTIONS = EndActions()  # one object, offered in every view: see `_PLAIN_ACTIONS`
# The commands with one field, one object per value (a space, an address, a place, a seat): the
# same object offered from state to state is found by identity in the server's table.
_MOVE, _DROP_NEWSPAPER = one_per_value(MoveDog), one_per_value(DropNewspaper)
_COLLECT_NEWSPAPER, _ATTACK = one_per_value(CollectNewspaper), one_per_value(AttackDog)


def _make_moves(position: int) -> tuple[MoveDog, ...]:
    return tuple(map(_MOVE, board().links(position)))


def _make_attacks(seats_and_attacker: tuple[int, int]) -> tuple[AttackDog, ...]:
    seats, attacker = seats_and_attacker
    return tuple(_ATTACK(other) for other in range(seats) if other != attacker)


# A move to each space linked to a space, and an attack on each other seat, as tuples made once
# per space and per (seats, attacker): the very objects `_MOVE` and `_ATTACK` give, each candidate
# made here before, not a call per candidate for each state listed. Which of them may be sent is
# for the checks to say, every time.
_MOVES_FROM, _ATTACKS_BY = one_per_value(_make_moves), one_per_value(_make_attacks)


def action_candidates(state: ADogsLifeState, seat: int) -> list[Any]:
    """Every action that might be legal for the seat's dog where it stands: a move to each
    adjacent space, the plain actions, one drop per newspaper carried, one collect per
    newspaper lying here, one attack per opponent, and ending the actions."""
    dog = state.dogs[seat]
    position = dog.position
    if position is None:
        return []
    candidates = [*_MOVES_FROM(position), *_PLAIN_ACTIONS]
    if dog.newspapers:
        candidates += map(_DROP_NEWSPAPER, dog.newspapers)
    if state.ground:
        candidates += map(_COLLECT_NEWSPAPER, range(len(state.newspapers_on(position))))
    candidates += _ATTACKS_BY((len(state.dogs), seat))  # `state.seat_count`, without its call
    candidates.append(_END_ACTIONS)
    return candidates
