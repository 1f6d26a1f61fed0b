"""Rulings of docs/rules/a-dogs-life.md not covered section by section elsewhere: "Undo", the
pound building and chart, "Rewards" (the bone supply), "The truck" (one's own dog)."""

from __future__ import annotations

import dataclasses

from a_dogs_life_support import (
    BUTCH,
    CITY,
    FIFI,
    GAME,
    LUCKY,
    POUND,
    POUND_EXIT,
    TRASH_CAN,
    VAGABOND,
    after,
    at,
    card,
    deck,
    finish_turn,
    given,
    of_type,
    opening,
    placed,
    rng,
    rolling,
    then_refused,
    when,
)
from kennel.domain.a_dogs_life.commands import AttackDog, EndActions, MoveDog, SearchTrashCan
from kennel.domain.a_dogs_life.dogs import Reward, Section
from kennel.domain.a_dogs_life.events import (
    CardDrawn,
    DogImpounded,
    DogKeptInPound,
    DogEscaped,
    DogMoved,
    DogReleased,
    NewspaperTaken,
    NothingFound,
    TruckDriven,
)
from kennel.domain.a_dogs_life.game import UNDOABLE
from kennel.domain.a_dogs_life.resolution import Resolution
from kennel.domain.a_dogs_life.truck import truck_stops
from kennel.domain.a_dogs_life.state import Impounded
from kennel.domain.core import table as tables
from kennel.domain.core.rng import seed_from_text
from kennel.domain.core.undo import ProposeUndo


def test_ruling_undo():
    """Ruling "Undo" (gap): a move ("Each space moved costs 1 action point") may be taken back; a
    search ("turns over the top card ... to see the results") may not."""
    seed = seed_from_text("undo")
    table = tables.fold(GAME, tables.create(GAME, None, ["a", "b"], seed))
    assert ProposeUndo() not in tables.legal_commands(table, 0)  # nothing since the set-up
    move = next(c for c in tables.legal_commands(table, 0) if isinstance(c, MoveDog))
    for event in tables.play(table, 0, move, seed):
        table = tables.evolve(table, event)
    assert ProposeUndo() in tables.legal_commands(table, 0)
    assert {kind.__name__ for kind in UNDOABLE} == {
        "DogMoved",
        "LamppostSniffed",
        "BoneDropped",
        "NewspaperDropped",
        "BoneCollected",
        "BoneBuried",
        "DogDrank",
        "DogPiddled",
    }
    assert not GAME.reveals(DogMoved(seat=0, to=1))
    assert GAME.reveals(CardDrawn(seat=0, card=1, section=Section.TRASH_CAN))
    assert GAME.reveals(TruckDriven(spaces=(1,)))
    assert GAME.reveals(NewspaperTaken(seat=0, address=0))
    # (That no decision puts an undoable event after a revealing one is checked by the engine
    # on every decision of the random playouts.)


def test_ruling_the_pound_building_holds_one_dog():
    """docs: "The pound building holds one dog" (gap): Move a Space: "Two figures may never remain
    in the same space". A dog freed while another stands in the pound building waits on the pound
    chart and leaves, without a card, on its next turn that finds the building empty."""
    occupied = given(
        opening(FIFI, BUTCH, VAGABOND),
        [DogImpounded(seat=2, reason=Impounded.CAUGHT), DogKeptInPound(seat=2, pound_turn=4)],
        placed(None, POUND, active=1, points=1),
    )
    state, events = finish_turn(occupied, 1)  # Butch stays in the pound building
    assert DogKeptInPound(seat=2, pound_turn=4) in events
    assert not of_type(events, DogReleased)
    assert not [e for e in of_type(events, CardDrawn) if e.seat == 2]  # freed already: no card
    assert state.dogs[2].in_pound and state.dogs[1].position == POUND

    empty = given(
        opening(FIFI, BUTCH, VAGABOND),
        [DogImpounded(seat=2, reason=Impounded.CAUGHT), DogKeptInPound(seat=2, pound_turn=4)],
        placed(None, None, active=1, points=1),
    )
    state, events = finish_turn(empty, 1)
    assert DogReleased(seat=2, hunger=2, action_points=7) in events
    assert state.dogs[2].position == POUND


