"""Cross-cutting concerns of every call, in one place each: errors, logging context, credentials,
roles and limits.

`KennelInterceptor` wraps every Kennel handler so that:
- a request body that does not parse is refused as INVALID_ARGUMENT (gRPC alone says UNKNOWN);
- the caller's credential is checked once, here, against the game named in the request (or
  against the server's auditor digests), and what the caller's role may do with this request is
  decided here too; the resulting `Principal` reaches the servicer through a context variable;
- commands are metered per credential (a token bucket), calls that need no credential per client
  address (another), and open Watch streams are counted per credential and in all
  (kennel.service.limits); past a limit the call is RESOURCE_EXHAUSTED;
- game id, role, seat and command id are bound to every log line of the call; credentials
  never are (only their SHA-256 digests are kept, and those are not logged either);
- every error leaves as the status design.md assigns, with its code in trailing metadata;
  an unexpected one is logged with its traceback and leaves as INTERNAL, never swallowed.
"""

from __future__ import annotations

import contextvars
import hmac
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

import grpc
import structlog
from google.protobuf.message import DecodeError
from kennel.service import logs
from kennel.service.config import Config
from kennel.service.errors import (
    ERROR_CODE_KEY,
    RETRY_AFTER_KEY,
    IllegalMove,
    InvalidArgument,
    PermissionDenied,
    ResourceExhausted,
    Unauthenticated,
    status_of,
)
from kennel.service.games import GameHub
from kennel.service.limits import FORWARDED_FOR_KEY, CommandRate, StreamSlots, forwarded_client, peer_address
from kennel.service.live import AUDITOR, SEAT, SPECTATOR, LiveGame, Principal, digest
from kennel.service.lookup import call_metadata

log = structlog.get_logger(__name__)

SERVICE = "kennel.v1.Kennel"
CREDENTIAL_KEY = "authorization"
_BEARER = "bearer "



@dataclass(frozen=True)
class Access:
    """Who may make a call: `roles` None means anyone, without a credential; a credential of
    another role is refused with `refusal` (code, message); `metered` calls take a token."""

    roles: frozenset[str] | None
    refusal: tuple[str, str] = ("kennel/not_allowed", "This credential may not make this call.")
    metered: bool = False
    mints: bool = False  # the call makes credentials: counted per client address (issue 16)


ANYONE = Access(None)
MINTS = Access(None, mints=True)
READERS = Access(frozenset({SEAT, SPECTATOR, AUDITOR}))

ACCESS: dict[str, Access] = {
    "CreateGame": MINTS,
    "ListOpenGames": ANYONE,
    "GetGuide": ANYONE,
    "JoinGame": MINTS,
    "SubmitCommand": Access(
        frozenset({SEAT}), ("kennel/not_a_seat", "Only a seat's credential may send commands."), metered=True
    ),
    "GetView": READERS,
    "Watch": READERS,
    "GetLog": READERS,
    "ForkGame": Access(
        frozenset({SEAT, SPECTATOR}), ("kennel/read_only", "An auditor's credential reads games; it starts none."),
        metered=True, mints=True,  # a fork refolds a game and makes a game's worth of credentials
    ),
}


# An admitted call's caller, and the game it named: (principal, key, client, live), where key is
# the SHA-256 digest of the credential (what limits are counted by) and client the client's
# address (an IPv6 /64 as one: what per-address limits count by). A plain tuple, not a
# NamedTuple: one is made per call, and a NamedTuple's `__new__` is Python (about 3k instructions).
_Caller = tuple[Principal, str, str, LiveGame]
_PRINCIPAL, _KEY, _CLIENT, _LIVE = range(4)

# The admitted caller of the call in progress, for the servicer (each call runs in its own task).
# `client` is "" for a call that does not need it (_Method.client).
_caller_var: contextvars.ContextVar[_Caller] = contextvars.ContextVar("kennel_caller")


def current_principal() -> Principal:
    return _caller_var.get()[_PRINCIPAL]


def current_game() -> LiveGame:
    """The game the call in progress names, as the interceptor loaded it to admit the caller."""
    return _caller_var.get()[_LIVE]


def current_call() -> tuple[Principal, LiveGame]:
    """Both of the above, with one look-up of the context."""
    caller = _caller_var.get()
    return caller[_PRINCIPAL], caller[_LIVE]


