"""Players' words on the wire (issue 18), over a real loopback server through the SDK: a label
beside each legal command, a sentence beside each event, a headline naming whom the table
waits for, and GetGuide's how-to-play, the same for every game."""

from __future__ import annotations

import re

import pytest
from kennel.client import Kennel
from kennel.domain.registry import GAMES
from kennel.v1 import kennel_pb2 as pb

SEAT_NUMBER = re.compile(r"\bseat\s*\d", re.IGNORECASE)
MAX_MOVES = 12


@pytest.mark.parametrize("game_type", sorted(GAMES))
def test_views_and_events_carry_players_words(kennel: Kennel, game_type: str) -> None:
    created = kennel.create_game(game_type, ["Ann", "Bob"])
    seats = [kennel.session(created.game_id, created.credentials[i]) for i in range(2)]
    for _ in range(MAX_MOVES):
        views = [session.view() for session in seats]
        prompted = {prompt.seat for prompt in views[0].pending}
        acting = min(prompted)
        view, other = views[acting], views[1 - acting]
        assert len(view.legal_labels) == len(view.legal_commands)
        assert all(label.text and label.group for label in view.legal_labels)
        assert view.headline.startswith("Your move")
        if 1 - acting not in prompted:  # the other seat is told whom it waits for, by name
            assert other.headline.startswith(f"Waiting for {['Ann', 'Bob'][acting]}"), other.headline
        response = seats[acting].act(next(c for c in view.legal_commands if c.WhichOneof("game") != "engine"))
        assert response.events and all(event.sentence for event in response.events)
        for event in response.events:
            assert not SEAT_NUMBER.search(event.sentence), event.sentence


def test_event_sentences_name_the_seat_that_acted(kennel: Kennel) -> None:
    created = kennel.create_game("hoarders", ["Ann", "Bob"])
    bob = kennel.session(created.game_id, created.credentials[1])
    view = bob.view()
    assert view.legal_labels[0].group == "Pick two critters"
    events = bob.act(view.legal_commands[0]).events
    assert [e.sentence for e in events if e.WhichOneof("kind") == "hoarders"][0].startswith("Bob picked")
    ann = kennel.session(created.game_id, created.credentials[0]).view()
    assert ann.headline == "Your move: pick two critters."
    assert bob.view().headline == "Waiting for Ann to pick two critters."


@pytest.mark.parametrize("game_type", sorted(GAMES))
def test_guide_tells_how_to_play(kennel: Kennel, game_type: str) -> None:
    guide = kennel.guide(game_type)
    assert guide.title == GAMES[game_type].title
    assert guide.goal and guide.turn and guide.cards
    if game_type == "a-dogs-life":
        assert guide.components["space:1"] == "Kennel Road 1"


def test_guide_of_an_unknown_game_is_a_clients_mistake(kennel: Kennel) -> None:
    from kennel.client import KennelError

    with pytest.raises(KennelError) as refused:
        kennel.guide("chess")
    assert refused.value.code == "kennel/unknown_game"
    assert refused.value.status.name != "INTERNAL"


def test_a_finished_view_names_the_winner(kennel: Kennel) -> None:
    created = kennel.create_game("hoarders", ["Ann", "Bob"])
    seats = [kennel.session(created.game_id, created.credentials[i]) for i in range(2)]
    for _ in range(2000):
        views = [session.view() for session in seats]
        if views[0].status == pb.GAME_STATUS_FINISHED:
            break
        acting = min(prompt.seat for prompt in views[0].pending)
        move = next(c for c in views[acting].legal_commands if c.WhichOneof("game") != "engine")
        seats[acting].act(move)
    final = seats[0].view()
    assert final.status == pb.GAME_STATUS_FINISHED
    winner = final.seats[final.outcome.winners[0]].name
    assert final.headline.startswith(f"{winner} won"), final.headline
    assert not SEAT_NUMBER.search(final.headline)