def test_ruling_the_pound_chart():
    """docs: "The pound chart" (reading): "place it on space one of the dog pound chart" for every
    dog caught, while "Two figures may never remain in the same space" speaks of the board: any
    number of dogs wait on the chart at once."""
    state = given(
        opening(FIFI, BUTCH, VAGABOND),
        [DogImpounded(seat=1, reason=Impounded.CAUGHT), DogImpounded(seat=2, reason=Impounded.NETTED)],
    )
    assert state.dogs[1].in_pound and state.dogs[2].in_pound
    assert state.dogs[1].pound_turn == state.dogs[2].pound_turn == 1


def test_ruling_nobody_reaches_into_the_pound_building():
    """docs: "Nobody reaches into the pound building" (reading): attacks go "only through the
    arrows which allow entry into the building", and "A building space is only adjacent to a
    street if there is an arrow on the street allowing entrance"; no arrow lets a dog into the
    pound, so a dog there is neither attacked nor netted, and attacks nobody."""
    assert CITY.reach(POUND) == () and POUND not in CITY.reach(POUND_EXIT)
    away = next(n for n in CITY.street_links[POUND_EXIT])
    state = given(
        opening(BUTCH, FIFI, decks=[deck(BUTCH, card(BUTCH, attack=4)), deck(FIFI, card(FIFI, attack=0))]),
        [TruckDriven(spaces=(away,))],
        placed(POUND_EXIT, POUND, points=7),
    )
    then_refused(state, 0, AttackDog(1), "not_adjacent")
    fifi = given(
        opening(FIFI, BUTCH),
        [TruckDriven(spaces=(away,))],
        placed(POUND, POUND_EXIT, points=6),
    )
    then_refused(fifi, 0, AttackDog(1), "not_adjacent")
    # the truck stopping on the pound's exit nets nobody in the pound building
    netted = card(FIFI, escape_dogcatcher=False)
    stopped = dataclasses.replace(
        given(opening(BUTCH, FIFI, decks=[deck(BUTCH), deck(FIFI, netted)]), placed(None, POUND, points=7)),
        truck=POUND_EXIT,
    )
    resolution = Resolution(stopped)
    truck_stops(resolution, rng())
    assert resolution.events == []


def test_ruling_rewards():
    """Ruling "Rewards" (gap): "If there is not a free space, the player may not take the marker";
    with the 30 bone markers out of the supply, a bone card gives nothing either."""
    bone = card(VAGABOND, trash_can=Reward.BONE)
    state = given(
        opening(VAGABOND, FIFI, decks=[deck(VAGABOND, bone), deck(FIFI)]), placed(TRASH_CAN, points=7)
    )
    state = dataclasses.replace(state, bone_supply=0)
    assert when(state, 0, SearchTrashCan())[-1] == NothingFound(seat=0)


def test_ruling_the_truck():
    """Ruling "The truck" (gap). Move the Dogcatcher's Truck: the dogs beside the stopped truck
    draw ("If the dogcatcher's truck ends its movement on a space adjacent to a dog ... the dog
    must try to hide"), a seat's own dog beside it included, in turn order from the mover."""
    netted = card(LUCKY, escape_dogcatcher=False)
    state = given(
        opening(LUCKY, FIFI, decks=[deck(LUCKY, netted), deck(FIFI)]),
        [TruckDriven(spaces=(at(0, 7), at(0, 8)))],
        placed(at(0, 10), points=7),
    )
    events = when(state, 0, EndActions(), rolling(1))
    assert CardDrawn(seat=0, card=netted, section=Section.ESCAPE_DOGCATCHER) in events
    assert DogImpounded(seat=0, reason=Impounded.NETTED) in events
    assert after(state, 0, EndActions(), rolling(1)).dogs[0].in_pound
    escapes = [card(dog, escape_dogcatcher=True) for dog in (LUCKY, BUTCH)]
    state = given(
        opening(LUCKY, FIFI, BUTCH, decks=[deck(LUCKY, escapes[0]), deck(FIFI), deck(BUTCH, escapes[1])]),
        [TruckDriven(spaces=(at(0, 7), at(0, 8)))],
        placed(at(1, 10), at(13, 0), at(0, 11), active=1, points=7),
    )
    events = when(state, 1, EndActions(), rolling(2))  # stops at (0, 10), between seats 0 and 2
    assert [(e.seat, e.section) for e in of_type(events, CardDrawn)] == [
        (2, Section.ESCAPE_DOGCATCHER),
        (0, Section.ESCAPE_DOGCATCHER),
    ]
    assert of_type(events, DogEscaped) == [DogEscaped(seat=2), DogEscaped(seat=0)]
