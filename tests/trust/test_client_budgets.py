"""Budgets per client address as well as global (issue 16, hole 4): credentials minted and
streams opened are counted per client address (an IPv6 /64 as one), and each limit is tested
over several connections from one address, as an attacker would spread its calls.

Each channel below asks gRPC for its own subchannel pool, so it opens its own TCP connection:
a limit keyed by connection instead of by address fails these tests."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import grpc
import pytest
from kennel.service.config import Config
from kennel.v1 import kennel_pb2 as pb
from kennel.v1 import kennel_pb2_grpc as pb_grpc
from trustkit import ConfiguredServer, bearer

GAME = "hoarders"
CONNECTIONS = 6


def _connections(stack: ExitStack, address: str, count: int = CONNECTIONS) -> list[pb_grpc.KennelStub]:
    channels = [
        stack.enter_context(grpc.insecure_channel(address, options=[("grpc.use_local_subchannel_pool", 1)]))
        for _ in range(count)
    ]
    return [pb_grpc.KennelStub(channel) for channel in channels]


@pytest.fixture
def server(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[ConfiguredServer]:
    running = ConfiguredServer(tmp_path, Config(**request.param)).start()
    try:
        yield running
    finally:
        running.stop()


def _refused(error: grpc.RpcError, code: str) -> None:
    assert error.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert dict(error.trailing_metadata())["kennel-error-code"] == code


@pytest.mark.parametrize("server", [{"credentials_per_second": 0.01, "credential_burst": 4}], indirect=True)
def test_credentials_minted_are_counted_per_address_across_connections(server: ConfiguredServer) -> None:
    """Issue 16: 18 CreateGame calls minted enough credentials to fill the global stream limit."""
    with ExitStack() as stack:
        stubs = _connections(stack, server.address)
        request = pb.CreateGameRequest(game_type=GAME, seats=[pb.SeatSpec(name="Ann"), pb.SeatSpec()])
        created = [stubs[n].CreateGame(request, timeout=10) for n in range(3)]  # 3 of 4, each its own connection
        stubs[3].JoinGame(pb.JoinGameRequest(game_id=created[0].game_id, name="Bob"), timeout=10)  # 4 of 4
        for stub in stubs[4:]:
            with pytest.raises(grpc.RpcError) as error:
                stub.CreateGame(request, timeout=10)
            _refused(error.value, "kennel/rate_limited")
            assert "credentials" in error.value.details()
        with pytest.raises(grpc.RpcError) as join:
            stubs[5].JoinGame(pb.JoinGameRequest(game_id=created[1].game_id, name="Cy"), timeout=10)
        _refused(join.value, "kennel/rate_limited")
        assert len(server.running.hub.open_games()) == 2  # the refused calls made nothing


@pytest.mark.parametrize("server", [{"max_streams_per_address": 3, "max_streams": 1000}], indirect=True)
def test_streams_are_counted_per_address_across_connections_and_credentials(server: ConfiguredServer) -> None:
    with ExitStack() as stack:
        stubs = _connections(stack, server.address)
        credentials: list[tuple[str, str]] = []
        for stub in stubs[:2]:
            made = stub.CreateGame(pb.CreateGameRequest(game_type=GAME, seats=[pb.SeatSpec(name=n) for n in "ABC"]),
                                   timeout=10)
            credentials += [(made.game_id, s.credential) for s in made.seats]
        held = []
        for number, (game_id, credential) in enumerate(credentials[:3]):  # three credentials, three connections
            stream = stubs[number].Watch(pb.WatchRequest(game_id=game_id), metadata=bearer(credential), timeout=30)
            next(stream)
            held.append(stream)
        for number, (game_id, credential) in enumerate(credentials[3:], start=3):
            with pytest.raises(grpc.RpcError) as error:
                next(stubs[number].Watch(pb.WatchRequest(game_id=game_id), metadata=bearer(credential), timeout=30))
            _refused(error.value, "kennel/too_many_streams")
            assert "address" in error.value.details()
        held.pop().cancel()
        game_id, credential = credentials[3]
        for _ in range(100):  # the server frees the slot once it sees the cancellation
            try:
                stream = stubs[3].Watch(pb.WatchRequest(game_id=game_id), metadata=bearer(credential), timeout=30)
                next(stream)
                held.append(stream)
                break
            except grpc.RpcError as error:
                _refused(error, "kennel/too_many_streams")
                server._run(_pause())
        else:
            raise AssertionError("a cancelled stream kept its address's slot")
        for stream in held:
            stream.cancel()


async def _pause() -> None:
    import asyncio

    await asyncio.sleep(0.02)


@pytest.mark.parametrize("server", [{"open_calls_per_second": 0.01, "open_call_burst": 3}], indirect=True)
def test_calls_without_a_credential_are_counted_per_address_not_per_connection(server: ConfiguredServer) -> None:
    """The fault planted in issue 16 (keying this limit by connection) passed every test: no test
    opened a second connection. Here every call comes on a connection of its own."""
    with ExitStack() as stack:
        stubs = _connections(stack, server.address)
        for stub in stubs[:3]:
            stub.ListOpenGames(pb.ListOpenGamesRequest(), timeout=10)
        for stub in stubs[3:]:
            with pytest.raises(grpc.RpcError) as error:
                stub.ListOpenGames(pb.ListOpenGamesRequest(), timeout=10)
            _refused(error.value, "kennel/rate_limited")
