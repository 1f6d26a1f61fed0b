"""structlog set-up: JSON lines in production, readable console lines in development.

Every line of a call carries the context the interceptor binds (rpc, game id, seat, command id)
with `start_call` and `bind`. Credentials and hidden cards are never passed to a logger in the
first place.

A call's context is one dict in one context variable of ours, replaced whole on each bind, not
structlog's contextvars (one variable per key): those cost a scan of every context variable of
the task to clear at each call's start and again to merge at each line (binding a command's
fields and its accepted line took about 150k instructions that way, 85k this way; issue 20).
A task started during a call copies the context as it is then, as with structlog's. For the same reason the JSON
line is rendered by `render_json` (json.dumps's own C encoder, without its set-up per call), and
the time stamp is structlog's ISO form in UTC with the date formatted once a second.

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
import contextvars
import datetime
import json.encoder
import logging
import sys
import threading
import time
from collections.abc import Mapping
from typing import Any, TextIO

import structlog
from structlog._config import _CONFIG as _structlog_config  # which processors are configured now
from structlog.typing import EventDict, WrappedLogger

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


# The fields bound to every line of the call in progress (empty outside calls). Never mutated:
# a bind replaces the dict, so a task started during a call keeps the fields it started with.
_call_fields: contextvars.ContextVar[Mapping[str, Any]] = contextvars.ContextVar("kennel_log_fields", default={})


def start_call(**fields: Any) -> None:
    """Bind `fields` to every line logged from here on in this call, and nothing bound before."""
    _call_fields.set(fields)


def bind(**fields: Any) -> None:
    """Bind `fields` too, to every line logged from here on in this call."""
    _call_fields.set({**_call_fields.get(), **fields})


def bound() -> Mapping[str, Any]:
    """What is bound to this call's lines now."""
    return _call_fields.get()


def merge_call_fields(logger: WrappedLogger, method_name: str, event_dict: EventDict) -> EventDict:
    """structlog processor: the call's fields, after the line's own (which win on a clash)."""
    for key, value in _call_fields.get().items():
        event_dict.setdefault(key, value)
    return event_dict


_stamped: tuple[int, str] = (-1, "")  # a second (Unix) and its ISO form, replaced whole (threads)


def stamp_utc(logger: WrappedLogger, method_name: str, event_dict: EventDict) -> EventDict:
    """structlog processor: what TimeStamper(fmt="iso", utc=True) writes ("2026-12-05T21:27:56.500184Z",
    no fraction on a whole second), with the date and time of day formatted once a second."""
    event_dict["timestamp"] = _stamp()
    return event_dict


def _stamp() -> str:
    global _stamped
    micros = time.time_ns() // 1000  # the clock datetime.now reads, floored to microseconds as it does
    second, fraction = divmod(micros, 1_000_000)
    stamped = _stamped
    if stamped[0] != second:
        text = datetime.datetime.fromtimestamp(second, datetime.timezone.utc).isoformat()
        stamped = _stamped = (second, text.removesuffix("+00:00"))
    return f"{stamped[1]}.{fraction:06d}Z" if fraction else f"{stamped[1]}Z"


def _json_fallback(value: Any) -> Any:
    """What structlog's JSONRenderer writes for a value JSON has no form for."""
    try:
        return value.__structlog__()
    except AttributeError:
        return repr(value)


_make_encoder = json.encoder.c_make_encoder  # None where the json module has no C accelerator
_structlog_json = structlog.processors.JSONRenderer()
_quoted = json.encoder.encode_basestring_ascii  # json.dumps's own string encoder (C where it has one)

# `"key": value` as json.dumps writes it, by (key, type of value, value): most of a line's fields
# repeat from line to line (event, level, rpc, game id, role, seat), and the C encoder costs about
# 2,500 instructions per field against about 600 for a look-up here. The type is in the key so
# that True and 1 (equal, and hashed alike) stay apart. Cleared whole once full: a field whose
# value is new on every line (a command id, a time stamp) only makes it cleared more often.
_fragments: dict[tuple[str, type, Any], str] = {}
_FRAGMENTS_KEPT = 2048
_LITERALS: dict[Any, str] = {True: "true", False: "false", None: "null"}  # by identity of the singletons


