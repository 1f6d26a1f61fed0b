"""`kennel serve --web PORT`: the Kennel API for browsers, and the web client, from the same process.

Browsers cannot speak gRPC (HTTP/2 trailers), so the web port speaks the Connect protocol (and
gRPC-Web) through `connectrpc`'s ASGI application, served by uvicorn. Its handlers do not
implement the service a second time: each forwards the request's bytes, as they came, to the
in-process gRPC server over a loopback channel, with the caller's `authorization` metadata. So
the one interceptor (service/interceptors.py) authenticates, meters and maps errors for both
paths, and the answer (or the status, its message and the `kennel-*` trailers) goes back to the
browser unchanged. docs/web.md says why this shape and what it costs.

Besides the API, the port serves the web client (clients/web: index.html and the bundle that
`make web` builds), the list of games (`/games.json`) and A Dog's Life's board, read from the
domain's own board.json so that the game's data stays in one place.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import mimetypes
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import grpc
import structlog
import uvicorn
from connectrpc.code import Code
from connectrpc.errors import ConnectError
from connectrpc.method import IdempotencyLevel, MethodInfo, StreamType
from connectrpc.request import RequestContext
from connectrpc.server import ConnectASGIApplication, Endpoint
from kennel.domain.registry import GAMES
from kennel.replay.html import render_page
from kennel.service.limits import FORWARDED_FOR_KEY, GATEWAY_KEY, GATEWAY_TOKEN
from kennel.service.web_json import JsonCodec, message_classes, wants_json
from kennel.service.webguard import HostAllowList, WebLimits
from kennel.v1 import kennel_pb2

log = structlog.get_logger(__name__)

SERVICE = kennel_pb2.DESCRIPTOR.services_by_name["Kennel"]
# Only the credential travels on: nothing else a browser sends may steer the gRPC server.
FORWARDED_HEADERS = ("authorization",)
# Trailing metadata of ours that clients read (docs/api.md, "Status codes" and "Limits").
TRAILER_PREFIX = "kennel-"
# The web client: inside an installed server wheel it sits beside this module (setup.py copies the
# built bundle there); in a checkout it is clients/web, built by `make web`.
PACKAGED_WEB_CLIENT = Path(__file__).resolve().parent / "web_client"
WEB_CLIENT = (PACKAGED_WEB_CLIENT if PACKAGED_WEB_CLIENT.is_dir()
              else Path(__file__).resolve().parent.parent / "clients" / "web")
STATIC_FILES = {"/": "index.html", "/index.html": "index.html", "/style.css": "style.css",
                "/app.js": "dist/app.js", "/app.js.map": "dist/app.js.map"}
NOT_BUILT = (
    "<!doctype html><title>Kennel</title><p>The web client is not built. Run <code>make web</code> "
    "(it needs Node.js and npm), then reload. The API is served here all the same.</p>"
)

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]


class RawBytes:
    """A codec that leaves messages as bytes: the gateway neither parses nor re-encodes them."""

    def name(self) -> str:
        return "proto"

    def encode(self, message: bytes) -> bytes:
        return message

    def decode(self, data: bytes | bytearray, message_class: type[Any]) -> bytes:
        return bytes(data)


class Gateway:
    """Every RPC of kennel.v1.Kennel, forwarded to the gRPC server at `target`."""

    def __init__(self, target: str) -> None:
        self.channel = grpc.aio.insecure_channel(target)

    async def close(self) -> None:
        await self.channel.close()

    def endpoints(self) -> dict[str, Endpoint[bytes, bytes]]:
        table: dict[str, Endpoint[bytes, bytes]] = {}
        for method in SERVICE.methods:
            path = f"/{SERVICE.full_name}/{method.name}"
            streaming = method.server_streaming
            info: MethodInfo[bytes, bytes] = MethodInfo(
                name=method.name, service_name=SERVICE.full_name, input=bytes, output=bytes,
                idempotency_level=IdempotencyLevel.UNKNOWN,
                stream_type=StreamType.SERVER_STREAM if streaming else StreamType.UNARY,
            )
            if method.client_streaming:
                raise NotImplementedError(f"{path}: the gateway forwards unary and server-streaming calls only")
            if streaming:
                table[path] = Endpoint.server_stream(info, self._stream(path))
            else:
                table[path] = Endpoint.unary(info, self._unary(path))
        return table

    def json_endpoints(self) -> dict[str, Endpoint[Any, Any]]:
        """The same forwarding for the JSON encoding: each request is parsed into its message
        (web_json.JsonCodec) and forwarded as bytes; each answer is parsed to be written as JSON."""
        table: dict[str, Endpoint[Any, Any]] = {}
        for path, endpoint in self.endpoints().items():
            request_class, response_class = message_classes(SERVICE.methods_by_name[endpoint.method.name])
            info: MethodInfo[Any, Any] = MethodInfo(
                name=endpoint.method.name, service_name=SERVICE.full_name, input=request_class,
                output=response_class, idempotency_level=IdempotencyLevel.UNKNOWN,
                stream_type=endpoint.method.stream_type,
            )
            if endpoint.method.stream_type is StreamType.SERVER_STREAM:
                table[path] = Endpoint.server_stream(info, _json_stream(self._stream(path), response_class))
            else:
                table[path] = Endpoint.unary(info, _json_unary(self._unary(path), response_class))
        return table

    def _unary(self, path: str) -> Callable[[bytes, RequestContext[bytes, bytes]], Awaitable[bytes]]:
        call = self.channel.unary_unary(path)  # no serializers: bytes in, bytes out

        async def forward(request: bytes, ctx: RequestContext[bytes, bytes]) -> bytes:
            try:
                response: bytes = await call(request, metadata=_metadata(ctx), timeout=_timeout(ctx))
                return response
            except grpc.aio.AioRpcError as error:
                raise _connect_error(error, ctx) from None

        return forward

    def _stream(self, path: str) -> Callable[[bytes, RequestContext[bytes, bytes]], AsyncIterator[bytes]]:
        open_stream = self.channel.unary_stream(path)

        async def forward(request: bytes, ctx: RequestContext[bytes, bytes]) -> AsyncIterator[bytes]:
            stream = open_stream(request, metadata=_metadata(ctx), timeout=_timeout(ctx))
            try:
                async for message in stream:
                    yield message
            except grpc.aio.AioRpcError as error:
                raise _connect_error(error, ctx) from None
            finally:
                stream.cancel()  # the browser went away: free the stream's slot at once

        return forward


def _json_unary(forward: Callable[[bytes, Any], Awaitable[bytes]], response_class: type[Any]) -> Any:
    async def forward_json(request: Any, ctx: Any) -> Any:
        return response_class.FromString(await forward(request.SerializeToString(), ctx))

    return forward_json


def _json_stream(forward: Callable[[bytes, Any], AsyncIterator[bytes]], response_class: type[Any]) -> Any:
    async def forward_json(request: Any, ctx: Any) -> AsyncIterator[Any]:
        async for message in forward(request.SerializeToString(), ctx):
            yield response_class.FromString(message)

    return forward_json


def _metadata(ctx: RequestContext[bytes, bytes]) -> tuple[tuple[str, str], ...]:
    headers = ctx.request_headers
    forwarded = tuple((name, headers[name]) for name in FORWARDED_HEADERS if name in headers)
    if ctx.client_address:
        # Whose call this is, for the limits on calls without a credential (kennel.service.limits).
        forwarded += ((FORWARDED_FOR_KEY, ctx.client_address), (GATEWAY_KEY, GATEWAY_TOKEN))
    return forwarded


def _timeout(ctx: RequestContext[bytes, bytes]) -> float | None:
    milliseconds = ctx.timeout_ms
    return None if milliseconds is None else milliseconds / 1000


def _connect_error(error: grpc.aio.AioRpcError, ctx: RequestContext[bytes, bytes]) -> ConnectError:
    """The gRPC server's refusal as the same status, message and kennel-* trailers."""
    trailers = ctx.response_trailers
    for key, value in error.trailing_metadata() or ():
        if key.startswith(TRAILER_PREFIX) and isinstance(value, str):
            trailers[key] = value
    code = error.code()
    name = "CANCELED" if code is grpc.StatusCode.CANCELLED else code.name
    return ConnectError(Code[name], error.details() or "")


