"""3 – Move the Dogcatcher's Truck, Catching a dog, Escaping from the Dogcatcher.

The die is rolled (from the Rng) as the action phase ends. The truck then drives the full
distance along street squares, never into the space it just left: forced stretches are driven
at once, and at each crossroads the moving seat chooses (`SteerTruck`), one fork at a time.
Where it stops, a dog on its space is caught, and every dog adjacent to it, except a dog in its
own home, draws for the Escape Dogcatcher section.
"""

from __future__ import annotations

import functools

from kennel.domain.a_dogs_life.board import SpaceKind, board
from kennel.domain.a_dogs_life.commands import SteerTruck
from kennel.domain.a_dogs_life.dogs import Section
from kennel.domain.a_dogs_life.draws import draw_card
from kennel.domain.a_dogs_life.events import DogEscaped, DogImpounded, TruckDriven, TruckRolled
from kennel.domain.a_dogs_life.refusals import Refusal, refused
from kennel.domain.a_dogs_life.resolution import Resolution
from kennel.domain.a_dogs_life.state import ADogsLifeState, Impounded
from kennel.domain.core.rng import Rng


# Module constants for the enum members read below as the truck stops: an enum class's attribute
# is read through `EnumType`'s `__getattr__` hook (about 870 instructions, callgrind), a module
# constant is a dict look-up.
_HOME, _ESCAPE_DOGCATCHER = SpaceKind.HOME, Section.ESCAPE_DOGCATCHER
_CAUGHT, _NETTED = Impounded.CAUGHT, Impounded.NETTED


def ways_on(state: ADogsLifeState) -> tuple[int, ...]:
    return truck_ways(state.truck, state.truck_from)


# Asked for every state of the truck's phase (`advance`, the legal steers, each steer's check) and
# at each square it drives through, of the board alone: kept per square and square left, a
# table bounded by the board's street squares and their links.
@functools.lru_cache(maxsize=1024)
def truck_ways(space: int, came_from: int | None) -> tuple[int, ...]:
    """The street squares the truck may drive on to: any but the one it just left.

    Our board has no dead end (a test checks it); were there one, turning back would be the
    only way to make the full movement.
    """
    streets = board().street_links[space]
    ways = tuple(n for n in streets if n != came_from)
    return ways or streets


def roll_truck(resolution: Resolution, rng: Rng) -> None:
    resolution.record(TruckRolled(seat=resolution.state.active, roll=rng.die()))


def check_steer(state: ADogsLifeState, seat: int, command: SteerTruck) -> Refusal | None:
    ways = ways_on(state)
    if command.to not in ways:
        return refused(
            "not_a_way_on",
            "The truck drives on to an adjacent street square, never back the way it came: "
            + ", ".join(board().space(w).name for w in ways)
            + ".",
        )
    return None


def steer_truck(resolution: Resolution, seat: int, command: SteerTruck, rng: Rng) -> None:
    drive(resolution, first=command.to)


def drive(resolution: Resolution, first: int | None = None) -> None:
    """Drive through every square up to the next crossroads with steps left, or to the end."""
    state = resolution.state
    here, came_from, steps = state.truck, state.truck_from, state.truck_steps
    path: list[int] = []
    if first is not None:
        path.append(first)
        here, came_from, steps = first, here, steps - 1
    while steps > 0:
        ways = truck_ways(here, came_from)
        if len(ways) != 1:
            break
        path.append(ways[0])
        here, came_from, steps = ways[0], here, steps - 1
    if path:
        resolution.record(TruckDriven(spaces=tuple(path)))


def truck_stops(resolution: Resolution, rng: Rng) -> None:
    """Catching a dog, then Escaping from the Dogcatcher, in turn order from the mover."""
    state = resolution.state
    stop = state.truck
    city = board()
    for seat in seats_from(state, state.active):
        if state.dogs[seat].position == stop:
            resolution.record(DogImpounded(seat=seat, reason=_CAUGHT))
    for seat in seats_from(state, state.active):
        dog = resolution.state.dogs[seat]
        position = dog.position
        if position is None or position not in city.reach(stop):
            continue
        if city.kind(position) is _HOME:
            continue  # "Dogs are always safe from the dogcatcher while in their starting space."
        if draw_card(resolution, seat, _ESCAPE_DOGCATCHER, rng).escape_dogcatcher:
            resolution.record(DogEscaped(seat=seat))
        else:
            resolution.record(DogImpounded(seat=seat, reason=_NETTED))


def seats_from(state: ADogsLifeState, first: int) -> list[int]:
    count = len(state.dogs)  # `state.seat_count`, asked once, not once per seat
    return [(first + step) % count for step in range(count)]
