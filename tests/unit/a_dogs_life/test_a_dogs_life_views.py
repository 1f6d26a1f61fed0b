"""What each seat sees (docs/rules/a-dogs-life.md, "What each seat sees"), the redaction of
events, the inventory of the box, and the narration of every event."""

from __future__ import annotations

from a_dogs_life_support import BUTCH, FIFI, GAME, KIOSK, VAGABOND, at, given, opening, placed, when
from kennel.domain.a_dogs_life.commands import TakeNewspaper
from kennel.domain.a_dogs_life.events import (
    DeckShuffled,
    DogMoved,
    NewspaperCollected,
    NewspaperDropped,
    NewspaperTaken,
)
from kennel.domain.a_dogs_life.state import GroundItem, ItemKind
from kennel.domain.core import table as tables
from kennel.domain.core.bots import RandomBot
from kennel.domain.core.rng import seed_from_text


def _carrying():
    return given(
        opening(FIFI, BUTCH, VAGABOND),
        [NewspaperTaken(seat=0, address=4), NewspaperTaken(seat=1, address=9)],
        placed(at(4, 5), at(7, 0), at(3, 0), active=1),
        [NewspaperDropped(seat=1, space=at(7, 0), address=9)],
        placed(),
    )


def test_only_the_carrier_sees_its_newspapers_addresses():
    """Take a Newspaper: "face-down, so that the other players cannot see the address"."""
    state = _carrying()
    assert GAME.view(state, 0).dogs[0].newspapers == (4,)
    for viewer in (1, 2, None):
        assert GAME.view(state, viewer).dogs[0].newspapers == (0,)


def test_newspapers_lying_on_the_board_are_face_down_for_everyone():
    """Drop a Bone or Newspaper: "A newspaper marker is always placed face-down"."""
    state = _carrying()
    for viewer in (0, 1, 2, None):
        assert GAME.view(state, viewer).ground == (GroundItem(at(7, 0), ItemKind.NEWSPAPER, 0),)


def test_nobody_sees_a_deck_order_not_even_its_owner():
    state = given(opening(FIFI, BUTCH))
    for viewer in (0, 1, None):
        view = GAME.view(state, viewer)
        assert [dog.deck_size for dog in view.dogs] == [13, 13]
        assert "deck=" not in repr(view).replace("deck_size=", "")
        assert GAME.redact(DeckShuffled(seat=0, deck=tuple(range(1, 14))), viewer) == DeckShuffled(
            seat=0, deck=()
        )


def test_newspaper_events_show_the_address_to_their_seat_only():
    for event in (
        NewspaperTaken(seat=1, address=5),
        NewspaperDropped(seat=1, space=3, address=5),
        NewspaperCollected(seat=1, space=3, index=0, address=5),
    ):
        assert GAME.redact(event, 1) == event
        for viewer in (0, 2, None):
            assert GAME.redact(event, viewer).address == 0
    assert GAME.redact(DogMoved(seat=1, to=3), 0) == DogMoved(seat=1, to=3)


def test_taking_a_newspaper_is_announced_without_its_address():
    state = given(opening(FIFI, BUTCH), placed(KIOSK))
    (taken,) = when(state, 0, TakeNewspaper())
    assert GAME.redact(taken, 1) == NewspaperTaken(seat=0, address=0)
    assert GAME.redact(taken, 0) == taken


def _random_game(seats: int, text: str):
    seed = seed_from_text(text)
    events = tables.create(GAME, None, [f"p{n}" for n in range(seats)], seed)
    table = tables.fold(GAME, events)
    bot = RandomBot(text)
    # The rulebook's game may never end between random bots: a bounded stretch of it.
    for _ in range(1500):
        if table.ended is not None:
            break
        seat = table.pending()[0].seat
        more = tables.play(table, seat, bot.choose(table, seat), seed)
        for event in more:
            table = tables.evolve(table, event)
        events += more
    return table, events


def test_the_inventory_counts_every_component_and_never_changes():
    """Components: 30 bones, 12 newspapers, 8 piddle markers per dog, 13 cards per dog, 15
    search markers, 6 dogs, 1 truck."""
    table, events = _random_game(4, "inventory")
    state = tables.fold(GAME, events[:1]).state
    expected = None
    for event in events[1:]:
        if tables.is_engine_event(event):
            continue
        state = GAME.evolve(state, event)
        if (
            isinstance(event, DeckShuffled)
            and expected is None
            and len(state.dogs) == 4
            and all(d.deck for d in state.dogs)
        ):
            expected = GAME.inventory(state)
        if expected is not None:
            assert GAME.inventory(state) == expected
    assert expected is not None
    assert expected["bone"] == 30 and expected["truck"] == 1 and expected["search_marker"] == 15
    assert all(expected[f"newspaper:{n}"] == 1 for n in range(1, 13))
    assert all(value == 8 for key, value in expected.items() if key.startswith("piddle:"))
    assert all(value == 13 for key, value in expected.items() if key.startswith("card:"))
    assert sum(value for key, value in expected.items() if key.startswith("dog:")) == 6


def test_every_event_has_a_sentence_for_every_reader():
    table, events = _random_game(3, "narration")
    names = ["Ann", "Bob", "Cy"]
    kinds = set()
    for event in events:
        if tables.is_engine_event(event):
            continue
        for viewer in (None, 0, 1, 2):
            sentence = GAME.describe(GAME.redact(event, viewer), names)
            assert sentence and sentence.endswith(".")
        kinds.add(type(event))
    assert len(kinds) >= 12
