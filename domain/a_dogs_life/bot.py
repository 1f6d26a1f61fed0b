"""What A Dog's Life lends the search bot (kennel.domain.core.search): its worlds, a rollout
policy that pursues the goal, and an evaluation.

Random play almost never buries a bone, so rollouts with it say nothing. The policy plays a dog
the way the rulebook's goal asks ("Find 4 bones and bury them in your home space"): bury a bone
at home, carry bones home by the shortest way (around other dogs, their piddles, homes and the
pound), pick up bones, deliver newspapers and eat when hungry (at a restaurant it has not begged
at this turn, or a trash can), search trash cans for bones on the way; now and then (EXPLORE)
anything legal, so that rollouts do not all follow one line. It reads only the state it is
handed, which in a search is a world sampled from the seat's sight.

The game is long and a rollout short: within its horizon most moves look alike, and the search
alone wandered (dogs starved into the pound with their bones). So the policy's own pick is also
the search's hint (core.search.Kit.hint): the search plays it unless its rollouts show clearly
that another command does better.
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
POUND_LOSS = 0.5  # in buried bones: what a spell in the pound costs a dog
FOOD_WORTH = 0.05  # in buried bones, per day of food
HOME_FAR = 20  # steps from home at which a carried bone is worth least
HINT_WEIGHT = 1.0  # how strongly the search leans towards `preferred` (see core.search.Kit)
FAR = 1_000


@functools.lru_cache(maxsize=8192)
def distances(target: int, blocked: frozenset[int] = frozenset()) -> tuple[int, ...]:
    """Steps from every space to `target`: breadth first over the board's links, never through
    a home, the pound or a `blocked` space (an opponent's dog, or its piddle, which ends the
    move), though those spaces get their own distance (a dog may start on one)."""
    city = board()
    result = [FAR] * len(city.spaces)
    result[target] = 0
    queue = deque([target])
    while queue:
        space = queue.popleft()
        if space != target and (space in blocked or city.kind(space) in (SpaceKind.HOME, SpaceKind.POUND)):
            continue
        for neighbour in city.links(space):
            if result[neighbour] == FAR:
                result[neighbour] = result[space] + 1
                queue.append(neighbour)
    return tuple(result)


def _blocked(state: ADogsLifeState, seat: int) -> frozenset[int]:
    dogs = {dog.position for other, dog in enumerate(state.dogs) if other != seat}
    piddles = {piddle.space for piddle in state.piddles if piddle.seat != seat}
    return frozenset(space for space in dogs | piddles if space is not None)


def policy(
    game: Game[Any], state: ADogsLifeState, seat: int, legal: Sequence[Any], rng: random.Random
) -> Any:
    """The rollout policy: `preferred`, and now and then (EXPLORE) anything legal."""
    if rng.random() < EXPLORE:
        return legal[rng.randrange(len(legal))]
    return preferred(game, state, seat, legal, rng)


def preferred(
    game: Game[Any], state: ADogsLifeState, seat: int, legal: Sequence[Any], rng: random.Random
) -> Any:
    """What a dog pursuing the goal does next (the search's hint, and its rollouts' policy)."""
    kinds = {type(command): command for command in legal}
    for wanted in (BuryBone, CollectBone, DeliverNewspaper):
        if wanted in kinds:
            return kinds[wanted]
    dog = state.dogs[seat]
    if BegForFood in kinds and dog.hunger < MAX_FOOD:
        return kinds[BegForFood]
    if SearchTrashCan in kinds and (dog.free_hands > 0 or dog.hunger < MAX_FOOD - 1):
        return kinds[SearchTrashCan]
    moves = [command for command in legal if isinstance(command, MoveDog)]
    if moves and dog.position is not None:
        target = _target(state, seat)
        if target is not None:
            away = distances(target, _blocked(state, seat))
            best = min(away[move.to] for move in moves)
            if best < away[dog.position]:
                return rng.choice([move for move in moves if away[move.to] == best])
    if TakeNewspaper in kinds and dog.free_hands > 1:
        return kinds[TakeNewspaper]
    if EndActions in kinds:
        return kinds[EndActions]
    return legal[rng.randrange(len(legal))]


def _target(state: ADogsLifeState, seat: int) -> int | None:
    """Where the dog should head: home with a bone (unless hungry with a hand free); food when
    hungry (a starving dog goes to the pound and drops its bones); else the nearest bone lying
    about, newspaper address it carries, or unsearched trash can."""
    dog = state.dogs[seat]
    assert dog.position is not None
    if dog.bones and (dog.free_hands == 0 or dog.hunger > HUNGRY):
        return dog.home
    if dog.hunger <= HUNGRY:
        return _nearest(dog.position, _food(state, seat))
    if dog.bones:
        return dog.home
    places = [item.space for item in state.ground if item.kind is ItemKind.BONE]
    if dog.free_hands > 0:
        places += _trash_cans(state)
    places += [board().addresses[a] for a in dog.newspapers if a in board().addresses]
    return _nearest(dog.position, [place for place in places if _free(state, seat, place)])


def _trash_cans(state: ADogsLifeState) -> list[int]:
    return [space for space in board().with_feature(Feature.TRASH_CAN) if space not in state.searched]


def _free(state: ADogsLifeState, seat: int, space: int) -> bool:
    """Whether no opponent's dog stands there (a dog may not stop on its space)."""
    return state.dog_at(space) in (None, seat)


def _food(state: ADogsLifeState, seat: int) -> list[int]:
    """Where the dog may still eat: restaurants it has not begged at this turn, and unsearched
    trash cans, that no other dog stands on."""
    begged = state.begged if state.active == seat else ()
    restaurants = [space for space in board().of_kind(SpaceKind.RESTAURANT) if space not in begged]
    return [space for space in restaurants + _trash_cans(state) if _free(state, seat, space)]


def _nearest(position: int, places: Sequence[int]) -> int | None:
    return min(places, key=lambda place: distances(place)[position], default=None)


def evaluate(state: ADogsLifeState, seat: int) -> float:
    """A rollout cut short: how far the seat's dog is ahead of the best other dog in progress
    towards the bones to bury, mapped linearly into [0, 1] (a share of squares swung wildly
    with any bone picked up by anyone, and drowned the search in noise)."""
    worth = [_worth(state, other) for other in range(len(state.dogs))]
    lead = worth[seat] - max(w for other, w in enumerate(worth) if other != seat)
    return min(1.0, max(0.0, 0.5 + lead / (2 * (state.options.bones + 1))))


def _worth(state: ADogsLifeState, seat: int) -> float:
    """Buried bones; carried ones the more the nearer home (none for a dog about to starve,
    which drops them); a little for food in hand; and a turn's loss for being in the pound."""
    dog = state.dogs[seat]
    if dog.position is None:
        return dog.buried - POUND_LOSS
    worth = dog.buried + FOOD_WORTH * dog.hunger
    if dog.hunger == 0:
        return worth
    way = min(distances(dog.home)[dog.position], HOME_FAR)
    return worth + dog.bones * (0.5 + 0.4 * (1 - way / HOME_FAR))


KIT = Kit(worlds=worlds, policy=policy, evaluate=evaluate, depth=16, hint=preferred, hint_weight=HINT_WEIGHT)
