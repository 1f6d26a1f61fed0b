"""The web port's API (`kennel serve --web`, service/web.py) without a browser: Connect calls over
HTTP/1.1 to a real server on ephemeral loopback ports, made here by hand with urllib.

What matters: the gateway adds no service logic of its own. A call without a credential, or
with a bad one, is refused exactly as over gRPC (same status, same `kennel-error-code`), because
the one interceptor decides both; a credential from the web path works on the gRPC path and back;
the server-streaming Watch comes through; the client's files and the game data are served.
"""

from __future__ import annotations

import http.client
import json
import struct
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from kennel.client import Kennel, KennelError
from kennel.service.config import Config
from kennel.service.limits import FORWARDED_FOR_KEY, GATEWAY_KEY, GATEWAY_TOKEN, forwarded_client
from kennel.service.web import RunningWeb, loopback_target, start_web
from kennel.v1 import kennel_pb2 as pb
from testkit.servers import ServerThread


@dataclass
class Both:
    grpc: ServerThread
    web: RunningWeb

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.web.port}"


@pytest.fixture
def both(server: ServerThread) -> Iterator[Both]:
    assert server.running is not None
    web = server._run(start_web("127.0.0.1", 0, server.running.port, Config().max_message_bytes))
    try:
        yield Both(server, web)
    finally:
        server._run(web.stop())


def unary(base: str, method: str, request: bytes, credential: str | None = None) -> tuple[int, dict[str, str], bytes]:
    headers = {"content-type": "application/proto", "connect-protocol-version": "1"}
    if credential:
        headers["authorization"] = f"Bearer {credential}"
    call = urllib.request.Request(f"{base}/kennel.v1.Kennel/{method}", data=request, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(call, timeout=10) as answer:
            return answer.status, {k.lower(): v for k, v in answer.headers.items()}, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}, error.read()


def test_refusals_are_the_interceptors_own(both: Both) -> None:
    request = pb.GetViewRequest(game_id="no-such-game").SerializeToString()
    status, headers, body = unary(both.base, "GetView", request)
    assert status == 404 and json.loads(body)["code"] == "not_found"
    assert headers["trailer-kennel-error-code"] == "kennel/game_not_found"

    with Kennel(both.grpc.address, timeout=10) as kennel:
        game = kennel.create_game("hoarders", ["Ann", None])
        with pytest.raises(KennelError) as over_grpc:
            kennel.session(game.game_id, "not-a-credential").view()
    status, headers, body = unary(both.base, "GetView", pb.GetViewRequest(game_id=game.game_id).SerializeToString())
    assert status == 401 and json.loads(body)["code"] == "unauthenticated"
    assert headers["trailer-kennel-error-code"] == "kennel/no_credential"
    status, headers, body = unary(both.base, "GetView", pb.GetViewRequest(game_id=game.game_id).SerializeToString(),
                                  "not-a-credential")
    assert json.loads(body)["code"] == "unauthenticated" == over_grpc.value.status.name.lower()
    assert headers["trailer-kennel-error-code"] == over_grpc.value.code == "kennel/bad_credential"
    assert json.loads(body)["message"] == over_grpc.value.message


def test_a_seat_taken_on_the_web_plays_on_grpc_and_watches_on_the_web(both: Both) -> None:
    with Kennel(both.grpc.address, timeout=10) as kennel:
        game = kennel.create_game("hoarders", ["Ann", None])
        status, _, body = unary(both.base, "JoinGame", pb.JoinGameRequest(game_id=game.game_id, name="Bob").SerializeToString())
        assert status == 200
        joined = pb.JoinGameResponse.FromString(body)
        bob = kennel.session(game.game_id, joined.credential)
        view = bob.view()  # the credential the web path handed out works over gRPC
        assert view.seat == 1 and view.status == pb.GAME_STATUS_IN_PROGRESS
        bob.act(view.legal_commands[0])

    # Watch: a Connect server stream of enveloped messages, then an end-of-stream envelope.
    envelope = pb.WatchRequest(game_id=game.game_id).SerializeToString()
    call = urllib.request.Request(
        f"{both.base}/kennel.v1.Kennel/Watch", data=struct.pack(">BI", 0, len(envelope)) + envelope, method="POST",
        headers={"content-type": "application/connect+proto", "connect-protocol-version": "1",
                 "authorization": f"Bearer {joined.credential}"},
    )
    with urllib.request.urlopen(call, timeout=10) as answer:
        flags, size = struct.unpack(">BI", answer.read(5))
        first = pb.WatchResponse.FromString(answer.read(size))
    assert flags == 0
    assert [e.version for e in first.events] == list(range(1, view.version + 2))
    assert first.view.seat == 1 and first.view.version == view.version + 1


