"""The log writer thread keeps every line, in order, and writes an error before the call goes on;
the JSON lines and time stamps are structlog's own, and a call's fields are on each of its lines."""

from __future__ import annotations

import asyncio
import datetime
import enum
import io
from collections.abc import Mapping
from typing import Any

import pytest
import structlog
from kennel.service import logs
from kennel.service.logs import LineWriter, QueuedLogger, render_json


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


def test_the_json_lines_are_what_structlogs_renderer_writes() -> None:
    """render_json builds the common lines itself: byte for byte json.dumps's (structlog's
    JSONRenderer), and any other line is that renderer's."""
    lines: list[dict[str, Any]] = [
        {},
        {"first": 7, "last": 8, "replayed": False, "event": "command_accepted", "rpc": "SubmitCommand",
         "game_id": "e6ff3e21-9d39-4e31-a5f5-9b9819c3c745", "seat": None, "level": "info"},
        {"event": "quoted \"name\" \\ back\nslash\t\x01", "name": "Zoë 🐕", "big": -(10**30), "yes": True},
        {"event": "values of other kinds", "ratio": 0.25, "nan": float("nan"), "items": [1, "a"], "nested": {"a": None}},
        {"event": "subclasses", "seat": Seat.SECOND, "flag": Flag.ON},
        {"event": "keys of other kinds", 3: "three", None: 1},
        {"event": "an object", "error": ValueError("boom")},
    ]
    reference = structlog.processors.JSONRenderer()
    for line in lines:
        assert render_json(None, "info", dict(line)) == reference(None, "info", dict(line))


class Seat(enum.IntEnum):
    SECOND = 1


class Flag(str, enum.Enum):
    ON = "on"


@pytest.mark.parametrize("nanoseconds", [0, 1_764_970_076_500_184_123, 1_764_970_076_000_000_999,
                                         1_764_970_076_999_999_999, 1_764_970_077_000_001_000, 951_782_400_123_456_000])
