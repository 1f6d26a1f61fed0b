"""Indistinguishability (design.md "Hidden information"): two tables that differ only in what
seat P may not know give P identical views, redacted streams, legal commands, prompts and
error messages.

What P may not know in A Dog's Life: the order of every deck's undrawn cards (nobody knows it),
the addresses of the newspapers P has not seen (carried by other dogs, lying face down, or in
the kiosk's stack), and the seed. The other world is the same game with the undrawn part of
each dog's current deck in another order, and with the addresses P never saw (and nobody saw
delivered) swapped around. It is *replayed*, not patched: every command, relabelled, goes
through `decide` in the other world under the same seed, and each event must come out as the
original one relabelled, except chance the other world may draw differently (a newspaper taken
from the kiosk, a shuffle), which is set to the relabelled original after checking it could
have been drawn. A rule whose public effect depends on a hidden card or address then shows as a
different event, or as a command the other world refuses.

Random bots never reach the kiosk, so these games are played by bots with a taste for
newspapers (and round limits that keep them short).
"""

from __future__ import annotations

from collections import deque
from functools import cache
from typing import Any

import pytest
from a_dogs_life_worlds import address_relabelling, hidden_part, other_world
from kennel.domain.a_dogs_life import GAME
from kennel.domain.a_dogs_life.board import SpaceKind, board
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
    SteerTruck,
    TakeNewspaper,
)
from kennel.domain.a_dogs_life.events import NewspaperDelivered, NewspaperTaken
from kennel.domain.a_dogs_life.state import NEWSPAPERS, ADogsLifeState
from kennel.domain.core import table as tables
from kennel.domain.core.rng import Rng, seed_from_text
from testkit.hidden_worlds import Move, Playthrough, what_seat_knows

GAMES = 24
SAMPLES_PER_GAME = 2


# A bot with a taste for newspapers -----------------------------------------------------------


@cache
def _distances_to(target: int) -> dict[int, int]:
    """Steps from every street square to the building `target` (breadth first)."""
    city = board()
    distance = {target: 0}
    queue = deque([target])
    while queue:
        here = queue.popleft()
        for link in city.links(here):
            if link not in distance and city.kind(link) is SpaceKind.STREET:
                distance[link] = distance[here] + 1
                queue.append(link)
    return distance


def _paper_minded(state: ADogsLifeState, seat: int, legal: tuple[Any, ...], chance: Rng) -> Any:
    """Takes, delivers, collects and now and then drops newspapers; walks to its first
    newspaper's address, or to the kiosk when it carries none; else plays at random."""

    def first(kind: type) -> Any | None:
        return next((c for c in legal if isinstance(c, kind)), None)

    for kind, odds in ((DeliverNewspaper, 1), (TakeNewspaper, 2), (CollectNewspaper, 2), (DropNewspaper, 6)):
        command = first(kind)
        if command is not None and chance.below(odds) == 0:
            return command
    moves = [c for c in legal if isinstance(c, MoveDog)]
    dog = state.dogs[seat]
    if moves and dog.position is not None and chance.below(5):
        city = board()
        target = city.addresses[dog.newspapers[0]] if dog.newspapers else city.kiosk
        distance = _distances_to(target)
        closer = [m for m in moves if distance.get(m.to, 99) < distance.get(dog.position, 99)]
        if closer:
            return chance.choice(closer)
    others = [c for c in legal if not isinstance(c, EndActions)] or list(legal)
    return chance.choice(others)


def paper_game(number: int) -> Playthrough:
    seat_count = 2 + number % 5
    seed = seed_from_text(f"hidden {number}")
    options = {"round_limit": 6 + number % 4, "overtime_rounds": 1}
    opening = tables.create(GAME, options, [f"p{seat}" for seat in range(seat_count)], seed)
    table = tables.fold(GAME, opening)
    chance = Rng(seed_from_text(f"paper bot {number}"), 0)
    moves = []
    # The timed variant with the house rule on overtime ends every game; the bound only guards.
    for _ in range(20_000):
        if table.ended is not None:
            break
        seat = table.pending()[0].seat
        command = _paper_minded(table.state, seat, tables.legal_commands(table, seat), chance)
        events = tables.play(table, seat, command, seed)
        for event in events:
            table = tables.evolve(table, event)
        moves.append(Move(seat, command, tuple(events)))
    return Playthrough(GAME, seed, tuple(opening), tuple(moves))


# What a seat learns --------------------------------------------------------------------------


def probes(state: ADogsLifeState) -> list[Any]:
    """Commands of every type, with arguments good and bad, around where things are."""
    city = board()
    near = {state.truck, *city.links(state.truck), 0, len(city.spaces)}
    for dog in state.dogs:
        if dog.position is not None:
            near |= {dog.position, *city.links(dog.position)}
    return [
        SearchTrashCan(),
        DropBone(),
        CollectBone(),
        BuryBone(),
        BegForFood(),
        DrinkFromFountain(),
        PiddleOnLamppost(),
        TakeNewspaper(),
        DeliverNewspaper(),
        EndActions(),
        *(MoveDog(space) for space in sorted(near)),
        *(SteerTruck(space) for space in sorted(near)),
        *(DropNewspaper(address) for address in range(0, NEWSPAPERS + 2)),
        *(CollectNewspaper(index) for index in range(-1, 4)),
        *(AttackDog(seat) for seat in range(-1, state.seat_count + 1)),
    ]


def seat_knowledge(game: Playthrough, moves: int, viewer: int | None) -> dict[str, Any]:
    """What every game's seat knows (testkit), and the picture of the board it is shown."""
    table = game.table(moves)
    tried = probes(table.state) if table.ended is None else []
    return {**what_seat_knows(game, moves, viewer, tried), "picture": GAME.picture(table.state, viewer)}


@pytest.mark.parametrize("number", range(GAMES))
def test_a_seat_cannot_tell_apart_tables_that_differ_only_in_what_it_may_not_know(number):
    game = paper_game(number)
    chance = Rng(seed_from_text(f"points {number}"), 0)
    differing = 0
    for sample in range(SAMPLES_PER_GAME):
        moves = len(game.moves) // 3 + chance.below(len(game.moves) * 2 // 3 + 1)
        for viewer in [None, *range(game.seat_count)]:
            other = other_world(
                game, moves, viewer, Rng(seed_from_text(f"world {number} {sample} {viewer}"), 0)
            )
            assert seat_knowledge(other, moves, viewer) == seat_knowledge(game, moves, viewer)
            differing += hidden_part(other.table(moves).state, viewer) != hidden_part(game.table(moves).state, viewer)
    assert differing > 0, "no sample changed anything hidden: the test would prove nothing"


def test_the_games_handle_newspapers_enough_to_prove_something():
    """The other worlds must really move addresses around, not only deck orders."""
    relabelled = delivered = 0
    for number in range(GAMES):
        game = paper_game(number)
        events = game.events(len(game.moves))
        taken = {e.address for e in events if isinstance(e, NewspaperTaken)}
        assert taken, f"game {number} took no newspaper"
        delivered += sum(isinstance(e, NewspaperDelivered) for e in events)
        for viewer in range(len(game.opening[0].seats)):
            relabelling = address_relabelling(events, viewer, Rng(seed_from_text(f"count {number} {viewer}"), 0))
            relabelled += any(relabelling[a] != a for a in taken if a in relabelling)
    assert relabelled >= GAMES and delivered >= 3