def credential_from(metadata: Any) -> str | None:
    return _read_metadata(metadata)[0]


def _read_metadata(metadata: Any) -> tuple[str | None, bool]:
    """The call's credential (the first bearer one's, None without one), and whether the call
    names a forwarded client (then `forwarded_client` reads it): both in one pass."""
    credential: str | None = None
    bearer = forwarded = False
    for key, value in metadata or ():
        if key == CREDENTIAL_KEY:
            if not bearer and isinstance(value, str) and value.lower().startswith(_BEARER):
                credential, bearer = value[len(_BEARER) :].strip() or None, True
        elif key == FORWARDED_FOR_KEY:
            forwarded = True
    return credential, forwarded


class _Undecodable:
    """A request body that does not parse as its message: refused as malformed, not UNKNOWN."""

    def __init__(self, type_name: str) -> None:
        self.type_name = type_name


class _Oversized:
    """A request body larger than its method allows: refused before a byte of it is parsed."""

    def __init__(self, size: int, limit: int) -> None:
        self.size, self.limit = size, limit


# Requests whose size has a limit of its own, below gRPC's --max-message-bytes: a command is
# small, and a refused one is kept in the game's log (kennel.service.deciding), so a large one
# would cost parsing, storage and every later GetLog (docs/reliability.md, "Threat model").
SIZE_LIMITED = frozenset({"SubmitCommand"})


def _lenient(deserialize: Callable[[bytes], Any] | None, max_bytes: int | None = None) -> Callable[[bytes], Any] | None:
    if deserialize is None:
        return None
    message_type = getattr(deserialize, "__self__", None)
    type_name = getattr(getattr(message_type, "DESCRIPTOR", None), "full_name", "request")

    def read(data: bytes) -> Any:
        if max_bytes is not None and len(data) > max_bytes:
            return _Oversized(len(data), max_bytes)
        try:
            return deserialize(data)
        except DecodeError:
            return _Undecodable(type_name)

    return read


def _passing_bytes(serialize: Callable[[Any], bytes] | None) -> Callable[[Any], bytes] | None:
    """The method's serializer, except that a response already serialised (bytes: a Watch update
    shared by many streams, a response assembled from cached parts) is sent as it is."""
    if serialize is None:
        return None

    def write(response: Any) -> bytes:
        return response if isinstance(response, bytes) else serialize(response)

    return write


@dataclass(frozen=True)
class _Method:
    """What admission needs to know of one method, found once when it is wrapped: which of
    the fields it reads its request has. Reading a field the message does not have (getattr
    with a default) costs about 8k instructions, through the AttributeError it raises."""

    name: str
    access: Access
    game_id: bool  # the request names a game
    command_id: bool  # the request carries a command id (bound to the call's log lines)
    past_view: bool  # GetView: a view at a past version (`at_version`) is metered, as it folds events
    # The client's address is needed: by a call limited per address (it mints credentials or
    # needs none) or a stream (counted per address). Reading it (`context.peer()`, a copy of
    # the connection's peer string under gRPC's lock, about 2.8 us) is skipped for the others.
    client: bool


def _method(name: str, access: Access, deserialize: Callable[[bytes], Any] | None, stream: bool = False) -> _Method:
    descriptor = getattr(getattr(deserialize, "__self__", None), "DESCRIPTOR", None)
    fields = descriptor.fields_by_name if descriptor is not None else {}
    client = stream or access.mints or access.roles is None
    return _Method(name, access, "game_id" in fields, "command_id" in fields, name == "GetView", client)


