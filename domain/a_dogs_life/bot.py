"""What A Dog's Life lends the search bot (kennel.domain.core.search): its worlds, a rollout
policy that pursues the goal, and an evaluation.

Random play almost never buries a bone, so rollouts with it say nothing. The policy plays a dog
the way the rulebook's goal asks ("Find 4 bones and bury them in your home space"): bury a bone
at home, carry bones home by the shortest way, pick up bones, deliver newspapers and beg for
food when hungry, search trash cans for bones on the way; now and then (EXPLORE) anything legal,
so that rollouts do not all follow one line. It reads only the state it is handed, which in a
search is a world sampled from the seat's sight.
"""

from __future__ import annotations

import functools
import random
from collections import deque
from collections.abc import Sequence
from typing import Any

from kennel.domain.a_dogs_life import worlds
from kennel.domain.a_dogs_life.board import Feature, SpaceKind, board
from kennel.domain.a_dogs_life.commands import (
    BegForFood,
    BuryBone,
    CollectBone,
    DeliverNewspaper,
    EndActions,
    MoveDog,
    SearchTrashCan,
    TakeNewspaper,
)
from kennel.domain.a_dogs_life.state import MAX_FOOD, ADogsLifeState, ItemKind
from kennel.domain.core.rules import Game
from kennel.domain.core.search import Kit

EXPLORE = 0.08  # how often a rollout step plays any legal command instead
HUNGRY = 3  # at or below this hunger the dog heads for food first (a starving dog goes to the pound)
FAR = 1_000


@functools.cache
def distances(target: int) -> tuple[int, ...]:
    """Steps from every space to `target` (breadth first over the board's links)."""
    links = board().spaces
    result = [FAR] * len(links)
    result[target] = 0
    queue = deque([target])
    while queue:
        space = queue.popleft()
        for neighbour in links[space].links:
            if result[neighbour] == FAR:
                result[neighbour] = result[space] + 1
                queue.append(neighbour)
    return tuple(result)


def policy(
    game: Game[Any], state: ADogsLifeState, seat: int, legal: Sequence[Any], rng: random.Random
) -> Any:
    if rng.random() < EXPLORE:
        return legal[rng.randrange(len(legal))]
    kinds = {type(command): command for command in legal}
    for wanted in (BuryBone, CollectBone, DeliverNewspaper):
        if wanted in kinds:
            return kinds[wanted]
    dog = state.dogs[seat]
    if BegForFood in kinds and dog.hunger < MAX_FOOD:
        return kinds[BegForFood]
    if SearchTrashCan in kinds and dog.free_hands > 0:
        return kinds[SearchTrashCan]
    moves = [command for command in legal if isinstance(command, MoveDog)]
    if moves and dog.position is not None:
        target = _target(state, seat)
        if target is not None:
            away = distances(target)
            best = min(away[move.to] for move in moves)
            if best < away[dog.position]:
                return rng.choice([move for move in moves if away[move.to] == best])
    if TakeNewspaper in kinds and dog.free_hands > 1:
        return kinds[TakeNewspaper]
    if EndActions in kinds:
        return kinds[EndActions]
    return legal[rng.randrange(len(legal))]


def _target(state: ADogsLifeState, seat: int) -> int | None:
    """Where the dog should head: home with a bone; food when hungry; else the nearest bone
    lying about, newspaper address it carries, or unsearched trash can."""
    dog = state.dogs[seat]
    assert dog.position is not None
    if dog.bones and (dog.free_hands == 0 or dog.hunger > HUNGRY):
        return dog.home
    if dog.hunger <= HUNGRY:
        return _nearest(dog.position, board().of_kind(SpaceKind.RESTAURANT))
    if dog.bones:
        return dog.home
    places = [item.space for item in state.ground if item.kind is ItemKind.BONE]
    if dog.free_hands > 0:
        places += [s for s in board().with_feature(Feature.TRASH_CAN) if s not in state.searched]
    places += [board().addresses[a] for a in dog.newspapers if a in board().addresses]
    return _nearest(dog.position, places)


def _nearest(position: int, places: Sequence[int]) -> int | None:
    return min(places, key=lambda place: distances(place)[position], default=None)


def evaluate(state: ADogsLifeState, seat: int) -> float:
    """A rollout cut short: the seat's share of the progress towards the bones to bury (a dog in
    the pound, or about to starve into it, loses its carried bones: they count for less)."""
    goal = state.options.bones
    progress = [
        ((dog.buried + (0.5 if dog.hunger > 0 and not dog.in_pound else 0.1) * dog.bones) / goal + 0.1) ** 2
        for dog in state.dogs
    ]
    return progress[seat] / sum(progress)


KIT = Kit(worlds=worlds, policy=policy, evaluate=evaluate, depth=16)
