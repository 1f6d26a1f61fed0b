"""Phases of the Game: the turn, from the hunger marker to the truck, and the rounds.

`advance` plays everything the rules force, as events of the decision that led to it, and
stops where a seat owes a real choice (an action, or a crossroads) or the game is over: a turn
in the pound, a starving dog, the die roll, the truck's straight stretches and the draws to
escape it all happen without asking anybody.
"""

from __future__ import annotations

from collections.abc import Callable

from kennel.domain.a_dogs_life.board import board
from kennel.domain.a_dogs_life.dogs import Section, chart
from kennel.domain.a_dogs_life.draws import draw_card
from kennel.domain.a_dogs_life.events import (
    DogImpounded,
    DogKeptInPound,
    DogReleased,
    GameWon,
    OvertimeStarted,
    TurnStarted,
)
from kennel.domain.a_dogs_life.resolution import Resolution
from kennel.domain.a_dogs_life.state import (
    FREED_ON_POUND_TURN,
    HUNGER_ON_RELEASE,
    ADogsLifeState,
    Impounded,
    Phase,
    WinReason,
)
from kennel.domain.a_dogs_life.truck import drive, roll_truck, truck_stops, ways_on
from kennel.domain.core.rng import Rng

HasChoice = Callable[[ADogsLifeState], bool]


# Module constants for the enum members read below as commands are decided, listed and told: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_OVER = Phase.OVER
_ACTIONS = Phase.ACTIONS
_TRUCK = Phase.TRUCK
_STARVED = Impounded.STARVED
_EXIT_POUND = Section.EXIT_POUND


def advance(resolution: Resolution, rng: Rng, has_choice: HasChoice) -> None:
    """`has_choice(state)`: whether the active dog may do anything but end its actions."""
    while True:
        state = resolution.state
        if state.phase is _OVER:
            return
        if state.phase is _ACTIONS:
            if state.action_points > 0 and has_choice(state):
                return
            roll_truck(resolution, rng)
        elif state.phase is _TRUCK:
            if state.truck_steps > 0:
                if len(ways_on(state)) > 1:
                    return
                drive(resolution)
            else:
                truck_stops(resolution, rng)
                next_turn(resolution, rng)
        else:
            next_turn(resolution, rng)


def next_turn(resolution: Resolution, rng: Rng) -> None:
    """Clockwise to the next seat still playing; at the end of a round, the round limit."""
    state = resolution.state
    later = [seat for seat in state.contenders if seat > state.active]
    if later:
        start_turn(resolution, later[0], state.round, rng)
        return
    if round_limit_reached(resolution):
        return
    state = resolution.state
    start_turn(resolution, state.contenders[0], state.round + 1, rng)


def start_turn(resolution: Resolution, seat: int, round_number: int, rng: Rng) -> None:
    """1 – Moving a dog's hunger marker; or a turn in the pound ("Leaving the Pound")."""
    dog = resolution.state.dogs[seat]
    action_points = chart(dog.dog).action_points
    if dog.in_pound:
        # "Dogs in the pound do not go hungry"
        resolution.record(TurnStarted(seat=seat, round=round_number, hunger=dog.hunger, action_points=0))
        leave_pound(resolution, seat, action_points, rng)
    elif dog.hunger == 0:
        resolution.record(TurnStarted(seat=seat, round=round_number, hunger=0, action_points=0))
        resolution.record(DogImpounded(seat=seat, reason=_STARVED))
    else:
        resolution.record(
            TurnStarted(seat=seat, round=round_number, hunger=dog.hunger - 1, action_points=action_points)
        )


def leave_pound(resolution: Resolution, seat: int, action_points: int, rng: Rng) -> None:
    """One card on the first turn, two on the second, three on the third (all of them turned
    over: the dog leaves if any shows the leash); free at the start of the fourth."""
    pound_turn = resolution.state.dogs[seat].pound_turn
    freed = pound_turn >= FREED_ON_POUND_TURN
    if not freed:
        cards = [draw_card(resolution, seat, _EXIT_POUND, rng) for _ in range(pound_turn)]
        freed = any(card.exit_pound for card in cards)
    if freed and resolution.state.dog_at(board().pound) is not None:
        # "Two figures may never remain in the same space": it leaves, without a card, on its
        # next turn that finds the pound building empty (docs: "The pound building").
        resolution.record(DogKeptInPound(seat=seat, pound_turn=FREED_ON_POUND_TURN))
    elif freed:
        resolution.record(DogReleased(seat=seat, hunger=HUNGER_ON_RELEASE, action_points=action_points))
    else:
        resolution.record(DogKeptInPound(seat=seat, pound_turn=pound_turn + 1))


def round_limit_reached(resolution: Resolution) -> bool:
    """The timed variant ("Variant"), its time counted in rounds: at the end of the last round
    the most buried bones wins; tied dogs "continue their turns until one buries a bone"
    (bury_bone ends it). Only the house rule `overtime_rounds` makes them share the win when
    that many more rounds bring no bone. True when the game is over."""
    state = resolution.state
    options = state.options
    if not options.rounds:
        return False
    if not state.overtime and state.round >= options.rounds:
        best = max(dog.buried for dog in state.dogs)
        leaders = tuple(seat for seat, dog in enumerate(state.dogs) if dog.buried == best)
        if len(leaders) == 1:
            resolution.record(GameWon(winners=leaders, reason=WinReason.MOST_BONES))
            return True
        if options.overtime == 0:
            resolution.record(GameWon(winners=leaders, reason=WinReason.SHARED))
            return True
        resolution.record(OvertimeStarted(seats=leaders))
        return False
    if state.overtime and options.overtime is not None and state.round >= options.rounds + options.overtime:
        resolution.record(GameWon(winners=state.contenders, reason=WinReason.SHARED))
        return True
    return False