_SIMPLE = frozenset({str, int, bool, type(None)})  # the kinds of value fragments are kept for (all hash)


def _new_fragment(key: Any, value: Any) -> str | None:
    """`"key": value` for a string key and a value of exactly str, int, bool or None, kept; None
    for any other (those go to the general encoder, whose forms for them are not repeated here)."""
    kind = type(value)
    if type(key) is not str or kind not in _SIMPLE:
        return None
    if kind is str:
        text = _quoted(value)
    elif kind is int:
        text = int.__repr__(value)
    else:
        text = _LITERALS[value]
    if len(_fragments) >= _FRAGMENTS_KEPT:
        _fragments.clear()
    fragment = _fragments[(key, kind, value)] = f"{_quoted(key)}: {text}"
    return fragment


# A renderer per layout of line (its keys, then its values' types, in order), compiled on first
# use, for a line of string keys and str, int, bool or None values: one expression that quotes
# each value by its type (json.dumps's own string encoder, int's repr, the literals), the keys
# quoted once. The accepted-command line comes in a few layouts only, and this writes it in about
# a fifth of the instructions of a look-up per field (issue 20). Bounded: the oldest dropped.
_LAYOUTS: dict[tuple[Any, ...], Any] = {}
_LAYOUTS_KEPT = 256
_VALUE_CODE = {str: "Q(d[{key}])", int: "R(d[{key}])", bool: "L[d[{key}]]", type(None): "'null'"}


def _layout_renderer(layout: tuple[Any, ...]) -> Any:
    """The renderer of lines of `layout`, None where one is not made (a key that is not a str,
    a value of another kind): those go through `render_json`'s general path."""
    half = len(layout) // 2
    keys, kinds = layout[:half], layout[half:]
    if any(type(key) is not str for key in keys) or any(kind not in _VALUE_CODE for kind in kinds):
        return None
    # The line as constant text and values in turn, joined once (adding strings copies each).
    pieces, text = [], "{"
    for index, (key, kind) in enumerate(zip(keys, kinds, strict=True)):
        text += (", " if index else "") + _quoted(key) + ": "
        if kind is type(None):
            text += "null"
            continue
        pieces += [repr(text), _VALUE_CODE[kind].format(key=repr(key))]
        text = ""
    pieces.append(repr(text + "}"))
    source = f"def render(d):\n    return ''.join(({', '.join(pieces)},))\n"
    namespace: dict[str, Any] = {}
    exec(compile(source, "<kennel.service.logs layout>", "exec"),  # noqa: S102 (our own source: quoted keys)
         {"Q": _quoted, "R": int.__repr__, "L": {True: "true", False: "false"}}, namespace)
    return namespace["render"]


def render_json(logger: WrappedLogger, method_name: str, event_dict: EventDict) -> str | bytes:
    """structlog processor: the line as structlog's JSONRenderer writes it (json.dumps with its
    defaults), byte for byte: by its layout's renderer, or for a line of another kind by the
    general path below."""
    layout = (*event_dict, *map(type, event_dict.values()))
    render = _LAYOUTS.get(layout, _UNMADE)
    if render is _UNMADE:
        render = _layout_renderer(layout)
        if len(_LAYOUTS) >= _LAYOUTS_KEPT:
            _LAYOUTS.clear()
        _LAYOUTS[layout] = render
    if render is not None:
        return render(event_dict)  # type: ignore[no-any-return]
    return _render_general(logger, method_name, event_dict)


_UNMADE = object()


def _render_general(logger: WrappedLogger, method_name: str, event_dict: EventDict) -> str | bytes:
    """structlog processor: the line as structlog's JSONRenderer writes it (json.dumps with its
    defaults), byte for byte: a line of string keys and str, int, bool or None values from the
    fragments above; any other by the same C encoder, without json.dumps's set-up per call (a
    JSONEncoder made, its options read again)."""
    parts = []
    fragments = _fragments
    for key, value in event_dict.items():
        kind = type(value)
        # Looked up only for a kind that hashes (and, for a str key, a kept fragment can exist).
        fragment = fragments.get((key, kind, value)) if kind in _SIMPLE else None
        if fragment is None:
            fragment = _new_fragment(key, value)
            if fragment is None:
                break
        parts.append(fragment)
    else:
        return "{" + ", ".join(parts) + "}"
    if _make_encoder is None:
        return _structlog_json(logger, method_name, event_dict)
    # json.dumps's: circular references checked (a fresh memo), NaN allowed, ASCII only, keys as given.
    encode = _make_encoder({}, _json_fallback, _quoted, None, ": ", ", ", False, False, True)
    return "".join(encode(event_dict, 0))


