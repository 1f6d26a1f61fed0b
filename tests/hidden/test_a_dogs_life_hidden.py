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

import dataclasses
from collections import deque
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest

from domain.a_dogs_life import GAME
from domain.a_dogs_life.board import SpaceKind, board
from domain.a_dogs_life.commands import (
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
from domain.a_dogs_life.events import (
    CardDrawn,
    DeckShuffled,
    NewspaperCollected,
    NewspaperDelivered,
    NewspaperDropped,
    NewspaperTaken,
)
from domain.a_dogs_life.state import NEWSPAPERS, ADogsLifeState
from domain.core import table as tables
from domain.core.rng import Rng, seed_from_text
from domain.core.rules import RuleViolation

GAMES = 24
SAMPLES_PER_GAME = 2
ADDRESSED = (NewspaperTaken, NewspaperDropped, NewspaperCollected, NewspaperDelivered)


@dataclass(frozen=True)
class Move:
    seat: int
    command: Any
    events: tuple[Any, ...]


@dataclass(frozen=True)
class Playthrough:
    seed: bytes
    opening: tuple[Any, ...]  # GameCreated and the set-up
    moves: tuple[Move, ...]

    def events(self, moves: int) -> list[Any]:
        return [*self.opening, *(event for move in self.moves[:moves] for event in move.events)]


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
    while table.ended is None:
        seat = table.pending()[0].seat
        command = _paper_minded(table.state, seat, tables.legal_commands(table, seat), chance)
        events = tables.play(table, seat, command, seed)
        for event in events:
            table = tables.evolve(table, event)
        moves.append(Move(seat, command, tuple(events)))
    return Playthrough(seed, tuple(opening), tuple(moves))


# The other world -----------------------------------------------------------------------------


def _relabelling(events: list[Any], viewer: int | None, chance: Rng) -> dict[int, int]:
    """A permutation of the addresses the viewer never saw and nobody saw delivered."""
    known = set()
    for event in events:
        if isinstance(event, NewspaperDelivered):
            known.add(event.address)
        elif isinstance(event, ADDRESSED) and viewer is not None:
            seen = GAME.redact(event, viewer)
            if seen.address:
                known.add(seen.address)
    free = [address for address in range(1, NEWSPAPERS + 1) if address not in known]
    return dict(zip(free, chance.shuffled(free), strict=True))


def _reshuffled_decks(events: list[Any], chance: Rng) -> dict[int, DeckShuffled]:
    """For each seat's last shuffle (by index in `events`), the same shuffle with its cards not
    yet drawn in another order."""
    last: dict[int, int] = {}
    drawn: dict[int, int] = {}
    for index, event in enumerate(events):
        if isinstance(event, DeckShuffled):
            last[event.seat], drawn[event.seat] = index, 0
        elif isinstance(event, CardDrawn):
            drawn[event.seat] += 1
    patched = {}
    for seat, index in last.items():
        deck = events[index].deck
        patched[index] = DeckShuffled(
            seat=seat, deck=deck[: drawn[seat]] + chance.shuffled(deck[drawn[seat] :])
        )
    return patched


def _relabel(value: Any, relabelling: dict[int, int]) -> Any:
    if isinstance(value, (*ADDRESSED, DropNewspaper)):
        return dataclasses.replace(value, address=relabelling.get(value.address, value.address))
    return value


def other_world(game: Playthrough, moves: int, viewer: int | None, chance: Rng) -> Playthrough:
    """The first `moves` moves replayed in a world that differs only in what `viewer` may not know."""
    original = game.events(moves)
    relabelling = _relabelling(original, viewer, chance)
    decks = _reshuffled_decks(original, chance)
    expected = [decks.get(index, _relabel(event, relabelling)) for index, event in enumerate(original)]
    opening = expected[: len(game.opening)]
    table = tables.fold(GAME, opening)
    index = len(opening)
    replayed = []
    for number, move in enumerate(game.moves[:moves]):
        command = _relabel(move.command, relabelling)
        try:
            produced = tables.play(table, move.seat, command, game.seed)
        except RuleViolation as error:
            raise AssertionError(
                f"move {number} is refused in a world seat {viewer} cannot tell apart: {error}"
            ) from error
        wanted = expected[index : index + len(move.events)]
        assert [type(e) for e in produced] == [type(e) for e in wanted], f"move {number} went another way"
        final = []
        for got, want in zip(produced, wanted, strict=True):
            if isinstance(want, NewspaperTaken):
                assert want.address in table.state.kiosk, "the relabelled newspaper could not have been taken"
                got = want  # the kiosk holds other addresses here: the draw may differ
            elif isinstance(want, DeckShuffled):
                assert sorted(want.deck) == sorted(got.deck)
                got = want  # the shuffle whose undrawn cards are in another order
            assert got == want, f"move {number}: {got} where the other world expects {want}"
            final.append(got)
            table = tables.evolve(table, got)
        index += len(move.events)
        replayed.append(Move(move.seat, command, tuple(final)))
    return Playthrough(game.seed, tuple(opening), tuple(replayed))


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


def answer(state: ADogsLifeState, seat: int, command: Any) -> tuple[str, str] | None:
    """What the seat learns from sending `command`: the refusal, or None when it is accepted."""
    try:
        GAME.decide(state, seat, command, Rng(seed_from_text("probe"), 0))
    except RuleViolation as error:
        return error.code, error.message
    return None


def what_seat_knows(game: Playthrough, moves: int, viewer: int | None) -> dict[str, Any]:
    events = game.events(moves)
    table = tables.fold(GAME, events)
    known: dict[str, Any] = {
        "view": GAME.view(table.state, viewer),
        "stream": [tables.redact(table, event, viewer) for event in events],
        "pending": table.pending(),
        "outcome": GAME.outcome(table.state),
        "picture": GAME.picture(table.state, viewer),
    }
    if viewer is not None:
        known["legal"] = tables.legal_commands(table, viewer)
        if table.ended is None:
            known["answers"] = [answer(table.state, viewer, command) for command in probes(table.state)]
    return known


def hidden_part(game: Playthrough, moves: int, viewer: int | None) -> Any:
    state = tables.fold(GAME, game.events(moves)).state
    return (
        [dog.deck for dog in state.dogs],
        [dog.newspapers for seat, dog in enumerate(state.dogs) if seat != viewer],
        [item.address for item in state.ground],
        state.kiosk,
    )


@pytest.mark.parametrize("number", range(GAMES))
def test_a_seat_cannot_tell_apart_tables_that_differ_only_in_what_it_may_not_know(number):
    game = paper_game(number)
    chance = Rng(seed_from_text(f"points {number}"), 0)
    seat_count = len(game.opening[0].seats)
    differing = 0
    for sample in range(SAMPLES_PER_GAME):
        moves = len(game.moves) // 3 + chance.below(len(game.moves) * 2 // 3 + 1)
        for viewer in [None, *range(seat_count)]:
            other = other_world(
                game, moves, viewer, Rng(seed_from_text(f"world {number} {sample} {viewer}"), 0)
            )
            assert what_seat_knows(other, moves, viewer) == what_seat_knows(game, moves, viewer)
            differing += hidden_part(other, moves, viewer) != hidden_part(game, moves, viewer)
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
            relabelling = _relabelling(events, viewer, Rng(seed_from_text(f"count {number} {viewer}"), 0))
            relabelled += any(relabelling[a] != a for a in taken if a in relabelling)
    assert relabelled >= GAMES and delivered >= 3