class KennelConnectApp(ConnectASGIApplication[Gateway]):
    """connectrpc's ASGI application over the gateway's endpoints (Connect, gRPC-Web)."""

    def __init__(self, gateway: Gateway, max_message_bytes: int, json: bool = False) -> None:
        # One application per encoding: the binary one forwards bytes untouched, the JSON one
        # converts at the gateway (service/web_json.py); WebApp picks by the request's encoding.
        super().__init__(
            service=gateway,
            endpoints=(lambda g: g.json_endpoints()) if json else (lambda g: g.endpoints()),
            codecs=[JsonCodec()] if json else [RawBytes()],  # type: ignore[list-item]
            read_max_bytes=max_message_bytes,
        )

    @property
    def path(self) -> str:
        return f"/{SERVICE.full_name}"


def games_listing() -> bytes:
    """What the web client needs to offer a game: its name, title and seat range."""
    listing = [
        {"name": game.name, "title": game.title, "minSeats": game.seats.minimum, "maxSeats": game.seats.maximum}
        for game in GAMES.values()
    ]
    return json.dumps(listing).encode()


def board_json(game_package: str) -> bytes:
    return resources.files(game_package).joinpath("board.json").read_bytes()


DATA: Mapping[str, Callable[[], bytes]] = {
    "/games.json": games_listing,
    "/games/a-dogs-life/board.json": lambda: board_json("kennel.domain.a_dogs_life"),
}


