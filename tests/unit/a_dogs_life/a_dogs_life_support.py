"""Given-events / when-command / then-events-or-error helpers for the A Dog's Life rule tests.

A scenario starts from `opening(...)`: the set-up events with the dogs, homes and deck orders the
test needs, then `placed(...)` puts dogs where the test wants them (as `DogMoved` events, then a
fresh `TurnStarted` so the active dog has its action points). (Named `a_dogs_life_support`, not
`support`, because test folders have no `__init__.py` and every module name must be unique.)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import pytest
from kennel.domain.a_dogs_life import GAME
from kennel.domain.a_dogs_life.board import board
from kennel.domain.a_dogs_life.dogs import Dog, chart
from kennel.domain.a_dogs_life.events import DeckShuffled, DogChosen, DogMoved, TurnStarted
from kennel.domain.a_dogs_life.options import Options
from kennel.domain.a_dogs_life.state import ADogsLifeState
from kennel.domain.core.rng import Rng, seed_from_text
from kennel.domain.core.rules import RuleViolation

FIFI, BUTCH, WHITE_FANG, VAGABOND, PROFESSOR, LUCKY = Dog
CITY = board()


def rng(text: str = "a dogs life unit tests") -> Rng:
    return Rng(seed_from_text(text), 0)


def at(x: int, y: int) -> int:
    """The street square at (x, y) on the drawing."""
    for space in CITY.spaces:
        if (space.x, space.y) == (x, y) and space.kind.value == "street":
            return space.id
    raise KeyError((x, y))


def named(name: str) -> int:
    for space in CITY.spaces:
        if space.name == name:
            return space.id
    raise KeyError(name)


HOME = [named(f"Home {n}") for n in range(1, 7)]
KIOSK = CITY.kiosk
POUND = CITY.pound
POUND_EXIT = at(7, 7)  # also where the truck starts
CHEZ_ROVER = named("Chez Rover")  # entrance (8, 5)
MEAT_MARKET = named("The Meat Market")  # entrance (5, 7)
ADDRESS_2 = named("Address 2")  # entrance (5, 3)
FOUNTAIN = at(2, 5)
LAMPPOST = at(3, 5)
TRASH_CAN = at(5, 4)


def card(dog: Dog, **wanted: Any) -> int:
    """The number of the first result card of `dog` whose sections match `wanted`."""
    for candidate in chart(dog).cards:
        if candidate.shuffling_dog:
            continue
        if all(getattr(candidate, key) == value for key, value in wanted.items()):
            return candidate.number
    raise LookupError(f"{dog.value} has no card with {wanted}")


def deck(dog: Dog, *top: int) -> tuple[int, ...]:
    """The dog's deck with these cards on top, in order, then the rest in number order."""
    rest = [number for number in chart(dog).numbers if number not in top]
    return (*top, *rest)


def opening(
    *dogs: Dog,
    homes: Sequence[int] | None = None,
    decks: Sequence[Sequence[int]] | None = None,
) -> list[Any]:
    """Set-up events for one seat per dog, homes 1, 2, ... unless told, seat 0's first turn."""
    homes = list(homes) if homes is not None else HOME[: len(dogs)]
    decks = list(decks) if decks is not None else [chart(dog).numbers for dog in dogs]
    return [
        *(DogChosen(seat=seat, dog=dog, home=homes[seat]) for seat, dog in enumerate(dogs)),
        *(DeckShuffled(seat=seat, deck=tuple(decks[seat])) for seat in range(len(dogs))),
        TurnStarted(seat=0, round=1, hunger=3, action_points=chart(dogs[0]).action_points),
    ]


def placed(
    *positions: int | None, active: int = 0, hunger: int = 3, points: int = 6, round: int = 1
) -> list[Any]:
    """Dogs moved (teleported) to these spaces (None: left where they are), then a fresh turn
    for `active` with `points` action points."""
    moves = [DogMoved(seat=seat, to=space) for seat, space in enumerate(positions) if space is not None]
    return [*moves, TurnStarted(seat=active, round=round, hunger=hunger, action_points=points)]


def given(*event_lists: Iterable[Any], options: Options | None = None) -> ADogsLifeState:
    events = [event for events in event_lists for event in events]
    seat_count = sum(isinstance(event, DogChosen) for event in events)
    state = GAME.initial_state(options or Options(), seat_count)
    for event in events:
        state = GAME.evolve(state, event)
    return state


def when(state: ADogsLifeState, seat: int, command: Any, chance: Rng | None = None) -> list[Any]:
    return list(GAME.decide(state, seat, command, chance or rng()))


def after(state: ADogsLifeState, seat: int, command: Any, chance: Rng | None = None) -> ADogsLifeState:
    """The state once the command's events are folded in."""
    for event in when(state, seat, command, chance):
        state = GAME.evolve(state, event)
    return state


def fold(state: ADogsLifeState, events: Iterable[Any]) -> ADogsLifeState:
    for event in events:
        state = GAME.evolve(state, event)
    return state


def then_refused(state: ADogsLifeState, seat: int, command: Any, code: str) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        when(state, seat, command)
    assert caught.value.code == f"a-dogs-life/{code}", caught.value
    assert command not in GAME.legal_commands(state, seat)
    return caught.value


def of_type(events: Iterable[Any], kind: type) -> list[Any]:
    return [event for event in events if isinstance(event, kind)]


def finish_turn(
    state: ADogsLifeState, seat: int, chance: Rng | None = None
) -> tuple[ADogsLifeState, list[Any]]:
    """End the seat's actions and steer the truck the first legal way at every crossroads,
    until the turn has passed on; returns the new state and every event on the way."""
    from kennel.domain.a_dogs_life.commands import EndActions
    from kennel.domain.a_dogs_life.state import Phase

    events = when(state, seat, EndActions(), chance)
    state = fold(state, events)
    while state.phase is Phase.TRUCK and state.active == seat:
        more = when(state, seat, GAME.legal_commands(state, seat)[0], chance)
        events += more
        state = fold(state, more)
    return state, events


def rolling(number: int) -> Rng:
    """An Rng whose first die roll is `number`."""
    for attempt in range(1000):
        if rng(f"roll {attempt}").die() == number:
            return rng(f"roll {attempt}")
    raise AssertionError("no seed rolls that")
