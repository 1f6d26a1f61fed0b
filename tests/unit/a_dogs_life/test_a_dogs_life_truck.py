"""3 – Move the Dogcatcher's Truck: the roll, the full distance, never doubling back, the
driver's choice at crossroads; Catching a dog; Escaping from the Dogcatcher."""

from __future__ import annotations

from a_dogs_life_support import (
    BUTCH,
    CITY,
    FIFI,
    GAME,
    HOME,
    POUND_EXIT,
    after,
    at,
    card,
    deck,
    finish_turn,
    given,
    of_type,
    opening,
    placed,
    rolling,
    then_refused,
    when,
)
from kennel.domain.a_dogs_life.board import SpaceKind
from kennel.domain.a_dogs_life.commands import EndActions, SteerTruck
from kennel.domain.a_dogs_life.dogs import Section
from kennel.domain.a_dogs_life.events import (
    BoneFound,
    CardDrawn,
    DogEscaped,
    DogImpounded,
    TruckDriven,
    TruckRolled,
)
from kennel.domain.a_dogs_life.state import GroundItem, Impounded, ItemKind, Phase
from kennel.domain.core.rules import PromptKind

ESCAPES = card(FIFI, escape_dogcatcher=True)
NETTED = card(FIFI, escape_dogcatcher=False)


def _heading_south(*events, butch: int = at(13, 0), fifi_top: int = ESCAPES, fifi_at: int | None = None):
    """Butch (seat 0) acting; the truck at (0, 8), having come from (0, 7)."""
    return given(
        opening(BUTCH, FIFI, decks=[deck(BUTCH), deck(FIFI, fifi_top)]),
        [TruckDriven(spaces=(at(0, 7), at(0, 8)))],
        *events,
        placed(butch, fifi_at, points=7),
    )


def test_the_die_is_rolled_and_the_truck_drives_the_full_distance_never_doubling_back():
    """3 – Move the Dogcatcher's Truck: "moved as many spaces as indicated on the die"; "may not
    move into the space it last occupied, nor double back"; "may never enter buildings"."""
    for roll in range(1, 7):
        state = _heading_south()
        before = state.truck
        state, events = finish_turn(state, 0, rolling(roll))
        assert events[0] == TruckRolled(seat=0, roll=roll)
        path = [space for driven in of_type(events, TruckDriven) for space in driven.spaces]
        assert len(path) == roll
        trail = [at(0, 7), before, *path]
        for previous, here, following in zip(trail, trail[1:], trail[2:], strict=False):
            assert following in CITY.street_links[here] and following != previous
        assert all(CITY.kind(space) is SpaceKind.STREET for space in path)
        assert state.truck == path[-1] and state.truck_from == trail[-2]


def test_at_a_crossroads_the_moving_seat_chooses_any_way_but_back():
    """3 – Move the Dogcatcher's Truck: "At crossroads, the truck may travel along any street
    except the one it just left (chosen by the player moving the truck)"."""
    state = _heading_south()
    events = when(state, 0, EndActions(), rolling(3))
    assert events[1] == TruckDriven(spaces=(at(0, 9), at(0, 10)))
    state = after(state, 0, EndActions(), rolling(3))
    assert state.phase is Phase.TRUCK and state.truck_steps == 1
    assert [(p.seat, p.kind) for p in GAME.pending(state)] == [(0, PromptKind.CHOICE)]
    assert set(GAME.legal_commands(state, 0)) == {SteerTruck(at(1, 10)), SteerTruck(at(0, 11))}
    assert GAME.legal_commands(state, 1) == ()
    then_refused(state, 0, SteerTruck(at(0, 9)), "not_a_way_on")
    then_refused(state, 0, EndActions(), "driving")
    events = when(state, 0, SteerTruck(at(1, 10)))
    assert events[0] == TruckDriven(spaces=(at(1, 10),))
    assert after(state, 0, SteerTruck(at(1, 10))).active == 1


def test_from_its_start_beside_the_pound_the_truck_may_go_either_way():
    state = given(opening(BUTCH, FIFI), placed(at(13, 0), points=7))
    state = after(state, 0, EndActions(), rolling(2))
    assert state.truck == POUND_EXIT
    assert set(GAME.legal_commands(state, 0)) == {SteerTruck(at(7, 6)), SteerTruck(at(7, 8))}


