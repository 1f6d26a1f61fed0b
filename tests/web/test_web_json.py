"""The web port's JSON encoding (service/web_json.py; docs/api.md, "Without an SDK: JSON over
HTTP"): a caller with no generated code creates a game, reads a view, submits a command and
watches, with plain JSON over HTTP/1.1 to a real server (urllib here; the document's own curl
commands run in tests/packaging/test_docs.py). The JSON is converted at the gateway and
forwarded as protobuf, so refusals are still the interceptor's own."""

from __future__ import annotations

import json
import struct
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from kennel.service.config import Config
from kennel.service.web import RunningWeb, start_web
from testkit.servers import ServerThread


@pytest.fixture
def base(server: ServerThread) -> Iterator[str]:
    assert server.running is not None
    web: RunningWeb = server._run(start_web("127.0.0.1", 0, server.running.port, Config().max_message_bytes))
    try:
        yield f"http://127.0.0.1:{web.port}/kennel.v1.Kennel"
    finally:
        server._run(web.stop())


def call(
    base: str, method: str, body: dict[str, Any], credential: str | None = None
) -> tuple[int, dict[str, str], Any]:
    headers = {"content-type": "application/json"}  # no connect-protocol-version: as curl sends it
    if credential:
        headers["authorization"] = f"Bearer {credential}"
    request = urllib.request.Request(
        f"{base}/{method}", data=json.dumps(body).encode(), headers=headers, method="POST"
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, {k.lower(): v for k, v in answer.headers.items()}, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}, json.loads(error.read())


def test_create_view_and_submit_in_json(base: str) -> None:
    status, headers, created = call(
        base, "CreateGame", {"gameType": "hoarders", "seats": [{"name": "Ann"}, {"name": "Bob"}]}
    )
    assert status == 200 and headers["content-type"] == "application/json"
    game, ann = created["gameId"], created["seats"][0]["credential"]
    assert created["seats"][1] == {"seat": 1, "name": "Bob", "credential": created["seats"][1]["credential"]}

    status, _, viewed = call(base, "GetView", {"gameId": game}, ann)
    assert status == 200
    view = viewed["view"]
    assert view["status"] == "GAME_STATUS_IN_PROGRESS" and view["gameType"] == "hoarders"
    move = next(command for command in view["legalCommands"] if "hoarders" in command)

    status, _, submitted = call(
        base, "SubmitCommand", {"gameId": game, "commandId": "ann-1", "command": move}, ann
    )
    assert status == 200
    assert submitted["view"]["version"] == str(int(view["version"]) + 1)  # int64 travels as a string
    assert submitted["events"][0]["seat"] == 0 and "hoarders" in submitted["events"][0]
    # The same command id again is the same answer (idempotency holds on this path too).
    again = call(base, "SubmitCommand", {"gameId": game, "commandId": "ann-1", "command": move}, ann)[2]
    assert (again["firstVersion"], again["lastVersion"]) == (
        submitted["firstVersion"],
        submitted["lastVersion"],
    )


def test_refusals_in_json_are_the_interceptors_own(base: str) -> None:
    _, _, created = call(
        base, "CreateGame", {"gameType": "hoarders", "seats": [{"name": "Ann"}, {"name": "Bob"}]}
    )
    status, headers, refused = call(base, "GetView", {"gameId": created["gameId"]}, "not-a-credential")
    assert status == 401 and refused["code"] == "unauthenticated"
    assert headers["trailer-kennel-error-code"] == "kennel/bad_credential"
    status, headers, refused = call(
        base,
        "SubmitCommand",
        {"gameId": created["gameId"], "commandId": "x", "command": {"hoarders": {"allowTheft": {}}}},
        created["seats"][0]["credential"],
    )
    assert status == 400 and refused["code"] == "failed_precondition"
    assert headers["trailer-kennel-error-code"].startswith("hoarders/")


def test_malformed_json_is_the_callers_mistake_not_internal(base: str) -> None:
    status, _, refused = call(base, "GetView", {"gameID": "typo in the field name"})
    assert status == 400 and refused["code"] == "invalid_argument" and "gameID" in refused["message"]
    request = urllib.request.Request(
        f"{base}/CreateGame", data=b"{not json", method="POST", headers={"content-type": "application/json"}
    )
    with pytest.raises(urllib.error.HTTPError) as error:
        urllib.request.urlopen(request, timeout=10)
    assert error.value.code == 400 and json.loads(error.value.read())["code"] == "invalid_argument"


def test_watch_streams_json_envelopes(base: str) -> None:
    _, _, created = call(
        base, "CreateGame", {"gameType": "hoarders", "seats": [{"name": "Ann"}, {"name": "Bob"}]}
    )
    payload = json.dumps({"gameId": created["gameId"]}).encode()
    request = urllib.request.Request(
        f"{base}/Watch",
        data=struct.pack(">BI", 0, len(payload)) + payload,
        method="POST",
        headers={
            "content-type": "application/connect+json",
            "authorization": f"Bearer {created['spectatorCredential']}",
        },
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        assert answer.headers["content-type"] == "application/connect+json"
        flags, size = struct.unpack(">BI", answer.read(5))
        first = json.loads(answer.read(size))
    assert flags == 0
    assert [event["version"] for event in first["events"]][:2] == ["1", "2"]
    assert "gameCreated" in first["events"][0] and "seat" not in first["view"]  # a spectator's view