_stack_info = structlog.processors.StackInfoRenderer()


def json_line(logger: WrappedLogger, method_name: str, event_dict: EventDict) -> str | bytes:
    """structlog processor: the whole JSON chain (the call's fields, the level, the time stamp,
    a stack or an exception, the line) in one call. Without `exc_info` or `stack_info` in the
    line, structlog's StackInfoRenderer and format_exc_info leave it as it is, and are skipped."""
    call = _call_fields.get()
    if call:  # merge_call_fields's order and precedence, merged in C: the line's own keys, then the call's others
        event_dict = {**event_dict, **call, **event_dict}
    # structlog's add_log_level (warn is the stdlib's alias of warning; exception logs at error):
    event_dict["level"] = "warning" if method_name == "warn" else "error" if method_name == "exception" else method_name
    if "timestamp" not in event_dict and "exc_info" not in event_dict and "stack_info" not in event_dict:
        # The usual line: the stamp is its last field, added to the rendered line (the same text:
        # it needs no escaping), not kept among the fragments, as it is new on every line.
        line = render_json(logger, method_name, event_dict)
        return f'{line[:-1]}, "timestamp": "{_stamp()}"}}'
    event_dict = stamp_utc(logger, method_name, event_dict)
    if "exc_info" in event_dict or "stack_info" in event_dict:
        event_dict = structlog.processors.format_exc_info(logger, method_name, _stack_info(logger, method_name, event_dict))
    return render_json(logger, method_name, event_dict)


_writer: LineWriter | None = None

# Set by `configure` for JSON lines at info level: the writer, and structlog's configuration then
# (its list of processors, bound logger class and logger factory).
_direct: tuple[LineWriter, list[Any], Any, Any] | None = None


def info(event: str, **fields: Any) -> None:
    """What `structlog.get_logger().info(event, **fields)` logs, line for line, for a line logged
    on every call (a command's): with the JSON chain configured here, rendered by `json_line`
    and queued without structlog's logger objects (its lazy proxy, bound logger and event dict
    copies: about 20k instructions a line). Through structlog whenever its configuration is not
    that one any more (another format, a higher level, or processors set since: a test's
    capture_logs, say, which changes the list of processors in place)."""
    direct = _direct
    config = _structlog_config
    if (direct is not None and config.default_processors is direct[1] and direct[1] == [json_line]
            and config.default_wrapper_class is direct[2] and config.logger_factory is direct[3]):
        fields["event"] = event  # structlog's order: the line's own fields, then the event
        direct[0].write(json_line(None, "info", fields))
    else:
        structlog.get_logger().info(event, **fields)


def writer() -> LineWriter | None:
    """The running writer thread, once `configure` has run."""
    return _writer


def flush() -> None:
    if _writer is not None:
        _writer.flush()


def configure(log_format: str = "console", level: int = logging.INFO) -> None:
    global _writer, _direct
    if _writer is None or _writer.stream is not sys.stderr:
        if _writer is not None:
            _writer.flush()
        _writer = LineWriter(sys.stderr)
    line_writer = _writer
    processors: list[structlog.typing.Processor] = (
        [json_line]  # the chain below, in one call (issue 20)
        if log_format == "json"
        else [
            merge_call_fields,
            structlog.processors.add_log_level,
            stamp_utc,
            structlog.processors.StackInfoRenderer(),
            structlog.processors.format_exc_info,
            structlog.dev.ConsoleRenderer(colors=sys.stderr.isatty()),
        ]
    )
    structlog.configure(
        processors=processors,
        wrapper_class=structlog.make_filtering_bound_logger(level),
        logger_factory=lambda *args: QueuedLogger(line_writer),
        cache_logger_on_first_use=True,
    )
    _direct = None
    if log_format == "json" and level <= logging.INFO:
        config = _structlog_config
        _direct = (line_writer, config.default_processors, config.default_wrapper_class, config.logger_factory)


atexit.register(flush)
