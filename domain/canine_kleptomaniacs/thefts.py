"""Taking cards from hands, and the Charm Offensive that may prevent it.

A theft is every effect by which one seat takes cards from another's hand: Fishy Blast, Puppy
Eyes, Stick Chase, Sniff it Out's blind take, the Plundering Pooch spoils and Cheesy
Distraction (docs/rules: "What counts as stealing"). Fluffy Rumble is not one: "The Charm
Offensive cannot protect you from a Fluffy Rumble".
"""

from __future__ import annotations

from kennel.domain.canine_kleptomaniacs.components import ActionCard, manifest, sorted_collectables
from kennel.domain.canine_kleptomaniacs.events import (
    ActionCardDiscarded,
    CardsStolen,
    CharmOffensiveUsed,
    Take,
    TheftAllowed,
    TheftAttempted,
)
from kennel.domain.canine_kleptomaniacs.hands import declare_paw
from kennel.domain.canine_kleptomaniacs.resolution import Resolution
from kennel.domain.canine_kleptomaniacs.state import Theft

SIX = 6


# Module constants for the enum members read below as commands are decided, listed and told: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_CHARM_OFFENSIVE = ActionCard.CHARM_OFFENSIVE


def attempt_theft(resolution: Resolution, thief: int, card: ActionCard, takes: tuple[Take, ...]) -> None:
    """Announce the theft; victims showing a Charm Offensive may answer it before it happens.

    A victim with an empty hand has nothing to lose and is left out. Every victim showing a
    Charm Offensive is asked, whatever its hand holds (the card lies face up: asking tells
    nothing hidden), so a Stick Chase victim may roll even if it holds no card of the kind.
    """
    state = resolution.state
    takes = tuple(take for take in takes if state.hand_size(take.victim) > 0)
    if not takes:
        return
    holders = tuple(
        take.victim for take in takes if _CHARM_OFFENSIVE in state.seats[take.victim].kept
    )
    resolution.record(TheftAttempted(thief=thief, card=card, takes=takes, charm_holders=holders))
    if not holders:
        resolve_theft(resolution)


def charm_offensive_attempts(resolution: Resolution, seat: int) -> int:
    """Three attempts, two more for a dog showing the Charm Offensive symbol ("Doggy Cards")."""
    numbers = manifest().numbers
    attempts = numbers["charm_offensive_attempts"]
    dog = resolution.state.seats[seat].dog
    if dog is not None and manifest().dogs[dog].power is _CHARM_OFFENSIVE:
        attempts += numbers["power_extra_charm_rolls"]
    return attempts


def use_charm_offensive(resolution: Resolution, seat: int) -> None:
    """Charm Offensive: "you have three attempts to roll a six to prevent them. Once used, place
    face up onto the Action card discard pile" (used up whether or not a six comes)."""
    rolls: list[int] = []
    for _ in range(charm_offensive_attempts(resolution, seat)):
        rolls.append(resolution.rng.die())
        if rolls[-1] == SIX:
            break
    resolution.record(CharmOffensiveUsed(seat=seat, rolls=tuple(rolls), prevented=rolls[-1] == SIX))
    resolution.record(ActionCardDiscarded(seat=seat, card=_CHARM_OFFENSIVE))
    _resolve_when_answered(resolution)


def allow_theft(resolution: Resolution, seat: int) -> None:
    resolution.record(TheftAllowed(seat=seat))
    _resolve_when_answered(resolution)


def _resolve_when_answered(resolution: Resolution) -> None:
    theft = resolution.state.effect
    if isinstance(theft, Theft) and not theft.waiting:
        resolve_theft(resolution)


def resolve_theft(resolution: Resolution) -> None:
    """Take from each victim in turn: blind takes are random (the game's Rng) among the cards
    in hand; a named kind is handed over if the victim has one, and it is public either way."""
    theft = resolution.state.effect
    if not isinstance(theft, Theft):
        return
    before = resolution.state.paw_holder
    for take in theft.takes:
        hand = resolution.state.seats[take.victim].hand
        if take.kind is None:
            count = min(take.count, len(hand))
            cards = sorted_collectables(resolution.rng.shuffled(hand)[:count])
            stolen = CardsStolen(thief=theft.thief, victim=take.victim, count=count, cards=cards, blind=True)
        else:
            cards = (take.kind,) if take.kind in hand else ()
            stolen = CardsStolen(thief=theft.thief, victim=take.victim, count=len(cards), cards=cards, blind=False)
        resolution.record(stolen)
    declare_paw(resolution, before)
