"""Setting up the Game: a random dog chart and Home Space card per seat, each dog at home with
its shuffled deck; the truck beside the pound; every newspaper in the kiosk; seat 0 begins."""

from __future__ import annotations

from typing import Any

from kennel.domain.a_dogs_life.board import board
from kennel.domain.a_dogs_life.dogs import Dog, chart
from kennel.domain.a_dogs_life.events import DeckShuffled, DogChosen, TurnStarted
from kennel.domain.a_dogs_life.options import MAX_BONES_TO_WIN, Options
from kennel.domain.a_dogs_life.state import HUNGER_AT_START, NEWSPAPERS, ADogsLifeState
from kennel.domain.core.rng import Rng
from kennel.domain.core.rules import RuleViolation

MIN_SEATS = 2
MAX_SEATS = len(Dog)  # one dog chart (and one Home Space card) per player
MAX_ROUNDS = 1000  # a bound on options, not a rule: enough for any real game


def initial_state(options: Options, seat_count: int) -> ADogsLifeState:
    """The table before the dogs are chosen: the truck beside the pound, newspapers in the kiosk."""
    return ADogsLifeState(
        options=options,
        dogs=(),
        truck=board().truck_start,
        kiosk=tuple(range(1, NEWSPAPERS + 1)),
        contenders=tuple(range(seat_count)),
    )


def check_options(options: Options) -> None:
    def bad(message: str) -> RuleViolation:
        return RuleViolation("kennel/bad_options", f"A Dog's Life: {message}")

    if not 1 <= options.bones <= MAX_BONES_TO_WIN:
        raise bad(f"bones_to_win is 1 to {MAX_BONES_TO_WIN}.")
    if not 0 <= options.rounds <= MAX_ROUNDS:
        raise bad(f"round_limit is 1 to {MAX_ROUNDS}, or 0 for no limit.")
    if options.overtime is not None and not 0 <= options.overtime <= MAX_ROUNDS:
        raise bad(f"overtime_rounds is 0 to {MAX_ROUNDS}, or unset to play on until a bone is buried.")


def setup(options: Options, seat_count: int, rng: Rng) -> list[Any]:
    """Steps 1 to 6 of "Setting up the Game", then seat 0's first turn (its hunger moves to 3).

    The seat order is the creator's, so who begins (a lady, else the youngest) is decided by
    whoever fills seat 0.
    """
    if not MIN_SEATS <= seat_count <= MAX_SEATS:
        raise RuleViolation(
            "kennel/bad_seat_count", f"A Dog's Life is played by {MIN_SEATS} to {MAX_SEATS} players."
        )
    check_options(options)
    dogs = rng.shuffled(tuple(Dog))
    homes = rng.shuffled(board().homes)
    events: list[Any] = [DogChosen(seat=seat, dog=dogs[seat], home=homes[seat]) for seat in range(seat_count)]
    events += [
        DeckShuffled(seat=seat, deck=rng.shuffled(chart(dogs[seat]).numbers)) for seat in range(seat_count)
    ]
    first = chart(dogs[0])
    events.append(TurnStarted(seat=0, round=1, hunger=HUNGER_AT_START - 1, action_points=first.action_points))
    return events
