"""Turn timers over a real loopback server (issue 8): a prompt nobody answers in time is
answered by the rules, recorded as the server's own cause, and the game goes on; the clocks
survive a restart; a game played out by timeouts verifies like any other.

Waits are bounded; nothing here asserts how long anything took (design: no timing assertions).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from kennel.client import Kennel, KennelError, Session
from kennel.domain.core.rules import Prompt, PromptKind
from kennel.replay.logformat import EXPIRE_PROMPT, parse_log
from kennel.replay.verify import verify
from kennel.service.timers import restarted
from kennel.v1 import caninos_pb2
from kennel.v1 import kennel_pb2 as pb
from testkit.servers import ServerThread

WAIT = 30.0  # seconds: a generous bound on any wait below (the machine is shared and slow)


def _expired(events: list[pb.Event]) -> list[pb.Event]:
    return [event for event in events if event.WhichOneof("kind") == "prompt_expired"]


def _watch_until(spectator: Session, done: Callable[[list[pb.Event]], bool]) -> list[pb.Event]:
    """Every event the spectator receives, until `done` says enough (bounded by WAIT)."""
    seen: list[pb.Event] = []
    stream = spectator.watch(timeout=WAIT)
    try:
        for update in stream:
            seen.extend(update.events)
            if done(seen):
                return seen
    finally:
        stream.close()
    return seen


def test_an_expired_prompt_is_answered_by_the_rules_and_the_game_goes_on(kennel: Kennel) -> None:
    created = kennel.create_game("hoarders", ["Ada", "Bo"], prompt_limit_ms=200)
    spectator = kennel.session(created.game_id, created.spectator_credential)
    view = spectator.view()
    assert view.prompt_limit_ms == 200
    assert {p.seat for p in view.pending} == {0, 1}
    assert all(p.HasField("deadline_unix_ms") for p in view.pending)
    assert len({p.deadline_unix_ms for p in view.pending}) == 1, "prompts opened together expire together"
    events = _watch_until(spectator, lambda seen: len(_expired(seen)) >= 3)
    expired = _expired(events)
    assert len(expired) >= 3, "nobody answered, so the server answered for them"
    first = events.index(expired[0])
    # The rules' answer follows in the same decision: the expired seat's secret pick (hidden
    # from a spectator, but there), and the game moved on to ask again.
    assert events[first + 1].WhichOneof("kind") == "hoarders"
    assert not events[first].HasField("seat"), "the server's own cause names no sender"
    assert spectator.view().version > events[first].version


def test_a_seat_may_still_answer_before_its_deadline(kennel: Kennel) -> None:
    created = kennel.create_game("caninos", ["Ada", "Bo"], prompt_limit_ms=60_000)
    seat = kennel.session(created.game_id, created.credentials[0])
    view = seat.view()
    deadline = view.pending[0].deadline_unix_ms
    response = seat.act(view.legal_commands[0], "first")
    assert not _expired(list(response.events))
    assert response.view.pending and all(p.deadline_unix_ms >= deadline for p in response.view.pending)


def test_a_game_played_out_by_timeouts_verifies(kennel: Kennel) -> None:
    """¡Caninos! seats that never answer pass their turns; with the house rule "A round of passes"
    (docs/rules/caninos.md; by the rules as written such a game goes on) that ends the game."""
    options = pb.GameOptions(caninos=caninos_pb2.Options(round_of_passes=True))
    created = kennel.create_game("caninos", ["Ada", "Bo"], options=options, prompt_limit_ms=150)
    spectator = kennel.session(created.game_id, created.spectator_credential)
    events = _watch_until(spectator, lambda seen: seen[-1].WhichOneof("kind") == "game_ended")
    assert events[-1].WhichOneof("kind") == "game_ended"
    assert _expired(events)
    raw = spectator.log()
    report = verify(raw)
    assert report.ok and report.rules_checked, report
    causes = {record.cause.type for record in parse_log(raw).records}
    assert EXPIRE_PROMPT in causes


def test_the_timer_limit_is_checked(kennel: Kennel) -> None:
    with pytest.raises(KennelError) as refused:
        kennel.create_game("hoarders", ["Ada", "Bo"], prompt_limit_ms=5)
    assert refused.value.code == "kennel/bad_time_limit"


def test_clocks_survive_a_restart_and_the_timeout_still_fires(tmp_path: Path) -> None:
    data = tmp_path / "data"
    limit = 3000  # long enough that the first server is stopped before any prompt runs out
    first = ServerThread(data).start()
    try:
        with Kennel(first.address, timeout=10) as kennel:
            created = kennel.create_game("hoarders", ["Ada", "Bo"], prompt_limit_ms=limit)
            before = kennel.session(created.game_id, created.spectator_credential).view()
    finally:
        first.stop()
    deadlines = {p.seat: p.deadline_unix_ms for p in before.pending}
    second = ServerThread(data).start()
    try:
        with Kennel(second.address, timeout=10) as kennel:
            spectator = kennel.session(created.game_id, created.spectator_credential)
            after = spectator.view()
            if after.version == before.version:  # else the restart came after the deadline: it fired already
                assert {p.seat: p.deadline_unix_ms for p in after.pending} == deadlines
            events = _watch_until(spectator, lambda seen: bool(_expired(seen)))
            assert _expired(events), "the restarted server ran the prompt out"
    finally:
        second.stop()


def test_a_game_without_a_limit_has_no_deadlines(kennel: Kennel) -> None:
    created = kennel.create_game("hoarders", ["Ada", "Bo"])
    view = kennel.session(created.game_id, created.spectator_credential).view()
    assert view.prompt_limit_ms == 0
    assert view.pending and not any(p.HasField("deadline_unix_ms") for p in view.pending)


def _prompt(seat: int, label: str = "pick two critters") -> Prompt:
    return Prompt(seat, PromptKind.SECRET_CHOICE, label)


def test_a_clock_keeps_running_while_other_seats_decide() -> None:
    """Seat 1 walked away from a simultaneous choice: seat 0 answering does not give it more time."""
    clocks = restarted({0: 100, 1: 100}, [_prompt(0), _prompt(1)], [_prompt(1)], mover=0, now=900)
    assert clocks == {1: 100}


def test_a_clock_starts_again_for_a_new_prompt_or_after_the_seat_decided() -> None:
    before = [_prompt(0, "act (3 points left)")]
    assert restarted({0: 100}, before, [_prompt(0, "act (2 points left)")], mover=0, now=900) == {0: 900}
    assert restarted({0: 100}, before, before, mover=0, now=900) == {0: 900}, "its own decision"
    assert restarted({}, [], [_prompt(2)], mover=None, now=900) == {2: 900}, "a seat newly asked"
    assert restarted({0: 100}, before, [_prompt(0, "steer the truck")], mover=1, now=900) == {0: 900}


def test_clocks_start_when_the_last_open_seat_is_taken(kennel: Kennel) -> None:
    created = kennel.create_game("hoarders", ["Ada", None], prompt_limit_ms=60_000)
    spectator = kennel.session(created.game_id, created.spectator_credential)
    assert not spectator.view().pending, "nobody is asked anything before every seat is taken"
    kennel.join(created.game_id, "Bo")
    view = spectator.view()
    assert {p.seat for p in view.pending} == {0, 1}
    assert all(p.HasField("deadline_unix_ms") for p in view.pending)