class KennelInterceptor:
    """Admission for every Kennel call, put around the servicer's handlers once, at start-up
    (`wrap_service`), not by a gRPC interceptor: grpc.aio runs a server's interceptors as two
    more coroutines on every call, to hand back a handler that never changes."""

    def __init__(self, hub: GameHub, config: Config | None = None) -> None:
        config = config or Config()
        self._hub = hub
        self._auditors = tuple(sorted(config.auditor_hashes))
        self._commands = CommandRate(config.commands_per_second, config.command_burst)
        self._open_calls = CommandRate(config.open_calls_per_second, config.open_call_burst)
        self._streams = StreamSlots(config.max_streams_per_credential, config.max_streams)
        # Per client address too: one client holding many credentials (minted cheaply) must not
        # fill the global limits alone (issue 16).
        self._credentials = CommandRate(config.credentials_per_second, config.credential_burst)
        self._address_streams = StreamSlots(config.max_streams_per_address, total=1 << 62)  # the total: _streams
        self._max_command_bytes = config.max_command_bytes

    def wrap_service(self, handlers: Mapping[str, grpc.RpcMethodHandler]) -> dict[str, grpc.RpcMethodHandler]:
        """The Kennel service's handlers (by method name), each wrapped in admission. A method
        without an entry in ACCESS, or of a kind this does not wrap, stops the server from
        starting: no Kennel method is ever served unwrapped."""
        return {method: self._wrap(method, handler) for method, handler in handlers.items()}

    def _wrap(self, method: str, handler: grpc.RpcMethodHandler) -> grpc.RpcMethodHandler:
        spec = _method(method, ACCESS[method], handler.request_deserializer, stream=handler.unary_stream is not None)
        serializer = _passing_bytes(handler.response_serializer)
        limit = self._max_command_bytes if method in SIZE_LIMITED else None
        if handler.unary_unary is not None:
            return grpc.unary_unary_rpc_method_handler(
                self._unary(spec, handler.unary_unary),
                request_deserializer=_lenient(handler.request_deserializer, limit),
                response_serializer=serializer,
            )
        if handler.unary_stream is not None:
            return grpc.unary_stream_rpc_method_handler(
                self._stream(spec, handler.unary_stream),
                request_deserializer=_lenient(handler.request_deserializer),
                response_serializer=serializer,
            )
        raise TypeError(f"{SERVICE}/{method} is neither unary-unary nor unary-stream: admission does not wrap it")

    async def _admit(self, spec: _Method, request: Any, context: grpc.aio.ServicerContext) -> _Caller | None:
        # Each call runs in its own task: what it binds ends with it, and replaces whatever the
        # task's context held when gRPC started it.
        method, access = spec.name, spec.access
        kind = type(request)  # `is`, not isinstance: on a protobuf message isinstance costs ~0.8k
        if kind is _Oversized:
            logs.start_call(rpc=method)
            raise ResourceExhausted(
                "kennel/request_too_large",
                f"This request is {request.size} bytes; a {method} request is at most {request.limit} bytes.",
            )
        if kind is _Undecodable:
            logs.start_call(rpc=method)
            raise InvalidArgument("kennel/malformed", f"The request is not a well-formed {request.type_name} message.")
        game_id = request.game_id if spec.game_id else ""
        command_id = request.command_id if spec.command_id else ""  # a command's: on its refusals' lines too
        if command_id:
            logs.start_call(rpc=method, game_id=game_id, command_id=command_id)
        elif game_id:
            logs.start_call(rpc=method, game_id=game_id)
        else:
            logs.start_call(rpc=method)
        # The caller's address: the browser's through our web gateway; behind another proxy, the
        # proxy's (then this bounds them all, and per-client limits are the proxy's job).
        metadata = call_metadata(context)  # as gRPC gave it to find the handler, when it can
        credential, forwarded = _read_metadata(metadata)
        client = ((forwarded and forwarded_client(metadata)) or peer_address(context.peer())) if spec.client else ""
        if access.mints:
            wait = self._credentials.take(client)
            if wait > 0:
                raise ResourceExhausted(
                    "kennel/rate_limited",
                    f"Too many credentials made for this address; call again in {wait * 1000:.0f} ms.",
                    retry_after=wait,
                )
        if access.roles is None:
            wait = self._open_calls.take(client)
            if wait > 0:
                raise ResourceExhausted(
                    "kennel/rate_limited",
                    f"Too many calls without a credential from this address; call again in {wait * 1000:.0f} ms.",
                    retry_after=wait,
                )
            return None
        # NOT_FOUND first: game ids are not secrets. A loaded game without a coroutine.
        live = self._hub.loaded(game_id) or await self._hub.get(game_id)
        if credential is None:
            raise Unauthenticated(
                "kennel/no_credential", "This call needs a credential: 'authorization: Bearer <credential>'."
            )
        # Not remembered: a SHA-256 of a credential costs under a microsecond, and a cache of
        # them held about 1 KiB per open three-seat game (and the credentials themselves).
        key = digest(credential)
        principal = (
            live.principal(key, game_id) or self._auditor(key, game_id) or await self._hub.principal_on_store(live, key)
        )
        if principal is None:
            raise Unauthenticated("kennel/bad_credential", "This credential is not valid for this game.")
        logs.bind(role=principal.role, seat=principal.seat)
        if principal.role not in access.roles:
            raise PermissionDenied(*access.refusal)
        try:
            _authorize(method, principal, live, request)
        except (IllegalMove, PermissionDenied):
            if not await self._hub.caught_up(live):  # another replica may have ended it just now
                raise
            _authorize(method, principal, live, request)
        if access.metered or (spec.past_view and request.HasField("at_version")):  # a past view folds events
            wait = self._commands.take(key)
            if wait > 0:
                raise ResourceExhausted(
                    "kennel/rate_limited",
                    f"Too many commands (or past views) from this credential; send again in {wait * 1000:.0f} ms.",
                    retry_after=wait,
                )
        caller = (principal, key, client, live)
        _caller_var.set(caller)
        return caller

    def _auditor(self, key: str, game_id: str) -> Principal | None:
        if any(hmac.compare_digest(key, auditor) for auditor in self._auditors):
            return Principal(game_id, AUDITOR, None)
        return None

    def _unary(
        self, spec: _Method, behaviour: Callable[..., Awaitable[Any]]
    ) -> Callable[[Any, grpc.aio.ServicerContext], Awaitable[Any]]:
        async def handle(request: Any, context: grpc.aio.ServicerContext) -> Any:
            try:
                await self._admit(spec, request, context)
                return await behaviour(request, context)
            except Exception as error:  # every error leaves with its status, and is logged
                await _abort(context, error)

        return handle

    def _stream(
        self, spec: _Method, behaviour: Callable[..., AsyncIterator[Any]]
    ) -> Callable[[Any, grpc.aio.ServicerContext], AsyncIterator[Any]]:
        async def handle(request: Any, context: grpc.aio.ServicerContext) -> AsyncIterator[Any]:
            slot: _Caller | None = None
            try:
                caller = await self._admit(spec, request, context)
                if caller is not None:
                    self._open_stream(caller)
                    slot = caller
                async for response in behaviour(request, context):
                    yield response
            except Exception as error:
                await _abort(context, error)
            finally:  # also when the client cancels the stream
                if slot is not None:
                    self._streams.release(slot[_KEY])
                    self._address_streams.release(slot[_CLIENT])

        return handle

    def _open_stream(self, caller: _Caller) -> None:
        if self._address_streams.acquire(caller[_CLIENT]) is not None:
            raise ResourceExhausted(
                "kennel/too_many_streams",
                f"This address already has {self._address_streams.per_key} open streams; close one first.",
            )
        refused = self._streams.acquire(caller[_KEY])
        if refused is not None:
            self._address_streams.release(caller[_CLIENT])
        if refused == "key":
            raise ResourceExhausted(
                "kennel/too_many_streams",
                f"This credential already has {self._streams.per_key} open streams; close one first.",
            )
        if refused == "total":
            raise ResourceExhausted("kennel/too_many_streams", "The server has all the streams it can keep open.")


