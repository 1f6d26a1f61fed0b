"""The gRPC API over a real loopback server, through the SDK: every call and every error case.

Each refusal is checked to append nothing (the game's version is unchanged).
"""

from __future__ import annotations

from pathlib import Path

import grpc
import pytest
from kennel.client import Kennel, KennelError, Session
from kennel.v1 import kennel_pb2 as pb
from testkit.servers import ServerThread

GAME = "hoarders"


def _seated(kennel: Kennel, players: int = 3) -> tuple[str, list[Session], Session]:
    created = kennel.create_game(GAME, [f"p{i}" for i in range(players)])
    seats = [kennel.session(created.game_id, created.credentials[i]) for i in range(players)]
    return created.game_id, seats, kennel.session(created.game_id, created.spectator_credential)


def _refused(status: grpc.StatusCode, code: str | None = None):  # type: ignore[no-untyped-def]
    class Check:
        def __enter__(self) -> Check:
            return self

        def __exit__(self, kind, error, tb) -> bool:  # type: ignore[no-untyped-def]
            assert isinstance(error, KennelError), f"expected {status.name}, the call succeeded"
            assert error.status == status, error
            if code is not None:
                assert error.code == code, error
            assert error.message
            return True

    return Check()


def _a_seat_that_may_act(seats: list[Session]) -> tuple[int, pb.View]:
    for number, session in enumerate(seats):
        view = session.view()
        if view.legal_commands:
            return number, view
    raise AssertionError("nobody may act")


def test_create_returns_a_credential_per_named_seat_and_a_spectator(kennel: Kennel) -> None:
    created = kennel.create_game(GAME, ["Ann", "Bob", None])
    assert sorted(created.credentials) == [0, 1]
    assert len({*created.credentials.values(), created.spectator_credential}) == 3
    assert all(len(c) >= 40 for c in created.credentials.values())
    view = kennel.session(created.game_id, created.credentials[0]).view()
    assert view.seat == 0 and view.status == pb.GAME_STATUS_WAITING_FOR_PLAYERS
    assert [s.name for s in view.seats[:2]] == ["Ann", "Bob"] and not view.seats[2].HasField("name")


def test_create_refuses_malformed_requests(kennel: Kennel) -> None:
    with _refused(grpc.StatusCode.INVALID_ARGUMENT, "kennel/unknown_game"):
        kennel.create_game("chess", ["a", "b"])
    with _refused(grpc.StatusCode.INVALID_ARGUMENT, "kennel/bad_seat_count"):
        kennel.create_game(GAME, ["only one"])
    with _refused(grpc.StatusCode.INVALID_ARGUMENT, "kennel/bad_name"):
        kennel.create_game(GAME, ["", "b"])
    assert kennel.list_open_games() == []


def test_open_seats_are_listed_and_joined(kennel: Kennel) -> None:
    created = kennel.create_game(GAME, ["Ann", None, None])
    listed = kennel.list_open_games(GAME)
    assert [g.game_id for g in listed] == [created.game_id]
    seat, credential = kennel.join(created.game_id, "Bob")
    assert seat == 1
    with _refused(grpc.StatusCode.FAILED_PRECONDITION, "kennel/seat_taken"):
        kennel.join(created.game_id, "Eve", seat=1)
    ann = kennel.session(created.game_id, created.credentials[0])
    with _refused(grpc.StatusCode.FAILED_PRECONDITION, "kennel/waiting_for_players"):
        ann.act(ann.view().legal_commands[0] if ann.view().legal_commands else _any_command(kennel))
    assert kennel.session(created.game_id, credential).view().seat == 1
    kennel.join(created.game_id, "Cy")
    assert kennel.list_open_games() == []
    with _refused(grpc.StatusCode.FAILED_PRECONDITION, "kennel/no_open_seat"):
        kennel.join(created.game_id, "Dee")
    assert ann.view().status == pb.GAME_STATUS_IN_PROGRESS