def test_the_client_and_the_game_data_are_served(both: Both) -> None:
    with urllib.request.urlopen(f"{both.base}/games.json", timeout=10) as answer:
        games = json.loads(answer.read())
    assert {g["name"] for g in games} >= {"hoarders", "a-dogs-life"}
    with urllib.request.urlopen(f"{both.base}/games/a-dogs-life/board.json", timeout=10) as answer:
        board = json.loads(answer.read())
    assert board["spaces"] and board["width"] > 0
    with urllib.request.urlopen(f"{both.base}/", timeout=10) as answer:
        assert answer.status == 200 and b"Kennel" in answer.read()
    with pytest.raises(urllib.error.HTTPError) as missing:
        urllib.request.urlopen(f"{both.base}/../pyproject.toml", timeout=10)
    assert missing.value.code == 404


def test_the_gateway_calls_its_own_process_on_loopback() -> None:
    assert loopback_target("0.0.0.0", 5) == "127.0.0.1:5"
    assert loopback_target("::", 5) == "[::1]:5"
    assert loopback_target("127.0.0.1", 5) == "127.0.0.1:5"
    assert loopback_target("::1", 5) == "[::1]:5"


def test_the_web_port_is_a_setting() -> None:
    assert Config.from_env({"KENNEL_WEB_PORT": "8080"}).web_port == 8080
    assert Config.from_env({}).web_port is None
    assert Config.from_env({"KENNEL_WEB_PORT": "8080"}, web_port=9090).web_port == 9090
    with pytest.raises(ValueError, match="web port"):
        Config(web_port=70000)


def test_a_taken_web_port_is_an_error_not_a_crash(both: Both) -> None:
    assert both.grpc.running is not None
    with pytest.raises(OSError, match="cannot serve the web port"):
        both.grpc._run(start_web("127.0.0.1", both.web.port, both.grpc.running.port, 1 << 20))
    # The gRPC server in the same loop is still serving.
    with Kennel(both.grpc.address, timeout=10) as kennel:
        assert kennel.list_open_games() == []




def _list_open_games_from(base: str, source: str) -> int:
    """ListOpenGames through the web port, sent from the loopback address `source`."""
    host, port = base.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=10, source_address=(source, 0))
    try:
        connection.request("POST", "/kennel.v1.Kennel/ListOpenGames", body=pb.ListOpenGamesRequest().SerializeToString(),
                           headers={"content-type": "application/proto", "connect-protocol-version": "1"})
        answer = connection.getresponse()
        answer.read()
        return answer.status
    finally:
        connection.close()


def test_calls_without_a_credential_are_limited_per_browser_not_for_the_whole_web_port(tmp_path: Path) -> None:
    """docs/api.md, "Limits": through the web port every call reaches the gRPC server from the
    gateway's own loopback address; the limit on calls without a credential still counts each
    browser apart (the gateway names it, kennel.service.limits), so one browser spending its burst
    leaves another untouched."""
    server = ServerThread(tmp_path / "data", open_calls_per_second=0.01, open_call_burst=3).start()
    assert server.running is not None
    web = server._run(start_web("127.0.0.1", 0, server.running.port, Config().max_message_bytes))
    base = f"http://127.0.0.1:{web.port}"
    try:
        assert [_list_open_games_from(base, "127.0.0.1") for _ in range(4)] == [200, 200, 200, 429]
        assert _list_open_games_from(base, "127.0.0.2") == 200  # another browser has its own burst
    finally:
        server._run(web.stop())
        server.stop()


def test_only_this_process_gateway_may_name_the_browser() -> None:
    named = ((FORWARDED_FOR_KEY, "127.0.0.9:5123"), (GATEWAY_KEY, GATEWAY_TOKEN))
    assert forwarded_client(named) == "web:127.0.0.9"
    assert forwarded_client(((FORWARDED_FOR_KEY, "127.0.0.9:5123"),)) is None  # a client's own claim
    assert forwarded_client(((FORWARDED_FOR_KEY, "127.0.0.9:5123"), (GATEWAY_KEY, "guessed"))) is None
    assert forwarded_client(()) is None