def _authorize(method: str, principal: Principal, live: LiveGame, request: Any) -> None:
    """What a role may ask of this game now, beyond which calls it may make (ACCESS)."""
    if principal.role == AUDITOR:
        return  # auditors read everything, at any time (and ACCESS keeps them from acting)
    if live.table.ended is not None:
        return
    if method == "GetView" and request.HasField("as_seat") and request.as_seat != principal.viewer:
        raise PermissionDenied("kennel/not_your_view", "Another seat's view is shown only once the game is over.")
    if method == "GetLog":
        raise IllegalMove("kennel/game_running", "The full log is available once the game is over.")


async def _abort(context: grpc.aio.ServicerContext, error: Exception) -> None:
    if isinstance(error, grpc.aio.AbortError):
        raise error
    status, code, message = status_of(error)
    if status is grpc.StatusCode.INTERNAL:
        log.exception("call_failed")
    elif code == "kennel/store_unavailable":
        log.warning("store_unavailable", error=repr(error))
    else:
        log.info("call_refused", status=status.name, code=code)
    trailing = [(ERROR_CODE_KEY, code)]
    retry_after = getattr(error, "retry_after", None)
    if retry_after is not None:
        trailing.append((RETRY_AFTER_KEY, str(max(1, round(retry_after * 1000)))))
    context.set_trailing_metadata(tuple(trailing))
    await context.abort(status, message)
