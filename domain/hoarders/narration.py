"""Hoarders' events in plain sentences, for `kennel replay explain` and the replay page.

The event given is already redacted for its reader, so a blanked field is narrated as hidden.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kennel.domain.core.dispatch import by_type
from kennel.domain.hoarders.cards import Critter, Nut
from kennel.domain.hoarders.events import (
    BeaversRevealed,
    CritterRevealed,
    CrittersPicked,
    DrawMissed,
    NutDrawn,
    NutsDealt,
    NutsShuffled,
    NutStolen,
    RoundEnded,
    RoundStarted,
    TheftAttempted,
    TheftCancelled,
    TurnPassed,
)


def describe(event: Any, names: Sequence[str]) -> str:
    return _describe(event, names)


def _nut(nut: Nut) -> str:
    return nut.title  # `value` with spaces, kept on the member (`value`: a Python property each time)


# A critter as a sentence names it: its value, looked up by member (IdentityEnum: hashed in C).
_CRITTER_WORDS = {critter: critter.value for critter in Critter}


def _nuts(nuts: Sequence[Nut]) -> str:
    return ", ".join(_nut(n) for n in nuts)


@by_type
def _describe(event: Any, names: Sequence[str]) -> str:
    raise TypeError(f"no sentence for {type(event).__name__}")


@_describe.register
def _(event: NutsShuffled, names: Sequence[str]) -> str:
    if event.deck:
        return f"The nut deck was shuffled; from the top: {_nuts(event.deck)}."
    return "The nut deck was shuffled face down."


@_describe.register
def _(event: NutsDealt, names: Sequence[str]) -> str:
    return f"{names[event.seat]} was dealt {_nuts(event.nuts)}."


@_describe.register
def _(event: RoundStarted, names: Sequence[str]) -> str:
    return f"Round {event.round} began with the crown at {names[event.crown]}."


@_describe.register
def _(event: CrittersPicked, names: Sequence[str]) -> str:
    if event.critters:
        picked = " and ".join(_CRITTER_WORDS[c] for c in event.critters)
        return f"{names[event.seat]} picked {picked}, face down."
    return f"{names[event.seat]} picked two critters, face down."


@_describe.register
def _(event: CritterRevealed, names: Sequence[str]) -> str:
    return f"{names[event.seat]} revealed a {_CRITTER_WORDS[event.critter]}."


@_describe.register
def _(event: TurnPassed, names: Sequence[str]) -> str:
    return f"{names[event.seat]} had no face-down critter left and passed."


@_describe.register
def _(event: NutDrawn, names: Sequence[str]) -> str:
    return f"{names[event.seat]} drew a {_nut(event.nut)}."


@_describe.register
def _(event: DrawMissed, names: Sequence[str]) -> str:
    return f"{names[event.seat]} should have drawn, but the nut deck was empty."


@_describe.register
def _(event: TheftAttempted, names: Sequence[str]) -> str:
    return f"{names[event.thief]} tried to steal a {_nut(event.nut)} from {names[event.victim]}."


@_describe.register
def _(event: TheftCancelled, names: Sequence[str]) -> str:
    return f"{names[event.victim]} revealed a Hamster and cancelled {names[event.thief]}'s theft."


@_describe.register
def _(event: NutStolen, names: Sequence[str]) -> str:
    return f"{names[event.thief]} stole a {_nut(event.nut)} from {names[event.victim]}."


@_describe.register
def _(event: BeaversRevealed, names: Sequence[str]) -> str:
    return f"Every Beaver played was revealed: {', '.join(names[s] for s in event.seats)}."


@_describe.register
def _(event: RoundEnded, names: Sequence[str]) -> str:
    return f"Round {event.round} ended; everyone took their critters back."
