"""Folding events into state: pure and total. It trusts `decide`; an event that does not fit
the state (a seat out of range, a marker not there) changes nothing it cannot account for."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from kennel.domain.a_dogs_life.board import board
from kennel.domain.a_dogs_life.events import (
    BeggedForFood,
    BoneBuried,
    BoneCollected,
    BoneDropped,
    BoneFound,
    CardDrawn,
    DeckShuffled,
    DogAttacked,
    DogChosen,
    DogDrank,
    DogEscaped,
    DogImpounded,
    DogKeptInPound,
    DogMoved,
    DogPiddled,
    DogReleased,
    FightTied,
    FoodEaten,
    GameWon,
    LamppostSniffed,
    NewspaperCollected,
    NewspaperDelivered,
    NewspaperDropped,
    NewspaperTaken,
    NothingFound,
    OvertimeStarted,
    TrashCanSearched,
    TrashDay,
    TruckDriven,
    TruckRolled,
    TurnStarted,
)
from kennel.domain.a_dogs_life.state import ADogsLifeState, DogState, GroundItem, ItemKind, Phase, Piddle
from kennel.domain.core.frozen import replaced

T = TypeVar("T")
State = ADogsLifeState


# Module constants for the enum members read below as commands are decided, listed and told: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_ACTIONS = Phase.ACTIONS
_TURN_OVER = Phase.TURN_OVER
_BONE = ItemKind.BONE
_TRUCK = Phase.TRUCK


def evolve(state: State, event: Any) -> State:
    apply = _APPLIERS.get(type(event))
    if apply is None:
        return state
    state = apply(state, event)
    if type(event) in _COSTS_A_POINT and state.phase is _ACTIONS:
        state = replaced(state, action_points=max(0, state.action_points - 1))
    return state


# Set-up and turns ----------------------------------------------------------------------------


def _dog_chosen(state: State, event: DogChosen) -> State:
    dog = DogState(dog=event.dog, home=event.home, position=event.home)
    dogs = list(state.dogs)
    if event.seat == len(dogs):
        dogs.append(dog)
    elif 0 <= event.seat < len(dogs):
        dogs[event.seat] = dog
    else:
        return state
    return replaced(state, dogs=tuple(dogs))


def _deck_shuffled(state: State, event: DeckShuffled) -> State:
    return _change_dog(state, event.seat, lambda d: replaced(d, deck=event.deck, discards=()))


def _turn_started(state: State, event: TurnStarted) -> State:
    dogs, sniffed = state.dogs, None
    if _has_seat(state, event.seat):  # the dog's changes go into the one copy of the state made here
        sniffed = dogs[event.seat].sniffed
        changed = list(dogs)
        changed[event.seat] = replaced(dogs[event.seat], hunger=event.hunger, sniffed=None)
        dogs = tuple(changed)
    return replaced(
        state,
        active=event.seat,
        round=event.round,
        phase=_ACTIONS if event.action_points > 0 else _TURN_OVER,
        action_points=event.action_points,
        begged=(),
        truck_steps=0,
        # "On the next turn ... it may piddle on the lamppost": this turn only
        sniffed=sniffed,
        dogs=dogs,
    )


def _card_drawn(state: State, event: CardDrawn) -> State:
    def draw(dog: DogState) -> DogState:
        return replaced(dog, deck=_without(dog.deck, event.card), discards=dog.discards + (event.card,))

    return _change_dog(state, event.seat, draw)


# The pound -----------------------------------------------------------------------------------


def _dog_impounded(state: State, event: DogImpounded) -> State:
    if not 0 <= event.seat < state.seat_count:
        return state
    dog = state.dogs[event.seat]
    if dog.position is not None:
        # "Any Bones or Newspapers carried by the dog are left on the space"
        dropped = (GroundItem(dog.position, _BONE),) * dog.bones + tuple(
            GroundItem(dog.position, ItemKind.NEWSPAPER, address) for address in dog.newspapers
        )
        state = replaced(state, ground=state.ground + dropped)
    state = _change_dog(
        state,
        event.seat,
        lambda d: replaced(d, position=None, bones=0, newspapers=(), pound_turn=1),
    )
    if event.seat == state.active and state.phase is _ACTIONS:
        state = replaced(state, phase=_TURN_OVER, action_points=0)
    return state


def _dog_kept_in_pound(state: State, event: DogKeptInPound) -> State:
    return _change_dog(state, event.seat, lambda d: replaced(d, pound_turn=event.pound_turn))


def _dog_released(state: State, event: DogReleased) -> State:
    state = _change_dog(
        state,
        event.seat,
        lambda d: replaced(d, position=board().pound, hunger=event.hunger, pound_turn=0),
    )
    if event.seat != state.active:
        return state
    phase = _ACTIONS if event.action_points > 0 else _TURN_OVER
    return replaced(state, phase=phase, action_points=event.action_points)


# Actions -------------------------------------------------------------------------------------


def _dog_moved(state: State, event: DogMoved) -> State:
    return _change_dog(state, event.seat, lambda d: replaced(d, position=event.to))


def _lamppost_sniffed(state: State, event: LamppostSniffed) -> State:
    # "The dog spends the rest of its action points sniffing the lamppost"
    state = replaced(state, action_points=0)
    return _change_dog(state, event.seat, lambda d: replaced(d, sniffed=event.space))


def _trash_can_searched(state: State, event: TrashCanSearched) -> State:
    return replaced(state, searched=state.searched + (event.space,))


def _trash_day(state: State, event: TrashDay) -> State:
    return replaced(state, searched=(event.kept,))


def _begged_for_food(state: State, event: BeggedForFood) -> State:
    return replaced(state, begged=state.begged + (event.space,))


def _food_eaten(state: State, event: FoodEaten) -> State:
    return _change_dog(state, event.seat, lambda d: replaced(d, hunger=event.hunger))


def _bone_found(state: State, event: BoneFound) -> State:
    if state.bone_supply <= 0:
        return state
    state = replaced(state, bone_supply=state.bone_supply - 1)
    return _change_dog(state, event.seat, lambda d: replaced(d, bones=d.bones + 1))


def _bone_dropped(state: State, event: BoneDropped) -> State:
    if not _has_seat(state, event.seat) or state.dogs[event.seat].bones <= 0:
        return state
    state = replaced(state, ground=state.ground + (GroundItem(event.space, _BONE),))
    return _change_dog(state, event.seat, lambda d: replaced(d, bones=d.bones - 1))


def _newspaper_dropped(state: State, event: NewspaperDropped) -> State:
    if not _has_seat(state, event.seat) or event.address not in state.dogs[event.seat].newspapers:
        return state
    item = GroundItem(event.space, ItemKind.NEWSPAPER, event.address)
    state = replaced(state, ground=state.ground + (item,))
    return _change_dog(
        state, event.seat, lambda d: replaced(d, newspapers=_without(d.newspapers, event.address))
    )


def _bone_collected(state: State, event: BoneCollected) -> State:
    bone = GroundItem(event.space, _BONE)
    if not _has_seat(state, event.seat) or bone not in state.ground:
        return state
    state = replaced(state, ground=_without(state.ground, bone))
    return _change_dog(state, event.seat, lambda d: replaced(d, bones=d.bones + 1))


def _newspaper_collected(state: State, event: NewspaperCollected) -> State:
    here = state.newspapers_on(event.space)
    if not _has_seat(state, event.seat) or not 0 <= event.index < len(here):
        return state
    item = here[event.index]
    state = replaced(state, ground=_without(state.ground, item))
    return _change_dog(state, event.seat, lambda d: replaced(d, newspapers=d.newspapers + (item.address,)))


def _bone_buried(state: State, event: BoneBuried) -> State:
    return _change_dog(
        state, event.seat, lambda d: replaced(d, bones=max(0, d.bones - 1), buried=d.buried + 1)
    )


def _dog_drank(state: State, event: DogDrank) -> State:
    def drink(dog: DogState) -> DogState:
        poured = min(max(0, event.bladder - dog.bladder), dog.piddles_left)
        return replaced(dog, bladder=dog.bladder + poured, piddles_left=dog.piddles_left - poured)

    return _change_dog(state, event.seat, drink)


def _dog_piddled(state: State, event: DogPiddled) -> State:
    if not _has_seat(state, event.seat) or state.dogs[event.seat].bladder <= 0:
        return state
    owner = state.piddle_on(event.space)
    if owner is not None:
        # "the opponent's piddle marker is removed from the board and given back to the opponent"
        state = _change_dog(state, owner, lambda d: replaced(d, piddles_left=d.piddles_left + 1))
    piddles = tuple(p for p in state.piddles if p.space != event.space) + (Piddle(event.space, event.seat),)
    state = replaced(state, piddles=tuple(sorted(piddles, key=lambda p: p.space)))
    return _change_dog(state, event.seat, lambda d: replaced(d, bladder=d.bladder - 1))


def _newspaper_taken(state: State, event: NewspaperTaken) -> State:
    if event.address not in state.kiosk:
        return state
    state = replaced(state, kiosk=_without(state.kiosk, event.address))
    return _change_dog(state, event.seat, lambda d: replaced(d, newspapers=d.newspapers + (event.address,)))


def _newspaper_delivered(state: State, event: NewspaperDelivered) -> State:
    if not _has_seat(state, event.seat) or event.address not in state.dogs[event.seat].newspapers:
        return state
    state = replaced(state, kiosk=tuple(sorted(state.kiosk + (event.address,))))
    return _change_dog(
        state, event.seat, lambda d: replaced(d, newspapers=_without(d.newspapers, event.address))
    )


def _unchanged(state: State, event: Any) -> State:
    return state


# The truck and the end -----------------------------------------------------------------------


def _truck_rolled(state: State, event: TruckRolled) -> State:
    return replaced(state, phase=_TRUCK, truck_steps=event.roll, action_points=0)


def _truck_driven(state: State, event: TruckDriven) -> State:
    truck, came_from = state.truck, state.truck_from
    for space in event.spaces:
        truck, came_from = space, truck
    return replaced(
        state, truck=truck, truck_from=came_from, truck_steps=max(0, state.truck_steps - len(event.spaces))
    )


def _overtime_started(state: State, event: OvertimeStarted) -> State:
    return replaced(state, overtime=True, contenders=event.seats)


def _game_won(state: State, event: GameWon) -> State:
    return replaced(
        state,
        phase=Phase.OVER,
        winners=event.winners,
        win_reason=event.reason,
        action_points=0,
        truck_steps=0,
    )


_APPLIERS: dict[type, Callable[[State, Any], State]] = {
    DogChosen: _dog_chosen,
    DeckShuffled: _deck_shuffled,
    TurnStarted: _turn_started,
    CardDrawn: _card_drawn,
    DogImpounded: _dog_impounded,
    DogKeptInPound: _dog_kept_in_pound,
    DogReleased: _dog_released,
    DogMoved: _dog_moved,
    LamppostSniffed: _lamppost_sniffed,
    TrashCanSearched: _trash_can_searched,
    TrashDay: _trash_day,
    BeggedForFood: _begged_for_food,
    FoodEaten: _food_eaten,
    BoneFound: _bone_found,
    NothingFound: _unchanged,
    BoneDropped: _bone_dropped,
    NewspaperDropped: _newspaper_dropped,
    BoneCollected: _bone_collected,
    NewspaperCollected: _newspaper_collected,
    BoneBuried: _bone_buried,
    DogDrank: _dog_drank,
    DogPiddled: _dog_piddled,
    NewspaperTaken: _newspaper_taken,
    NewspaperDelivered: _newspaper_delivered,
    DogAttacked: _unchanged,
    FightTied: _unchanged,
    TruckRolled: _truck_rolled,
    TruckDriven: _truck_driven,
    DogEscaped: _unchanged,
    OvertimeStarted: _overtime_started,
    GameWon: _game_won,
}

# "Each action performed by a dog uses up one action point."
_COSTS_A_POINT: frozenset[type] = frozenset(
    {
        DogMoved,
        TrashCanSearched,
        BoneDropped,
        NewspaperDropped,
        BoneCollected,
        NewspaperCollected,
        BoneBuried,
        BeggedForFood,
        DogDrank,
        DogPiddled,
        NewspaperTaken,
        NewspaperDelivered,
        DogAttacked,
    }
)


def _has_seat(state: State, seat: int) -> bool:
    return 0 <= seat < len(state.dogs)  # `state.seat_count`, without its call (asked for most events)


def _change_dog(state: State, seat: int, change: Callable[[DogState], DogState]) -> State:
    if not _has_seat(state, seat):
        return state
    dogs = list(state.dogs)
    dogs[seat] = change(dogs[seat])
    return replaced(state, dogs=tuple(dogs))


def _without(items: tuple[T, ...], item: T) -> tuple[T, ...]:
    """`items` less one copy of `item` (unchanged when it is not there)."""
    if item not in items:
        return items
    index = items.index(item)
    return items[:index] + items[index + 1 :]
