"""Settling disputes through the service: refused attempts, signed checkpoints, "what did I know
when", forks (issue 6), over a real loopback server through the SDK."""

from __future__ import annotations

import dataclasses
import json

import grpc
import pytest
from kennel.client import Kennel, KennelError, Session
from kennel.replay.diff import diverge
from kennel.replay.explain import narrate
from kennel.replay.logformat import Log, chain, parse_log
from kennel.replay.verdict import FailureKind
from kennel.replay.verify import verify
from kennel.v1 import kennel_pb2 as pb

GAME = "hoarders"


def _play_to_the_end(seats: list[Session], spectator: Session, refuse_every: int = 0) -> list[pb.View]:
    """Seats answer their prompts with their first legal command; every `refuse_every` steps a seat
    without a prompt first sends another seat's command (refused and kept as an attempt)."""
    views = []
    for step in range(5000):
        view = spectator.view()
        if view.status == pb.GAME_STATUS_FINISHED:
            return views
        seat = view.pending[0].seat
        own = seats[seat].view()
        views.append(own)
        if refuse_every and step % refuse_every == 0:
            idle = [s for s in range(len(seats)) if s not in {p.seat for p in view.pending}]
            if idle:
                with pytest.raises(KennelError) as refused:
                    seats[idle[0]].act(own.legal_commands[0])
                assert refused.value.status == grpc.StatusCode.FAILED_PRECONDITION
        seats[seat].act(own.legal_commands[0])
    raise AssertionError("the game did not end")


def _game(kennel: Kennel, players: int = 3) -> tuple[str, list[Session], Session]:
    created = kennel.create_game(GAME, [f"p{i}" for i in range(players)])
    seats = [kennel.session(created.game_id, created.credentials[i]) for i in range(players)]
    return created.game_id, seats, kennel.session(created.game_id, created.spectator_credential)


def test_refused_commands_are_kept_with_their_reasons_and_rechecked(kennel: Kennel) -> None:
    _, seats, spectator = _game(kennel)
    _play_to_the_end(seats, spectator, refuse_every=3)
    raw, key = seats[0].signed_log()
    log = parse_log(raw)
    assert log.attempts, "no refused command was kept"
    assert all(a.code.startswith("hoarders/") and a.message for a in log.attempts)
    report = verify(raw, public_key=bytes.fromhex(key))
    assert report.ok and report.rules_checked, report
    told = [line for line in narrate(raw) if line.attempt]
    assert len(told) == len(log.attempts) and all("refused" in line.text for line in told)
    # A seat is told only of its own refused commands.
    mine = [line for line in narrate(raw, 0) if line.attempt]
    assert len(mine) == sum(a.cause.seat == 0 for a in log.attempts)

    forged = dataclasses.replace(log.attempts[0], code="hoarders/made_up")
    lied = Log(log.header, log.records, (forged, *log.attempts[1:]), log.checkpoint)
    failed = verify(lied.to_bytes())
    assert not failed.ok and failed.failure is not None and failed.failure.kind is FailureKind.ATTEMPT


def test_a_rewritten_chain_fails_the_signature_check(kennel: Kennel) -> None:
    """Someone who rewrites a record and recomputes every hash passes the chain check, but not
    the server's signature."""
    _, seats, spectator = _game(kennel, 2)
    _play_to_the_end(seats, spectator)
    raw, key = seats[0].signed_log()
    log = parse_log(raw)
    assert verify(raw, public_key=bytes.fromhex(key)).ok
    # Rename a command id (the rules do not look at it) and chain everything again.
    target = next(r for r in log.records if r.cause.seat is not None)
    records = list(log.records[: target.version - 1])
    prev = records[-1].hash
    for record in log.records[target.version - 1 :]:
        cause = record.cause
        if record.version == target.version:
            cause = dataclasses.replace(cause, command_id="rewritten")
        (new,) = chain(prev, record.version, cause, [record.event])
        records.append(new)
        prev = new.hash
    rewritten = Log(log.header, tuple(records), log.attempts, log.checkpoint).to_bytes()
    assert verify(rewritten).ok  # without the key, nothing shows
    failed = verify(rewritten, public_key=bytes.fromhex(key))
    assert not failed.ok and failed.failure is not None and failed.failure.kind is FailureKind.SIGNATURE
    other_key = bytes(32)
    assert verify(raw, public_key=other_key).failure.kind is FailureKind.SIGNATURE  # type: ignore[union-attr]


