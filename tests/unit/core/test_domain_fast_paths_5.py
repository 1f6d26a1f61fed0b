"""The fifth pass of domain fast paths give what the plain paths give, at every position of
seeded bot games:

- A Dog's Life's checks return a refusal (a code and a sentence) instead of making a
  `RuleViolation` that the listing of legal commands would drop: a seat's legal commands are
  exactly the candidates `decide` accepts, and every command `decide` refuses is refused with
  the `RuleViolation` made plainly from the check's code and sentence.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from kennel.domain.a_dogs_life import GAME as A_DOGS_LIFE
from kennel.domain.a_dogs_life.candidates import action_candidates
from kennel.domain.a_dogs_life.commands import SteerTruck
from kennel.domain.a_dogs_life.decide import ACTION_RULES, TRUCK_RULE, check
from kennel.domain.a_dogs_life.state import ADogsLifeState
from kennel.domain.a_dogs_life.truck import ways_on
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
