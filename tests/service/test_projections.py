"""The bounded projection caches give the same messages as building every one afresh: a small
window of redacted events per viewer, older ranges rebuilt on demand, and only the games used
most recently keep caches."""

from __future__ import annotations

import uuid

import pytest
from kennel.domain.core import table as tables
from kennel.domain.registry import GAMES
from kennel.service.live import LiveGame
from kennel.service.projections import (
    GET_VIEW_VIEW_FIELD,
    SUBMIT_FIELDS,
    Projections,
    _redacted,
    build_view,
    message_field,
    response_bytes,
)
from kennel.service.storage import Desk
from kennel.v1 import kennel_pb2 as pb
from testkit.bot_games import bot_game


def _live(seed_text: str) -> LiveGame:
    ledger = bot_game(GAMES["hoarders"], seed_text, 3)
    return LiveGame(id=uuid.uuid4(), ledger=ledger, desk=Desk(header=ledger.header, seed=b""))


def test_events_beyond_the_window_match_events_built_afresh() -> None:
    live = _live("projection-window")
    projections = Projections(event_window=4)
    last = live.ledger.version
    assert last > 12
    for viewer in (None, 0, 1):
        fresh = [_redacted(live, viewer, version) for version in range(1, last + 1)]
        # A watcher keeping up asks range after range; a late one asks from the start.
        for first in range(1, last + 1, 3):
            assert projections.events(live, viewer, first, min(first + 2, last)) == fresh[first - 1 : first + 2]
        assert projections.events(live, viewer, 1, last) == fresh
        assert projections.events(live, viewer, last - 1, last) == fresh[-2:]


def test_watch_updates_are_shared_until_the_game_moves_on() -> None:
    live = _live("projection-update")
    projections = Projections()
    version = live.ledger.version
    update = projections.update(live, 1, version - 2, version)
    assert projections.update(live, 1, version - 2, version) is update  # serialised once, sent as is
    message = pb.WatchResponse.FromString(update)
    assert message.view == build_view(live, 1)
    assert [event.version for event in message.events] == [version - 2, version - 1, version]
    assert list(message.events) == [_redacted(live, 1, v) for v in range(version - 2, version + 1)]
    assert projections.update(live, 1, version - 1, version) is not update


def test_only_the_most_recent_games_keep_caches() -> None:
    projections = Projections(max_games=2)
    games = [_live(f"projection-lru-{index}") for index in range(3)]
    for live in games:
        projections.view(live, 0)
    assert [key for key in projections._games] == [games[1].id.int, games[2].id.int]
    assert projections.view(games[0], 0) == build_view(games[0], 0)  # rebuilt on its next use


def test_a_response_assembled_from_cached_parts_reads_as_the_message_built_whole() -> None:
    live = _live("projection-assembled")
    projections = Projections()
    version = live.ledger.version
    events = projections.events_bytes(live, 0, version - 2, version)
    head = pb.SubmitCommandResponse(first_version=version - 2, last_version=version).SerializeToString()
    assembled = response_bytes(SUBMIT_FIELDS, events=events, view=projections.view_bytes(live, 0), head=head)
    whole = pb.SubmitCommandResponse(
        first_version=version - 2, last_version=version,
        events=[_redacted(live, 0, v) for v in range(version - 2, version + 1)], view=build_view(live, 0),
    )
    assert pb.SubmitCommandResponse.FromString(assembled) == whole
    view = pb.GetViewResponse.FromString(message_field(GET_VIEW_VIEW_FIELD, projections.view_bytes(live, 0)))
    assert view == pb.GetViewResponse(view=build_view(live, 0))


def _live_of(name: str, seed_text: str) -> LiveGame:
    ledger = bot_game(GAMES[name], seed_text, 3)
    return LiveGame(id=uuid.uuid4(), ledger=ledger, desk=Desk(header=ledger.header, seed=b""))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_events_told_once_for_every_viewer_that_sees_them_whole(name: str) -> None:
    """An event that hides nothing from a viewer is encoded once and shared by every such
    viewer; each viewer still reads exactly what `redact` leaves it, in whatever order the
    viewers ask (a blanked event is never served to a viewer that may see it whole, nor the
    reverse)."""
    live = _live_of(name, f"told-once-{name}")
    last = live.ledger.version
    viewers = [None, *range(len(live.table.seats))]
    for order in (viewers, viewers[::-1]):
        projections = Projections(event_window=8)
        for first in range(1, last + 1, 5):
            end = min(first + 4, last)
            told = {viewer: projections.events_bytes(live, viewer, first, end) for viewer in order}
            for viewer, events in told.items():
                assert [pb.Event.FromString(event) for event in events] == [
                    _redacted(live, viewer, version) for version in range(first, end + 1)
                ], (name, viewer, first)
            for offset, version in enumerate(range(first, end + 1)):
                event = live.ledger.events[version - 1]
                whole = [v for v in viewers if tables.redact(live.table, event, v) is event]
                if len(whole) > 1:  # one encoding, shared
                    assert len({id(told[v][offset]) for v in whole}) == 1, (name, version)
        # Older ranges, built again on demand, read the same.
        assert projections.events(live, 0, 1, last) == [_redacted(live, 0, v) for v in range(1, last + 1)]
