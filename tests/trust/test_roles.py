"""Roles (issue 8): every RPC against every kind of caller, over a real loopback server.

The callers: no credential, a credential no one was given, a seat of another game, the game's
spectator, one of its seats, and the server's auditor (configured by the SHA-256 of its
credential). Each refusal must carry its status and code and change nothing; each admission
must show the caller what its role may see, and no more.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc
import pytest
from kennel.client import CreatedGame, Kennel, KennelError
from kennel.replay.logformat import group_by_cause, parse_log
from kennel.replay.verify import verify
from kennel.service.config import Config
from kennel.service.live import digest, new_credential
from kennel.v1 import kennel_pb2 as pb
from trustkit import ConfiguredServer, ServerProcess, auditor, record_figures

GAME = "hoarders"
ROLES = ("anonymous", "wrong_credential", "other_games_seat", "spectator", "seat", "auditor")
OK = ("OK", "")
NO_CREDENTIAL = ("UNAUTHENTICATED", "kennel/no_credential")
BAD_CREDENTIAL = ("UNAUTHENTICATED", "kennel/bad_credential")
NOT_A_SEAT = ("PERMISSION_DENIED", "kennel/not_a_seat")
NOT_YOUR_VIEW = ("PERMISSION_DENIED", "kennel/not_your_view")
GAME_RUNNING = ("FAILED_PRECONDITION", "kennel/game_running")
READ_ONLY = ("PERMISSION_DENIED", "kennel/read_only")
STRANGERS = {"anonymous": NO_CREDENTIAL, "wrong_credential": BAD_CREDENTIAL, "other_games_seat": BAD_CREDENTIAL}
ANYONE = {role: OK for role in ROLES}


def _members(spectator: tuple[str, str], seat: tuple[str, str], auditor: tuple[str, str]) -> dict[str, tuple[str, str]]:
    return {**STRANGERS, "spectator": spectator, "seat": seat, "auditor": auditor}


# call -> role -> (status, code) expected
EXPECTED: dict[str, dict[str, tuple[str, str]]] = {
    "CreateGame": ANYONE,
    "ListOpenGames": ANYONE,
    "GetGuide": ANYONE,
    "JoinGame": ANYONE,
    "SubmitCommand": _members(NOT_A_SEAT, OK, NOT_A_SEAT),
    "GetView": _members(OK, OK, OK),
    "GetView as another seat, running": _members(NOT_YOUR_VIEW, NOT_YOUR_VIEW, OK),
    "GetView as another seat, finished": _members(OK, OK, OK),
    "GetView at an earlier version": _members(OK, OK, OK),
    "Watch": _members(OK, OK, OK),
    "GetLog, running": _members(GAME_RUNNING, GAME_RUNNING, OK),
    "GetLog, finished": _members(OK, OK, OK),
    "ForkGame, finished": _members(OK, OK, READ_ONLY),
}


@dataclass
class World:
    kennel: Kennel
    running: CreatedGame  # three seats, a few commands in
    finished: CreatedGame  # two seats, played to its end
    other: CreatedGame  # another running game, whose seat is a stranger to the two above
    auditor: str
    fork_at: int = 0  # a version the finished game can be forked at

    def credential(self, game: CreatedGame, role: str) -> str:
        return {
            "anonymous": "",
            "wrong_credential": new_credential(),
            "other_games_seat": self.other.credentials[0],
            "spectator": game.spectator_credential,
            "seat": game.credentials[0],
            "auditor": self.auditor,
        }[role]

    def version(self, game: CreatedGame) -> int:
        return self.kennel.session(game.game_id, self.auditor).view().version


def _play(kennel: Kennel, game: CreatedGame, steps: int) -> None:
    """Seats answer the first prompt with their first legal command, `steps` times or to the end."""
    spectator = kennel.session(game.game_id, game.spectator_credential)
    for _ in range(steps):
        view = spectator.view()
        if view.status == pb.GAME_STATUS_FINISHED:
            return
        seat = view.pending[0].seat
        session = kennel.session(game.game_id, game.credentials[seat])
        session.act(session.view().legal_commands[0])


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    credential, hashed = auditor()
    # Many games and forks from one address: the per-address budget is test_client_budgets.py's.
    config = Config(auditor_hashes=frozenset({hashed}), credential_burst=100_000)
    server = ConfiguredServer(tmp_path_factory.mktemp("roles"), config).start()
    try:
        with Kennel(server.address, timeout=10) as kennel:
            running = kennel.create_game(GAME, ["Ann", "Bob", "Cy"])
            _play(kennel, running, 4)
            finished = kennel.create_game(GAME, ["Dee", "Eve"])
            _play(kennel, finished, 5000)
            other = kennel.create_game(GAME, ["Fay", "Gus"])
            yield World(kennel, running, finished, other, credential, _fork_point(kennel, finished)[0])
    finally:
        server.stop()


def _fork_point(kennel: Kennel, game: CreatedGame) -> tuple[int, list[CreatedGame]]:
    """The first version after a whole decision that the game may be forked at, and the fork."""
    seat = kennel.session(game.game_id, game.credentials[0])
    for _, records in group_by_cause(parse_log(seat.log()).records):
        try:
            return records[-1].version, [seat.fork(records[-1].version)]
        except KennelError as error:
            assert error.code == "kennel/bad_version", error
    raise AssertionError("the game cannot be forked anywhere")


def _submit(w: World, credential: Callable[[CreatedGame], str]) -> tuple[CreatedGame, Any]:
    game = w.kennel.create_game(GAME, ["Hal", "Ivy"])  # its own game: an accepted command changes it
    command = w.kennel.session(game.game_id, game.credentials[0]).view().legal_commands[0]
    return game, w.kennel.session(game.game_id, credential(game)).act(command)


def _view(game: str, **fields: Any) -> Callable[[World, Callable[[CreatedGame], str]], tuple[CreatedGame, Any]]:
    def call(w: World, credential: Callable[[CreatedGame], str]) -> tuple[CreatedGame, Any]:
        target = getattr(w, game)
        return target, w.kennel.session(target.game_id, credential(target)).view(**fields)

    return call


def _watch(w: World, credential: Callable[[CreatedGame], str]) -> tuple[CreatedGame, Any]:
    stream = w.kennel.session(w.running.game_id, credential(w.running)).watch(timeout=10)
    try:
        return w.running, next(stream)
    finally:
        stream.close()


def _log(game: str) -> Callable[[World, Callable[[CreatedGame], str]], tuple[CreatedGame, Any]]:
    def call(w: World, credential: Callable[[CreatedGame], str]) -> tuple[CreatedGame, Any]:
        target = getattr(w, game)
        return target, w.kennel.session(target.game_id, credential(target)).signed_log()

    return call


def _fork(w: World, credential: Callable[[CreatedGame], str]) -> tuple[CreatedGame, Any]:
    return w.finished, w.kennel.session(w.finished.game_id, credential(w.finished)).fork(w.fork_at)


def _anyone(method: str, request: Callable[[World], Any]) -> Callable[[World, Callable[[CreatedGame], str]], tuple[CreatedGame, Any]]:
    def call(w: World, credential: Callable[[CreatedGame], str]) -> tuple[CreatedGame, Any]:
        return w.running, w.kennel.call(method, request(w), credential(w.running), retries=0)

    return call


def _join_request(w: World) -> pb.JoinGameRequest:
    game = w.kennel.create_game(GAME, ["Jo", None])
    return pb.JoinGameRequest(game_id=game.game_id, name="Kim")


CALLS: dict[str, Callable[[World, Callable[[CreatedGame], str]], tuple[CreatedGame, Any]]] = {
    "CreateGame": _anyone(
        "CreateGame", lambda w: pb.CreateGameRequest(game_type=GAME, seats=[pb.SeatSpec(name="a"), pb.SeatSpec(name="b")])
    ),
    "ListOpenGames": _anyone("ListOpenGames", lambda w: pb.ListOpenGamesRequest()),
    "GetGuide": _anyone("GetGuide", lambda w: pb.GetGuideRequest(game_type=GAME)),
    "JoinGame": _anyone("JoinGame", _join_request),
    "SubmitCommand": _submit,
    "GetView": _view("running"),
    "GetView as another seat, running": _view("running", as_seat=1),
    "GetView as another seat, finished": _view("finished", as_seat=1),
    "GetView at an earlier version": _view("running", at_version=2),
    "Watch": _watch,
    "GetLog, running": _log("running"),
    "GetLog, finished": _log("finished"),
    "ForkGame, finished": _fork,
}
assert CALLS.keys() == EXPECTED.keys()


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("call", list(CALLS))
def test_each_role_is_admitted_or_refused_as_its_role_allows(world: World, call: str, role: str) -> None:
    versions = {g.game_id: world.version(g) for g in (world.running, world.finished, world.other)}
    status, code = EXPECTED[call][role]
    try:
        target, result = CALLS[call](world, lambda game: world.credential(game, role))
    except KennelError as error:
        record_figures("roles", call=call, role=role, status=error.status.name, code=error.code)
        assert (error.status.name, error.code) == (status, code), error
        assert error.message
    else:
        record_figures("roles", call=call, role=role, status="OK", code="")
        assert status == "OK", f"{call} as {role}: admitted, expected {status} {code}"
        _check_what_was_shown(world, call, role, target, result)
    # No call changes these games: refusals change nothing, and the calls that write make or
    # change games of their own.
    assert {g.game_id: world.version(g) for g in (world.running, world.finished, world.other)} == versions


def _check_what_was_shown(world: World, call: str, role: str, target: CreatedGame, result: Any) -> None:
    own_seat = 0 if role == "seat" else None
    if call.startswith("GetView"):
        view = result
        shown = 1 if "another seat" in call else own_seat
        assert (view.seat if view.HasField("seat") else None) == shown
        assert bool(view.legal_commands) == (shown is not None and view.status != pb.GAME_STATUS_FINISHED
                                             and any(p.seat == shown for p in view.pending))
        if "another seat" in call:  # exactly what that seat sees itself
            assert view == world.kennel.session(target.game_id, target.credentials[1]).view()
    elif call == "Watch":
        assert (result.view.seat if result.view.HasField("seat") else None) == own_seat
    elif call.startswith("GetLog"):
        raw, key = result
        report = verify(raw, public_key=bytes.fromhex(key) if call.endswith("finished") else None)
        assert report.ok and report.rules_checked == call.endswith("finished"), report
        assert len(parse_log(raw).records) == world.version(target)


def test_the_auditor_sees_every_seat_as_that_seat_does_and_the_whole_running_log(world: World) -> None:
    game, kennel = world.running, world.kennel
    auditing = kennel.session(game.game_id, world.auditor)
    for seat, credential in game.credentials.items():
        own = kennel.session(game.game_id, credential).view()
        assert auditing.view(as_seat=seat) == own
        assert auditing.view(as_seat=seat, at_version=2) == kennel.session(game.game_id, credential).view(at_version=2)
    spectator = kennel.session(game.game_id, game.spectator_credential)
    assert auditing.view() == spectator.view()  # unless it asks for a seat, the public view
    with pytest.raises(KennelError) as refused:
        auditing.view(as_seat=7)
    assert (refused.value.status, refused.value.code) == (grpc.StatusCode.INVALID_ARGUMENT, "kennel/no_such_seat")
    log = parse_log(auditing.log())
    # The running log holds the whole truth, hidden cards included, but not yet the seed.
    assert [r.version for r in log.records] == list(range(1, auditing.view().version + 1))
    assert log.checkpoint is None and not any(r.event["type"] == "kennel.GameEnded" for r in log.records)


def test_an_auditor_credential_is_not_a_seat_or_a_spectator_credential(world: World, tmp_path: Path) -> None:
    """Only the digest configured on the server makes an auditor: another server, configured
    with none, refuses the same credential, and a seat's credential is never an auditor's."""
    plain = ConfiguredServer(tmp_path, Config()).start()
    try:
        with Kennel(plain.address, timeout=10) as kennel:
            game = kennel.create_game(GAME, ["Lu", "Mo"])
            with pytest.raises(KennelError) as refused:
                kennel.session(game.game_id, world.auditor).view(as_seat=1)
            assert refused.value.code == "kennel/bad_credential"
    finally:
        plain.stop()
    seat = world.kennel.session(world.running.game_id, world.running.credentials[0])
    with pytest.raises(KennelError) as refused:
        seat.log()
    assert refused.value.code == "kennel/game_running"


def test_auditor_digests_come_from_the_environment_or_flags_and_are_checked() -> None:
    credential, hashed = auditor()
    assert Config.from_env({"KENNEL_AUDITOR_CREDENTIAL_SHA256": f" {hashed.upper()} , {'0' * 64}"}).auditor_hashes == {
        hashed, "0" * 64
    }
    assert Config.from_env({"KENNEL_AUDITOR_CREDENTIAL_SHA256": hashed}, auditor_hashes=["1" * 64]).auditor_hashes == {
        "1" * 64
    }
    for wrong in (credential, "abc", hashed + "0"):
        with pytest.raises(ValueError) as error:
            Config.from_env({"KENNEL_AUDITOR_CREDENTIAL_SHA256": wrong})
        assert credential not in str(error.value) and "KENNEL_AUDITOR_CREDENTIAL_SHA256" in str(error.value)
    assert dataclasses.replace(Config(), auditor_hashes=frozenset()).auditor_hashes == frozenset()


@pytest.mark.parametrize("log_format", ["json", "console"])
def test_no_credential_ever_appears_in_the_servers_output(tmp_path: Path, log_format: str) -> None:
    """A real `kennel serve` process, its structlog output captured whole, through a session that
    uses every call and provokes every refusal; neither any credential issued or sent, nor its
    digest, may appear in it."""
    auditor_credential, hashed = auditor()
    server = ServerProcess(
        tmp_path / "data",
        tmp_path / "server.log",
        args=["--log-format", log_format, "--command-burst", "4", "--commands-per-second", "50",
              "--max-streams-per-credential", "1"],
        env={"KENNEL_AUDITOR_CREDENTIAL_SHA256": hashed},
    ).start()
    secrets = [auditor_credential]
    try:
        with Kennel(server.address, timeout=10) as kennel:
            secrets += _a_session_that_uses_every_call(kennel, auditor_credential)
    finally:
        server.stop()
    output = (tmp_path / "server.log").read_bytes() + server.stdout
    lines = output.decode().splitlines()
    assert sum("command_accepted" in line for line in lines) > 10
    if log_format == "json":  # every line of a call carries what design.md asks to be bound
        records = [json.loads(line) for line in lines if line.startswith("{")]
        accepted = [r for r in records if r["event"] == "command_accepted"]
        assert accepted and all(
            r["rpc"] == "SubmitCommand" and r["role"] == "seat" and r["game_id"] and r["command_id"]
            and isinstance(r["seat"], int) and r["timestamp"].endswith("Z") and r["level"] == "info"
            for r in accepted
        )
        refused = [r for r in records if r["event"] == "call_refused"]
        assert refused and all(r["rpc"] for r in refused) and any(r.get("game_id") for r in refused)
    for code in ("kennel/bad_credential", "kennel/no_credential", "kennel/not_a_seat", "kennel/rate_limited",
                 "kennel/too_many_streams", "kennel/not_your_view"):
        assert any(code in line for line in lines), f"the session never provoked {code}"
    leaks = [s for s in secrets if s in output.decode() or digest(s) in output.decode()]
    record_figures("log_leaks", log_format=log_format, credentials_checked=len(set(secrets)), log_lines=len(lines), leaks=len(leaks))
    assert not leaks, f"{len(leaks)} credentials (or their digests) appear in the server's output"


def _a_session_that_uses_every_call(kennel: Kennel, auditor_credential: str) -> list[str]:
    """Returns every credential the session was given or sent."""
    game = kennel.create_game(GAME, ["Ann", None])
    seat, joined = kennel.join(game.game_id, "Bob")
    credentials = {0: game.credentials[0], seat: joined}
    secrets = [*credentials.values(), game.spectator_credential]
    spectator = kennel.session(game.game_id, game.spectator_credential)
    strangers = [new_credential() for _ in range(3)]
    secrets += strangers
    watching = spectator.watch(timeout=10)
    next(watching)
    with pytest.raises(KennelError):  # a second stream of the spectator's: too many
        next(spectator.watch(timeout=10))
    for step in range(5000):
        view = spectator.view()
        if view.status == pb.GAME_STATUS_FINISHED:
            break
        acting = view.pending[0].seat
        session = kennel.session(game.game_id, credentials[acting])
        command = session.view().legal_commands[0]
        if step % 3 == 0:
            for refused in (
                lambda: kennel.session(game.game_id, strangers[step % 3]).act(command),
                lambda: kennel.session(game.game_id, "").view(),
                lambda: spectator.act(command),
                lambda: kennel.session(game.game_id, credentials[1 - acting]).view(as_seat=acting),
                lambda: kennel.session(game.game_id, auditor_credential).act(command),
            ):
                with pytest.raises(KennelError):
                    refused()
        session.act(command)
    watching.close()
    auditing = kennel.session(game.game_id, auditor_credential)
    auditing.view(as_seat=1)
    auditing.log()
    # Forks first: ForkGame is metered like a command (issue 16), so after the burst below it
    # would be refused as rate-limited.
    _, forks = _fork_point(kennel, game)
    # Faster than the server allows one credential: sent all at once, so that however slow the
    # machine, far more than the burst arrive before the bucket refills.
    metadata = (("authorization", f"Bearer {credentials[0]}"),)
    calls = [
        kennel.stub().SubmitCommand.future(
            pb.SubmitCommandRequest(game_id=game.game_id, command_id=f"late-{burst}", command=command),
            metadata=metadata, timeout=10,
        )
        for burst in range(32)
    ]
    limited = 0
    for call in calls:
        try:
            call.result()
        except grpc.RpcError as error:
            limited += KennelError.from_rpc(error).code == "kennel/rate_limited"
    assert limited
    for forked in forks:
        secrets += [*forked.credentials.values(), forked.spectator_credential]
    return secrets
