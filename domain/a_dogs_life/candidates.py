"""The commands that might be legal for the active dog where it stands, before any check.

`legal_commands` filters them through the checks `decide` applies; `decide` uses them to see
whether a dog has anything left to do but end its actions.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any

from kennel.domain.a_dogs_life.board import Feature, SpaceKind, board
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


# Where each plain action may be legal at all, whatever the state: its check refuses it on any
# other space (a search away from a trash can, begging outside a restaurant...). Drops and a
# bone's collection depend on the state alone.
_ONLY_WHERE: dict[type, Any] = {
    SearchTrashCan: lambda space: space.feature is Feature.TRASH_CAN,  # check_search
    BuryBone: lambda space: space.kind is SpaceKind.HOME,  # check_bury: a dog's home is a home space
    BegForFood: lambda space: space.kind is SpaceKind.RESTAURANT,  # check_beg
    DrinkFromFountain: lambda space: space.feature is Feature.FOUNTAIN,  # check_drink
    PiddleOnLamppost: lambda space: space.feature is Feature.LAMPPOST,  # check_piddle
    TakeNewspaper: lambda space: space.kind is SpaceKind.KIOSK,  # check_take_newspaper
    DeliverNewspaper: lambda space: space.kind is SpaceKind.ADDRESS,  # check_deliver
}


@functools.cache
def _plain_actions_by_space() -> tuple[tuple[Any, ...], ...]:
    return tuple(
        tuple(
            action
            for action in _PLAIN_ACTIONS
            if type(action) not in _ONLY_WHERE or _ONLY_WHERE[type(action)](space)
        )
        for space in board().spaces
    )


def possible_actions(state: ADogsLifeState, seat: int) -> list[Any]:
    """`action_candidates` but the plain actions the dog's space rules out whatever the state:
    what `decide.permitted_actions` checks (about half as many checks as every candidate; the
    checks decide the rest as they would)."""
    dog = state.dogs[seat]
    position = dog.position
    if position is None:
        return []
    found: list[Any] = [_MOVE(to) for to in board().links(position)]
    found += _plain_actions_by_space()[position]
    for address in dog.newspapers:
        found.append(_DROP_NEWSPAPER(address))
    for index in range(len(state.newspapers_on(position))):
        found.append(_COLLECT_NEWSPAPER(index))
    for other in range(state.seat_count):
        if other != seat:
            found.append(_ATTACK(other))
    found.append(_END_ACTIONS)
    return found
