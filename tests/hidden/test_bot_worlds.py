"""Determinization (issue 19): the worlds a bot samples from its seat's sight
(kennel.domain.core.worlds, one `worlds` module per game) agree with what the seat sees, and over
many samples every hidden card that could lie somewhere does appear there.

"Could lie there" is what the hidden-information oracle (`tests/hidden/<game>_worlds.py`) says:
it builds, from the whole truth, other worlds the seat cannot tell apart. Every hidden component
it places in a hidden place in one of those worlds must turn up in that place in some world the
bot sampled from the seat's sight alone.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from kennel.domain.bots import KITS
from kennel.domain.core.rng import Rng, seed_from_text
from kennel.domain.core.sight import sight_of
from kennel.domain.core.worlds import Sampler, sample_world
from kennel.domain.registry import GAMES
from testkit.hidden_worlds import random_game
from worlds import WORLDS

PLAYOUTS = 3  # per game
POINTS = 2  # per playout
MAX_MOVES = 120
SAMPLES = 120  # worlds the bot samples at a point (a card in 1 of 15 places is missed 1 time in 4000)
ORACLE_WORLDS = 6  # worlds the oracle builds at a point


def test_every_registered_game_lends_the_search_bot_a_kit() -> None:
    assert sorted(KITS) == sorted(GAMES)


def places(value: Any, path: str = "") -> set[tuple[str, Any]]:
    """(hidden place, component) pairs: a sequence of plain values is a place holding each of
    them (in any order); anything else is a place holding that one value."""
    if isinstance(value, (tuple, list)):
        if all(not isinstance(item, (tuple, list)) for item in value):
            return {(path, _plain(item)) for item in value}
        return {pair for index, item in enumerate(value) for pair in places(item, f"{path}/{index}")}
    return {(path, _plain(value))}


def _plain(value: Any) -> Any:
    return repr(value) if dataclasses.is_dataclass(value) else value


@pytest.mark.parametrize("name", sorted(GAMES))
def test_sampled_worlds_agree_with_the_view_and_cover_every_place_a_hidden_card_could_be(name: str) -> None:
    game, oracle, kit = GAMES[name], WORLDS[name], KITS[name]
    checked = 0
    for number in range(PLAYOUTS):
        seats = game.seats.minimum + number % (min(game.seats.maximum, 4) - game.seats.minimum + 1)
        played = random_game(game, f"bot worlds {name} {number}", seats, max_moves=MAX_MOVES)
        chance = Rng(seed_from_text(f"bot worlds points {name} {number}"), 0)
        for point in range(POINTS):
            moves = 1 + chance.below(len(played.moves))
            seat = chance.below(seats)
            truth = played.table(moves)
            sight = sight_of(truth, played.events(moves), seat)
            seed = seed_from_text(f"{name} {number} {point}")
            sampled = [
                sample_world(kit.worlds, sight, seed, k) for k in range(SAMPLES)
            ]  # each checks the view
            assert all(game.view(world.state, seat) == sight.view for world in sampled)
            ours = set().union(*(places(oracle.hidden_part(world.state, seat)) for world in sampled))
            possible = places(oracle.hidden_part(truth.state, seat))
            for k in range(ORACLE_WORLDS):
                other = oracle.other_world(played, moves, seat, Rng(seed, 1 + k))
                possible |= places(oracle.hidden_part(other.table(moves).state, seat))
            missing = possible - ours
            assert not missing, (
                f"{name} game {number} move {moves} seat {seat}: never sampled {sorted(missing, key=str)[:5]}"
            )
            checked += 1
    assert checked == PLAYOUTS * POINTS


@pytest.mark.parametrize("name", sorted(GAMES))
def test_worlds_carried_from_decision_to_decision_are_the_worlds_sampled_afresh(name: str) -> None:
    """A bot folds only the new events into its worlds; that must change nothing."""
    game, kit = GAMES[name], KITS[name]
    played = random_game(game, f"carried worlds {name}", game.seats.minimum, max_moves=120)
    seed = seed_from_text(f"carried {name}")
    sampler = Sampler(kit.worlds, seed)
    for moves in range(1, len(played.moves) + 1, 9):
        sight = sight_of(played.table(moves), played.events(moves), 0)
        carried = sampler.worlds(sight, 2)
        assert [w.state for w in carried] == [
            sample_world(kit.worlds, sight, seed, k).state for k in range(2)
        ]
