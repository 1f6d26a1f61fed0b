"""Which calls are served alone (kennel.service.calls): their appends are written on the loop."""

from __future__ import annotations

from kennel.service.calls import ALONE_AFTER_IDLE_S, CallsInProgress
from testkit.clock import Clock


def test_the_first_call_of_an_idle_server_is_alone() -> None:
    calls = CallsInProgress(Clock(0.0))
    calls.start()
    assert calls.alone and calls.count == 1


def test_a_call_after_a_clients_round_trip_is_alone() -> None:
    """A player who sends the next command once the answer came: the server was idle between."""
    clock = Clock(0.0)
    calls = CallsInProgress(clock)
    calls.start()
    calls.end()
    clock.now += 2 * ALONE_AFTER_IDLE_S
    calls.start()
    assert calls.alone


def test_calls_queued_behind_one_another_are_not_alone() -> None:
    """At a busy server each queued call starts as the one before ends, finding no other in
    progress: without the pause before it, none of them is alone (their appends go to the writer
    thread and share its transactions)."""
    clock = Clock(0.0)
    calls = CallsInProgress(clock)
    calls.start()
    calls.end()
    for _ in range(5):
        clock.now += ALONE_AFTER_IDLE_S / 3
        calls.start()
        assert calls.count == 1 and not calls.alone
        calls.end()


def test_a_call_is_not_alone_once_another_started_beside_it() -> None:
    clock = Clock(0.0)
    calls = CallsInProgress(clock)
    calls.start()
    assert calls.alone
    calls.start()  # a GetView arrives while the command waits
    assert not calls.alone
    calls.end()
    assert calls.count == 1 and not calls.alone  # the one left did not find the server idle


def test_the_count_falls_to_zero_and_idles_again() -> None:
    clock = Clock(0.0)
    calls = CallsInProgress(clock)
    calls.start()
    calls.start()
    calls.end()
    calls.end()
    assert calls.count == 0
    clock.now += ALONE_AFTER_IDLE_S
    calls.start()
    assert calls.alone
