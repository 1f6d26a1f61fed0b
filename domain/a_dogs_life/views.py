"""What each seat may see, and every event as that seat may see it.

Public: the whole board (dogs, truck and its heading, piddle and search markers, bones, and
newspapers lying face down), every dog chart (hunger, bladder, piddle markers, what each dog
carries, buried bones, the pound track), every face-up discard pile and the size of every deck,
the kiosk's stack size and the bone supply. Private to a seat: the delivery addresses of the
newspapers its own dog carries. Nobody, not even its owner, sees the order of a deck.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import repeat
from typing import Any

from kennel.domain.a_dogs_life.dogs import Dog
from kennel.domain.a_dogs_life.events import (
    DeckShuffled,
    NewspaperCollected,
    NewspaperDropped,
    NewspaperTaken,
)
from kennel.domain.a_dogs_life.state import ADogsLifeState, DogState, GroundItem, ItemKind, Phase, Piddle
from kennel.domain.core.frozen import per_recent_part, per_recent_state, replaced, short_lived

HIDDEN_ADDRESS = 0


@short_lived
@dataclass(frozen=True)
class DogView:
    seat: int
    dog: Dog
    home: int
    position: int | None  # None: on the pound chart
    hunger: int
    bladder: int
    piddles_left: int
    bones: int
    newspapers: tuple[int, ...]  # addresses; 0 for each one the viewer may not see
    buried: int
    deck_size: int
    discards: tuple[int, ...]  # face up, in the order drawn since the last shuffle
    pound_turn: int


@short_lived
@dataclass(frozen=True)
class ADogsLifeView:
    viewer: int | None  # None: a spectator
    phase: Phase
    round: int
    active: int | None  # whose turn it is; None once the game is over
    action_points: int
    begged: tuple[int, ...]
    truck: int
    truck_from: int | None
    truck_steps: int
    searched: tuple[int, ...]
    ground: tuple[GroundItem, ...]  # newspapers lie face down: address 0
    piddles: tuple[Piddle, ...]
    kiosk_size: int
    bone_supply: int
    overtime: bool
    contenders: tuple[int, ...]
    dogs: tuple[DogView, ...]
    winners: tuple[int, ...]
    sniffed: int | None = None  # the lamppost the active dog sniffed on its last turn (it may piddle over it)


def view(state: ADogsLifeState, viewer: int | None) -> ADogsLifeView:
    public = _public_view(state)
    if viewer is None or not 0 <= viewer < len(state.dogs):  # `state.seat_count`, without its call
        return public
    if not state.dogs[viewer].newspapers:  # then it sees all a spectator sees
        return replaced(public, viewer=viewer)
    dogs = list(public.dogs)
    dogs[viewer] = _seen_dog(state.dogs[viewer], viewer, True)
    return replaced(public, viewer=viewer, dogs=tuple(dogs))


# Module constants for the enum members read below as commands are decided, listed and told: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_OVER = Phase.OVER


@per_recent_state  # what every seat sees alike, made once for all of a state's viewers
def _public_view(state: ADogsLifeState) -> ADogsLifeView:
    """The spectator's view: a seat's view differs only in the addresses its own dog carries."""
    return ADogsLifeView(
        viewer=None,
        phase=state.phase,
        round=state.round,
        active=None if state.phase is _OVER else state.active,
        action_points=state.action_points,
        begged=state.begged,
        truck=state.truck,
        truck_from=state.truck_from,
        truck_steps=state.truck_steps,
        searched=state.searched,
        ground=_ground_seen(state.ground),
        piddles=state.piddles,
        kiosk_size=len(state.kiosk),
        bone_supply=state.bone_supply,
        overtime=state.overtime,
        contenders=state.contenders,
        dogs=_dogs_seen(state.dogs),
        winners=state.winners,
        sniffed=state.sniffed,
    )


# The ground and the dogs change with a few events only (a drop, a collect; a dog's move or
# draw): a state whose change lies elsewhere (the truck, the turn) holds the very same tuple,
# seen as before without a call per item or dog.
@per_recent_part
def _ground_seen(ground: tuple[GroundItem, ...]) -> tuple[GroundItem, ...]:
    return tuple(map(_face_down, ground))


@per_recent_part
def _dogs_seen(dogs: tuple[DogState, ...]) -> tuple[DogView, ...]:
    return tuple(map(_seen_dog, dogs, range(len(dogs)), repeat(False)))


def _face_down(item: GroundItem) -> GroundItem:
    if item.kind is ItemKind.NEWSPAPER:
        return replaced(item, address=HIDDEN_ADDRESS)
    return item


@per_recent_part  # a dog unchanged since the last state is seen as before (the same object)
def _seen_dog(dog: DogState, seat: int, own: bool) -> DogView:
    return _dog_view(seat, dog, own)


def _dog_view(seat: int, dog: DogState, own: bool) -> DogView:
    return DogView(
        seat=seat,
        dog=dog.dog,
        home=dog.home,
        position=dog.position,
        hunger=dog.hunger,
        bladder=dog.bladder,
        piddles_left=dog.piddles_left,
        bones=dog.bones,
        newspapers=dog.newspapers if own else (HIDDEN_ADDRESS,) * len(dog.newspapers),
        buried=dog.buried,
        deck_size=len(dog.deck),
        discards=dog.discards,
        pound_turn=dog.pound_turn,
    )


def redact(event: Any, viewer: int | None) -> Any:
    """Blank what `viewer` may not see; every event still reaches every viewer, so the
    number and order of events tell nothing the rules do not."""
    if isinstance(event, DeckShuffled):
        return replaced(event, deck=())
    if isinstance(event, (NewspaperTaken, NewspaperDropped, NewspaperCollected)) and event.seat != viewer:
        return replaced(event, address=HIDDEN_ADDRESS)
    return event
