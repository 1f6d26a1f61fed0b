"""The commands that might be legal for the active dog where it stands, before any check.

`legal_commands` filters them through the checks `decide` applies; `decide` uses them to see
whether a dog has anything left to do but end its actions.
"""

from __future__ import annotations

from collections.abc import Iterator
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


def action_candidates(state: ADogsLifeState, seat: int) -> list[Any]:
    """Every action that might be legal for the seat's dog where it stands: a move to each
    adjacent space, the plain actions, one drop per newspaper carried, one collect per
    newspaper lying here, one attack per opponent, and ending the actions."""
    return list(each_action_candidate(state, seat))


def each_action_candidate(state: ADogsLifeState, seat: int) -> Iterator[Any]:
    """`action_candidates` one at a time, each made only when asked for: whether a dog has a
    choice left (asked after every action) is most often settled by the first move."""
    dog = state.dogs[seat]
    position = dog.position
    if position is None:
        return
    for to in board().links(position):
        yield _MOVE(to)
    yield from _PLAIN_ACTIONS
    for address in dog.newspapers:
        yield _DROP_NEWSPAPER(address)
    for index in range(len(state.newspapers_on(position))):
        yield _COLLECT_NEWSPAPER(index)
    for other in range(state.seat_count):
        if other != seat:
            yield _ATTACK(other)
    yield _END_ACTIONS