def _any_command(kennel: Kennel) -> pb.Command:
    """A well-formed command taken from another game's legal commands."""
    _, seats, _ = _seated(kennel, 2)
    return _a_seat_that_may_act(seats)[1].legal_commands[0]


def test_unknown_games_are_not_found(kennel: Kennel) -> None:
    _, seats, _ = _seated(kennel)
    missing = kennel.session("00000000-0000-4000-8000-000000000000", "x" * 43)
    with _refused(grpc.StatusCode.NOT_FOUND, "kennel/game_not_found"):
        missing.view()
    with _refused(grpc.StatusCode.NOT_FOUND, "kennel/game_not_found"):
        kennel.session("not-a-uuid", "x").view()
    with _refused(grpc.StatusCode.NOT_FOUND):
        kennel.join("00000000-0000-4000-8000-000000000000", "Ann")


def test_credentials_are_checked(kennel: Kennel) -> None:
    game_id, seats, spectator = _seated(kennel)
    other_id, other_seats, _ = _seated(kennel)
    version = seats[0].view().version
    for credential in ("", "wrong", other_seats[0]._credential):
        with _refused(grpc.StatusCode.UNAUTHENTICATED):
            kennel.session(game_id, credential).view()
    command = _a_seat_that_may_act(seats)[1].legal_commands[0]
    with _refused(grpc.StatusCode.PERMISSION_DENIED, "kennel/not_a_seat"):
        spectator.act(command)
    with _refused(grpc.StatusCode.UNAUTHENTICATED):
        list(kennel.session(game_id, "wrong").watch(timeout=30))
    assert seats[0].view().version == version


def test_spectators_see_the_public_view_without_commands(kennel: Kennel) -> None:
    _, seats, spectator = _seated(kennel)
    view = spectator.view()
    assert not view.HasField("seat")
    assert list(view.legal_commands) == []
    assert view.pending  # everyone owes a decision at the start; the spectator sees who
    assert view.game.WhichOneof("game") == GAME


def test_a_legal_command_is_appended_and_an_illegal_one_refused(kennel: Kennel) -> None:
    _, seats, _ = _seated(kennel)
    number, view = _a_seat_that_may_act(seats)
    response = seats[number].act(view.legal_commands[0])
    assert response.first_version == view.version + 1 and response.last_version >= response.first_version
    assert [e.version for e in response.events] == list(range(response.first_version, response.last_version + 1))
    assert response.view.version == response.last_version
    after = seats[number].view()
    # The same seat acting on a prompt it no longer owes is an illegal move.
    assert view.legal_commands[0] not in after.legal_commands
    with _refused(grpc.StatusCode.FAILED_PRECONDITION):
        seats[number].act(view.legal_commands[0])
    assert seats[number].view().version == after.version


def test_malformed_commands_are_invalid_arguments(kennel: Kennel) -> None:
    _, seats, _ = _seated(kennel)
    number, view = _a_seat_that_may_act(seats)
    with _refused(grpc.StatusCode.INVALID_ARGUMENT, "kennel/malformed"):
        seats[number].act(pb.Command())
    empty_kind = pb.Command()
    getattr(empty_kind, GAME).SetInParent()
    with _refused(grpc.StatusCode.INVALID_ARGUMENT, "kennel/malformed"):
        seats[number].act(empty_kind)
    with _refused(grpc.StatusCode.INVALID_ARGUMENT, "kennel/bad_command_id"):
        seats[number].act(view.legal_commands[0], command_id="x" * 500)
    assert seats[number].view().version == view.version


def test_a_retried_command_id_returns_the_first_result(kennel: Kennel) -> None:
    _, seats, _ = _seated(kennel)
    number, view = _a_seat_that_may_act(seats)
    first = seats[number].act(view.legal_commands[0], command_id="retry-me")
    again = seats[number].act(view.legal_commands[0], command_id="retry-me")
    assert not first.replayed and again.replayed
    assert (again.first_version, again.last_version) == (first.first_version, first.last_version)
    assert list(again.events) == list(first.events)
    assert seats[number].view().version == first.last_version
    if len(view.legal_commands) > 1:
        with _refused(grpc.StatusCode.INVALID_ARGUMENT, "kennel/command_id_reused"):
            seats[number].act(view.legal_commands[1], command_id="retry-me")


