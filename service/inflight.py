"""Store calls in flight on other threads, so that closing a store waits for them.

The server reads and writes its store on worker threads (`asyncio.to_thread`) while the event
loop goes on. At shutdown a call may still be running there when the store is closed, and the
connection pools close the connections in use: for SQLite that frees the connection under the
thread that is executing on it, which crashes the process. So every store call counts itself
here, and `close` waits for the count to reach zero (bounded: a call stuck past the bound leaves
the store open for the process's exit to release, rather than crash it).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

CLOSE_WAIT = 30.0  # seconds a closing store waits for the calls in flight (a store timeout is 10)


class InFlight:
    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._count = 0

    @contextmanager
    def call(self) -> Iterator[None]:
        with self._changed:
            self._count += 1
        try:
            yield
        finally:
            with self._changed:
                self._count -= 1
                self._changed.notify_all()

    def settle(self, timeout: float = CLOSE_WAIT) -> bool:
        """Whether every call in flight ended within `timeout` seconds."""
        with self._changed:
            return self._changed.wait_for(lambda: self._count == 0, timeout)
