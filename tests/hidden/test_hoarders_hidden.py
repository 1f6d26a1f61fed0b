"""Indistinguishability (design.md "Hidden information"): two tables that differ only in what
seat P may not know give P identical views, redacted streams, legal commands, prompts and
error messages.

What P may not know: the critters the other seats hold in hand or face down, the order of the
undrawn nut deck, and the seed. The other world starts from the same stream with the undrawn
cards in another order, and replays the same commands under another seed, except that the other
seats pick other critters this round (in every way that fits what P has seen). Replaying, not
patching state, is what catches a rule whose public effect depends on a hidden card: then the
other world's events differ, or one of its commands is refused.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from itertools import product
from typing import Any

import pytest

from domain.core import table as tables
from domain.core.bots import RandomBot
from domain.core.rng import Rng, seed_from_text
from domain.core.rules import RuleViolation
from domain.hoarders import GAME
from domain.hoarders.cards import Critter, Nut, sorted_critters
from domain.hoarders.commands import AllowTheft, CancelTheft, PickCritters, RevealCritter
from domain.hoarders.events import NutsShuffled, RoundStarted
from domain.hoarders.state import HoardersState

GAMES = 60
SAMPLES_PER_GAME = 3


@dataclass(frozen=True)
class Move:
    seat: int
    command: Any
    events: tuple[Any, ...]


@dataclass(frozen=True)
class Playthrough:
    opening: tuple[Any, ...]  # GameCreated and the set-up
    moves: tuple[Move, ...]

    def events(self, moves: int) -> list[Any]:
        return [*self.opening, *(event for move in self.moves[:moves] for event in move.events)]


def random_game(number: int) -> Playthrough:
    seat_count = 2 + number % 5
    seed = seed_from_text(f"hidden {number}")
    opening = tables.create(GAME, None, [f"p{seat}" for seat in range(seat_count)], seed)
    table = tables.fold(GAME, opening)
    bot = RandomBot(f"hidden {number}", undo=False)  # one pick per seat and round: see _other_picks
    moves = []
    while table.ended is None:
        prompts = table.pending()
        seat = prompts[len(moves) % len(prompts)].seat
        command = bot.choose(table, seat)
        events = tables.play(table, seat, command, seed)
        for event in events:
            table = tables.evolve(table, event)
        moves.append(Move(seat, command, tuple(events)))
    return Playthrough(tuple(opening), tuple(moves))


def other_world(game: Playthrough, moves: int, viewer: int | None, rng: Rng) -> Playthrough:
    """The first `moves` moves replayed in a world that differs only in what `viewer` may not know."""
    state: HoardersState = tables.fold(GAME, game.events(moves)).state
    opening = [_reshuffled(event, state, rng) for event in game.opening]
    repicks = _other_picks(game, moves, state, viewer, rng)
    seed = seed_from_text(f"another seed {rng.below(1 << 30)}")
    table = tables.fold(GAME, opening)
    replayed = []
    for index, move in enumerate(game.moves[:moves]):
        command = repicks.get(index, move.command)
        try:
            events = tables.play(table, move.seat, command, seed)
        except RuleViolation as error:
            raise AssertionError(
                f"move {index} is refused in a world seat {viewer} cannot tell apart: {error}"
            ) from error
        for event in events:
            table = tables.evolve(table, event)
        replayed.append(Move(move.seat, command, tuple(events)))
    return Playthrough(tuple(opening), tuple(replayed))


def _reshuffled(event: Any, state: HoardersState, rng: Rng) -> Any:
    """The shuffle with the cards nobody has drawn yet in another order."""
    if not isinstance(event, NutsShuffled):
        return event
    drawn = len(event.deck) - len(state.deck)
    return NutsShuffled(deck=event.deck[:drawn] + rng.shuffled(event.deck[drawn:]))


def _other_picks(
    game: Playthrough, moves: int, state: HoardersState, viewer: int | None, rng: Rng
) -> dict[int, PickCritters]:
    """Other picks this round for the seats other than `viewer`, by move index.

    Earlier rounds are public: by a round's end every picked critter has been revealed.
    """
    round_start = max(
        (
            i
            for i, move in enumerate(game.moves[:moves])
            if any(isinstance(e, RoundStarted) for e in move.events)
        ),
        default=-1,
    )
    repicks = {}
    for index in range(round_start + 1, moves):
        move = game.moves[index]
        if isinstance(move.command, PickCritters) and move.seat != viewer:
            repicks[index] = PickCritters(_another_pick(state, move.seat, rng))
    return repicks


def _another_pick(state: HoardersState, seat: int, rng: Rng) -> tuple[Critter, ...]:
    hoard = state.hoards[seat]
    if Critter.GROUNDHOG in hoard.revealed:
        return sorted_critters(hoard.played)  # what the Groundhog did told everyone what its partner is
    pool = [critter for critter in Critter if critter not in hoard.revealed]
    if any(Critter.BEAVER in other.revealed for other in state.hoards):
        pool = [
            critter for critter in pool if critter is not Critter.BEAVER
        ]  # all Beavers are face up by now
    if state.theft is None and state.seat_in_turn == seat and len(hoard.face_down) == 1:
        pool = [
            critter for critter in pool if critter is not Critter.HAMSTER
        ]  # a last Hamster is revealed at once
    return sorted_critters(hoard.revealed + rng.shuffled(pool)[: len(hoard.face_down)])


def probes(seat_count: int) -> list[Any]:
    """Commands of every type, with arguments good and bad."""
    pairs = [*product(Critter, repeat=2), (), (Critter.SQUIRREL,), tuple(Critter)[:3]]
    victims = [None, -1, *range(seat_count), seat_count]
    reveals = [RevealCritter(c, v, n) for c, v, n in product(Critter, victims, [None, *Nut])]
    return [*(PickCritters(pair) for pair in pairs), *reveals, AllowTheft(), CancelTheft()]


def answer(state: HoardersState, seat: int, command: Any) -> tuple[str, str] | None:
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
        "stream": [_seedless(tables.redact(table, event, viewer)) for event in events],
        "pending": table.pending(),
        "outcome": GAME.outcome(table.state),
    }
    if viewer is not None:
        known["legal"] = tables.legal_commands(table, viewer)
        known["answers"] = [
            answer(table.state, viewer, command) for command in probes(table.state.seat_count)
        ]
    return known


def _seedless(event: Any) -> Any:
    """The seed is revealed when the game ends, when there is nothing left to hide."""
    return dataclasses.replace(event, seed="") if isinstance(event, tables.GameEnded) else event


def hidden_part(game: Playthrough, moves: int, viewer: int | None) -> Any:
    state = tables.fold(GAME, game.events(moves)).state
    return state.deck, [(h.hand, h.face_down) for seat, h in enumerate(state.hoards) if seat != viewer]


@pytest.mark.parametrize("number", range(GAMES))
def test_a_seat_cannot_tell_apart_tables_that_differ_only_in_what_it_may_not_know(number):
    game = random_game(number)
    chance = Rng(seed_from_text(f"points {number}"), 0)
    seat_count = len(game.opening[0].seats)
    differing = 0
    for sample in range(SAMPLES_PER_GAME):
        moves = chance.below(len(game.moves) + 1)
        for viewer in [None, *range(seat_count)]:
            other = other_world(
                game, moves, viewer, Rng(seed_from_text(f"world {number} {sample} {viewer}"), 0)
            )
            assert what_seat_knows(other, moves, viewer) == what_seat_knows(game, moves, viewer)
            differing += hidden_part(other, moves, viewer) != hidden_part(game, moves, viewer)
    assert differing > 0, "no sample changed anything hidden: the test would prove nothing"


@pytest.mark.parametrize("number", range(0, GAMES, 6))
def test_no_decision_depends_on_the_seed(number):
    """The seed only shuffles the deck at setup; every later decision ignores the Rng it gets."""
    game = random_game(number)
    for moves in range(0, len(game.moves), 3):
        state = tables.fold(GAME, game.events(moves)).state
        for prompt in GAME.pending(state):
            for command in GAME.legal_commands(state, prompt.seat):
                first = GAME.decide(state, prompt.seat, command, Rng(seed_from_text("one"), moves))
                second = GAME.decide(state, prompt.seat, command, Rng(seed_from_text("two"), moves))
                assert first == second
