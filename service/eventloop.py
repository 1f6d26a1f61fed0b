"""The event loop `kennel serve` runs on: uvloop by default, asyncio's own on request.

Every gRPC call the server answers passes through the event loop several times (gRPC's poller
thread wakes it, the call's task is created and stepped, its answer is handed back), and with
asyncio's loop, written in Python, that is a large share of what a call costs. uvloop is the
same loop interface on libuv, in Cython. Measured with callgrind (docs/performance.md, "Issue
20, eighth pass"): the bench's bare echo server spent 500,000 instructions per call on asyncio's
loop and 324,000 on uvloop; a sequential Hoarders command with its view, 4.18 million against
3.83 million. Nothing else changes: the server uses only the loop interface that both provide.

`--event-loop asyncio` (or KENNEL_EVENT_LOOP=asyncio) keeps asyncio's loop, for an operator who
wants it; where uvloop is not installed (it has no Windows build) the server says so in its log
and runs on asyncio's loop. The library's `start_server` runs on whatever loop its caller runs.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

import structlog

log = structlog.get_logger(__name__)

UVLOOP = "uvloop"
ASYNCIO = "asyncio"
EVENT_LOOPS = (UVLOOP, ASYNCIO)
DEFAULT_EVENT_LOOP = UVLOOP

T = TypeVar("T")


def loop_factory(name: str) -> Callable[[], asyncio.AbstractEventLoop] | None:
    """What makes the loop called `name` (None: asyncio's default)."""
    if name not in EVENT_LOOPS:
        raise ValueError(f"event loop must be one of {', '.join(EVENT_LOOPS)}, not {name!r}")
    if name == ASYNCIO:
        return None
    try:
        import uvloop
    except ImportError:
        log.warning("event_loop_unavailable", asked=UVLOOP, using=ASYNCIO,
                    reason="uvloop is not installed on this platform")
        return None
    factory: Callable[[], asyncio.AbstractEventLoop] = uvloop.new_event_loop
    return factory


def run(main: Coroutine[Any, Any, T], name: str = DEFAULT_EVENT_LOOP) -> T:
    """Run `main` to its end on a new loop of the kind `name`, as asyncio.run does."""
    with asyncio.Runner(loop_factory=loop_factory(name)) as runner:
        return runner.run(main)


def running_loop_name() -> str:
    """The kind of the loop running now, as `--event-loop` names it."""
    module = type(asyncio.get_running_loop()).__module__
    return UVLOOP if module.split(".")[0] == UVLOOP else ASYNCIO