def test_the_time_stamp_is_structlogs_iso_form_in_utc(monkeypatch: pytest.MonkeyPatch, nanoseconds: int) -> None:
    """The stamp is the ISO form TimeStamper(fmt="iso", utc=True) writes for the same clock reading
    (microseconds floored, no fraction on a whole second), also after another second was stamped."""
    expected = (datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)
                + datetime.timedelta(microseconds=nanoseconds // 1000)).isoformat().replace("+00:00", "Z")
    for earlier in (nanoseconds, nanoseconds - 1_000_000_000, nanoseconds):
        monkeypatch.setattr(logs.time, "time_ns", lambda earlier=earlier: earlier)
        logs.stamp_utc(None, "info", {})
    monkeypatch.setattr(logs.time, "time_ns", lambda: nanoseconds)
    assert logs.stamp_utc(None, "info", {}) == {"timestamp": expected}


def test_a_calls_fields_are_on_its_lines_and_end_with_it() -> None:
    """What a call binds is merged into each of its lines, after the line's own fields; a task
    started during the call keeps what was bound then; the next call starts afresh."""

    async def call() -> tuple[dict[str, Any], dict[str, Any], Mapping[str, Any]]:
        logs.start_call(rpc="SubmitCommand", game_id="g")
        logs.bind(role="seat", seat=1)
        snapshot = asyncio.get_running_loop().create_task(_bound_later())
        logs.bind(command_id="c1")
        line = logs.merge_call_fields(None, "info", {"first": 3, "event": "command_accepted", "seat": 2})
        return line, await snapshot, logs.bound()

    async def next_call() -> Mapping[str, Any]:
        logs.start_call(rpc="GetView")
        return logs.bound()

    async def both() -> tuple[tuple[dict[str, Any], dict[str, Any], Mapping[str, Any]], Mapping[str, Any]]:
        first = await asyncio.get_running_loop().create_task(call())
        return first, await asyncio.get_running_loop().create_task(next_call())

    (line, seen_by_task, at_end), afterwards = asyncio.run(both())
    assert line == {"first": 3, "event": "command_accepted", "seat": 2, "rpc": "SubmitCommand", "game_id": "g",
                    "role": "seat", "command_id": "c1"}
    assert list(line)[3:] == ["rpc", "game_id", "role", "command_id"]
    assert seen_by_task == {"rpc": "SubmitCommand", "game_id": "g", "role": "seat", "seat": 1}
    assert at_end["command_id"] == "c1"
    assert afterwards == {"rpc": "GetView"}


async def _bound_later() -> dict[str, Any]:
    await asyncio.sleep(0)
    return dict(logs.bound())


def _old_chain(method_name: str, event_dict: dict[str, Any]) -> Any:
    """The JSON chain as configured before `json_line` fused it (structlog's own processors)."""
    for processor in (logs.merge_call_fields, structlog.processors.add_log_level, logs.stamp_utc,
                      structlog.processors.StackInfoRenderer(), structlog.processors.format_exc_info,
                      structlog.processors.JSONRenderer()):
        event_dict = processor(None, method_name, event_dict)
    return event_dict


@pytest.mark.parametrize("method_name", ["info", "warning", "warn", "error", "exception", "debug"])
def test_the_fused_json_line_is_the_old_chains(monkeypatch: pytest.MonkeyPatch, method_name: str) -> None:
    """json_line writes what merge_call_fields, add_log_level, stamp_utc, StackInfoRenderer,
    format_exc_info and JSONRenderer wrote in turn, byte for byte, also when a line's own fields
    clash with the call's or with level and timestamp, carry an exception or ask for a stack, and
    when the same field comes again (from the kept fragments) or with a value equal to another
    kind's (1 and True)."""
    monkeypatch.setattr(logs.time, "time_ns", lambda: 1_764_970_076_500_184_123)
    try:
        raise ValueError("boom")
    except ValueError as error:
        raised = error
    lines: list[dict[str, Any]] = [
        {"event": "command_accepted", "first": 7, "last": 8, "replayed": False},
        {"event": "command_accepted", "first": 7, "last": 8, "replayed": False},  # again: kept fragments
        {"event": "flags", "first": True, "last": 1, "replayed": None},
        {"event": "flags", "first": 1, "last": True, "replayed": 0},
        {"event": "clash", "seat": 2, "level": "mine", "timestamp": "mine too"},
        {"event": "kinds", "ratio": 0.5, "items": [1], "seat": Seat.SECOND, "flag": Flag.ON, 3: "three"},
        {"event": "failed", "exc_info": raised},
        {"event": "failed", "exc_info": False, "stack_info": False},
        {"event": "where", "stack_info": True},
    ]

    async def call() -> list[tuple[Any, Any]]:
        logs.start_call(rpc="SubmitCommand", game_id="e6ff3e21-9d39-4e31-a5f5-9b9819c3c745", command_id="c1")
        logs.bind(role="seat", seat=1)
        return [(logs.json_line(None, method_name, dict(line)), _old_chain(method_name, dict(line))) for line in lines]

    for fused, old in asyncio.run(call()):
        if '"stack": ' in old:  # the stack names the line that asked for it: each chain's own
            assert fused.split('"stack": ')[0] == old.split('"stack": ')[0]
        else:
            assert fused == old


def test_kept_fragments_are_bounded() -> None:
    for number in range(3 * logs._FRAGMENTS_KEPT):
        assert logs.render_json(None, "info", {"command_id": f"c{number}"}) == f'{{"command_id": "c{number}"}}'
    assert len(logs._fragments) <= logs._FRAGMENTS_KEPT


@pytest.mark.parametrize("log_format", ["json", "console"])
def test_logs_info_writes_what_structlogs_logger_writes(monkeypatch: pytest.MonkeyPatch, log_format: str) -> None:
    """`logs.info` (a command's line, without structlog's logger objects where the JSON chain is
    configured) writes the line `structlog.get_logger().info` writes, byte for byte, in either
    format; and goes through structlog again once its processors are not the configured ones
    (capture_logs), so no line escapes a reconfiguration."""
    monkeypatch.setattr(logs.time, "time_ns", lambda: 1_764_970_076_500_184_123)
    stream = io.StringIO()
    monkeypatch.setattr("sys.stderr", stream)
    monkeypatch.setattr(logs, "_writer", None)
    monkeypatch.setattr(logs, "_direct", None)
    saved = structlog.get_config()
    try:
        logs.configure(log_format)
        assert (logs._direct is not None) == (log_format == "json")

        async def call() -> None:
            logs.start_call(rpc="SubmitCommand", game_id="e6ff3e21-9d39-4e31-a5f5-9b9819c3c745", command_id="c1")
            logs.bind(role="seat", seat=1)
            for first in (7, 8):
                logs.info("command_accepted", first=first, last=first + 1, replayed=False)
                structlog.get_logger("kennel.service.servicer").info("command_accepted", first=first, last=first + 1,
                                                                     replayed=False)
            logs.info("clash", seat=2, level="mine", ratio=0.5)
            structlog.get_logger().info("clash", seat=2, level="mine", ratio=0.5)
            with structlog.testing.capture_logs() as captured:
                logs.info("command_accepted", first=9, last=9, replayed=True)
            assert captured == [{"first": 9, "last": 9, "replayed": True, "event": "command_accepted", "log_level": "info"}]

        asyncio.run(call())
        logs.flush()
    finally:
        structlog.configure(**saved)
    lines = stream.getvalue().splitlines()
    assert len(lines) == 6 and '"seat": 1' in lines[0] if log_format == "json" else len(lines) == 6
    for direct, through_structlog in zip(lines[::2], lines[1::2]):
        assert direct == through_structlog
