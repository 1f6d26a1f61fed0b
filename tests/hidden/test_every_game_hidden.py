"""The hidden-information property for every registered game (issue 8, design.md "Hidden
information"): random games, and at random points a world that differs only in what a random
seat may not know (other hands, deck order, face-down choices, the seed), built by the game's
hook (`tests/hidden/worlds.py`) and driven by the same commands; that seat's view, its redacted
events, its prompts, its legal commands, the rules' answer should its prompt run out of time,
and the refusal of every command it might try must be identical in both.

The same holds after a secret choice has resolved (issue 16): what a third party may learn of a
card passed, a card traded face down, a reaction card kept, once the effect is over. Each game's
hook says which of its resolutions leave something secret and builds the world where it went
otherwise; the comparison is the same for every game.

Each game's own file in this folder samples far more; this one holds every game to the same bar,
and fails for a game that has no hook.
"""

from __future__ import annotations

import pytest
from kennel.domain.core.rng import Rng, seed_from_text
from kennel.domain.registry import GAMES
from testkit.hidden_worlds import Resolved, probes_from, random_game, what_seat_knows
from worlds import WORLDS

PLAYOUTS = 8  # per game
POINTS = 5  # per playout
MAX_MOVES = 400  # per playout: the property is about any point, not about endings
PROBES = 40  # commands tried per point
RESOLVED_PER_VIEWER = 3  # resolved secret choices compared per viewer and playout


def test_every_registered_game_has_a_hook_for_other_worlds() -> None:
    missing = sorted(set(GAMES) - set(WORLDS))
    assert not missing, f"no OtherWorlds hook in tests/hidden/worlds.py for {', '.join(missing)}"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_seat_cannot_tell_apart_worlds_that_differ_only_in_what_it_may_not_know(name: str) -> None:
    game, worlds = GAMES[name], WORLDS.get(name)
    assert worlds is not None, f"{name} has no OtherWorlds hook"
    compared = differing = 0
    for number in range(PLAYOUTS):
        seats = game.seats.minimum + number % (game.seats.maximum - game.seats.minimum + 1)
        played = random_game(game, f"every game hidden {name} {number}", seats, max_moves=MAX_MOVES)
        chance = Rng(seed_from_text(f"every game points {name} {number}"), 0)
        for point in range(POINTS):
            moves = chance.below(len(played.moves) + 1)
            viewer = chance.below(seats + 1) - 1  # -1: a spectator
            seat = None if viewer < 0 else viewer
            other = worlds.other_world(played, moves, seat, Rng(seed_from_text(f"{name} {number} {point}"), 0))
            tried = probes_from(played, moves, PROBES, chance)
            assert what_seat_knows(other, moves, seat, tried) == what_seat_knows(played, moves, seat, tried), (
                f"{name} game {number} at move {moves}: seat {seat} can tell the worlds apart"
            )
            compared += 1
            differing += worlds.hidden_part(other.table(moves).state, seat) != worlds.hidden_part(
                played.table(moves).state, seat
            )
    assert differing > 0, f"no world of {name} changed anything hidden: the test would prove nothing"
    assert compared == PLAYOUTS * POINTS


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_third_party_cannot_learn_a_secret_choice_after_it_resolves(name: str) -> None:
    game, worlds = GAMES[name], WORLDS.get(name)
    assert worlds is not None, f"{name} has no OtherWorlds hook"
    compared = differing = 0
    for number in range(PLAYOUTS):
        seats = game.seats.minimum + number % (game.seats.maximum - game.seats.minimum + 1)
        played = random_game(game, f"resolved secrets {name} {number}", seats, max_moves=MAX_MOVES)
        chance = Rng(seed_from_text(f"resolved secrets points {name} {number}"), 0)
        for seat in [None, *range(seats)]:
            found = worlds.resolved_otherwise(played, seat, chance)
            for moves, build in _some(found, chance):
                other = build()
                tried = probes_from(played, moves, PROBES, chance)
                known = what_seat_knows(played, moves, seat, tried)
                assert what_seat_knows(other, moves, seat, tried) == known, (
                    f"{name} game {number} at move {moves}: seat {seat} learns a resolved secret"
                )
                compared += 1
                differing += worlds.hidden_part(other.table(moves).state, seat) != worlds.hidden_part(
                    played.table(moves).state, seat
                )
    assert compared > 0, f"no secret choice of {name} resolved in {PLAYOUTS} playouts: this proves nothing"
    assert differing > 0, f"no world of {name} changed anything hidden: the test would prove nothing"


def _some(found: list[Resolved], chance: Rng) -> list[Resolved]:
    return found if len(found) <= RESOLVED_PER_VIEWER else list(chance.shuffled(found)[:RESOLVED_PER_VIEWER])