def test_what_did_i_know_when(kennel: Kennel) -> None:
    _, seats, spectator = _game(kennel, 3)
    seen: dict[int, pb.View] = {}
    for _ in range(12):
        view = spectator.view()
        seat = view.pending[0].seat
        response = seats[seat].act(seats[seat].view().legal_commands[0])
        seen[response.view.version] = response.view
    for version, then in seen.items():
        if version > 0:
            assert seats[then.seat].view(at_version=version) == then
    # Before the end nobody may look at another seat's past view, not even a spectator.
    for asking in (seats[1], spectator):
        with pytest.raises(KennelError) as refused:
            asking.view(at_version=3, as_seat=0)
        assert refused.value.status == grpc.StatusCode.PERMISSION_DENIED
        assert refused.value.code == "kennel/not_your_view"
    public = spectator.view(at_version=3)
    assert not public.HasField("seat") and not public.legal_commands
    with pytest.raises(KennelError) as bad:
        seats[0].view(at_version=10_000)
    assert bad.value.status == grpc.StatusCode.INVALID_ARGUMENT
    _play_to_the_end(seats, spectator)
    assert spectator.view(at_version=3, as_seat=0).seat == 0  # the game is over: all is public


def test_a_finished_game_forks_and_the_parent_stays_untouched(kennel: Kennel) -> None:
    game_id, seats, spectator = _game(kennel, 3)
    with pytest.raises(KennelError) as running:
        seats[0].fork(10)
    assert running.value.status == grpc.StatusCode.FAILED_PRECONDITION
    _play_to_the_end(seats, spectator)
    parent_raw = seats[0].log()
    parent = parse_log(parent_raw)
    at = next(r.version for r in parent.records[10:] if r.cause.seat is not None and
              parent.records[r.version].cause != r.cause)
    with pytest.raises(KennelError) as bad:
        seats[0].fork(len(parent.records))
    assert bad.value.status == grpc.StatusCode.INVALID_ARGUMENT

    forked = seats[1].fork(at)
    assert forked.game_id != game_id and sorted(forked.credentials) == [0, 1, 2]
    fork_seats = [kennel.session(forked.game_id, forked.credentials[i]) for i in range(3)]
    for seat in range(3):
        now = fork_seats[seat].view()
        then = seats[seat].view(at_version=at)
        assert now.version == at and now.game == then.game and now.legal_commands == then.legal_commands
    assert seats[0].log() == parent_raw  # the parent is untouched

    fork_spectator = kennel.session(forked.game_id, forked.spectator_credential)
    _play_to_the_end(fork_seats, fork_spectator)
    fork_raw = fork_seats[0].log()
    fork_log = parse_log(fork_raw)
    assert fork_log.header.parent is not None
    assert (fork_log.header.parent.game_id, fork_log.header.parent.version) == (game_id, at)
    assert fork_log.header.parent.head == parent.records[at - 1].hash
    assert fork_log.header.seed_commitment == parent.header.seed_commitment
    assert verify(fork_raw).ok
    divergence = diverge(parent, fork_log)
    assert divergence is None or divergence.version > at
    assert json.loads(fork_raw.split(b"\n", 1)[0])["parent"]["version"] == at


def test_players_agree_to_undo_through_the_api(kennel: Kennel) -> None:
    _, seats, spectator = _game(kennel, 2)
    start = seats[0].view()
    seats[0].act(start.legal_commands[0])  # a secret pick: reversible
    # Seat 1 has not moved: only seat 0 may ask to take its pick back.
    assert not [c for c in seats[1].view().legal_commands if c.WhichOneof("game") == "engine"]
    propose = next(c for c in seats[0].view().legal_commands if c.WhichOneof("game") == "engine")
    assert propose.engine.WhichOneof("kind") == "propose_undo"
    proposed = seats[0].act(propose)
    assert proposed.events[0].undo_proposed.to_version == start.version
    answers = seats[1].view().legal_commands
    assert [a.engine.answer_undo.agree for a in answers] == [True, False]
    done = seats[1].act(answers[0])
    assert [e.WhichOneof("kind") for e in done.events] == ["undo_answered", "undone"]
    after = seats[0].view()
    assert after.game == start.game and after.legal_commands == start.legal_commands
    caught_up = next(spectator.watch(timeout=30, after_version=start.version))
    kinds = [e.WhichOneof("kind") for e in caught_up.events]
    assert kinds == ["hoarders", "undo_proposed", "undo_answered", "undone"]
