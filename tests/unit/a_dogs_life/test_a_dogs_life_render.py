"""The board as text for terminals and as SVG for pictures (docs/rules/a-dogs-life.md, "Pictures")."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree

from a_dogs_life_support import GAME
from kennel.domain.a_dogs_life import render
from kennel.domain.a_dogs_life.dogs import chart
from kennel.domain.core import table as tables
from kennel.domain.core.bots import RandomBot
from kennel.domain.core.rng import seed_from_text

SVG = "{http://www.w3.org/2000/svg}"


def _mid_game(seats: int = 6):
    """A six-dog game part-way through (60 commands or more), with a dog in the pound."""
    seed = seed_from_text("render")
    table = tables.fold(GAME, tables.create(GAME, None, [f"p{n}" for n in range(seats)], seed))
    bot = RandomBot("render")
    for step in range(2000):
        if step >= 60 and any(dog.in_pound for dog in table.state.dogs):
            return table.state
        seat = table.pending()[0].seat
        for event in tables.play(table, seat, bot.choose(table, seat), seed):
            table = tables.evolve(table, event)
        assert table.ended is None
    raise AssertionError("no dog went to the pound")


def test_the_svg_of_a_mid_game_position_shows_every_dog_and_the_truck():
    state = _mid_game()
    for viewer in (None, 0, 3):
        picture = render.svg(GAME.view(state, viewer))
        root = ElementTree.fromstring(picture)  # well-formed
        groups = {g.get("id"): g for g in root.iter(f"{SVG}g")}
        assert "truck" in groups
        for seat, dog in enumerate(state.dogs):
            assert f"dog-{seat}" in groups, f"seat {seat} missing"
            title = groups[f"dog-{seat}"].find(f"{SVG}title")
            assert title is not None and chart(dog.dog).name in (title.text or "")
    assert GAME.picture(state, None) == render.svg(GAME.view(state, None))


def test_dogs_in_the_pound_are_drawn_on_the_pound_chart():
    state = _mid_game()
    picture = ElementTree.fromstring(render.svg(GAME.view(state, None)))
    texts = [t.text for t in picture.iter(f"{SVG}text")]
    assert "Pound chart" in texts
    for seat, dog in enumerate(state.dogs):
        if dog.in_pound:
            assert any(g.get("id") == f"dog-{seat}" for g in picture.iter(f"{SVG}g"))


def test_the_text_board_shows_the_city_every_dog_and_the_truck():
    state = _mid_game()
    board_text = render.text(GAME.view(state, 2))
    grid = board_text.split("\n\n")[0]
    assert "TR" in grid
    for seat, dog in enumerate(state.dogs):
        if not dog.in_pound:
            assert f"@{seat}" in grid
        assert f"@{seat} {chart(dog.dog).name}:" in board_text
    assert grid.count(" K ") >= 6  # the kiosk covers half a block
    assert render.LEGEND in board_text


def test_the_text_shows_a_seat_its_own_newspapers_and_hides_the_others():
    state = _mid_game()
    for viewer in range(len(state.dogs)):
        lines = render.text(GAME.view(state, viewer)).splitlines()
        for seat, dog in enumerate(state.dogs):
            line = next(line for line in lines if line.startswith(f"@{seat} "))
            for address in dog.newspapers:
                assert (f"newspaper #{address}" in line) == (seat == viewer)
