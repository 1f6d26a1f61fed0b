"""The sixth pass's fast paths give the plain paths' bytes: protobuf's field helpers that read
their tag and length from the varint table in place (kennel.service.protobytes), and an event's
bytes written with its union member's encoder kept per game and event class and with the seats'
names kept with the view's parts (kennel.service.projections.event_bytes, Projections.prepare),
against the message built field by field and serialised, for every viewer of seeded bot games
of every game."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from google.protobuf.internal.encoder import _VarintBytes
from kennel.domain.core import table as tables
from kennel.domain.core import telling
from kennel.domain.core.rng import seed_from_text
from kennel.domain.registry import GAMES
from kennel.replay.ledger import Ledger
from kennel.replay.logformat import mid_decision
from kennel.service import projections, protobytes, viewbytes
from kennel.service.live import LiveGame
from kennel.service.projections import Projections, event_bytes, event_message
from kennel.service.storage import Desk
from kennel.service.viewbytes import seat_names
from testkit.bot_games import bot_game

# Field numbers and values either side of every bound the helpers look up in place.
NUMBERS = [1, 2, 15, 16, 127, 2047, 2048, 4095, 100_000]
VALUES = [-(1 << 63), -5, -1, 0, 1, 127, 128, 16383, 16384, 1 << 20, (1 << 64) - 1]
SIZES = [0, 1, 127, 128, 16383, 16384, 20000]


def _plain_varint(value: int) -> bytes:
    """protobuf's own varint writer (its pure-Python encoder), a negative value as protobuf
    writes an int64: its 64-bit two's complement."""
    return _VarintBytes(value & ((1 << 64) - 1))


@pytest.mark.parametrize("number", NUMBERS)
def test_field_helpers_write_the_plain_encoding(number: int) -> None:
    for wire_type in (0, 2):
        assert protobytes.tag(number, wire_type) == _plain_varint(number << 3 | wire_type)
    for value in VALUES:
        expected = b"" if value == 0 else _plain_varint(number << 3) + _plain_varint(value)
        assert protobytes.varint_field(number, value) == expected
    for size in SIZES:
        payload = b"x" * size
        expected = _plain_varint(number << 3 | 2) + _plain_varint(size) + payload
        assert protobytes.length_delimited(number, payload) == expected
        assert protobytes.with_length(protobytes.tag(number, 2), payload) == expected
        assert protobytes.string_field(number, "x" * size) == (expected if size else b"")


def _live(ledger: Ledger) -> LiveGame:
    return LiveGame(id=uuid.uuid4(), ledger=ledger, desk=Desk(header=ledger.header, seed=b""))


def _plain_event(live: LiveGame, version: int, seat: int | None, event: Any, table: tables.Table[Any]) -> bytes:
    return event_message(live, version, seat, event, table).SerializeToString()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_events_written_fast_are_the_messages_bytes_for_every_viewer(name: str) -> None:
    projections._EVENT_UNIONS.clear()
    ledger = bot_game(GAMES[name], f"fast-paths-6-{name}", 3, must_end=False, max_steps=300)
    live = _live(ledger)
    table = ledger.table
    checked = 0
    for viewer in (None, 0, 1, 2):
        for index, (record, event) in enumerate(zip(ledger.records, ledger.events, strict=True)):
            seen = tables.redact(table, event, viewer)
            plain = _plain_event(live, record.version, record.cause.seat, seen, table)
            assert event_bytes(live, record.version, record.cause.seat, seen, table) == plain, (viewer, index)
            names = seat_names(live, table)
            assert names == telling.names_of(table)
            assert event_bytes(live, record.version, record.cause.seat, seen, table, names) == plain, (viewer, index)
            checked += 1
    assert checked > 100
    assert projections._EVENT_UNIONS  # the kept encoders were used


@pytest.mark.parametrize("name", sorted(GAMES))
def test_prepared_answers_are_the_plain_events_and_views(name: str) -> None:
    """Each command of a bot game played again through `Projections.prepare` for its seat, with a
    second seat's view asked between commands (the kept names and parts shared between them):
    the answer's events are the messages' bytes, its view the one built after the commit."""
    game, text = GAMES[name], f"fast-paths-6-prepare-{name}"
    done = bot_game(game, text, 3, must_end=False, max_steps=200)
    seed = seed_from_text(text)
    ledger = Ledger.create(game, done.header.game_id, dict(done.header.options), list(done.header.seats), seed)
    live, fast, plain = _live(ledger), Projections(), Projections()
    played = 0
    for record in done.records[len(ledger.records):]:
        cause = record.cause
        if cause.seat is None or ledger.records[-1].cause.command_id == cause.command_id:
            continue  # the engine's own records, and a decision's later records
        command = tables.decode_command(game, {"type": cause.type, "data": cause.data})
        appending = ledger.play(cause.seat, command, cause.command_id, seed)
        fast.prepare(live, cause.seat, appending, [])
        ledger.commit(appending)
        first = appending.records[0].version
        events = fast.events_bytes(live, cause.seat, first, ledger.version)
        assert events == [
            _plain_event(live, version, ledger.records[version - 1].cause.seat,
                         tables.redact(ledger.table, ledger.events[version - 1], cause.seat), ledger.table)
            for version in range(first, ledger.version + 1)
        ]
        assert fast.view_bytes(live, cause.seat) == plain.view_bytes(live, cause.seat)
        other = (cause.seat + 1) % 3
        assert fast.view_bytes(live, other) == plain.view_bytes(live, other)
        played += 1
    assert [r.hash for r in ledger.records] == [r.hash for r in done.records]
    assert played > 20


@pytest.mark.parametrize("name", sorted(GAMES))
def test_headlines_kept_with_prompts_are_tellings(name: str) -> None:
    """A viewer's headline, its own prompt's kept with the prompt's fields (per prompt value and
    names), is `telling.own_headline`, else `telling.shared_headline`, at every version of a bot
    game with a seat filled late, for every viewer."""
    viewbytes._PROMPTS.clear()
    game = GAMES[name]
    live = _live(bot_game(game, f"fast-paths-6-headlines-{name}", 3, open_seats=1))
    owned, table = 0, None
    for version, event in enumerate(live.ledger.events, start=1):
        table = tables.open_table(game, event) if table is None else tables.evolve(table, event)
        if mid_decision(live.ledger.records, version):
            continue  # no headline of a prompt is asked there
        names = telling.names_of(table)
        parts = viewbytes._table_parts(live, table)
        parts.pending(table, {})
        for viewer in (None, 0, 1, 2):
            own = telling.own_headline(table, viewer, names)
            expected = own if own is not None else telling.shared_headline(table, names)
            assert parts.headline(table, viewer) == protobytes.string_field(viewbytes._HEADLINE, expected), (version, viewer)
            owned += own is not None
    assert owned > 20