def test_watchers_receive_other_seats_events_and_resume_from_a_version(kennel: Kennel) -> None:
    _, seats, spectator = _seated(kennel)
    stream = spectator.watch(timeout=30)
    catch_up = next(stream)
    start = catch_up.events[-1].version
    assert [e.version for e in catch_up.events] == list(range(1, start + 1))
    number, view = _a_seat_that_may_act(seats)
    sent = seats[number].act(view.legal_commands[0])
    update = next(stream)
    assert [e.version for e in update.events] == list(range(sent.first_version, sent.last_version + 1))
    assert update.view.version == sent.last_version
    resumed = next(spectator.watch(after_version=start, timeout=30))
    assert [e.version for e in resumed.events] == [e.version for e in update.events]


def test_a_whole_game_plays_to_its_end_and_its_log_verifies(kennel: Kennel) -> None:
    from kennel.replay.verify import verify

    _, seats, spectator = _seated(kennel, 3)
    with _refused(grpc.StatusCode.FAILED_PRECONDITION, "kennel/game_running"):
        spectator.log()
    for _ in range(5000):
        view = spectator.view()
        if view.status == pb.GAME_STATUS_FINISHED:
            break
        seat = view.pending[0].seat
        seats[seat].act(seats[seat].view().legal_commands[0])
    else:
        raise AssertionError("the game did not end")
    assert view.outcome.reason and list(view.outcome.winners)
    ended = [u for u in spectator.watch(timeout=30)][-1].events[-1]
    assert ended.WhichOneof("kind") == "game_ended" and len(ended.game_ended.seed) == 64
    with _refused(grpc.StatusCode.FAILED_PRECONDITION, "kennel/game_over"):
        seats[0].act(_any_command(kennel))
    report = verify(seats[0].log())
    assert report.ok, report


def test_health_and_reflection_are_served(server) -> None:  # type: ignore[no-untyped-def]
    from grpc_health.v1 import health_pb2, health_pb2_grpc
    from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

    with grpc.insecure_channel(server.address) as channel:
        health = health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(service="kennel.v1.Kennel"))
        assert health.status == health_pb2.HealthCheckResponse.SERVING
        responses = reflection_pb2_grpc.ServerReflectionStub(channel).ServerReflectionInfo(
            iter([reflection_pb2.ServerReflectionRequest(list_services="")])
        )
        names = {s.name for r in responses for s in r.list_services_response.service}
    assert "kennel.v1.Kennel" in names and "grpc.health.v1.Health" in names


@pytest.mark.parametrize("commands_before_restart", [1, 7])
def test_games_survive_a_restart(tmp_path: Path, commands_before_restart: int) -> None:
    """Views are rebuilt from the log after a restart, and command ids are still remembered."""
    first = ServerThread(tmp_path).start()
    try:
        with Kennel(first.address) as kennel:
            game_id, seats, _ = _seated(kennel, 3)
            sent = []
            for step in range(commands_before_restart):
                number, view = _a_seat_that_may_act(seats)
                sent.append((number, view.legal_commands[0], f"cmd-{step}", seats[number].act(view.legal_commands[0], f"cmd-{step}")))
            credentials = [s._credential for s in seats]
            before = [s.view() for s in seats]
    finally:
        first.stop()
    second = ServerThread(tmp_path).start()
    try:
        with Kennel(second.address) as kennel:
            again = [kennel.session(game_id, c) for c in credentials]
            assert [s.view() for s in again] == before
            number, command, command_id, response = sent[-1]
            replay = again[number].act(command, command_id)
            assert replay.replayed and replay.last_version == response.last_version
            assert again[0].view().version == before[0].version
    finally:
        second.stop()
