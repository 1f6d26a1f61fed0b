"""Limits (issue 8): message size, commands per second per credential, open streams per
credential and in all. Each is a setting; past it the call gets a clear status and changes
nothing. The bookkeeping is tested alone first, with a clock of our own."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from kennel.client import CreatedGame, Kennel, KennelError
from kennel.service.config import Config
from kennel.service.limits import CommandRate, StreamSlots, peer_address
from kennel.v1 import kennel_pb2 as pb
from kennel.v1 import kennel_pb2_grpc as pb_grpc
from testkit.clock import Clock
from trustkit import ConfiguredServer, bearer, raw_unary

GAME = "hoarders"


def test_a_bucket_allows_a_burst_then_the_rate() -> None:
    clock = Clock()
    rate = CommandRate(rate=2.0, burst=3, clock=clock)
    assert [rate.take("a") for _ in range(3)] == [0.0, 0.0, 0.0]
    assert rate.take("a") == pytest.approx(0.5)
    assert rate.take("b") == 0.0  # another credential has its own bucket
    clock.now += 0.5
    assert rate.take("a") == 0.0 and rate.take("a") == pytest.approx(0.5)
    clock.now += 60
    assert [rate.take("a") for _ in range(4)][-1] > 0  # refilled to the burst, not beyond


def test_full_buckets_are_forgotten_once_there_are_many() -> None:
    clock = Clock()
    rate = CommandRate(rate=1.0, burst=2, clock=clock, max_keys=10)
    for key in range(50):
        rate.take(str(key))
    clock.now += 5  # every bucket is full again
    rate.take("new")
    assert len(rate) == 1


def test_stream_slots_count_per_key_and_in_all() -> None:
    slots = StreamSlots(per_key=2, total=3)
    assert [slots.acquire("a"), slots.acquire("a"), slots.acquire("a")] == [None, None, "key"]
    assert [slots.acquire("b"), slots.acquire("c")] == [None, "total"]
    slots.release("a")
    assert slots.acquire("c") is None and slots.count == 3 and slots.held("a") == 1


def test_limits_are_settings_from_the_environment_or_flags() -> None:
    config = Config.from_env(
        {
            "KENNEL_MAX_MESSAGE_BYTES": "65536",
            "KENNEL_COMMANDS_PER_SECOND": "2.5",
            "KENNEL_COMMAND_BURST": "5",
            "KENNEL_MAX_STREAMS_PER_CREDENTIAL": "3",
            "KENNEL_MAX_STREAMS": "30",
        },
        max_streams=40,
    )
    assert (config.max_message_bytes, config.commands_per_second, config.command_burst) == (65536, 2.5, 5)
    assert (config.max_streams_per_credential, config.max_streams) == (3, 40)
    defaults = Config.from_env({})
    assert (defaults.max_message_bytes, defaults.commands_per_second, defaults.command_burst) == (1 << 20, 50.0, 100)
    assert (defaults.max_streams_per_credential, defaults.max_streams) == (8, 1000)
    for variable, value in (("KENNEL_COMMAND_BURST", "0"), ("KENNEL_MAX_STREAMS", "lots"), ("KENNEL_PORT", "-1")):
        with pytest.raises(ValueError):
            Config.from_env({variable: value})


@pytest.fixture
def limited(tmp_path: Path) -> Iterator[ConfiguredServer]:
    config = Config(
        max_message_bytes=64 * 1024, commands_per_second=2.0, command_burst=3, max_streams_per_credential=2, max_streams=3,
        max_command_bytes=64 * 1024,  # this test is about gRPC's own limit (test_refusals.py: the command's)
    )
    server = ConfiguredServer(tmp_path, config).start()
    try:
        yield server
    finally:
        server.stop()


def _game(kennel: Kennel) -> tuple[CreatedGame, pb.Command]:
    game = kennel.create_game(GAME, ["Ann", "Bob", "Cy"])
    return game, kennel.session(game.game_id, game.credentials[0]).view().legal_commands[0]


def test_a_request_past_the_size_limit_is_refused_by_grpc_and_the_server_carries_on(limited: ConfiguredServer) -> None:
    with Kennel(limited.address, timeout=10) as kennel, grpc.insecure_channel(limited.address) as channel:
        game, command = _game(kennel)
        submit = raw_unary(channel, "SubmitCommand")
        for size, status in ((60 * 1024, grpc.StatusCode.INVALID_ARGUMENT), (65 * 1024, grpc.StatusCode.RESOURCE_EXHAUSTED)):
            request = pb.SubmitCommandRequest(game_id=game.game_id, command_id="x" * size, command=command)
            with pytest.raises(grpc.RpcError) as refused:
                submit(request.SerializeToString(), metadata=bearer(game.credentials[0]), timeout=10)
            assert refused.value.code() == status, refused.value.details()
        # Under the limit the request reached the service (and its command id was refused);
        # over it gRPC refused it unread. Either way nothing changed, and the server serves on.
        seat = kennel.session(game.game_id, game.credentials[0])
        assert seat.view().version == kennel.session(game.game_id, game.spectator_credential).view().version
        assert seat.act(command).first_version > 0


def test_commands_past_the_rate_are_refused_with_a_wait_per_credential(limited: ConfiguredServer) -> None:
    with Kennel(limited.address, timeout=10) as kennel, grpc.insecure_channel(limited.address) as channel:
        game, command = _game(kennel)
        stub = pb_grpc.KennelStub(channel)
        version = kennel.session(game.game_id, game.spectator_credential).view().version

        def send(seat: int, number: int, command: pb.Command = pb.Command()) -> grpc.StatusCode:
            request = pb.SubmitCommandRequest(game_id=game.game_id, command_id=f"c{seat}-{number}", command=command)
            try:
                stub.SubmitCommand(request, metadata=bearer(game.credentials[seat]), timeout=10)
            except grpc.RpcError as error:
                if error.code() == grpc.StatusCode.RESOURCE_EXHAUSTED:
                    trailing = dict(error.trailing_metadata())
                    assert trailing["kennel-error-code"] == "kennel/rate_limited"
                    assert 0 < int(trailing["kennel-retry-after-ms"]) <= 1000
                return error.code()
            return grpc.StatusCode.OK

        # Seat 2 sends empty commands: admitted, then refused as malformed, and still counted.
        statuses = [send(2, n) for n in range(5)]
        assert statuses[:3] == [grpc.StatusCode.INVALID_ARGUMENT] * 3
        assert statuses[3:] == [grpc.StatusCode.RESOURCE_EXHAUSTED] * 2
        assert kennel.session(game.game_id, game.spectator_credential).view().version == version
        assert send(0, 0, command) == grpc.StatusCode.OK  # another credential, its own bucket
        time.sleep(0.6)  # a token comes back every 500 ms
        assert send(2, 9) == grpc.StatusCode.INVALID_ARGUMENT
        # The SDK waits as the server asks and sends again: a burst never ends rate-limited.
        seat = kennel.session(game.game_id, game.credentials[1])
        for number in range(5):
            with pytest.raises(KennelError) as error:
                seat.act(pb.Command(), command_id=f"sdk-{number}")
            assert error.value.status == grpc.StatusCode.INVALID_ARGUMENT, error.value


def test_streams_past_the_limits_are_refused_and_closing_one_frees_its_slot(limited: ConfiguredServer) -> None:
    with Kennel(limited.address, timeout=10) as kennel, grpc.insecure_channel(limited.address) as channel:
        game, _ = _game(kennel)
        stub = pb_grpc.KennelStub(channel)

        def watch(credential: str) -> grpc.Call:
            stream = stub.Watch(pb.WatchRequest(game_id=game.game_id), metadata=bearer(credential), timeout=30)
            next(stream)  # the catch-up: the stream is open
            return stream

        def refused(credential: str) -> grpc.RpcError:
            with pytest.raises(grpc.RpcError) as error:
                watch(credential)
            assert error.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
            assert dict(error.value.trailing_metadata())["kennel-error-code"] == "kennel/too_many_streams"
            return error.value

        spectator = game.spectator_credential
        held = [watch(spectator), watch(spectator)]
        assert "close one" in refused(spectator).details()  # two per credential
        held.append(watch(game.credentials[0]))
        assert "server" in refused(game.credentials[1]).details()  # three in all
        held.pop(0).cancel()
        for _ in range(100):  # the server frees the slot once it sees the cancellation
            try:
                held.append(watch(spectator))
                break
            except grpc.RpcError as error:
                assert error.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
                time.sleep(0.02)
        else:
            raise AssertionError("a cancelled stream kept its slot")
        for stream in held:
            stream.cancel()


def test_calls_without_a_credential_are_metered_per_client_address(tmp_path: Path) -> None:
    """CreateGame, JoinGame and ListOpenGames need no credential, so they are counted by the
    client's address: past the burst they are refused, changing nothing, with a wait to honour."""
    config = Config(open_calls_per_second=0.05, open_call_burst=3)  # a token every 20 s: none comes back here
    server = ConfiguredServer(tmp_path, config).start()
    try:
        with Kennel(server.address, timeout=10) as kennel, grpc.insecure_channel(server.address) as channel:
            stub = pb_grpc.KennelStub(channel)
            open_seat = pb.CreateGameRequest(game_type=GAME, seats=[pb.SeatSpec(name="Ann"), pb.SeatSpec()])
            created = stub.CreateGame(open_seat, timeout=10)  # token 1 of 3
            stub.ListOpenGames(pb.ListOpenGamesRequest(), timeout=10)  # 2
            stub.JoinGame(pb.JoinGameRequest(game_id=created.game_id, name="Bob"), timeout=10)  # 3
            refused = []
            for call, request in (
                (stub.CreateGame, open_seat),
                (stub.ListOpenGames, pb.ListOpenGamesRequest()),
                (stub.JoinGame, pb.JoinGameRequest(game_id=created.game_id, name="Cy")),
            ):
                with pytest.raises(grpc.RpcError) as error:
                    call(request, timeout=10)
                refused.append(error.value)
            for error in refused:
                assert error.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
                trailing = dict(error.trailing_metadata())
                assert trailing["kennel-error-code"] == "kennel/rate_limited"
                assert 0 < int(trailing["kennel-retry-after-ms"]) <= 20_000
                assert "without a credential from this address" in error.details()
            # Calls with a credential have their own limits: the seats play on.
            seat = kennel.session(created.game_id, created.seats[0].credential)
            assert seat.act(seat.view().legal_commands[0]).first_version > 0
            assert len(server.running.hub.open_games()) == 0, "no game was created past the limit"
    finally:
        server.stop()


def test_a_client_address_is_its_peer_without_the_port() -> None:
    assert peer_address("ipv4:10.0.0.7:51234") == "ipv4:10.0.0.7"
    assert peer_address("ipv6:[::1]:51234") == "ipv6:[::]/64"  # an IPv6 /64 is one client (issue 16)
    assert peer_address("ipv6:[2001:db8::1:2]:1") == peer_address("ipv6:[2001:db8::ffff:3]:2") == "ipv6:[2001:db8::]/64"
    assert peer_address("unix:kennel.sock") == "unix:kennel.sock"
    defaults = Config.from_env({})
    assert (defaults.open_calls_per_second, defaults.open_call_burst) == (20.0, 100)
    assert Config.from_env({"KENNEL_OPEN_CALLS_PER_SECOND": "5", "KENNEL_OPEN_CALL_BURST": "7"}).open_call_burst == 7
    with pytest.raises(ValueError):
        Config.from_env({"KENNEL_OPEN_CALL_BURST": "0"})
