"""structlog set-up: JSON lines in production, readable console lines in development.

Every line of a call carries the context the interceptor binds (rpc, game id, seat, command id).
Credentials and hidden cards are never passed to a logger in the first place.

Lines are rendered on the caller's thread (so each carries the context and the time of its
call) and written to stderr by one writer thread: a server logs a line per command, and a
blocking write of stderr on the event loop would hold up every call behind a slow reader of
the log. No line is dropped: the queue is unbounded, the writer keeps the order of lines, a
line at error level or above is waited for until it is written (so that a crash right after it
still leaves it in the log), and what is queued is written out when the process exits.
"""

from __future__ import annotations

import atexit
import collections
import logging
import sys
import threading
import time
from typing import TextIO

import structlog

_WRITE_EVERY = 0.02  # seconds between writes of what was queued: one wake-up per burst, not per line


class LineWriter:
    """Writes lines to a text stream from a thread of its own, in the order they were queued.

    Queuing a line is a deque append; only the first line after a write wakes the thread, which
    then waits `_WRITE_EVERY` for the rest of the burst, so a busy server pays one wake-up and
    one write per burst of lines, not per line, and an idle one none.
    """

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self._lines: collections.deque[str | threading.Event] = collections.deque()
        self._wake = threading.Event()
        self._urgent = False  # a flush waits: write without waiting for the burst
        self._thread = threading.Thread(target=self._run, name="kennel-log-writer", daemon=True)
        self._thread.start()

    def write(self, line: str) -> None:
        first = not self._lines
        self._lines.append(line)
        if first:
            self._wake.set()

    def flush(self, timeout: float | None = 5.0) -> None:
        """Return once every line queued before this call is written (or after `timeout`)."""
        if not self._thread.is_alive():
            return
        done = threading.Event()
        self._lines.append(done)
        self._urgent = True
        self._wake.set()
        done.wait(timeout)

    def _run(self) -> None:
        while True:
            self._wake.wait()
            if not self._urgent:
                time.sleep(_WRITE_EVERY)
            self._urgent = False
            self._wake.clear()  # before draining: a line queued from here on wakes us again
            lines: list[str] = []
            flushed: list[threading.Event] = []
            while self._lines:
                item = self._lines.popleft()
                if isinstance(item, threading.Event):
                    flushed.append(item)
                else:
                    lines.append(item)
            try:
                if lines:
                    self.stream.write("\n".join(lines) + "\n")
                self.stream.flush()
            except Exception as error:  # stderr itself failed: say so where we still can
                if sys.__stderr__ is not None:
                    sys.__stderr__.write(f"kennel: writing the log failed: {error!r}\n")
            for done in flushed:
                done.set()


class QueuedLogger:
    """structlog's logger at the end of the chain: hands each rendered line to the writer."""

    def __init__(self, writer: LineWriter) -> None:
        self._writer = writer

    def msg(self, message: str) -> None:
        self._writer.write(message)

    def _msg_and_wait(self, message: str) -> None:
        self._writer.write(message)
        self._writer.flush()

    debug = info = warning = warn = log = msg
    error = critical = exception = fatal = _msg_and_wait


_writer: LineWriter | None = None


def writer() -> LineWriter | None:
    """The running writer thread, once `configure` has run."""
    return _writer


def flush() -> None:
    if _writer is not None:
        _writer.flush()


def configure(log_format: str = "console", level: int = logging.INFO) -> None:
    global _writer
    if _writer is None or _writer.stream is not sys.stderr:
        if _writer is not None:
            _writer.flush()
        _writer = LineWriter(sys.stderr)
    renderer: structlog.typing.Processor = (
        structlog.processors.JSONRenderer()
        if log_format == "json"
        else structlog.dev.ConsoleRenderer(colors=sys.stderr.isatty())
    )
    line_writer = _writer
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            structlog.processors.StackInfoRenderer(),
            structlog.processors.format_exc_info,
            renderer,
        ],
        wrapper_class=structlog.make_filtering_bound_logger(level),
        logger_factory=lambda *args: QueuedLogger(line_writer),
        cache_logger_on_first_use=True,
    )


atexit.register(flush)
