"""`kennel.replay.show`: what a seat, a named player or a spectator saw at a version of a log."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from kennel.domain.core import table as tables
from kennel.domain.core.codec import to_json
from kennel.domain.core.rng import seed_from_text
from kennel.domain.registry import GAMES
from kennel.replay.ledger import Ledger
from kennel.replay.logformat import Log, mid_decision, parse_log
from kennel.replay.show import ShowError, render_text, show
from replay_samples import GAME_NAMES, finished


def versions_of(raw: bytes) -> list[int]:
    last = len(parse_log(raw).records)
    return sorted({1, 2, last // 3, last // 2, last - 1, last})


def table_at(game_name: str, raw: bytes, version: int) -> tables.Table[Any]:
    game = GAMES[game_name]
    return tables.fold(game, [tables.decode_event(game, r.event) for r in parse_log(raw).records[:version]])


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_a_seat_sees_its_view_prompts_and_legal_commands_at_each_version(game_name: str) -> None:
    game, raw = GAMES[game_name], finished(game_name)
    for version in versions_of(raw):
        table = table_at(game_name, raw, version)
        for seat in range(len(table.seats)):
            shown = show(raw, version, seat)
            assert (shown.version, shown.viewer, shown.seats) == (version, seat, table.seats)
            assert shown.view == to_json(game.view(table.state, seat))
            # Inside one decision's events nobody owes anything yet (issue 16: logformat.mid_decision).
            settled = not mid_decision(parse_log(raw).records, version)
            assert shown.pending == (table.pending() if settled else ())
            legal = tables.legal_commands(table, seat) if settled else ()
            assert shown.legal_commands == tuple(tables.encode_command(game, command) for command in legal)
            assert [e.version for e in shown.events] == list(range(1, version + 1))


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_events_are_redacted_for_the_viewer_and_only_their_own_commands_are_shown(game_name: str) -> None:
    game, raw = GAMES[game_name], finished(game_name)
    log = parse_log(raw)
    table = table_at(game_name, raw, len(log.records))
    for viewer in (None, 0, 1):
        shown = show(raw, None, viewer)
        for shown_event, record in zip(shown.events, log.records, strict=True):
            event = tables.decode_event(game, record.event)
            assert shown_event.event == tables.encode_event(game, tables.redact(table, event, viewer))
            if record.cause.seat is None or record.cause.seat == viewer:
                assert shown_event.command == record.cause.to_json()
            else:
                assert shown_event.command is None
            assert shown_event.by_viewer == (viewer is not None and record.cause.seat == viewer)


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_the_spectator_view_is_public_and_has_no_commands(game_name: str) -> None:
    game, raw = GAMES[game_name], finished(game_name)
    version = len(parse_log(raw).records) // 2
    shown = show(raw, version, None)
    assert shown.viewer is None and shown.viewer_name is None and shown.legal_commands == ()
    assert shown.view == to_json(game.view(table_at(game_name, raw, version).state, None))
    assert all(e.command is None or e.command["seat"] is None for e in shown.events)  # engine actions only
    assert any(e.command is None for e in shown.events)


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_a_seat_may_be_named_by_number_or_player_name(game_name: str) -> None:
    raw = finished(game_name)
    names = parse_log(raw).header.seats
    for seat, name in enumerate(names):
        assert name is not None
        by_number = show(raw, 5, seat)
        assert show(raw, 5, str(seat)) == by_number
        assert show(raw, 5, name) == by_number
        assert show(raw, 5, name.upper()) == by_number
        assert by_number.viewer_name == name


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_a_player_who_joined_later_can_be_named(game_name: str) -> None:
    game = GAMES[game_name]
    raw = finished(game_name, game.seats.minimum, open_seats=1)
    last_seat = game.seats.minimum - 1
    assert parse_log(raw).header.seats[last_seat] is None
    joined = show(raw, None, last_seat).viewer_name
    assert joined is not None and show(raw, 1, joined).viewer == last_seat
    assert show(raw, 1, last_seat).seats[last_seat] is None  # at version 1 the seat was still open


def test_an_ambiguous_name_needs_a_seat_number() -> None:
    game = GAMES[GAME_NAMES[0]]
    names = ["Ada"] * game.seats.minimum
    raw = Ledger.create(game, "twins", None, names, seed_from_text("twins")).log().to_bytes()
    with pytest.raises(ShowError, match="give a seat number"):
        show(raw, None, "Ada")
    assert show(raw, None, 1).viewer == 1


@pytest.mark.parametrize(
    ("at", "viewer", "message"),
    [
        (0, None, "there is no version 0"),
        (10**6, None, "there is no version"),
        (None, 99, "there is no seat 99"),
        (None, "Nobody", "no player is called 'Nobody'"),
    ],
)
def test_versions_and_seats_that_do_not_exist_are_refused(at: int | None, viewer: Any, message: str) -> None:
    with pytest.raises(ShowError, match=message):
        show(finished(GAME_NAMES[0]), at, viewer)


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_the_text_rendering_is_readable_lines(game_name: str) -> None:
    raw = finished(game_name)
    last = len(parse_log(raw).records)
    text = render_text(show(raw, 6, 0))
    lines = text.splitlines()
    assert lines[0].endswith(f"version 6 of {last}, as seat 0 bot-0 (you)")
    assert lines[1].startswith("Seats: seat 0 bot-0 (you)")
    assert "View:" in lines and "Events 1..6:" in lines
    assert lines[-1].strip().startswith("6  ")
    assert not text.lstrip().startswith("{")
    over = render_text(show(raw, None, None)).splitlines()
    assert over[0].endswith("the public (spectator) view") and over[2].startswith("Status: over: ")


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_the_json_form_is_plain_json(game_name: str) -> None:
    shown = show(finished(game_name), 6, 1)
    data = json.loads(json.dumps(shown.to_json()))
    assert data["version"] == 6 and data["viewer"] == 1 and data["viewer_name"] == "bot-1"
    assert len(data["events"]) == 6 and data["events"][0]["event"]["type"] == "kennel.GameCreated"
    assert set(data) >= {"view", "pending", "legal_commands", "seats", "outcome", "last_version"}


def test_a_log_whose_events_do_not_decode_is_refused_with_the_record() -> None:
    log = parse_log(finished(GAME_NAMES[0]))
    records = list(log.records)
    records[2] = dataclasses.replace(records[2], event={"type": "NoSuchEvent", "data": {}})
    with pytest.raises(ShowError, match="^record 3 is not a"):
        show(Log(log.header, tuple(records)).to_bytes(), None, None)
