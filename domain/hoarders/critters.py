"""The Critter Cards: what each critter does once it is face up.

One function per rulebook section (`resolve_squirrel` ... `resolve_beaver`); the Hamster's
out-of-turn reaction lives in `decide.cancel_theft`.
"""

from __future__ import annotations

from kennel.domain.hoarders.cards import (
    LONE_BEAVER_DRAW,
    NUT_KINDS,
    WINNING_COUNT,
    Critter,
    Nut,
    most_identical,
)
from kennel.domain.hoarders.events import BeaversRevealed, DrawMissed, NutDrawn, NutStolen, TheftAttempted
from kennel.domain.hoarders.resolution import Resolution
from kennel.domain.hoarders.state import Hoard, HoardersState


# Module constants for `effect_of` and `steals`, asked per critter as reveals are listed and
# labelled: an enum class's attribute is read through `EnumType`'s `__getattr__` hook.
_GROUNDHOG, _BEAVER, _RACCOON = Critter.GROUNDHOG, Critter.BEAVER, Critter.RACCOON


def effect_of(hoard: Hoard, critter: Critter) -> Critter | None:
    """The critter whose effect revealing `critter` has: itself, or what a Groundhog repeats.

    None when a Groundhog repeats nothing (its partner is a Beaver, or it has none).
    """
    if critter is not _GROUNDHOG:
        return critter
    partner = hoard.partner_of(critter)
    # "The Beaver card cannot be repeated."
    return None if partner is _BEAVER else partner


def steals(hoard: Hoard, critter: Critter) -> bool:
    """Whether revealing `critter` steals: a Raccoon, or a Groundhog repeating one."""
    return effect_of(hoard, critter) is _RACCOON


def theft_targets(state: HoardersState, thief: int) -> tuple[tuple[int, Nut], ...]:
    """Every (victim, kind of nut) the thief may name: any other seat, any kind it holds."""
    return tuple(
        (victim, nut)
        for victim in range(state.seat_count)
        if victim != thief
        for nut in NUT_KINDS  # not the enum class: iterating it is a generator of Python frames
        if nut in state.hoards[victim].nuts
    )


# Module constants for the enum members read below as commands are decided, listed and told: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_SQUIRREL = Critter.SQUIRREL
_HAMSTER = Critter.HAMSTER


def resolve_critter(
    resolution: Resolution, seat: int, critter: Critter, victim: int | None, nut: Nut | None
) -> None:
    if critter is _SQUIRREL:
        resolve_squirrel(resolution, seat)
    elif critter is _RACCOON:
        resolve_raccoon(resolution, seat, victim, nut)
    elif critter is _HAMSTER:
        resolve_hamster(resolution, seat)
    elif critter is _GROUNDHOG:
        resolve_groundhog(resolution, seat, victim, nut)
    elif critter is _BEAVER:
        resolve_beaver(resolution, seat)


def resolve_squirrel(resolution: Resolution, seat: int) -> None:
    """Squirrel: draw the top nut card from the deck."""
    draw_nut(resolution, seat)


def resolve_raccoon(resolution: Resolution, thief: int, victim: int | None, nut: Nut | None) -> None:
    """Raccoon: steal one nut of the named kind from the named seat.

    The victim is asked first whenever it still has a face-down card, so that being asked
    says nothing about holding a Hamster; with no face-down card the theft simply happens.
    No victim is named when nobody else holds a nut, and then the Raccoon does nothing.
    """
    if victim is None or nut is None:
        return
    resolution.record(TheftAttempted(thief=thief, victim=victim, nut=nut))
    if not resolution.state.hoards[victim].face_down:
        resolution.record(NutStolen(thief=thief, victim=victim, nut=nut))


def resolve_hamster(resolution: Resolution, seat: int) -> None:
    """Hamster revealed on its owner's turn: "it has no effect"."""


def resolve_groundhog(resolution: Resolution, seat: int, victim: int | None, nut: Nut | None) -> None:
    """Groundhog: repeat the effect of the other critter played this round.

    It repeats the partner's printed effect whether the partner is still face down or was
    already revealed, and whatever became of it (a cancelled Raccoon is repeated as a new
    theft). A Hamster partner has no effect on one's own turn, so neither has the Groundhog;
    a Beaver cannot be repeated.
    """
    repeated = effect_of(resolution.state.hoards[seat], _GROUNDHOG)
    if repeated is _SQUIRREL:
        resolve_squirrel(resolution, seat)
    elif repeated is _RACCOON:
        resolve_raccoon(resolution, seat, victim, nut)


def resolve_beaver(resolution: Resolution, seat: int) -> None:
    """Beaver: every other face-down Beaver turns face up; then one Beaver draws three, or
    with several Beavers every seat that played none draws one, in turn order from the crown.

    A lone Beaver stops drawing at its fifth identical nut: "The game ends immediately and that
    player wins the game" (docs/rules/hoarders.md, "A lone Beaver's fifth nut"). The draws of
    several Beavers are simultaneous, since the rulebook foresees several seats "getting their
    fifth identical nut cards on the same turn" from them.

    A Beaver turned up this way has been played: its owner's later turn reveals the other
    critter, or passes.
    """
    state = resolution.state
    others = tuple(
        s for s in state.seats_from_crown() if s != seat and _BEAVER in state.hoards[s].face_down
    )
    if not others:
        for _ in range(LONE_BEAVER_DRAW):
            if most_identical(resolution.state.hoards[seat].nuts) >= WINNING_COUNT:
                return
            draw_nut(resolution, seat)
        return
    resolution.record(BeaversRevealed(seats=others))
    for drawer in state.seats_from_crown():
        if drawer != seat and drawer not in others:
            draw_nut(resolution, drawer)


def draw_nut(resolution: Resolution, seat: int) -> None:
    """Draw the top nut; from an empty deck the draw is missed (docs/rules/hoarders.md)."""
    deck = resolution.state.deck
    resolution.record(NutDrawn(seat=seat, nut=deck[0]) if deck else DrawMissed(seat=seat))
