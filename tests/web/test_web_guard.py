"""The web port's defences (issue 16, hole 8), attacked over real sockets: half-open and
stalled connections are closed, a Host not on the allow-list is refused, and X-Forwarded-For
from a client that is not a configured proxy changes nothing."""

from __future__ import annotations

import http.client
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from kennel.service.web import RunningWeb, start_web
from kennel.service.webguard import WebLimits, host_of
from kennel.v1 import kennel_pb2 as pb
from testkit.servers import ServerThread

LIMITS = WebLimits(idle_timeout=0.5, header_timeout=0.5, max_connections=64)
WAIT = 15.0  # seconds a socket waits for the server to close it: far beyond the timeouts, never reached when it works


@pytest.fixture
def web(tmp_path: Path) -> Iterator[tuple[ServerThread, RunningWeb]]:
    server = ServerThread(tmp_path / "data", open_calls_per_second=0.01, open_call_burst=3).start()
    assert server.running is not None
    running = server._run(start_web("127.0.0.1", 0, server.running.port, 1 << 20, LIMITS))
    try:
        yield server, running
    finally:
        server._run(running.stop())
        server.stop()


def _closed_by_server(connection: socket.socket) -> bool:
    """True when the server closes the connection (recv gives b""), False if it keeps it open."""
    connection.settimeout(WAIT)
    try:
        return connection.recv(1024) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def test_a_connection_that_sends_nothing_or_half_a_head_is_closed(web: tuple[ServerThread, RunningWeb]) -> None:
    _, running = web
    silent = socket.create_connection(("127.0.0.1", running.port))
    stalled = socket.create_connection(("127.0.0.1", running.port))
    try:
        stalled.sendall(b"GET /games.json HTTP/1.1\r\nHost: local")  # and nothing more
        assert _closed_by_server(silent)
        assert _closed_by_server(stalled)
    finally:
        silent.close()
        stalled.close()


def _get(port: int, host_header: str, source: str = "127.0.0.1", forwarded: str | None = None) -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(source, 0))
    try:
        headers = {"Host": host_header}
        if forwarded:
            headers["X-Forwarded-For"] = forwarded
        connection.request("GET", "/games.json", headers=headers)
        answer = connection.getresponse()
        answer.read()
        return answer.status
    finally:
        connection.close()


def test_a_host_not_on_the_allow_list_is_refused(web: tuple[ServerThread, RunningWeb]) -> None:
    """DNS rebinding: a page of evil.example whose name resolves to 127.0.0.1 calls the port."""
    _, running = web
    assert _get(running.port, f"localhost:{running.port}") == 200
    assert _get(running.port, f"127.0.0.1:{running.port}") == 200
    assert _get(running.port, f"[::1]:{running.port}") == 200
    assert _get(running.port, f"evil.example:{running.port}") == 421
    assert _get(running.port, "evil.example") == 421


def test_forwarded_headers_from_an_untrusted_client_change_nothing(web: tuple[ServerThread, RunningWeb]) -> None:
    """Before: X-Forwarded-For from loopback was believed, so one client posed as many
    addresses; each spoofed address had its own burst of calls without a credential."""
    _, running = web
    statuses = []
    for number in range(5):
        connection = http.client.HTTPConnection("127.0.0.1", running.port, timeout=10)
        try:
            connection.request(
                "POST", "/kennel.v1.Kennel/ListOpenGames", body=pb.ListOpenGamesRequest().SerializeToString(),
                headers={"content-type": "application/proto", "connect-protocol-version": "1",
                         "X-Forwarded-For": f"203.0.113.{number}"},
            )
            answer = connection.getresponse()
            answer.read()
            statuses.append(answer.status)
        finally:
            connection.close()
    assert statuses == [200, 200, 200, 429, 429]  # one address, one burst of 3


def test_the_web_limits_are_settings_with_flags() -> None:
    from kennel.service.config import Config

    config = Config.from_env({"KENNEL_WEB_ALLOWED_HOSTS": "kennel.example,Games.Example"}, web_idle_timeout=5.0)
    assert config.web_allowed_hosts == ("localhost", "127.0.0.1", "[::1]", "kennel.example", "games.example")
    assert config.web_idle_timeout == 5.0 and config.trusted_proxies == ()
    assert host_of("Kennel.Example:443") == "kennel.example" and host_of("[::1]:8080") == "[::1]"
