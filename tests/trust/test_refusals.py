"""Refused commands are bounded (issue 16, hole 3): an oversized request is refused before it
is decoded, what is kept of refusals per seat and decision is capped (beyond the cap, a count
and a digest), and refusals are metered like commands. Against a real server, through the SDK
and raw bytes, as a hostile seat would send them."""

from __future__ import annotations

from pathlib import Path

import grpc
import pytest
from kennel.client import Kennel, KennelError, Session
from kennel.replay.logformat import REFUSALS_OMITTED, parse_log
from kennel.replay.verify import verify
from kennel.service.config import Config
from kennel.service.protobytes import length_delimited
from kennel.v1 import kennel_pb2 as pb
from trustkit import ConfiguredServer, bearer, raw_unary

GAME = "hoarders"
MAX_STEPS = 5000


def _game(kennel: Kennel) -> tuple[str, dict[int, Session], Session]:
    created = kennel.create_game(GAME, ["Ann", "Bob", "Cy"])
    seats = {seat: kennel.session(created.game_id, c) for seat, c in created.credentials.items()}
    return created.game_id, seats, kennel.session(created.game_id, created.spectator_credential)


def _idle_seat_and_a_command(seats: dict[int, Session], spectator: Session) -> tuple[int, pb.Command]:
    """A seat and a command the rules refuse from it now: an undo when the deal (which reveals)
    was the last thing to happen, so nothing can be undone."""
    assert spectator.view().status == pb.GAME_STATUS_IN_PROGRESS
    command = pb.Command()
    command.engine.propose_undo.SetInParent()
    return 0, command


def _server(tmp_path: Path, **settings: object) -> ConfiguredServer:
    return ConfiguredServer(tmp_path / "data", Config(**settings)).start()  # type: ignore[arg-type]


def _store_bytes(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())


def test_an_oversized_command_is_refused_before_it_is_decoded_and_nothing_is_kept(tmp_path: Path) -> None:
    server = _server(tmp_path, max_command_bytes=4096)
    try:
        with Kennel(server.address, timeout=10) as kennel:
            game_id, seats, spectator = _game(kennel)
            idle, command = _idle_seat_and_a_command(seats, spectator)
            request = pb.SubmitCommandRequest(game_id=game_id, command_id="big", command=command).SerializeToString()
            padding = _unknown_field(999, b"x" * 100_000)
            before = _store_bytes(tmp_path / "data")
            channel = grpc.insecure_channel(server.address)
            call = raw_unary(channel, "SubmitCommand")
            for _ in range(8):
                with pytest.raises(grpc.RpcError) as refused:
                    call(request + padding, metadata=bearer(seats[idle]._credential), timeout=10)
                assert refused.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
                assert ("kennel-error-code", "kennel/request_too_large") in (refused.value.trailing_metadata() or ())
            channel.close()
            assert _store_bytes(tmp_path / "data") - before < 100_000  # eight 100 KB requests: none kept
            with pytest.raises(KennelError):
                seats[idle].act(command)  # a small refused command is still kept whole
            _play_to_the_end(seats, spectator)
            log = parse_log(spectator.log())
            assert [a.cause.command_id for a in log.attempts] != [] and all(
                a.cause.command_id != "big" for a in log.attempts
            )
    finally:
        server.stop()


def _unknown_field(number: int, payload: bytes) -> bytes:
    """A length-delimited field the message does not define: protobuf would parse and keep it."""
    return length_delimited(number, payload)


def _play_to_the_end(seats: dict[int, Session], spectator: Session) -> None:
    for _ in range(MAX_STEPS):
        view = spectator.view()
        if view.status == pb.GAME_STATUS_FINISHED:
            return
        seat = view.pending[0].seat
        seats[seat].act(seats[seat].view().legal_commands[0])
    raise AssertionError("the game did not end")


def test_refusals_past_the_cap_are_counted_not_kept_and_the_log_still_verifies(tmp_path: Path) -> None:
    server = _server(tmp_path, refusals_kept=3, command_burst=1000, commands_per_second=1000)
    try:
        with Kennel(server.address, timeout=10) as kennel:
            _, seats, spectator = _game(kennel)
            idle, command = _idle_seat_and_a_command(seats, spectator)
            for number in range(40):
                with pytest.raises(KennelError) as refused:
                    seats[idle].act(command, command_id=f"spam-{number}")
                assert refused.value.status == grpc.StatusCode.FAILED_PRECONDITION
            _play_to_the_end(seats, spectator)
            raw = spectator.log()
            log = parse_log(raw)
            whole = [a for a in log.attempts if a.cause.type != REFUSALS_OMITTED]
            counted = [a for a in log.attempts if a.cause.type == REFUSALS_OMITTED]
            assert [a.cause.command_id for a in whole] == ["spam-0", "spam-1", "spam-2"]
            assert [a.cause.data["count"] for a in counted] == [1, 2, 4, 8, 16, 32]  # 37 refusals past the cap
            assert len({a.cause.data["sha256"] for a in counted}) == len(counted)
            assert verify(raw).ok
    finally:
        server.stop()


def test_refused_commands_are_metered_like_commands(tmp_path: Path) -> None:
    server = _server(tmp_path, command_burst=3, commands_per_second=0.01)
    try:
        with Kennel(server.address, timeout=10) as kennel:
            _, seats, spectator = _game(kennel)
            idle, command = _idle_seat_and_a_command(seats, spectator)
            statuses = []
            for number in range(5):
                try:
                    seats[idle].act(command, command_id=f"r{number}")
                except KennelError as error:
                    statuses.append(error.status)
            assert statuses[:3] == [grpc.StatusCode.FAILED_PRECONDITION] * 3
            assert statuses[3:] == [grpc.StatusCode.RESOURCE_EXHAUSTED] * 2
    finally:
        server.stop()