def test_a_dog_under_the_stopped_truck_goes_to_the_pound_leaving_its_items():
    """Catching a dog: "If the dogcatcher's truck ends its movement on a space occupied by a dog,
    the dog is whisked away to the pound ... leaves behind any bones or newspapers"."""
    state = _heading_south([BoneFound(seat=1)], fifi_at=at(0, 9))
    events = when(state, 0, EndActions(), rolling(1))
    assert DogImpounded(seat=1, reason=Impounded.CAUGHT) in events
    assert not [e for e in of_type(events, CardDrawn) if e.section is Section.ESCAPE_DOGCATCHER]
    state = after(state, 0, EndActions(), rolling(1))
    assert state.dogs[1].in_pound and GroundItem(at(0, 9), ItemKind.BONE) in state.ground


def test_a_dog_passed_over_is_safe():
    """Catching a dog: "Nothing happens to a dog passed over by a truck"."""
    state = _heading_south(fifi_at=at(0, 9))
    state, events = finish_turn(state, 0, rolling(3))
    assert not of_type(events, DogImpounded) and not of_type(events, CardDrawn)
    assert state.dogs[1].position == at(0, 9)


def test_a_dog_beside_the_stopped_truck_draws_to_escape():
    """Escaping from the Dogcatcher: a dog jumping through the net hides; a dog's head under a
    net is captured."""
    state = _heading_south(fifi_at=at(0, 10), fifi_top=ESCAPES)
    events = when(state, 0, EndActions(), rolling(1))
    assert events[-3:-1] == [
        CardDrawn(seat=1, card=ESCAPES, section=Section.ESCAPE_DOGCATCHER),
        DogEscaped(seat=1),
    ]
    state = _heading_south(fifi_at=at(0, 10), fifi_top=NETTED)
    events = when(state, 0, EndActions(), rolling(1))
    assert DogImpounded(seat=1, reason=Impounded.NETTED) in events


def _kiosk_dog(roll: int):
    """Fifi in the kiosk; the truck at (10, 6) on Beagle Avenue, come from (10, 5)."""
    from a_dogs_life_support import KIOSK

    state = given(
        opening(BUTCH, FIFI, decks=[deck(BUTCH), deck(FIFI, NETTED)]),
        [TruckDriven(spaces=(at(10, 5), at(10, 6)))],
        placed(at(13, 0), KIOSK, points=7),
    )
    return when(state, 0, EndActions(), rolling(roll))


def test_a_dog_in_a_building_beside_the_truck_at_an_entrance_must_escape_too():
    """Escaping from the Dogcatcher: "(whether in the street or a building) ... A building space
    is only adjacent to a street if there is an arrow on the street allowing entrance"."""
    events = _kiosk_dog(3)
    assert events[1] == TruckDriven(spaces=(at(10, 7), at(10, 8), at(10, 9)))  # a kiosk entrance
    assert DogImpounded(seat=1, reason=Impounded.NETTED) in events


def test_a_dog_in_a_building_drawn_beside_the_truck_but_without_an_entrance_there_is_safe():
    events = _kiosk_dog(1)
    assert events[1] == TruckDriven(spaces=(at(10, 7),))  # beside the kiosk, but no arrow
    assert not [e for e in of_type(events, CardDrawn) if e.section is Section.ESCAPE_DOGCATCHER]


def test_a_dog_at_home_is_safe_from_the_dogcatcher():
    """Escaping from the Dogcatcher: "Dogs are always safe from the dogcatcher while in their
    starting space"."""
    state = given(
        opening(BUTCH, FIFI),
        [TruckDriven(spaces=(at(0, 6), at(0, 5), at(0, 4), at(0, 3)))],
        placed(HOME[0], points=7),
    )
    assert state.truck == at(0, 3) and state.truck_from == at(0, 4)
    events = when(state, 0, EndActions(), rolling(1))
    assert events[1] == TruckDriven(spaces=(at(0, 2),))
    assert not of_type(events, CardDrawn) and not of_type(events, DogImpounded)
