"""Ruling "Timeouts" (docs/rules/a-dogs-life.md): what the rules do for a seat whose prompt ran
out of time on a table with turn timers."""

from a_dogs_life_support import BUTCH, FIFI, GAME, after, at, deck, given, opening, placed, rng, rolling
from kennel.domain.a_dogs_life.commands import EndActions, SteerTruck
from kennel.domain.a_dogs_life.events import TruckDriven
from kennel.domain.core.rng import Rng, seed_from_text


def test_actions_not_taken_in_time_are_given_up():
    """2 – Actions of dogs: "A player is never required to use all of their available action
    points on a turn"; the dog stops where it is."""
    state = given(opening(BUTCH, FIFI, decks=[deck(BUTCH), deck(FIFI)]), placed(at(13, 0), None, points=7))
    assert GAME.timeout_command(state, 0, rng()) == EndActions()


def test_ruling_timeouts():
    """Ruling "Timeouts" (gap). 3 - Move the Dogcatcher's Truck: "At crossroads, the truck may
    travel along any street except the one it just left (chosen by the player moving the
    truck)"; an absent driver's street is drawn from the seed, so it favours nobody and
    replays identically."""
    state = given(
        opening(BUTCH, FIFI, decks=[deck(BUTCH), deck(FIFI)]),
        [TruckDriven(spaces=(at(0, 7), at(0, 8)))],
        placed(at(13, 0), None, points=7),
    )
    state = after(state, 0, EndActions(), rolling(3))
    ways = {SteerTruck(at(1, 10)), SteerTruck(at(0, 11))}
    chosen = {GAME.timeout_command(state, 0, Rng(seed_from_text(f"seed {n}"), 7)) for n in range(16)}
    assert chosen == ways, "either street can be drawn"
    again = Rng(seed_from_text("seed 0"), 7)
    assert GAME.timeout_command(state, 0, again) == GAME.timeout_command(state, 0, Rng(seed_from_text("seed 0"), 7))
