"""Nobody can rig a table (issue 16): forks are private, the deal waits for a full table, a
lobby never filled is closed, game ids have one spelling, the open list is paged.

Each test attacks a real server on a loopback port through our SDK, as a hostile client would.
"""

from __future__ import annotations

import uuid
from pathlib import Path

import grpc
import pytest
from kennel.client import Kennel, KennelError, Session
from kennel.domain.core.lobby import LOBBY_CLOSED
from kennel.domain.registry import GAMES
from kennel.replay.logformat import parse_log
from kennel.service.config import Config
from kennel.v1 import kennel_pb2 as pb
from trustkit import ConfiguredServer

GAME = "hoarders"
MAX_STEPS = 5000


def _play_to_the_end(seats: dict[int, Session], spectator: Session) -> None:
    for _ in range(MAX_STEPS):
        view = spectator.view()
        if view.status == pb.GAME_STATUS_FINISHED:
            return
        seat = view.pending[0].seat
        seats[seat].act(seats[seat].view().legal_commands[0])
    raise AssertionError("the game did not end")


def _server(tmp_path: Path, **settings: object) -> ConfiguredServer:
    return ConfiguredServer(tmp_path / "data", Config(**settings)).start()  # type: ignore[arg-type]


def test_a_fork_of_a_game_that_had_open_seats_is_private_and_says_it_replays_a_known_deal(tmp_path: Path) -> None:
    """Issue 16 hole 1: a spectator forks a finished game at its creation, when it had open seats.
    Before: the fork was listed with open seats and a stranger joined a deal the forker knew."""
    server = _server(tmp_path)
    try:
        with Kennel(server.address, timeout=10) as kennel:
            created = kennel.create_game(GAME, ["Ann", None, None])
            seats = {0: kennel.session(created.game_id, created.credentials[0])}
            for name in ("Bob", "Cy"):
                seat, credential = kennel.join(created.game_id, name)
                seats[seat] = kennel.session(created.game_id, credential)
            spectator = kennel.session(created.game_id, created.spectator_credential)
            _play_to_the_end(seats, spectator)
            log = parse_log(spectator.log())
            forked = spectator.fork(1)  # right after GameCreated: every seat but Ann's was open
            assert sorted(forked.credentials) == [0, 1, 2]  # every seat to the forker
            assert forked.game_id not in {game.game_id for game in kennel.list_open_games()}
            with pytest.raises(KennelError) as full:
                kennel.join(forked.game_id, "Stranger")
            assert full.value.code == "kennel/no_open_seat"
            for credential in (*forked.credentials.values(), forked.spectator_credential):
                view = kennel.session(forked.game_id, credential).view()
                assert view.forked_from.game_id == created.game_id and view.forked_from.version == 1
                assert "known deal" in view.forked_from.notice
                assert [s.name for s in view.seats] == ["Ann", "Bob", "Cy"]
            # The fork deals what the parent dealt: the deal its caller read in the parent's log.
            fork_seats = {seat: kennel.session(forked.game_id, c) for seat, c in forked.credentials.items()}
            fork_view = fork_seats[0].view()
            parent_view = seats[0].view(at_version=fork_view.version)
            assert fork_view.game == parent_view.game
            assert log.header.seats == ("Ann", None, None)
    finally:
        server.stop()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_creator_waiting_for_players_sees_no_deal(tmp_path: Path, game: str) -> None:
    """Issue 16 hole 2 (hand shopping): before, the creator's view held its dealt hand while its
    game waited; now nothing is dealt until the last seat fills, then the deal follows."""
    server = _server(tmp_path)
    try:
        with Kennel(server.address, timeout=10) as kennel:
            players = GAMES[game].seats.minimum
            created = kennel.create_game(game, ["Ann", *([None] * (players - 1))])
            creator = kennel.session(created.game_id, created.credentials[0])
            waiting = creator.view()
            assert waiting.status == pb.GAME_STATUS_WAITING_FOR_PLAYERS
            assert waiting.version == 1  # GameCreated alone: no set-up event, so no hand
            for number in range(1, players):
                kennel.join(created.game_id, f"p{number}")
            started = creator.view()
            assert started.status == pb.GAME_STATUS_IN_PROGRESS and started.version > players
    finally:
        server.stop()


