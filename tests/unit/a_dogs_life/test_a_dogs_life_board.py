"""The city board (docs/rules/a-dogs-life.md, "The city board"): a graph of spaces checked for
symmetry, entrances, connectivity and everything the rulebook's components need."""

from __future__ import annotations

from collections import deque

from a_dogs_life_support import CITY, POUND_EXIT, at
from kennel.domain.a_dogs_life.board import Feature, SpaceKind
from kennel.domain.a_dogs_life.state import SEARCH_MARKERS

STREET = SpaceKind.STREET


def test_space_ids_are_their_positions_and_links_name_real_spaces():
    assert [space.id for space in CITY.spaces] == list(range(len(CITY.spaces)))
    for space in CITY.spaces:
        assert space.links, space.name
        assert all(CITY.has(link) and link != space.id for link in space.links), space.name
        assert len(set(space.links)) == len(space.links), space.name


def test_adjacency_is_symmetric():
    for space in CITY.spaces:
        for link in space.links:
            assert space.id in CITY.links(link), f"{space.name} -> {CITY.space(link).name} is one-way"


def test_street_squares_link_only_their_orthogonal_neighbours_and_entrances():
    """Move a Space: "adjacent ... sharing a common side, not diagonally"."""
    for space in CITY.spaces:
        if space.kind is not STREET:
            continue
        for link in space.links:
            other = CITY.space(link)
            if other.kind is STREET:
                assert abs(other.x - space.x) + abs(other.y - space.y) == 1, (space.name, other.name)


def test_buildings_are_entered_only_from_street_squares_that_touch_them():
    """ "A dog may never enter a building except where indicated next to the building by an arrow"."""
    for space in CITY.spaces:
        if space.kind is STREET:
            continue
        for link in space.links:
            entrance = CITY.space(link)
            assert entrance.kind is STREET, f"{space.name} opens onto {entrance.name}"
            touches_x = space.x - 1 <= entrance.x <= space.x + space.w
            touches_y = space.y - 1 <= entrance.y <= space.y + space.h
            assert touches_x and touches_y, f"{space.name}'s entrance {entrance.name} is not beside it"


def test_the_buildings_of_the_box():
    """Components: six Home Space cards, twelve newspaper addresses; restaurants, the kiosk with
    several entrances, and the pound with its exit."""
    assert sorted(CITY.space(h).number for h in CITY.homes) == [1, 2, 3, 4, 5, 6]
    assert sorted(CITY.addresses) == list(range(1, 13))
    assert len(CITY.of_kind(SpaceKind.RESTAURANT)) >= 3
    assert len(CITY.links(CITY.kiosk)) >= 2
    assert len(CITY.links(CITY.pound)) == 1


def test_the_truck_starts_on_the_street_space_next_to_the_pound():
    """Setting up the Game: "The Dogcatcher's Truck is placed on the street space next to the Pound"."""
    assert CITY.truck_start == POUND_EXIT
    assert CITY.kind(CITY.truck_start) is STREET
    assert CITY.links(CITY.pound) == (CITY.truck_start,)


def test_markers_stand_on_street_squares_and_there_are_more_trash_cans_than_search_markers():
    """Trash Day: with more trash cans than the 15 search markers, the last marker can be placed."""
    for space in CITY.spaces:
        if space.feature is not None:
            assert space.kind is STREET, space.name
    assert len(CITY.with_feature(Feature.TRASH_CAN)) > SEARCH_MARKERS
    assert len(CITY.with_feature(Feature.LAMPPOST)) >= 8
    assert len(CITY.with_feature(Feature.FOUNTAIN)) >= 3


def test_the_truck_never_meets_a_dead_end_and_has_crossroads_to_choose_at():
    """3 – Move the Dogcatcher's Truck: "may not ... double back", "must always make its full
    movement": every street square has a way on that is not the way back."""
    for space in CITY.spaces:
        if space.kind is STREET:
            assert len(CITY.street_links[space.id]) >= 2, space.name
    assert len(CITY.crossroads) >= 8
    assert at(5, 5) in CITY.crossroads and at(0, 0) not in CITY.crossroads


def _reachable(start: int) -> set[int]:
    """Spaces a dog can walk to from `start`: through streets, into (not through) buildings."""
    seen = {start}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here != start and CITY.kind(here) is not STREET:
            continue  # a building is a dead end: walk out the way you came, or another entrance
        for link in CITY.links(here):
            if link not in seen:
                seen.add(link)
                queue.append(link)
    return seen


def test_every_home_reaches_every_building_and_every_square():
    everything = {space.id for space in CITY.spaces}
    for home in CITY.homes:
        assert _reachable(home) == everything, CITY.space(home).name


def test_the_city_is_large_enough_for_six_dogs():
    streets = CITY.of_kind(STREET)
    assert len(streets) >= 100
    assert CITY.width == CITY.height == 16


def _steps_from(start: int, home: int) -> dict[int, int]:
    """Fewest action points from `start` to every space the dog of `home` may walk to: never
    into the pound nor another dog's home; through any other building (in one arrow, out
    another: Move a Space)."""
    steps = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for link in CITY.links(here):
            kind = CITY.kind(link)
            if link in steps or kind is SpaceKind.POUND or (kind is SpaceKind.HOME and link != home):
                continue
            steps[link] = steps[here] + 1
            if kind is not SpaceKind.HOME:
                queue.append(link)
    return steps


def test_ruling_the_city_board():
    """docs: "The city board" (gap): the rulebook prints no board, so ours is fair: every home is
    within two steps of every other home's distance to the kiosk, to its nearest restaurant,
    and (for a dog just out of the pound) from the pound."""
    restaurants = CITY.of_kind(SpaceKind.RESTAURANT)
    to_kiosk, to_restaurant, from_pound = [], [], []
    for home in CITY.homes:
        steps = _steps_from(home, home)
        to_kiosk.append(steps[CITY.kiosk])
        to_restaurant.append(min(steps[r] for r in restaurants))
        from_pound.append(_steps_from(CITY.pound, home)[home])
    for name, distances in [("kiosk", to_kiosk), ("restaurant", to_restaurant), ("pound", from_pound)]:
        assert max(distances) - min(distances) <= 2, (name, distances)
    trash_cans = set(CITY.with_feature(Feature.TRASH_CAN))
    for home in CITY.homes:
        near = [space for space, n in _steps_from(home, home).items() if n <= 8 and space in trash_cans]
        assert 4 <= len(near) <= 5, CITY.space(home).name
