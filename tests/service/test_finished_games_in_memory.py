"""A server that has run many games does not hold them all (issue 16's note: the hub kept every
game it ever loaded). Finished games beyond `finished_in_memory` are let go, the least recently
used first, and load again from the store when asked for: a player who finishes game after game
cannot grow the server without bound, and nothing about an old game changes for its players.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from kennel.client import Kennel, Session
from kennel.replay.verify import verify
from testkit.servers import ServerThread

KEPT = 2
MAX_COMMANDS = 2000  # a Hoarders game ends long before this


@pytest.fixture
def small_server(tmp_path: Path) -> Iterator[ServerThread]:
    running = ServerThread(tmp_path / "data", finished_in_memory=KEPT).start()
    try:
        yield running
    finally:
        running.stop()


def _finish(kennel: Kennel) -> tuple[str, dict[int, Session]]:
    created = kennel.create_game("hoarders", ["Ann", "Bob"])
    sessions = {seat: kennel.session(created.game_id, credential) for seat, credential in created.credentials.items()}
    for step in range(MAX_COMMANDS):
        view = sessions[0].view()
        if view.HasField("outcome"):
            return created.game_id, sessions
        seat = view.pending[0].seat
        own = sessions[seat].view()
        sessions[seat].act(own.legal_commands[0], f"c{step}")
    raise AssertionError("the game did not end")


def test_finished_games_beyond_the_bound_leave_memory_and_load_again(small_server: ServerThread) -> None:
    hub = small_server.running.hub  # type: ignore[union-attr]
    with Kennel(small_server.address, timeout=10) as kennel:
        games = [_finish(kennel) for _ in range(KEPT + 3)]
        assert hub.games_in_memory() == KEPT, "only the most recently used finished games stay"
        first_id, first_seats = games[0]
        # The oldest game was let go, yet answers as before: its view, its signed log, all whole.
        view = first_seats[1].view()
        assert view.HasField("outcome") and view.game_id == first_id
        report = verify(first_seats[0].log())
        assert report.ok, report
        assert hub.games_in_memory() == KEPT, "loading it again let go of another"


def test_lobbies_closed_by_their_timeout_leave_memory_too(tmp_path: Path) -> None:
    """A game can end without a command: a lobby nobody filled is closed by the server's clock."""
    running = ServerThread(tmp_path / "data", finished_in_memory=KEPT, lobby_timeout=0.2).start()
    try:
        hub = running.running.hub  # type: ignore[union-attr]
        with Kennel(running.address, timeout=10) as kennel:
            created = [kennel.create_game("hoarders", ["Ann", None]) for _ in range(KEPT + 3)]
            sessions = [kennel.session(c.game_id, c.credentials[0]) for c in created]
            deadline = time.monotonic() + 30  # bounded: the lobbies close after 0.2 s
            while time.monotonic() < deadline and not all(s.view().HasField("outcome") for s in sessions):
                time.sleep(0.1)
            assert all(s.view().HasField("outcome") for s in sessions), "every lobby closed"
            assert hub.games_in_memory() == KEPT
    finally:
        running.stop()
