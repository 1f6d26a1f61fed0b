"""Store calls in flight on other threads, so that closing a store waits for them.

The server reads and writes its store on worker threads (`asyncio.to_thread`) while the event
loop goes on. At shutdown a call may still be running there when the store is closed, and the
connection pools close the connections in use: for SQLite that frees the connection under the
thread that is executing on it, which crashes the process. So every store call counts itself
here, and `close` waits for the count to reach zero (bounded: a call stuck past the bound leaves
the store open for the process's exit to release, rather than crash it).

Counting is on every append's path (on the event loop, for an append written there), so it is
a lock taken twice and nothing more: no generator-based context manager, and waiters are woken
only once a close is waiting for them.
"""

from __future__ import annotations

import threading
from types import TracebackType

CLOSE_WAIT = 30.0  # seconds a closing store waits for the calls in flight (a store timeout is 10)


class InFlight:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._changed = threading.Condition(self._lock)
        self._count = 0
        self._settling = False  # a close waits for the count to reach zero

    def call(self) -> InFlight:
        """`with in_flight.call():` counts the store call in the block."""
        return self

    def __enter__(self) -> None:
        with self._lock:
            self._count += 1

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None:
        with self._lock:
            self._count -= 1
            if self._settling and self._count == 0:
                self._changed.notify_all()

    def settle(self, timeout: float = CLOSE_WAIT) -> bool:
        """Whether every call in flight ended within `timeout` seconds."""
        with self._changed:
            self._settling = True
            return self._changed.wait_for(lambda: self._count == 0, timeout)
