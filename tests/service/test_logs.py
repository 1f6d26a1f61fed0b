"""The log writer thread keeps every line, in order, and writes an error before the call goes on."""

from __future__ import annotations

import io

from kennel.service.logs import LineWriter, QueuedLogger


def test_every_line_is_written_in_order_once_flushed() -> None:
    stream = io.StringIO()
    writer = LineWriter(stream)
    for number in range(500):
        writer.write(f"line {number}")
    writer.flush(timeout=None)
    assert stream.getvalue().splitlines() == [f"line {number}" for number in range(500)]


def test_an_error_line_is_written_before_the_logger_returns() -> None:
    stream = io.StringIO()
    logger = QueuedLogger(LineWriter(stream))
    logger.info("before")
    logger.error("failed")  # waits for the writer: a crash right after still leaves it in the log
    assert stream.getvalue().splitlines() == ["before", "failed"]
