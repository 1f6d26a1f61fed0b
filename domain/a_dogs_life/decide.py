"""Deciding: check a seat's command against the rules, then resolve it into events.

Every refusal is a `RuleViolation` (a check's `Refusal`, raised) whose message speaks only of
public facts and of the sender's own dog, so that an error never tells a seat what it may not
know. `legal_commands` filters candidates through the very same checks, so the two cannot
disagree.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kennel.domain.a_dogs_life import actions, movement, truck
from kennel.domain.a_dogs_life.candidates import action_candidates
from kennel.domain.a_dogs_life.commands import (
    AttackDog,
    BegForFood,
    BuryBone,
    CollectBone,
    CollectNewspaper,
    DeliverNewspaper,
    DrinkFromFountain,
    DropBone,
    DropNewspaper,
    EndActions,
    MoveDog,
    PiddleOnLamppost,
    SearchTrashCan,
    SteerTruck,
    TakeNewspaper,
)
from kennel.domain.a_dogs_life.refusals import Refusal, is_seat_number, refused, violation
from kennel.domain.a_dogs_life.resolution import Resolution
from kennel.domain.a_dogs_life.state import ACTIONS, OVER, TRUCK, ADogsLifeState
from kennel.domain.a_dogs_life.turns import advance
from kennel.domain.core.frozen import per_recent_state
from kennel.domain.core.rng import Rng

State = ADogsLifeState
Check = Callable[[State, int, Any], Refusal | None]
Resolve = Callable[[Resolution, int, Any, Rng], None]


@dataclass(frozen=True)
class Rule:
    check: Check
    resolve: Resolve
    on_the_truck: bool = False  # may be sent by a dog passing the truck's space (only moves)


def _no_check(state: State, seat: int, command: Any) -> Refusal | None:
    return None


def _end_actions(resolution: Resolution, seat: int, command: EndActions, rng: Rng) -> None:
    """The remaining action points are lost: the truck moves (`advance` rolls the die)."""
    truck.roll_truck(resolution, rng)


ACTION_RULES: dict[type, Rule] = {
    MoveDog: Rule(movement.check_move, movement.move_dog, on_the_truck=True),
    SearchTrashCan: Rule(actions.check_search, actions.search_trash_can),
    DropBone: Rule(actions.check_drop_bone, actions.drop_bone),
    DropNewspaper: Rule(actions.check_drop_newspaper, actions.drop_newspaper),
    CollectBone: Rule(actions.check_collect_bone, actions.collect_bone),
    CollectNewspaper: Rule(actions.check_collect_newspaper, actions.collect_newspaper),
    BuryBone: Rule(actions.check_bury, actions.bury_bone),
    BegForFood: Rule(actions.check_beg, actions.beg_for_food),
    DrinkFromFountain: Rule(actions.check_drink, actions.drink),
    PiddleOnLamppost: Rule(actions.check_piddle, actions.piddle),
    TakeNewspaper: Rule(actions.check_take_newspaper, actions.take_newspaper),
    DeliverNewspaper: Rule(actions.check_deliver, actions.deliver_newspaper),
    AttackDog: Rule(actions.check_attack, actions.attack_dog),
    EndActions: Rule(_no_check, _end_actions),
}
TRUCK_RULE = Rule(truck.check_steer, truck.steer_truck)


def decide(state: State, seat: int, command: Any, rng: Rng) -> list[Any]:
    return decide_folded(state, seat, command, rng)[0]


def decide_folded(state: State, seat: int, command: Any, rng: Rng) -> tuple[list[Any], State]:
    """The events, and the state they lead to (`Game.decide_folded`)."""
    rule = _rule_for(command)
    refusal = check(state, seat, command, rule)
    if refusal is not None:
        raise violation(refusal)
    resolution = Resolution(state)
    rule.resolve(resolution, seat, command, rng)
    advance(resolution, rng, has_choice)
    return resolution.events, resolution.state


def _rule_for(command: Any) -> Rule:
    if isinstance(command, SteerTruck):
        return TRUCK_RULE
    rule = ACTION_RULES.get(type(command))
    if rule is None:
        raise violation(refused("unknown_command", "A Dog's Life has no such command."))
    return rule


def check(state: State, seat: int, command: Any, rule: Rule) -> Refusal | None:
    """The first rule `command` breaks, or None when the seat may send it now."""
    if state.phase is OVER:
        return refused("game_over", "The game is over.")
    if not is_seat_number(seat) or not 0 <= seat < len(state.dogs):  # `state.seat_count`, without its call
        return refused("no_such_seat", f"There is no seat {seat}.")
    if seat != state.active or state.phase not in (ACTIONS, TRUCK):
        return refused("not_your_turn", f"It is seat {state.active}'s turn.")
    if rule is TRUCK_RULE:
        if state.phase is not TRUCK:
            return refused("not_driving", "The truck moves once your dog's actions are over.")
        return rule.check(state, seat, command)
    if state.phase is not ACTIONS:
        return refused("driving", "Your dog's actions are over: steer the dogcatcher's truck.")
    if state.dogs[seat].position == state.truck and not rule.on_the_truck:
        return refused(
            "on_the_truck",
            "Your dog is passing the dogcatcher's truck: it must move on before anything else.",
        )
    return rule.check(state, seat, command)


def has_choice(state: State) -> bool:
    """Whether the active dog may do anything but end its actions (else they end by themselves).

    This depends on public facts only: the one action whose legality hides something,
    delivering a newspaper, needs a newspaper carried at a delivery address, where dropping
    it is legal too (docs/rules/a-dogs-life.md, "Actions end by themselves").
    """
    if state.phase is not ACTIONS:
        return False
    for command in _permitted(state):  # `permitted_actions` for the active seat, in its actions
        if type(command) is not EndActions:
            return True
    return False


def permitted_actions(state: State, seat: int) -> tuple[Any, ...]:
    """The action candidates `check` lets through, for the active seat in its actions phase
    (nothing for any other seat)."""
    if state.phase is not ACTIONS or not is_seat_number(seat) or seat != state.active:
        return ()
    return _permitted(state)


# Each action command's check and whether a dog passing the truck may send it, by command type,
# read off `ACTION_RULES` (one look-up per candidate as a dog's actions are listed).
_ACTION_CHECKS: dict[type, Check] = {kind: rule.check for kind, rule in ACTION_RULES.items()}
_ON_THE_TRUCK = frozenset(kind for kind, rule in ACTION_RULES.items() if rule.on_the_truck)


# Once per state: `decide` asks it of the state its command leads to (`has_choice`, before it
# stops there), and the server then lists that very state's legal commands for its views.
@per_recent_state
def _permitted(state: State) -> tuple[Any, ...]:
    """The active seat's `permitted_actions`. The checks every command shares (the game goes
    on, the seat is the active one, the phase) hold for all of them, so they are made once, not
    once per candidate; so is the dog's being on the truck's space."""
    seat = state.active
    candidates = action_candidates(state, seat)
    if state.dogs[seat].position == state.truck:
        candidates = [command for command in candidates if type(command) in _ON_THE_TRUCK]
    checks = _ACTION_CHECKS
    return tuple([command for command in candidates if checks[type(command)](state, seat, command) is None])
