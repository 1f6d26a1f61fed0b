"""Move a Space, and Sniff a Lamppost.

A dog moves one adjacent space per action point. Buildings are spaces entered and left through
their entrances only (the board's links). Never into the pound, nor into another dog's home.
Occupied spaces, by our ruling on the two sentences that seem to disagree
(docs/rules/a-dogs-life.md, "Moving through occupied spaces"):

- an opponent's dog blocks its space: a dog may neither pass through it nor stop there;
- the dogcatcher's truck may be passed through, never stopped on: a dog may step onto the
  truck's space only with an action point left to step off it again to a space where it may
  stop, and does nothing else there;
- an opponent's piddle marker may be entered, but never passed: entering its space ends the
  action phase ("Sniff a Lamppost").
"""

from __future__ import annotations

from kennel.domain.a_dogs_life.board import SpaceKind, board
from kennel.domain.a_dogs_life.commands import MoveDog
from kennel.domain.a_dogs_life.events import DogMoved, LamppostSniffed
from kennel.domain.a_dogs_life.refusals import Refusal
from kennel.domain.a_dogs_life.resolution import Resolution
from kennel.domain.a_dogs_life.state import ADogsLifeState
from kennel.domain.core.rng import Rng


# Module constants for `check_move`, run on every candidate move as legal commands are listed:
# an enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870
# instructions, callgrind), where a module constant is a dict look-up.
_POUND, _HOME = SpaceKind.POUND, SpaceKind.HOME


def may_stand(state: ADogsLifeState, seat: int, space: int) -> bool:
    """Whether the seat's dog may be on `space` once its movement stops (ignoring the truck)."""
    kind = board().kind(space)
    if kind is _POUND:
        return False
    if kind is _HOME and space != state.dogs[seat].home:
        return False
    other = state.dog_at(space)
    return other is None or other == seat


def opponents_piddle(state: ADogsLifeState, seat: int, space: int) -> int | None:
    owner = state.piddle_on(space)
    return owner if owner is not None and owner != seat else None


def check_move(state: ADogsLifeState, seat: int, command: MoveDog) -> Refusal | None:
    city = board()
    dog = state.dogs[seat]
    position = dog.position
    to = command.to
    if position is None:
        return ("in_the_pound", "Your dog is in the pound.")
    # `city.has` tests that `to` is a space number (an int, not a bool) before it indexes
    # `spaces`; the spaces' own fields are read here, not through the board's one-line methods
    # (a call each: this check runs on every candidate move as a dog's actions are listed).
    spaces = city.spaces
    if not city.has(to) or to not in spaces[position].links:
        return (
            "not_adjacent", "A dog moves to an adjacent space (through an entrance for a building)."
        )
    kind = spaces[to].kind
    if kind is _POUND:
        return ("into_the_pound", "A dog may never enter the pound (voluntarily anyway).")
    if kind is _HOME and to != dog.home:
        return ("not_your_home", "A dog may never enter another dog's starting space.")
    other = state.dog_at(to)
    if other is not None and other != seat:
        return (
            "occupied", f"Seat {other}'s dog is there: a dog may not move through an opponent's dog."
        )
    if to == state.truck:
        if state.action_points < 2:
            return (
                "truck_in_the_way",
                "A dog may pass the dogcatcher's truck but never stop on its space: it needs an action "
                "point left to move on.",
            )
        if opponents_piddle(state, seat, to) is not None:
            return (
                "truck_in_the_way",
                "Sniffing the lamppost would stop your dog on the dogcatcher's truck's space.",
            )
        if not any(n != to and may_stand(state, seat, n) for n in city.links(to)):
            return ("truck_in_the_way", "Past the dogcatcher's truck there is nowhere to stop.")
    return None


def move_dog(resolution: Resolution, seat: int, command: MoveDog, rng: Rng) -> None:
    """Move a Space; entering another dog's piddle marker ends the action phase at once."""
    resolution.record(DogMoved(seat=seat, to=command.to))
    owner = opponents_piddle(resolution.state, seat, command.to)
    if owner is not None:
        resolution.record(LamppostSniffed(seat=seat, space=command.to, owner=owner))
