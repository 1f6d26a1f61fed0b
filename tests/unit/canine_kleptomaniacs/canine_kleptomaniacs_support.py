"""Given-events / when-command / then-events-or-error helpers for the Canine Kleptomaniacs rule tests.

A scenario starts from `opening(...)`: set-up events with the hands, decks and dogs the test
needs, so each test states its table in a line or two. Dice and blind takes come from a
`Dice` that replays the rolls a test scripts. (Named `canine_kleptomaniacs_support`, not
`support`, because test folders have no `__init__.py` and every module name must be unique.)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

import pytest
from kennel.domain.canine_kleptomaniacs import GAME
from kennel.domain.canine_kleptomaniacs.components import (
    ActionCard,
    BedroomCard,
    Collectable,
    Dog,
    box_bedroom,
    box_collectables,
)
from kennel.domain.canine_kleptomaniacs.events import (
    ActionCardKept,
    ActionCardTaken,
    ActionsShuffled,
    BedroomShuffled,
    CollectablesShuffled,
    DogsDealt,
    HandDealt,
    HidingPlacesDealt,
    SetHidden,
    TurnEnded,
    TurnStarted,
)
from kennel.domain.canine_kleptomaniacs.options import Options
from kennel.domain.canine_kleptomaniacs.state import CanineState
from kennel.domain.core.rules import RuleViolation

T = TypeVar("T")

SOCKS, BALLS, SLIPPER, BLOOMERS, PAW, POO = Collectable
A = ActionCard
B = BedroomCard
# Dogs whose power (Hunk O' Haddock) the tests' cards never trigger, unless a test names others.
PLAIN_DOGS = (Dog.MUDLARK, Dog.BANDIT) * 5


class Dice:
    """A stand-in for the game's Rng: dice from a script, and shuffles that keep the order
    (so a blind take of n cards takes the first n of the hand, in enum order)."""

    def __init__(self, *rolls: int, belows: Sequence[int] = ()) -> None:
        self.rolls = list(rolls)
        self.belows = list(belows)

    def die(self, sides: int = 6) -> int:
        return self.rolls.pop(0)

    def below(self, n: int) -> int:
        return self.belows.pop(0) if self.belows else 0

    def shuffled(self, items: Sequence[T]) -> tuple[T, ...]:
        return tuple(items)

    def choice(self, items: Sequence[T]) -> T:
        return items[0]


def opening(
    *hands: Sequence[Collectable],
    actions: Sequence[ActionCard] = (A.PIGSFOOT_TREAT,) * 10,
    deck: Sequence[Collectable] | None = None,
    bedroom: Sequence[BedroomCard] | None = None,
    dogs: Sequence[Dog] | None = None,
    places: int = 1,
) -> list[Any]:
    """Set-up events for one seat per hand, then the first turn (seat 0's).

    The Collectables deck after the deal is `deck`, top card first, or else every card not
    dealt, in box order (the Paw and the Poo last). The Action deck is `actions`.
    """
    dealt = [card for hand in hands for card in hand]
    if deck is None:
        rest = Counter(box_collectables()) - Counter(dealt)
        deck = [card for card in Collectable for _ in range(rest[card])]
    count = len(hands)
    return [
        HidingPlacesDealt(each=places, shuffled_in=list(actions).count(A.HIDING_PLACE)),
        ActionsShuffled(deck=tuple(actions)),
        CollectablesShuffled(deck=(*dealt, *deck)),
        *(HandDealt(seat=seat, count=len(hand), cards=tuple(hand)) for seat, hand in enumerate(hands)),
        DogsDealt(dogs=tuple(dogs) if dogs is not None else PLAIN_DOGS[:count]),
        BedroomShuffled(deck=tuple(bedroom) if bedroom is not None else box_bedroom()),
        TurnStarted(seat=0, number=1),
    ]


def turn(seat: int, number: int = 2) -> list[Any]:
    """Skip ahead to `seat`'s turn, past the first turn's restriction."""
    return [TurnStarted(seat=seat, number=number)]


def kept(seat: int, card: ActionCard) -> list[Any]:
    """The seat shows `card` face up (it must be in the Action deck)."""
    return [ActionCardTaken(seat=seat, card=card), ActionCardKept(seat=seat, card=card)]


def hidden(seat: int, place: int, kind: Collectable, count: int, bedroom: tuple[BedroomCard, ...] = ()) -> list[Any]:
    """A set already hidden (its cards must be in the seat's hand)."""
    return [SetHidden(seat=seat, place=place, kind=kind, cards=(kind,) * count, bedroom_cards=bedroom)]


def quiet(seat: int, times: int = 1) -> list[Any]:
    return [TurnEnded(seat=seat, quiet=True)] * times


def given(*event_lists: Iterable[Any], options: Options | None = None) -> CanineState:
    events = [event for events in event_lists for event in events]
    seat_count = sum(isinstance(event, HandDealt) for event in events)
    state = GAME.initial_state(options or Options(), seat_count)
    for event in events:
        state = GAME.evolve(state, event)
    return state


def when(state: CanineState, seat: int, command: Any, dice: Dice | None = None) -> list[Any]:
    return list(GAME.decide(state, seat, command, dice or Dice()))  # type: ignore[arg-type]


def after(state: CanineState, seat: int, command: Any, dice: Dice | None = None) -> CanineState:
    """The state once the command's events are folded in."""
    for event in when(state, seat, command, dice):
        state = GAME.evolve(state, event)
    return state


def play(state: CanineState, *moves: tuple[int, Any], dice: Dice | None = None) -> CanineState:
    """Several commands in a row, sharing one script of dice."""
    dice = dice or Dice()
    for seat, command in moves:
        state = after(state, seat, command, dice)
    return state


def then_refused(state: CanineState, seat: int, command: Any, code: str) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        when(state, seat, command)
    assert caught.value.code == f"canine-kleptomaniacs/{code}", caught.value
    return caught.value


def of_type(events: Iterable[Any], kind: type) -> list[Any]:
    return [event for event in events if isinstance(event, kind)]


def hand(state: CanineState, seat: int) -> tuple[Collectable, ...]:
    return state.seats[seat].hand
