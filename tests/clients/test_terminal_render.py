"""The terminal renderer, and its reading of server messages against the service's own wire code."""

from __future__ import annotations

from typing import Any

import pytest
from kennel import wire
from kennel.domain.core import table as tables
from kennel.domain.core.codec import to_json
from kennel.domain.core.rng import seed_from_text
from kennel.domain.registry import GAMES, wire_name
from kennel.service import terminal as render
from kennel.service.matches import LocalMatch
from kennel.service.viewbytes import command_message
from kennel.v1 import kennel_pb2 as pb


def test_type_names_become_words() -> None:
    assert render.words("RevealCritter") == "Reveal critter"
    assert render.words("kennel.GameCreated") == "Game created"
    assert render.words("AIMoved") == "AI moved"


def test_a_command_is_a_short_sentence_without_empty_fields() -> None:
    command = {"type": "RevealCritter", "data": {"critter": "raccoon", "victim": 1, "nut": "walnut"}}
    assert render.sentence(command) == "Reveal critter: critter=raccoon, victim=1, nut=walnut"
    assert render.sentence({"type": "RevealCritter", "data": {"critter": "squirrel", "victim": None}}) == (
        "Reveal critter: critter=squirrel"
    )
    assert (
        render.sentence({"type": "CrittersPicked", "data": {"seat": 2, "critters": []}})
        == "Critters picked: seat=2"
    )
    assert render.sentence({"type": "AllowTheft", "data": {}}) == "Allow theft"


def test_a_view_is_indented_lines() -> None:
    view = {
        "round": 2,
        "face_down": ["hamster", "beaver"],
        "theft": None,
        "ready": True,
        "seats": [{"seat": 0, "nuts": []}, {"seat": 1, "nuts": ["acorn"]}],
        "board": {"deck_size": 4},
    }
    assert render.block(view, indent=1) == [
        "  round: 2",
        "  face down: hamster, beaver",
        "  theft: none",
        "  ready: yes",
        "  seats:",
        "    - seat: 0",
        "      nuts: none",
        "    - seat: 1",
        "      nuts: acorn",
        "  board:",
        "    deck size: 4",
    ]


def test_the_outcome_names_winners_and_scores() -> None:
    lines = render.outcome_lines(["Ann", "bot-1"], (1,), (3, 5), "five hazelnuts", me=0)
    assert lines == ["Game over. Winner: bot-1.", "Scores: Ann (you) 3, bot-1 5", "Why: five hazelnuts"]


def played(game: str) -> LocalMatch:
    rules = GAMES[game]
    players = rules.seats.maximum
    match = LocalMatch.start(
        rules, "id", [f"p{s}" for s in range(players)], seed_from_text(game), [str(s) for s in range(players)]
    )
    for step in range(30):
        if match.result() is not None:
            break
        match.bot_act(match.pending()[0].seat, f"cmd-{step}")
    return match


@pytest.mark.parametrize("game", sorted(GAMES))
def test_server_messages_read_back_to_the_domain_json(game: str) -> None:
    """What the service writes with `kennel.wire`, the client reads back as the domain's JSON."""
    match = played(game)
    rules: Any = match.game
    name = wire_name(rules)
    for seat in range(len(match.names)):
        view = pb.View()
        wire.fill(getattr(view.game, name), to_json(rules.view(match.ledger.table.state, seat)))
        assert render.game_view(view) == match.view(seat)
        for command in match.choices(seat):
            assert render.tagged_command(command_message(rules.name, command)) == command
    for happening in match.since(0, 1):  # the game's own events (GameCreated is version 1)
        if tables.is_engine_event(tables.decode_event(rules, happening.event)):
            continue
        message = pb.Event(version=happening.version)
        wire.fill_union(getattr(message, name), happening.event)
        assert render.tagged_event(message) == happening.event


def test_engine_events_from_a_server_keep_their_fields() -> None:
    event = pb.Event(version=9, seat_filled=pb.SeatFilled(seat=2, name="Cy"))
    assert render.tagged_event(event) == {"type": "kennel.SeatFilled", "data": {"seat": 2, "name": "Cy"}}
