"""The fifth pass of domain fast paths give what the plain paths give, at every position of
seeded bot games:

- A Dog's Life's checks return a refusal (a code and a sentence) instead of making a
  `RuleViolation` that the listing of legal commands would drop: a seat's legal commands are
  exactly the candidates `decide` accepts, and every command `decide` refuses is refused with
  the `RuleViolation` made plainly from the check's code and sentence;
- the legal commands with one field made once per value (`frozen.one_per_value`: A Dog's Life's
  moves, drops, collects, attacks and steers, ¡Caninos!'s reactions, seat choices and discards,
  Canine Kleptomaniacs' asks, victims and discards, Hoarders' reveals) equal the commands made afresh and hash
  alike, and the same value is offered as the same object from state to state.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest
from kennel.domain.a_dogs_life import GAME as A_DOGS_LIFE
from kennel.domain.a_dogs_life.candidates import action_candidates
from kennel.domain.a_dogs_life.commands import SteerTruck
from kennel.domain.a_dogs_life.decide import ACTION_RULES, TRUCK_RULE, check
from kennel.domain.a_dogs_life.state import ADogsLifeState
from kennel.domain.a_dogs_life.truck import ways_on
from kennel.domain.core import frozen
from kennel.domain.core import table as tables
from kennel.domain.core.rng import Rng
from kennel.domain.core.rules import RuleViolation
from testkit.bot_games import bot_game_tables

SEED = bytes(32)


def _tables(name: str, label: str = "") -> Iterator[tables.Table[Any]]:
    return bot_game_tables(name, f"fast-paths-5-{name}{label}")


# ---- A Dog's Life: refusals ----


def _a_dogs_life_candidates(state: ADogsLifeState) -> list[Any]:
    """Commands some seat might send here: every action candidate of the active dog, and the
    truck steered to every way on and back where it came from (refused)."""
    steer = [SteerTruck(to) for to in (*ways_on(state), state.truck_from, state.truck) if to is not None]
    return [*(action_candidates(state, state.active) if state.active is not None else []), *steer]


def _decided(state: ADogsLifeState, seat: int, command: Any, version: int) -> RuleViolation | None:
    try:
        A_DOGS_LIFE.decide(state, seat, command, Rng(SEED, version))
    except RuleViolation as error:
        return error
    return None


@pytest.mark.parametrize("label", ["", "-b"])
def test_a_dogs_life_legal_commands_are_what_decide_accepts(label: str) -> None:
    listed = refused = 0
    for table in _tables("a-dogs-life", label):
        state = table.state
        if not table.pending():  # set-up still folding in, or over
            continue
        candidates = _a_dogs_life_candidates(state)
        for seat in range(state.seat_count):
            accepted = []
            for command in candidates:
                error = _decided(state, seat, command, table.version)
                rule = TRUCK_RULE if isinstance(command, SteerTruck) else ACTION_RULES[type(command)]
                refusal = check(state, seat, command, rule)
                if error is None:
                    assert refusal is None
                    accepted.append(command)
                    continue
                plain = RuleViolation(f"a-dogs-life/{refusal[0]}", refusal[1]) if refusal else None
                assert plain is not None and (error.code, error.message, str(error)) == (
                    plain.code,
                    plain.message,
                    str(plain),
                )
                refused += 1
            assert list(A_DOGS_LIFE.legal_commands(state, seat)) == accepted
            listed += len(accepted)
    assert listed > 300 and refused > 1500


# ---- one object per value ----


def _afresh(command: Any) -> Any:
    return type(command)(**{field.name: getattr(command, field.name) for field in dataclasses.fields(command)})


MADE_ONCE = {
    "a-dogs-life": {"MoveDog", "DropNewspaper", "CollectNewspaper", "AttackDog", "SteerTruck"},
    "caninos": {"React", "ChooseSeat", "DiscardCard"},
    "canine-kleptomaniacs": {"AskForCollectable", "ChooseVictim", "DiscardCard"},
    "hoarders": {"RevealCritter"},
}


@pytest.mark.parametrize("name", sorted(MADE_ONCE))
def test_commands_made_once_per_value_equal_those_made_afresh(name: str) -> None:
    seen: dict[Any, Any] = {}
    offered = 0
    for label in ("", "-b", "-c"):
        for table in _tables(name, label):
            for seat in range(len(table.seats)):
                for command in tables.legal_commands(table, seat):
                    plain = _afresh(command)
                    assert plain == command and hash(plain) == hash(command) and repr(plain) == repr(command)
                    if type(command).__name__ in MADE_ONCE[name]:
                        offered += 1
                        assert seen.setdefault(plain, command) is command  # the same value, the same object
    assert offered > 30 and len(seen) > 5


def test_one_per_value_gives_the_object_made_for_an_equal_value_while_kept() -> None:
    made: list[int] = []

    def make(value: int) -> list[int]:
        made.append(value)
        return [value]

    once = frozen.one_per_value(make, limit=2)
    first = once(1)
    assert once(1) is first and once(2) == [2] and made == [1, 2]
    once(3)  # the oldest, 1, makes room
    assert once(1) == [1] and once(1) is not first and made == [1, 2, 3, 1]