REPLAY_PREFIX, REPLAY_SUFFIX = "/replay/", ".html"
# A refused GetLog as the replay page's HTTP status (the message says why, in words).
_HTTP_STATUS = {
    grpc.StatusCode.UNAUTHENTICATED: 401,
    grpc.StatusCode.PERMISSION_DENIED: 403,
    grpc.StatusCode.NOT_FOUND: 404,
    grpc.StatusCode.INVALID_ARGUMENT: 400,
    grpc.StatusCode.FAILED_PRECONDITION: 409,
    grpc.StatusCode.RESOURCE_EXHAUSTED: 429,
}


class WebApp:
    """The web port: the API under /kennel.v1.Kennel/, and the client's files and data elsewhere."""

    def __init__(self, api: KennelConnectApp, client_dir: Path = WEB_CLIENT,
                 json_api: KennelConnectApp | None = None, gateway: Gateway | None = None) -> None:
        self.api = api
        self.client_dir = client_dir
        self.json_api = json_api  # the Connect protocol's JSON encoding, where served
        self.gateway = gateway

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        path: str = scope["path"]
        if path.startswith(self.api.path + "/"):
            api = self.json_api if self.json_api is not None and wants_json(scope) else self.api
            await api(scope, receive, send)  # type: ignore[arg-type]
            return
        if scope["method"] not in ("GET", "HEAD"):
            await _respond(send, 405, b"method not allowed", "text/plain")
        elif path in DATA:
            await _respond(send, 200, DATA[path](), "application/json", scope["method"])
        elif path in STATIC_FILES:
            await self._file(send, STATIC_FILES[path], scope["method"])
        elif path.startswith(REPLAY_PREFIX) and path.endswith(REPLAY_SUFFIX) and self.gateway is not None:
            await self._replay(scope, send, path[len(REPLAY_PREFIX) : -len(REPLAY_SUFFIX)])
        else:
            await _respond(send, 404, b"not found", "text/plain")

    async def _replay(self, scope: Scope, send: Send, game_id: str) -> None:
        """A finished game's replay page (`kennel replay html`), for the caller's credential: the
        log is fetched through the gRPC server like any GetLog, so the same checks apply (a
        seat reads its game's log once it is over). The browser sends the credential as a
        header, never in the address, and opens the page it gets."""
        assert self.gateway is not None
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", ())}
        metadata: tuple[tuple[str, str], ...] = tuple((k, headers[k]) for k in FORWARDED_HEADERS if k in headers)
        if scope.get("client"):
            metadata += ((FORWARDED_FOR_KEY, str(scope["client"][0])), (GATEWAY_KEY, GATEWAY_TOKEN))
        call = self.gateway.channel.unary_unary(
            f"/{SERVICE.full_name}/GetLog",
            request_serializer=kennel_pb2.GetLogRequest.SerializeToString,
            response_deserializer=kennel_pb2.GetLogResponse.FromString,
        )
        try:
            response = await call(kennel_pb2.GetLogRequest(game_id=game_id), metadata=metadata, timeout=30)
        except grpc.aio.AioRpcError as error:
            status = _HTTP_STATUS.get(error.code(), 502)
            why = (error.details() or "no replay").encode()
            await _respond(send, status, why, "text/plain", scope["method"])
            return
        page = await asyncio.to_thread(render_page, bytes(response.log))
        await _respond(send, 200, page.encode(), "text/html; charset=utf-8", scope["method"])

    async def _file(self, send: Send, name: str, method: str) -> None:
        file = self.client_dir / name
        if not (self.client_dir / "dist" / "app.js").is_file():
            await _respond(send, 503 if name != "index.html" else 200, NOT_BUILT.encode(), "text/html", method)
            return
        if not file.is_file():
            await _respond(send, 404, b"not found", "text/plain")
            return
        kind = mimetypes.guess_type(file.name)[0] or "application/octet-stream"
        await _respond(send, 200, file.read_bytes(), kind, method)


