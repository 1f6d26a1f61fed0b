"""Admission's fast paths held to their plain definitions: the request fields it reads by name
only where the method's request has them, and the game it takes from memory without a
coroutine (`GameHub.loaded`) when the game is loaded, through `GameHub.get` otherwise."""

from __future__ import annotations

import asyncio
import itertools
import uuid
from pathlib import Path
from typing import Any

import grpc
import pytest
from kennel.replay.signing import load_or_create_key
from kennel.service.config import Config
from kennel.service.errors import InvalidArgument, NotFound
from kennel.service.games import GameHub
from kennel.service.interceptors import ACCESS, KennelInterceptor, _method, _read_metadata, credential_from, current_call
from kennel.service.limits import FORWARDED_FOR_KEY, GATEWAY_KEY, GATEWAY_TOKEN, forwarded_client
from kennel.service.live import SEAT
from kennel.service.storage import open_store
from kennel.v1 import kennel_pb2 as pb

KENNEL_METHODS = pb.DESCRIPTOR.services_by_name["Kennel"].methods


def _request_type(name: str) -> Any:
    return getattr(pb, KENNEL_METHODS[[m.name for m in KENNEL_METHODS].index(name)].input_type.name)


@pytest.mark.parametrize("name", [method.name for method in KENNEL_METHODS])
def test_the_fields_read_are_the_requests_own(name: str) -> None:
    """For every method, what the spec reads (by name, or "" without a read) is what
    `getattr(request, field, "")` gives, on a request with every such field set."""
    request_type = _request_type(name)
    spec = _method(name, ACCESS[name], request_type.FromString)
    fields = request_type.DESCRIPTOR.fields_by_name
    values = {field: value for field, value in (("game_id", str(uuid.uuid4())), ("command_id", "c1")) if field in fields}
    request = request_type(**values)
    read_game_id = request.game_id if spec.game_id else ""
    read_command_id = request.command_id if spec.command_id else ""
    assert read_game_id == getattr(request, "game_id", "")
    assert read_command_id == getattr(request, "command_id", "")
    assert spec.past_view == (name == "GetView")


def test_the_requests_that_name_games_are_the_ones_expected() -> None:
    """The flags are found from the messages, not listed: this fails if a request gains or
    loses a field without admission knowing (a method that names no game is open to anyone)."""
    named = {m.name for m in KENNEL_METHODS if _method(m.name, ACCESS[m.name], _request_type(m.name).FromString).game_id}
    assert named == {"JoinGame", "SubmitCommand", "GetView", "Watch", "GetLog", "ForkGame"}
    assert {m.name for m in KENNEL_METHODS if ACCESS[m.name].roles is not None} <= named


@pytest.fixture
def hub(tmp_path: Path) -> GameHub:
    return GameHub(open_store(tmp_path / "data"), load_or_create_key(tmp_path / "key.pem"))


def test_loaded_is_what_get_returns_once_loaded(hub: GameHub) -> None:
    async def run() -> None:
        await hub.start()
        live, _, _ = await hub.create("hoarders", None, ["Ann", "Bob"])
        game_id = str(live.id)
        assert hub.loaded(game_id) is live is await hub.get(game_id)
        hub._live.clear()  # as after a restart, or a finished game let go of
        assert hub.loaded(game_id) is None
        again = await hub.get(game_id)  # loads it from the store
        assert again is not live and hub.loaded(game_id) is again
        missing = str(uuid.uuid4())
        assert hub.loaded(missing) is None
        with pytest.raises(NotFound):
            await hub.get(missing)
        for spelt_otherwise in (game_id.upper(), "not-a-game"):  # the same refusals as get's
            with pytest.raises((InvalidArgument, NotFound)) as by_loaded:
                hub.loaded(spelt_otherwise)
            with pytest.raises((InvalidArgument, NotFound)) as by_get:
                await hub.get(spelt_otherwise)
            assert type(by_loaded.value) is type(by_get.value) and str(by_loaded.value) == str(by_get.value)
        hub.close()
        await hub.appender.close()

    asyncio.run(run())


class _Context:
    def __init__(self, credential: str) -> None:
        self._metadata = (("authorization", f"Bearer {credential}"),)
        self.aborted: tuple[Any, str] | None = None

    def invocation_metadata(self) -> Any:
        return self._metadata

    def peer(self) -> str:
        return "ipv4:127.0.0.1:5000"

    def set_trailing_metadata(self, trailing: Any) -> None:
        pass

    async def abort(self, status: Any, message: str) -> None:
        self.aborted = (status, message)
        raise grpc.aio.AbortError()


def test_a_game_not_in_memory_is_loaded_to_admit_the_call(hub: GameHub) -> None:
    """Admission takes a loaded game from memory, and loads one that is not (the slow path):
    the servicer sees the same caller and game either way."""

    async def run() -> None:
        await hub.start()
        live, credentials, _ = await hub.create("hoarders", None, ["Ann", "Bob"])
        seen: list[Any] = []

        async def behaviour(request: Any, context: Any) -> bytes:
            seen.append(current_call())
            return b""

        handlers = KennelInterceptor(hub, Config()).wrap_service(
            {"GetView": grpc.unary_unary_rpc_method_handler(behaviour, request_deserializer=pb.GetViewRequest.FromString)}
        )
        handle = handlers["GetView"].unary_unary
        request = pb.GetViewRequest(game_id=str(live.id))
        await handle(request, _Context(credentials[1][2]))
        hub._live.clear()
        await handle(request, _Context(credentials[1][2]))
        (first, first_live), (second, second_live) = seen
        assert first == second and first.role == SEAT and first.seat == credentials[1][0]
        assert first_live is live and second_live is hub.loaded(str(live.id)) and second_live is not live
        context = _Context("not a credential")
        with pytest.raises(grpc.aio.AbortError):
            await handle(request, context)
        assert context.aborted is not None and context.aborted[0] == grpc.StatusCode.UNAUTHENTICATED
        hub.close()
        await hub.appender.close()

    asyncio.run(run())


def _plain_credential(metadata: Any) -> str | None:
    """credential_from as it was written before the one-pass reading: the plain definition."""
    for key, value in metadata or ():
        if key == "authorization" and isinstance(value, str) and value.lower().startswith("bearer "):
            return value[len("bearer ") :].strip() or None
    return None


def test_one_pass_over_the_metadata_reads_what_the_plain_definitions_do() -> None:
    """The credential and the forwarded client read in one pass are those of the plain
    credential_from and forwarded_client, over every arrangement of the headers that matter
    (several credentials, empty ones, a basic one, a forwarded client with or without the
    gateway's token)."""
    entries = [
        ("authorization", "Bearer abc"), ("authorization", "bearer  "), ("authorization", "Basic xyz"),
        ("authorization", "BEARER def "), ("user-agent", "grpc-python"), (FORWARDED_FOR_KEY, "127.0.0.9:5123"),
        (GATEWAY_KEY, GATEWAY_TOKEN), (GATEWAY_KEY, "guessed"), ("authorization", b"Bearer bytes"),
    ]
    for picks in itertools.product(range(len(entries) + 1), repeat=3):
        metadata = tuple(entries[pick] for pick in picks if pick < len(entries))
        credential, forwarded = _read_metadata(metadata)
        assert credential == _plain_credential(metadata) == credential_from(metadata), metadata
        assert ((forwarded and forwarded_client(metadata)) or None) == forwarded_client(metadata), metadata
    assert _read_metadata(None) == (None, False)
