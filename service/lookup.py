"""The Kennel service's handlers as the server looks them up, each call's metadata noted on the way.

grpc.aio builds a call's metadata (a tuple of named tuples, made in Python) to find its handler,
and again on every `context.invocation_metadata()`: 5.2 us per call measured (issue 20). It finds
the handler in the task that then runs it, one task per call, and a context variable set in a
task is seen by that task only; the task is compared too, so that metadata found in another task
(were gRPC ever to find handlers elsewhere) is never taken for this call's: admission then asks
the context, as before (kennel.service.interceptors).
"""

from __future__ import annotations

import asyncio
import contextvars
from asyncio import current_task
from collections.abc import Mapping
from typing import Any

import grpc

# The metadata of the call whose handler was just found, with the task that found it.
_looked_up: contextvars.ContextVar[tuple[asyncio.Task[Any], Any] | None] = contextvars.ContextVar("kennel_looked_up")


class AdmittedHandlers(grpc.GenericRpcHandler):
    """The Kennel service's handlers (wrapped in admission) for the server, by full method name,
    noting each call's metadata for admission as its handler is found (`_looked_up`)."""

    def __init__(self, service: str, handlers: Mapping[str, grpc.RpcMethodHandler]) -> None:
        self._handlers = {f"/{service}/{method}": handler for method, handler in handlers.items()}

    def service(self, handler_call_details: grpc.HandlerCallDetails) -> grpc.RpcMethodHandler | None:
        handler = self._handlers.get(handler_call_details.method)
        if handler is not None:
            try:
                task = current_task()
            except RuntimeError:  # not on an event loop (a test asking for handlers): nothing to note
                return handler
            if task is not None:
                _looked_up.set((task, handler_call_details.invocation_metadata))
        return handler


def call_metadata(context: grpc.aio.ServicerContext) -> Any:
    """The call's metadata: as noted when its handler was found in this very task, else the context's."""
    looked_up = _looked_up.get(None)
    if looked_up is None:
        return context.invocation_metadata()
    # Let go of it: tasks this call starts (a prompt's timer, a bot) copy the context, and
    # would hold the credential in it for as long as they live.
    _looked_up.set(None)
    return looked_up[1] if looked_up[0] is current_task() else context.invocation_metadata()
