"""Fuzzing through the real gRPC server (issue 8), with hypothesis.

Three kinds of input, for every Kennel method and every registered game:
- random bytes as request bodies, sent over a raw channel (no serializer), with and without a
  real game id and credential in front;
- well-formed requests whose every field holds a random value of its type (unknown enum
  numbers, huge and negative integers, any text), for every request type;
- random sequences of commands from random seats (and the spectator and auditor): legal ones
  from some seat's legal_commands, other seats' commands, mutated ones, undo requests and
  reused command ids; then each game is played to its end.

Throughout: no UNKNOWN or INTERNAL status, the server keeps serving, a refused command leaves
the game's version where it was, and every log passes `kennel.replay.verify` (fully, signature
included, once the game is over). Bounded by example counts and step counts.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import grpc
import pytest
from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message
from grpc_health.v1 import health_pb2, health_pb2_grpc
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from kennel.client import CreatedGame, Kennel
from kennel.domain.registry import GAMES
from kennel.replay.verify import verify
from kennel.service.config import Config
from kennel.service.live import new_credential
from kennel.service.matches import game_options
from kennel.v1 import kennel_pb2 as pb
from kennel.v1 import kennel_pb2_grpc as pb_grpc
from testkit.bot_games import finishing_options
from trustkit import ConfiguredServer, auditor, bearer, raw_stream, raw_unary, record_figures

METHODS = tuple(pb.DESCRIPTOR.services_by_name["Kennel"].methods_by_name)
STREAMING = {"Watch"}
# What a call may end with. Anything else, UNKNOWN and INTERNAL above all, is a failure.
EXPECTED = {
    grpc.StatusCode.OK,
    grpc.StatusCode.INVALID_ARGUMENT,
    grpc.StatusCode.NOT_FOUND,
    grpc.StatusCode.UNAUTHENTICATED,
    grpc.StatusCode.PERMISSION_DENIED,
    grpc.StatusCode.FAILED_PRECONDITION,
}
FUZZ = settings(
    deadline=None,
    phases=(Phase.explicit, Phase.generate),  # no shrinking: a failure is reported as found, in bounded time
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)
RANDOM_STEPS = (10, 100)  # random commands per game (drawn between), before it is played to its end
MAX_STEPS = 3000  # a bound on playing to the end
TIMEOUT = 10.0  # seconds, per call
WATCH_TIMEOUT = 0.3  # seconds: a Watch with nothing to send yet ends at this deadline


@dataclass
class Target:
    """A server with an auditor and some games to aim at, and what has been sent so far."""

    server: ConfiguredServer
    kennel: Kennel
    channel: grpc.Channel
    auditor: str
    games: list[CreatedGame] = field(default_factory=list)
    types: dict[str, str] = field(default_factory=dict)  # game id -> game type
    sent: Counter[str] = field(default_factory=Counter)
    statuses: Counter[str] = field(default_factory=Counter)
    codes: Counter[str] = field(default_factory=Counter)  # kennel-error-code of each refusal
    played: Counter[str] = field(default_factory=Counter)  # game type -> games played to the end

    def credentials(self, game: CreatedGame) -> list[str]:
        return [*game.credentials.values(), game.spectator_credential, self.auditor, new_credential(), ""]

    def version(self, game_id: str) -> int:
        return self.kennel.session(game_id, self.auditor).view().version

    def still_serving(self) -> None:
        health = health_pb2_grpc.HealthStub(self.channel).Check(health_pb2.HealthCheckRequest(), timeout=TIMEOUT)
        assert health.status == health_pb2.HealthCheckResponse.SERVING


@pytest.fixture(scope="module")
def target(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Target]:
    credential, hashed = auditor()
    # Limits high enough that fuzzing is never rate-limited (test_limits covers the limits).
    config = Config(
        auditor_hashes=frozenset({hashed}), commands_per_second=1e6, command_burst=1_000_000,
        open_calls_per_second=1e6, open_call_burst=1_000_000,
        credentials_per_second=1e6, credential_burst=1_000_000, max_streams_per_address=1_000_000,
    )
    server = ConfiguredServer(tmp_path_factory.mktemp("fuzz"), config).start()
    try:
        with Kennel(server.address, timeout=TIMEOUT) as kennel, grpc.insecure_channel(server.address) as channel:
            fuzzing = Target(server, kennel, channel, credential)
            for name, game in GAMES.items():
                fuzzing.games.append(kennel.create_game(name, [f"p{i}" for i in range(game.seats.minimum)]))
                fuzzing.types[fuzzing.games[-1].game_id] = name
            yield fuzzing
            for game in fuzzing.games:  # whatever the fuzzing did to them, their logs still verify
                assert verify(kennel.session(game.game_id, credential).log()).ok
            record_figures("fuzz", sent=dict(fuzzing.sent), statuses=dict(fuzzing.statuses), codes=dict(fuzzing.codes),
                           played=dict(fuzzing.played))
    finally:
        server.stop()


def _outcome(target: Target, kind: str, call: Any, expected: set[grpc.StatusCode] = EXPECTED) -> tuple[grpc.StatusCode, Any]:
    """Make a call; returns its status and response (None when refused), failing on a bad status."""
    target.sent[kind] += 1
    try:
        response = call()
    except grpc.RpcError as error:
        status = error.code()
        response = None
        assert status in expected, f"{kind}: {status.name} {error.details()}"
        target.codes[dict(error.trailing_metadata() or ()).get("kennel-error-code", "(grpc)")] += 1
    else:
        status = grpc.StatusCode.OK
    target.statuses[status.name] += 1
    return status, response


def _send_raw(target: Target, method: str, body: bytes, credential: str, kind: str) -> grpc.StatusCode:
    metadata = bearer(credential) if credential else ()
    if method in STREAMING:
        def call() -> Any:
            stream = raw_stream(target.channel, method)(body, metadata=metadata, timeout=WATCH_TIMEOUT)
            try:
                return next(stream, None)  # the first batch is enough: a running game's stream stays open
            finally:
                stream.cancel()

        # A stream admitted after the last version has nothing to send yet: it stays open until
        # the client's deadline, which is how such a call ends here.
        return _outcome(target, kind, call, EXPECTED | {grpc.StatusCode.DEADLINE_EXCEEDED})[0]

    def unary() -> Any:
        return raw_unary(target.channel, method)(body, metadata=metadata, timeout=TIMEOUT)

    return _outcome(target, kind, unary)[0]


def _game_id_field(game_id: str) -> bytes:
    """Field 1 (every request's game_id but CreateGame's game_type), as the wire has it."""
    data = game_id.encode()
    return b"\x0a" + bytes([len(data)]) + data


@settings(FUZZ, max_examples=400)
@given(data=st.data(), method=st.sampled_from(METHODS), body=st.binary(max_size=300))
def test_random_bytes_as_request_bodies(target: Target, data: st.DataObject, method: str, body: bytes) -> None:
    game = data.draw(st.sampled_from(target.games))
    credential = data.draw(st.sampled_from(target.credentials(game)))
    if data.draw(st.booleans()):  # a real game first, so that the bytes get past NOT_FOUND
        body = _game_id_field(game.game_id) + body
    before = target.version(game.game_id)
    status = _send_raw(target, method, body, credential, "random_bytes")
    if method == "SubmitCommand" and status != grpc.StatusCode.OK:
        assert target.version(game.game_id) == before
    target.still_serving()


# Well-formed messages with random field values ------------------------------------------------

_INTEGERS = {
    FieldDescriptor.TYPE_INT32: (-(2**31), 2**31 - 1),
    FieldDescriptor.TYPE_SINT32: (-(2**31), 2**31 - 1),
    FieldDescriptor.TYPE_SFIXED32: (-(2**31), 2**31 - 1),
    FieldDescriptor.TYPE_INT64: (-(2**63), 2**63 - 1),
    FieldDescriptor.TYPE_SINT64: (-(2**63), 2**63 - 1),
    FieldDescriptor.TYPE_SFIXED64: (-(2**63), 2**63 - 1),
    FieldDescriptor.TYPE_UINT32: (0, 2**32 - 1),
    FieldDescriptor.TYPE_FIXED32: (0, 2**32 - 1),
    FieldDescriptor.TYPE_UINT64: (0, 2**64 - 1),
    FieldDescriptor.TYPE_FIXED64: (0, 2**64 - 1),
}


def _repeated(field: FieldDescriptor) -> bool:
    return bool(field.is_repeated) if hasattr(field, "is_repeated") else field.label == FieldDescriptor.LABEL_REPEATED


def _scalar(field: FieldDescriptor) -> st.SearchStrategy[Any]:
    if field.type in _INTEGERS:
        low, high = _INTEGERS[field.type]
        return st.one_of(st.integers(max(low, -3), min(high, 60)), st.integers(low, high))
    if field.type == FieldDescriptor.TYPE_ENUM:
        numbers = [v.number for v in field.enum_type.values]
        return st.one_of(st.sampled_from(numbers), st.integers(-2, max(numbers) + 3))  # open enums
    if field.type == FieldDescriptor.TYPE_BOOL:
        return st.booleans()
    if field.type == FieldDescriptor.TYPE_STRING:
        return st.text(max_size=24)
    if field.type == FieldDescriptor.TYPE_BYTES:
        return st.binary(max_size=24)
    return st.floats(allow_nan=True, allow_infinity=True, width=32 if field.type == FieldDescriptor.TYPE_FLOAT else 64)


def messages(descriptor: Descriptor, depth: int = 0) -> st.SearchStrategy[dict[str, Any]]:
    """A message of this type, as field -> value, each field set or not, with any value."""

    def value(field: FieldDescriptor) -> st.SearchStrategy[Any]:
        if field.type == FieldDescriptor.TYPE_MESSAGE:
            return messages(field.message_type, depth + 1) if depth < 4 else st.just({})
        return _scalar(field)

    plain = {}
    for f in descriptor.fields:
        if f.containing_oneof is not None:
            continue
        one = value(f)
        plain[f.name] = st.lists(one, max_size=3) if _repeated(f) else one
    optional = st.fixed_dictionaries({}, optional=plain)
    members = [st.just({})] + [
        value(f).map(lambda v, name=f.name: {name: v}) for oneof in descriptor.oneofs for f in oneof.fields
    ]
    return st.tuples(optional, st.one_of(members)).map(lambda parts: {**parts[0], **parts[1]})


def build(message: Message, values: dict[str, Any]) -> Message:
    for name, value in values.items():
        field = message.DESCRIPTOR.fields_by_name[name]
        target = getattr(message, name)
        if field.type == FieldDescriptor.TYPE_MESSAGE:
            if _repeated(field):
                for item in value:
                    build(target.add(), item)
            else:
                build(target, value)
                target.SetInParent()
        elif _repeated(field):
            target.extend(value)
        else:
            setattr(message, name, value)
    return message


REQUESTS = {name: pb.DESCRIPTOR.services_by_name["Kennel"].methods_by_name[name].input_type for name in METHODS}


@settings(FUZZ, max_examples=50)
@pytest.mark.parametrize("method", METHODS)
@given(data=st.data())
def test_well_formed_requests_with_random_field_values(target: Target, method: str, data: st.DataObject) -> None:
    game = data.draw(st.sampled_from(target.games))
    request_class = getattr(pb, REQUESTS[method].name)
    values = data.draw(messages(REQUESTS[method]))
    if "game_id" in request_class.DESCRIPTOR.fields_by_name and data.draw(st.integers(0, 9)) < 8:
        values["game_id"] = game.game_id  # mostly a real game, so that the fields are read
    if "game_type" in values and data.draw(st.booleans()):
        values["game_type"] = data.draw(st.sampled_from(sorted(GAMES)))
    if method == "SubmitCommand" and data.draw(st.booleans()):
        # A command of this very game with random fields, rather than any game's.
        member = target.types[game.game_id].replace("-", "_")
        values["command"] = {member: data.draw(messages(pb.Command.DESCRIPTOR.fields_by_name[member].message_type))}
    body = build(request_class(), values).SerializeToString()
    credential = data.draw(st.sampled_from(target.credentials(game)))
    before = target.version(game.game_id)
    status = _send_raw(target, method, body, credential, "random_fields")
    if method == "SubmitCommand" and status != grpc.StatusCode.OK:
        assert target.version(game.game_id) == before


# Random sequences of commands ---------------------------------------------------------------


def _mutated(command: pb.Command, rnd: random.Random) -> pb.Command:
    """The command with one field changed to another value of its type (or a member dropped)."""
    mutated = pb.Command()
    mutated.CopyFrom(command)
    spots: list[tuple[Message, FieldDescriptor]] = []

    def walk(message: Message) -> None:
        for descriptor in message.DESCRIPTOR.fields:
            oneof = descriptor.containing_oneof
            if oneof is not None and message.WhichOneof(oneof.name) not in (None, descriptor.name):
                continue
            spots.append((message, descriptor))
            if descriptor.type == FieldDescriptor.TYPE_MESSAGE and not _repeated(descriptor) and message.HasField(descriptor.name):
                walk(getattr(message, descriptor.name))

    walk(mutated)
    message, descriptor = rnd.choice(spots)
    value = getattr(message, descriptor.name)
    if descriptor.type == FieldDescriptor.TYPE_MESSAGE:
        if _repeated(descriptor):
            if len(value) and rnd.random() < 0.5:
                del value[rnd.randrange(len(value))]
            elif len(value):
                value.add().CopyFrom(value[rnd.randrange(len(value))])
        else:
            message.ClearField(descriptor.name)
    else:
        new = _random_scalar(descriptor, rnd)
        if _repeated(descriptor):
            if len(value) and rnd.random() < 0.4:
                del value[rnd.randrange(len(value))]
            elif len(value) and rnd.random() < 0.5:
                value[rnd.randrange(len(value))] = new
            else:
                value.append(new)
        else:
            setattr(message, descriptor.name, new)
    return mutated


def _random_scalar(descriptor: FieldDescriptor, rnd: random.Random) -> Any:
    if descriptor.type in _INTEGERS:
        low, high = _INTEGERS[descriptor.type]
        return rnd.choice([rnd.randint(max(low, -2), min(high, 40)), rnd.randint(low, high)])
    if descriptor.type == FieldDescriptor.TYPE_ENUM:
        return rnd.randint(0, max(v.number for v in descriptor.enum_type.values) + 2)
    if descriptor.type == FieldDescriptor.TYPE_BOOL:
        return rnd.random() < 0.5
    if descriptor.type == FieldDescriptor.TYPE_STRING:
        return rnd.choice(["", "x", "🐕", "a" * 70])
    if descriptor.type == FieldDescriptor.TYPE_BYTES:
        return rnd.randbytes(rnd.randint(0, 8))
    return rnd.choice([0.0, -1.5, float("inf")])


class Match:
    """One game being fuzzed: what the seats may send, and what was accepted."""

    def __init__(self, target: Target, game: CreatedGame, rnd: random.Random) -> None:
        self.target = target
        self.game = game
        self.rnd = rnd
        self.auditing = target.kennel.session(game.game_id, target.auditor)
        self.stub = pb_grpc.KennelStub(target.channel)
        self.seats = len(game.credentials)
        self.version = self.auditing.view().version
        self.sent: list[tuple[int, str, pb.Command]] = []  # accepted: seat, command id, command
        self.ids = 0

    def legal(self, seat: int) -> list[pb.Command]:
        return list(self.auditing.view(as_seat=seat).legal_commands)

    def send(
        self, credential: str, command: pb.Command, command_id: str | None = None, kind: str = "random_command"
    ) -> tuple[grpc.StatusCode, pb.SubmitCommandResponse | None]:
        if command_id is None:
            self.ids += 1
            command_id = f"fuzz-{self.ids}"
        request = pb.SubmitCommandRequest(game_id=self.game.game_id, command_id=command_id, command=command)
        status, response = _outcome(
            self.target, kind, lambda: self.stub.SubmitCommand(request, metadata=bearer(credential), timeout=TIMEOUT)
        )
        if status != grpc.StatusCode.OK:
            assert self.auditing.view().version == self.version, f"a refused command ({status.name}) changed the game"
        elif response.replayed:
            assert response.last_version <= self.version
        else:
            assert response.first_version == self.version + 1 <= response.last_version
            self.version = response.last_version
            seat = next(s for s, c in self.game.credentials.items() if c == credential)
            self.sent.append((seat, command_id, command))
        return status, response

    def random_step(self) -> None:
        rnd = self.rnd
        seat = rnd.randrange(self.seats)
        credential = self.game.credentials[seat]
        roll = rnd.random()
        if roll < 0.08 and self.sent:  # an accepted command id again: the same command, or another
            old_seat, old_id, old_command = rnd.choice(self.sent)
            command = old_command if rnd.random() < 0.5 else self._any_command()
            self.send(self.game.credentials[old_seat], command, old_id)
            return
        if roll < 0.14:  # someone who may not act sends a command
            who = rnd.choice([self.game.spectator_credential, self.target.auditor, new_credential()])
            self.send(who, self._any_command())
            return
        if roll < 0.22:
            engine = rnd.choice([pb.EngineCommand(propose_undo=pb.ProposeUndo()),
                                 pb.EngineCommand(answer_undo=pb.AnswerUndo(agree=rnd.random() < 0.5))])
            self.send(credential, pb.Command(engine=engine))
            return
        command = self._any_command(seat)
        if roll < 0.55:
            command = _mutated(command, rnd)
        self.send(credential, command)

    def _any_command(self, seat: int | None = None) -> pb.Command:
        """A legal command of `seat` if it has one, else of any seat (illegal for most senders)."""
        seats = [seat] if seat is not None and self.rnd.random() < 0.6 else list(range(self.seats))
        self.rnd.shuffle(seats)
        for candidate in seats:
            legal = self.legal(candidate)
            if legal:
                return self.rnd.choice(legal)
        return pb.Command()

    def play_to_the_end(self) -> int:
        """Seats owing a decision send a random legal command; undo proposals are declined.
        Returns the number of commands it took."""
        view = self.auditing.view()
        for step in range(MAX_STEPS):
            if view.status == pb.GAME_STATUS_FINISHED:
                return step
            owing = [p.seat for p in view.pending]
            for seat in [*owing, *(s for s in range(self.seats) if s not in owing)]:
                legal = [c for c in self.legal(seat) if c.engine.WhichOneof("kind") != "propose_undo"]
                if legal:
                    break
            else:
                raise AssertionError("nobody may act and the game is not over")
            declined = [c for c in legal if c.WhichOneof("game") == "engine" and not c.engine.answer_undo.agree]
            choice = declined[0] if declined else self.rnd.choice(legal)
            status, response = self.send(self.game.credentials[seat], choice, kind="playout_command")
            assert status == grpc.StatusCode.OK and response is not None, f"seat {seat}'s legal command was refused"
            view = response.view
        raise AssertionError(f"{self.game.game_id} did not end in {MAX_STEPS} steps")


@settings(FUZZ, max_examples=8)
@pytest.mark.parametrize("game_type", sorted(GAMES))
@given(data=st.data())
def test_random_command_sequences_then_play_to_the_end(target: Target, game_type: str, data: st.DataObject) -> None:
    game = GAMES[game_type]
    seats = data.draw(st.integers(game.seats.minimum, min(game.seats.maximum, game.seats.minimum + 1)))
    # Played to the end: under the options random play finishes (testkit.bot_games).
    options = finishing_options(game)
    created = target.kennel.create_game(
        game_type, [f"p{i}" for i in range(seats)], game_options(game_type, options) if options else None
    )
    match = Match(target, created, random.Random(data.draw(st.integers(0, 2**32))))
    for _ in range(data.draw(st.integers(*RANDOM_STEPS))):
        match.random_step()
    running = verify(match.auditing.log())
    assert running.ok, running
    match.play_to_the_end()
    raw, key = match.target.kennel.session(created.game_id, created.credentials[0]).signed_log()
    report = verify(raw, public_key=bytes.fromhex(key))
    assert report.ok and report.rules_checked, report
    target.played[game_type] += 1
    target.still_serving()
