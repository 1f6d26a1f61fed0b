"""Every command a seat may send now; `decide` accepts exactly these and nothing else."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from kennel.domain.core.frozen import one_per_value, per_recent_part
from kennel.domain.hoarders.cards import CRITTERS_PICKED, Critter, Nut, sorted_critters
from kennel.domain.hoarders.commands import AllowTheft, CancelTheft, PickCritters, RevealCritter
from kennel.domain.hoarders.critters import steals, theft_targets
from kennel.domain.hoarders.outcome import outcome
from kennel.domain.hoarders.state import PICKING, REVEALING, HoardersState

PICKS_KEPT = 16
# A theft's answers, made once: the server keeps a command's encoding and label per command (a
# dict), where the same object is found by identity.
_ALLOW_THEFT = AllowTheft()
_ANSWERS, _ANSWERS_WITH_HAMSTER = (_ALLOW_THEFT,), (_ALLOW_THEFT, CancelTheft())
_HAMSTER = Critter.HAMSTER  # a module constant: see state.PICKING


def _reveal(fields: tuple[Critter, int | None, Nut | None]) -> RevealCritter:
    critter, victim, nut = fields
    return RevealCritter(critter=critter, victim=victim, nut=nut)


# A reveal, one object per critter, victim and nut (ints and enum members: a tuple hashed in C),
# for the same reason as the theft's answers above.
_REVEAL = one_per_value(_reveal)
_PICK = one_per_value(PickCritters)  # a pair made once, whichever hand offers it: the same reason


def legal_commands(state: HoardersState, seat: int) -> tuple[Any, ...]:
    if outcome(state) is not None or not 0 <= seat < len(state.hoards):  # `state.seat_count`, without its call
        return ()
    hoard = state.hoards[seat]
    if state.phase is PICKING:
        if hoard.has_picked:
            return ()
        return _picks(hoard.hand)
    if state.phase is not REVEALING:
        return ()
    if state.theft is not None:
        if state.theft.victim != seat:
            return ()
        return _ANSWERS_WITH_HAMSTER if _HAMSTER in hoard.face_down else _ANSWERS
    if seat != state.seat_in_turn:
        return ()
    reveals: list[RevealCritter] = []
    for critter in sorted_critters(hoard.face_down):
        targets = theft_targets(state, seat) if steals(hoard, critter) else ()
        if targets:
            reveals.extend(_REVEAL((critter, victim, nut)) for victim, nut in targets)
        else:
            reveals.append(_REVEAL((critter, None, None)))
    return tuple(reveals)


# Once per hand: a seat's view and its command ask for the same ten. Ten commands weigh about
# 2.5 KiB, so only the last few hands' are kept (the memory bench opens thousands of games).
@per_recent_part(limit=PICKS_KEPT)
def _picks(hand: tuple[Critter, ...]) -> tuple[PickCritters, ...]:
    # Ten pairs, each spelled once, in rulebook order.
    return tuple(map(_PICK, combinations(sorted_critters(hand), CRITTERS_PICKED)))