def test_a_lobby_never_filled_is_closed_by_an_event_and_leaves_the_list(tmp_path: Path) -> None:
    """Issue 16 hole 2: abandoned games stayed listed for ever; now they close after
    --lobby-timeout, by a kennel.CloseLobby record, and stay closed after a restart."""
    server = _server(tmp_path, lobby_timeout=0.2)
    try:
        with Kennel(server.address, timeout=10) as kennel:
            created = kennel.create_game(GAME, ["Ann", None, None])
            spectator = kennel.session(created.game_id, created.spectator_credential)
            for _ in range(200):  # bounded: the closing comes from the server's clock
                if spectator.view().status == pb.GAME_STATUS_FINISHED:
                    break
                server._run(_sleep(0.05))
            view = spectator.view()
            assert view.status == pb.GAME_STATUS_FINISHED and view.outcome.reason == LOBBY_CLOSED
            assert not view.outcome.winners
            assert created.game_id not in {g.game_id for g in kennel.list_open_games()}
            with pytest.raises(KennelError) as late:
                kennel.join(created.game_id, "Late")
            assert late.value.code == "kennel/game_over"
            records = parse_log(spectator.log()).records
            assert records[-1].cause.type == "kennel.CloseLobby"
    finally:
        server.stop()


async def _sleep(seconds: float) -> None:
    import asyncio

    await asyncio.sleep(seconds)


def test_game_ids_have_one_spelling_and_a_full_game_is_never_listed(tmp_path: Path) -> None:
    """Issue 16 hole 10: other spellings of an id made a second lobby entry, and a game filled
    through one stayed listed as open, also after a restart."""
    data = tmp_path
    server = _server(data)
    try:
        with Kennel(server.address, timeout=10) as kennel:
            created = kennel.create_game(GAME, ["Ann", None, None])
            canonical = created.game_id
            for spelling in (canonical.upper(), f"urn:uuid:{canonical}", f"{{{canonical}}}", uuid.UUID(canonical).hex):
                with pytest.raises(KennelError) as other:
                    kennel.join(spelling, "Bob")
                assert other.value.status == grpc.StatusCode.INVALID_ARGUMENT
                assert other.value.code == "kennel/bad_game_id"
            kennel.join(canonical, "Bob")
            kennel.join(canonical, "Cy")
            assert canonical not in {g.game_id for g in kennel.list_open_games()}
    finally:
        server.stop()
    restarted = _server(data)
    try:
        with Kennel(restarted.address, timeout=10) as kennel:
            assert canonical not in {g.game_id for g in kennel.list_open_games()}
    finally:
        restarted.stop()


def test_the_open_list_is_paged(tmp_path: Path) -> None:
    """Issue 16 hole 6: one ListOpenGames answer held every open game (past about 58,700 it
    outgrew a default client's 4 MiB limit); now at most --list-page-size a page."""
    server = _server(tmp_path, list_page_size=3)
    try:
        with Kennel(server.address, timeout=10) as kennel:
            made = [kennel.create_game(GAME, ["Ann", None]).game_id for _ in range(7)]
            first = kennel.call("ListOpenGames", pb.ListOpenGamesRequest(page_size=1000))
            assert len(first.games) == 3 and first.next_page_token
            second = kennel.call("ListOpenGames", pb.ListOpenGamesRequest(page_token=first.next_page_token))
            assert len(second.games) == 3
            assert [g.game_id for g in kennel.list_open_games()] == made  # the SDK follows the pages
            with pytest.raises(KennelError) as bad:
                kennel.call("ListOpenGames", pb.ListOpenGamesRequest(page_token="nonsense"))
            assert bad.value.status == grpc.StatusCode.INVALID_ARGUMENT
    finally:
        server.stop()
