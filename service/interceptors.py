"""Cross-cutting concerns of every call, in one place each: errors, logging context, credentials.

`KennelInterceptor` wraps every Kennel handler so that:
- the caller's credential is checked once, here, against the game named in the request, and
  the resulting `Principal` is handed to the servicer through a context variable;
- game id, seat and command id are bound to every log line of the call;
- every error leaves as the status design.md assigns, with its code in trailing metadata;
  an unexpected one is logged with its traceback and leaves as INTERNAL, never swallowed.
"""

from __future__ import annotations

import contextvars
import enum
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import grpc
import structlog

from service.errors import ERROR_CODE_KEY, PermissionDenied, Unauthenticated, status_of
from service.games import GameHub, Principal

log = structlog.get_logger(__name__)

SERVICE = "kennel.v1.Kennel"
CREDENTIAL_KEY = "authorization"
_BEARER = "bearer "

principal_var: contextvars.ContextVar[Principal] = contextvars.ContextVar("kennel_principal")


class Access(enum.Enum):
    ANYONE = "anyone"  # no credential needed
    MEMBER = "member"  # a seat or spectator credential of the game
    SEAT = "seat"  # a seat credential of the game


ACCESS: dict[str, Access] = {
    "CreateGame": Access.ANYONE,
    "ListOpenGames": Access.ANYONE,
    "JoinGame": Access.ANYONE,
    "SubmitCommand": Access.SEAT,
    "GetView": Access.MEMBER,
    "Watch": Access.MEMBER,
    "GetLog": Access.MEMBER,
    "ForkGame": Access.MEMBER,
}


def current_principal() -> Principal:
    return principal_var.get()


def credential_from(metadata: Any) -> str | None:
    for key, value in metadata or ():
        if key == CREDENTIAL_KEY and isinstance(value, str) and value.lower().startswith(_BEARER):
            token = value[len(_BEARER) :].strip()
            return token or None
    return None


class KennelInterceptor(grpc.aio.ServerInterceptor):
    def __init__(self, hub: GameHub) -> None:
        self._hub = hub

    async def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], Awaitable[grpc.RpcMethodHandler]],
        details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler:
        handler = await continuation(details)
        service, _, method = details.method.lstrip("/").partition("/")
        if handler is None or service != SERVICE:
            return handler
        access = ACCESS[method]
        credential = credential_from(details.invocation_metadata)
        if handler.unary_unary is not None:
            return grpc.unary_unary_rpc_method_handler(
                self._unary(method, access, credential, handler.unary_unary),
                request_deserializer=handler.request_deserializer,
                response_serializer=handler.response_serializer,
            )
        if handler.unary_stream is not None:
            return grpc.unary_stream_rpc_method_handler(
                self._stream(method, access, credential, handler.unary_stream),
                request_deserializer=handler.request_deserializer,
                response_serializer=handler.response_serializer,
            )
        return handler

    async def _admit(self, method: str, access: Access, credential: str | None, request: Any) -> None:
        # Each call runs in its own task, so its context starts empty and ends with it.
        structlog.contextvars.clear_contextvars()
        structlog.contextvars.bind_contextvars(rpc=method)
        game_id = getattr(request, "game_id", "")
        if game_id:
            structlog.contextvars.bind_contextvars(game_id=game_id)
        if access is Access.ANYONE:
            return
        live = await self._hub.get(game_id)  # NOT_FOUND first: game ids are not secrets
        if credential is None:
            raise Unauthenticated(
                "kennel/no_credential", "This call needs a credential: 'authorization: Bearer <credential>'."
            )
        principal = live.principal(credential)
        if principal is None:
            raise Unauthenticated("kennel/bad_credential", "This credential is not valid for this game.")
        if access is Access.SEAT and principal.role != "seat":
            raise PermissionDenied("kennel/not_a_seat", "Only a seat's credential may send commands.")
        structlog.contextvars.bind_contextvars(seat=principal.seat, role=principal.role)
        principal_var.set(principal)

    def _unary(
        self, method: str, access: Access, credential: str | None, behaviour: Callable[..., Awaitable[Any]]
    ) -> Callable[[Any, grpc.aio.ServicerContext], Awaitable[Any]]:
        async def handle(request: Any, context: grpc.aio.ServicerContext) -> Any:
            try:
                await self._admit(method, access, credential, request)
                return await behaviour(request, context)
            except Exception as error:  # every error leaves with its status, and is logged
                await _abort(context, error)

        return handle

    def _stream(
        self, method: str, access: Access, credential: str | None, behaviour: Callable[..., AsyncIterator[Any]]
    ) -> Callable[[Any, grpc.aio.ServicerContext], AsyncIterator[Any]]:
        async def handle(request: Any, context: grpc.aio.ServicerContext) -> AsyncIterator[Any]:
            try:
                await self._admit(method, access, credential, request)
                async for response in behaviour(request, context):
                    yield response
            except Exception as error:
                await _abort(context, error)

        return handle


async def _abort(context: grpc.aio.ServicerContext, error: Exception) -> None:
    if isinstance(error, grpc.aio.AbortError):
        raise error
    status, code, message = status_of(error)
    if status is grpc.StatusCode.INTERNAL:
        log.exception("call_failed")
    else:
        log.info("call_refused", status=status.name, code=code)
    context.set_trailing_metadata(((ERROR_CODE_KEY, code),))
    await context.abort(status, message)
