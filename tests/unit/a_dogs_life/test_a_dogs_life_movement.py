"""Move a Space and Sniff a Lamppost; docs/rules/a-dogs-life.md, "Moving through occupied spaces"."""

from __future__ import annotations

from a_dogs_life_support import (
    BUTCH,
    FIFI,
    GAME,
    HOME,
    KIOSK,
    POUND,
    POUND_EXIT,
    VAGABOND,
    after,
    at,
    given,
    named,
    opening,
    placed,
    then_refused,
    when,
)
from kennel.domain.a_dogs_life.commands import (
    EndActions,
    MoveDog,
    PiddleOnLamppost,
    SearchTrashCan,
)
from kennel.domain.a_dogs_life.events import DogMoved, DogPiddled, LamppostSniffed, TruckDriven, TruckRolled
from kennel.domain.a_dogs_life.state import Phase, Piddle

ADDRESS_4 = named("Address 4")  # entrance (12, 0)
LAMP = at(14, 0)
TRASH = at(13, 0)


def test_a_move_to_an_adjacent_space_costs_one_action_point():
    """Move a Space: "Each space moved costs 1 action point"."""
    state = given(opening(FIFI, BUTCH), placed(at(12, 0)))
    events = when(state, 0, MoveDog(at(11, 0)))
    assert events == [DogMoved(seat=0, to=at(11, 0))]
    state = after(state, 0, MoveDog(at(11, 0)))
    assert state.dogs[0].position == at(11, 0) and state.action_points == 5


def test_only_adjacent_spaces_not_diagonals():
    """Move a Space: "sharing a common side, not diagonally"."""
    state = given(opening(FIFI, BUTCH), placed(at(5, 5)))
    then_refused(state, 0, MoveDog(KIOSK), "not_adjacent")  # drawn diagonally beside (5, 5)
    then_refused(state, 0, MoveDog(at(7, 5)), "not_adjacent")
    then_refused(state, 0, MoveDog(999), "not_adjacent")
    moves = {c.to for c in GAME.legal_commands(state, 0) if isinstance(c, MoveDog)}
    assert moves == {at(4, 5), at(6, 5), at(5, 4), at(5, 6)}


def test_ruling_building_costs():
    """Ruling "Building costs" (reading). Move a Space: buildings "require 1 action point to enter,
    and another action point to leave", one move each, nothing extra; "A dog may never enter a
    building except where indicated"."""
    state = given(opening(FIFI, BUTCH), placed(at(12, 0)))
    state = after(state, 0, MoveDog(ADDRESS_4))
    assert state.dogs[0].position == ADDRESS_4 and state.action_points == 5
    assert {c.to for c in GAME.legal_commands(state, 0) if isinstance(c, MoveDog)} == {at(12, 0)}
    state = after(state, 0, MoveDog(at(12, 0)))
    assert state.dogs[0].position == at(12, 0) and state.action_points == 4  # one point out
    state = given(opening(FIFI, BUTCH), placed(TRASH))
    then_refused(state, 0, MoveDog(ADDRESS_4), "not_adjacent")


def test_the_kiosk_may_be_left_through_another_entrance():
    """Move a Space: "A dog can therefore enter the newspaper kiosk from one space, and leave
    through another"."""
    state = given(opening(FIFI, BUTCH), placed(at(7, 6)))
    state = after(state, 0, MoveDog(KIOSK))
    state = after(state, 0, MoveDog(at(10, 9)))
    assert state.dogs[0].position == at(10, 9) and state.action_points == 4


def test_never_into_the_pound_nor_another_dogs_home():
    """Move a Space: "A dog may never enter the pound (voluntarily anyway), nor the starting
    space of an opponent"."""
    state = given(opening(FIFI, BUTCH), placed(POUND_EXIT))
    then_refused(state, 0, MoveDog(POUND), "into_the_pound")
    state = given(opening(FIFI, BUTCH), placed(at(9, 0)))  # Home 2's entrance; Butch lives there
    then_refused(state, 0, MoveDog(HOME[1]), "not_your_home")
    state = given(opening(FIFI, BUTCH), placed(at(0, 2)))  # Home 1 is Fifi's
    assert MoveDog(HOME[0]) in GAME.legal_commands(state, 0)


def test_ruling_homes_nobody_plays():
    """Ruling "Homes nobody plays" (gap). Move a Space: "A dog may never enter the pound
    (voluntarily anyway), nor the starting space of an opponent"; an unused home is closed too."""
    state = given(opening(FIFI, BUTCH), placed(at(15, 3)))  # Home 3's entrance
    then_refused(state, 0, MoveDog(HOME[2]), "not_your_home")


def test_ruling_moving_through_occupied_spaces():
    """Ruling "Moving through occupied spaces" (reading). Move a Space: "may not move through a space
    which is occupied by an opponent's dog" wins over "may move through a space occupied by
    another dog": an opponent's dog blocks its space."""
    state = given(opening(FIFI, BUTCH), placed(at(12, 0), TRASH))
    then_refused(state, 0, MoveDog(TRASH), "occupied")