async def _respond(send: Send, status: int, body: bytes, kind: str, method: str = "GET") -> None:
    headers = [(b"content-type", kind.encode()), (b"content-length", str(len(body)).encode()),
               (b"cache-control", b"no-cache"), (b"x-content-type-options", b"nosniff")]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": b"" if method == "HEAD" else body})


class _EmbeddedServer(uvicorn.Server):
    """uvicorn inside `kennel serve`'s loop: the command owns the signals and the shutdown."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield


@dataclass
class RunningWeb:
    server: uvicorn.Server
    task: asyncio.Task[None]
    gateway: Gateway
    port: int

    async def stop(self) -> None:
        self.server.should_exit = True
        await self.task
        await self.gateway.close()


def loopback_target(host: str, grpc_port: int) -> str:
    """Where this process's gRPC server answers: its host, or loopback when it listens on all."""
    if host in ("", "0.0.0.0"):
        host = "127.0.0.1"
    elif host in ("::", "[::]"):
        host = "[::1]"
    elif ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"{host}:{grpc_port}"


async def _serve(server: uvicorn.Server) -> None:
    try:
        await server.serve()
    except SystemExit:
        # uvicorn exits when it cannot bind (it has logged why); inside a task that would stop
        # the whole loop, gRPC server included. start_web raises OSError instead.
        return


async def start_web(
    host: str, port: int, grpc_port: int, max_message_bytes: int, limits: WebLimits | None = None
) -> RunningWeb:
    """Serve the web port (port 0 picks a free one) beside the gRPC server at `grpc_port`,
    with the web port's defences (kennel.service.webguard)."""
    limits = limits or WebLimits()
    gateway = Gateway(loopback_target(host, grpc_port))
    app = HostAllowList(WebApp(KennelConnectApp(gateway, max_message_bytes),
                               json_api=KennelConnectApp(gateway, max_message_bytes, json=True),
                               gateway=gateway),
                        limits.allowed_hosts)
    server = _EmbeddedServer(uvicorn.Config(app, host=host, port=port, lifespan="off", log_config=None,
                                           access_log=False, log_level="warning", **limits.uvicorn_settings()))
    task = asyncio.create_task(_serve(server))
    while not server.started:
        if task.done():  # uvicorn exits (SystemExit) when it cannot bind; it has logged why
            await gateway.close()
            raise OSError(f"cannot serve the web port on {host}:{port}")
        await asyncio.sleep(0.01)
    bound = server.servers[0].sockets[0].getsockname()[1]
    log.info("serving web", address=f"{host}:{bound}", api=f"/{SERVICE.full_name}/", client=str(WEB_CLIENT))
    return RunningWeb(server=server, task=task, gateway=gateway, port=bound)
