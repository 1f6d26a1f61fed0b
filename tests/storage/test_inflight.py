"""Closing a store waits for the store calls still running on other threads (kennel.service.inflight)."""

from __future__ import annotations

import threading

import pytest
from kennel.service.inflight import InFlight


def test_settle_waits_for_the_calls_in_flight_and_no_longer() -> None:
    in_flight = InFlight()
    inside, release, ended = threading.Event(), threading.Event(), threading.Event()

    def call() -> None:
        with in_flight.call(), in_flight.call():  # nested calls count twice
            inside.set()
            release.wait(10)
        ended.set()

    worker = threading.Thread(target=call)
    worker.start()
    inside.wait(10)
    assert not in_flight.settle(timeout=0.05)  # still running: the store stays open
    threading.Timer(0.05, release.set).start()
    assert in_flight.settle(timeout=10)  # woken as the last call ends
    assert ended.wait(10)
    worker.join(10)


def test_a_failed_call_is_no_longer_in_flight() -> None:
    in_flight = InFlight()
    with pytest.raises(OSError), in_flight.call():
        raise OSError("the disk")
    assert in_flight.settle(timeout=0)