def test_the_truck_may_be_passed_but_never_stopped_on():
    """Move a Space: "may move through a space occupied by ... the Dogcatcher's Truck, but may
    never end its move in an occupied space" (docs: "Moving through occupied spaces")."""
    state = given(opening(FIFI, BUTCH), [TruckDriven(spaces=(TRASH,))], placed(at(12, 0)))
    state = after(state, 0, MoveDog(TRASH))
    assert state.dogs[0].position == state.truck == TRASH
    legal = GAME.legal_commands(state, 0)
    assert legal and all(isinstance(c, MoveDog) for c in legal)
    then_refused(state, 0, EndActions(), "on_the_truck")
    then_refused(state, 0, SearchTrashCan(), "on_the_truck")
    state = after(state, 0, MoveDog(LAMP))
    assert state.dogs[0].position == LAMP


def test_no_step_onto_the_truck_without_a_point_to_step_off():
    state = given(opening(FIFI, BUTCH), [TruckDriven(spaces=(TRASH,))], placed(at(12, 0), points=1))
    then_refused(state, 0, MoveDog(TRASH), "truck_in_the_way")


def test_no_step_onto_the_truck_when_nowhere_past_it_is_free():
    """A dog just out of the pound, the truck at the exit and opponents on both sides of it."""
    state = given(
        opening(FIFI, BUTCH, VAGABOND),
        placed(POUND, at(7, 6), at(7, 8)),
    )
    assert state.truck == POUND_EXIT
    then_refused(state, 0, MoveDog(POUND_EXIT), "truck_in_the_way")


def test_entering_an_opponents_piddle_marker_ends_the_action_phase():
    """Sniff a Lamppost: "the action phase of that dog's turn ends immediately"."""
    state = given(
        opening(FIFI, BUTCH),
        placed(at(12, 0), LAMP, active=1),
        [DogPiddled(seat=1, space=LAMP)],
        placed(TRASH, at(15, 1)),
    )
    events = when(state, 0, MoveDog(LAMP))
    assert events[:2] == [DogMoved(seat=0, to=LAMP), LamppostSniffed(seat=0, space=LAMP, owner=1)]
    assert isinstance(events[2], TruckRolled)


def test_ones_own_marker_is_passed_freely():
    state = given(opening(FIFI, BUTCH), placed(LAMP), [DogPiddled(seat=0, space=LAMP)], placed(TRASH))
    state = after(state, 0, MoveDog(LAMP))
    assert state.phase is Phase.ACTIONS and state.action_points == 5


def test_on_the_next_turn_the_sniffer_may_piddle_over_the_marker_which_goes_back():
    """Sniff a Lamppost: "On the next turn, if the dog's bladder is not empty, it may piddle on
    the lamppost ... the opponent's piddle marker is removed from the board and given back"."""
    state = given(
        opening(FIFI, BUTCH),
        placed(None, LAMP, active=1),
        [DogPiddled(seat=1, space=LAMP)],
        [DogMoved(seat=0, to=LAMP), LamppostSniffed(seat=0, space=LAMP, owner=1)],
        placed(None, at(15, 1)),
    )
    assert state.dogs[1].piddles_left == 7 and state.dogs[1].bladder == 0
    events = when(state, 0, PiddleOnLamppost())
    assert events[0] == DogPiddled(seat=0, space=LAMP, replaced=1)
    state = after(state, 0, PiddleOnLamppost())
    assert state.piddles == (Piddle(LAMP, 0),)
    assert state.dogs[1].piddles_left == 8 and state.dogs[0].bladder == 0


def test_the_truck_and_a_marker_on_one_space_cannot_be_entered():
    state = given(
        opening(FIFI, BUTCH),
        placed(None, LAMP, active=1),
        [DogPiddled(seat=1, space=LAMP)],
        placed(TRASH, at(15, 1)),
        [TruckDriven(spaces=(LAMP,))],
    )
    then_refused(state, 0, MoveDog(LAMP), "truck_in_the_way")


def test_ruling_piddling_over_a_sniffed_marker():
    """docs: "Piddling over a sniffed marker" (reading): "On the next turn, if the dog's bladder
    is not empty, it may piddle on the lamppost": on that turn only."""
    sniffed = [
        DogPiddled(seat=1, space=LAMP),
        DogMoved(seat=0, to=LAMP),
        LamppostSniffed(seat=0, space=LAMP, owner=1),
    ]
    next_turn = given(opening(FIFI, BUTCH), placed(None, LAMP, active=1), sniffed, placed(None, at(15, 1)))
    assert PiddleOnLamppost() in GAME.legal_commands(next_turn, 0)
    assert GAME.view(next_turn, None).sniffed == LAMP
    later = given(
        opening(FIFI, BUTCH),
        placed(None, LAMP, active=1),
        sniffed,
        placed(None, at(15, 1)),
        placed(None, None),  # the turn after the next
    )
    then_refused(later, 0, PiddleOnLamppost(), "not_the_next_turn")
