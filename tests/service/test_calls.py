"""Which calls are served alone (kennel.service.calls): their appends are written on the loop."""

from __future__ import annotations

from kennel.service.calls import ALONE_AFTER_IDLE_S, ALONE_AFTER_OTHER_IDLE_S, CallsInProgress
from testkit.clock import Clock

GAME, OTHER = object(), object()  # two games' LiveGame objects, as the servicer passes them


def test_the_first_call_of_an_idle_server_is_alone() -> None:
    calls = CallsInProgress(Clock(0.0))
    calls.start(GAME)
    assert calls.alone and calls.count == 1


def test_a_call_after_a_clients_round_trip_is_alone() -> None:
    """A player who sends the next command once the answer came: the server was idle between."""
    clock = Clock(0.0)
    calls = CallsInProgress(clock)
    calls.start(GAME)
    calls.end()
    clock.now += 2 * ALONE_AFTER_IDLE_S
    calls.start(GAME)
    assert calls.alone


def test_calls_queued_behind_one_another_are_not_alone() -> None:
    """At a busy server each queued call starts as the one before ends, finding no other in
    progress: without the pause before it, none of them is alone (their appends go to the writer
    thread and share its transactions)."""
    clock = Clock(0.0)
    calls = CallsInProgress(clock)
    calls.start(GAME)
    calls.end()
    for _ in range(5):
        clock.now += ALONE_AFTER_IDLE_S / 3
        calls.start(GAME)
        assert calls.count == 1 and not calls.alone
        calls.end()


def test_a_call_is_not_alone_once_another_started_beside_it() -> None:
    clock = Clock(0.0)
    calls = CallsInProgress(clock)
    calls.start(GAME)
    assert calls.alone
    calls.start(GAME)  # a GetView arrives while the command waits
    assert not calls.alone
    calls.end()
    assert calls.count == 1 and not calls.alone  # the one left did not find the server idle


def test_the_count_falls_to_zero_and_idles_again() -> None:
    clock = Clock(0.0)
    calls = CallsInProgress(clock)
    calls.start(GAME)
    calls.start(GAME)
    calls.end()
    calls.end()
    assert calls.count == 0
    clock.now += ALONE_AFTER_IDLE_S
    calls.start(GAME)
    assert calls.alone


def test_a_call_of_another_game_after_a_short_pause_is_not_alone() -> None:
    """A server with many tables in play is idle between their calls for a millisecond or two
    while both sides work: a call of another game than the last after such a pause goes to the
    writer thread (its append shares a transaction), where one of the same game is alone."""
    clock = Clock(0.0)
    calls = CallsInProgress(clock)
    calls.start(GAME)
    calls.end()
    clock.now += ALONE_AFTER_OTHER_IDLE_S / 2
    calls.start(OTHER)
    assert calls.count == 1 and not calls.alone
    calls.end()
    clock.now += ALONE_AFTER_OTHER_IDLE_S / 2
    calls.start(OTHER)  # the same game as the last call, after a client's round trip
    assert calls.alone


def test_a_call_of_another_game_on_a_quiet_server_is_alone() -> None:
    """Players on a quiet server call seconds apart: whatever the game, the call is alone."""
    clock = Clock(0.0)
    calls = CallsInProgress(clock)
    calls.start(GAME)
    calls.end()
    clock.now += ALONE_AFTER_OTHER_IDLE_S
    calls.start(OTHER)
    assert calls.alone
