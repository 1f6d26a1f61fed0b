"""The web port's defences (issue 16, hole 8), kept apart from the gateway (kennel.service.web).

- A connection must send a request's head within `header_timeout` seconds of opening (or of
  its last response), and may sit idle `idle_timeout` seconds between requests: half-open
  connections held 20,000 file descriptors, after which the gRPC port refused clients too.
- At most `max_connections` are served at once (uvicorn's limit_concurrency: 503 beyond).
- A request whose Host header is not allowed is refused (421): loopback names always, other
  names only when configured (DNS rebinding: a page on another site resolving its name to us).
- X-Forwarded-For is believed only from the configured proxies (none by default), so a
  client cannot pose as many addresses to dodge per-address limits.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]


@dataclass(frozen=True)
class WebLimits:
    idle_timeout: float = 60.0
    header_timeout: float = 10.0
    max_connections: int = 256
    allowed_hosts: tuple[str, ...] = ("localhost", "127.0.0.1", "[::1]")
    trusted_proxies: tuple[str, ...] = ()

    def uvicorn_settings(self) -> dict[str, Any]:
        """uvicorn.Config's arguments that carry these limits."""
        return {
            "http": timed_protocol(self.header_timeout),
            "timeout_keep_alive": self.idle_timeout,
            "limit_concurrency": self.max_connections,
            "proxy_headers": bool(self.trusted_proxies),
            "forwarded_allow_ips": list(self.trusted_proxies) or "",
        }


def timed_protocol(header_timeout: float) -> type[H11Protocol]:
    """uvicorn's h11 protocol, closing a connection that has not sent a whole request head in time."""

    class HeadTimedH11(H11Protocol):
        _head_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm(header_timeout)

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self.conn.their_state is not h11.IDLE:  # the head is in: the app has it now
                self._disarm()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._arm(self.timeout_keep_alive + header_timeout)  # the next request: idle, then its head

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def _arm(self, delay: float) -> None:
            self._disarm()
            self._head_timer = self.loop.call_later(delay, self._overdue)

        def _disarm(self) -> None:
            if self._head_timer is not None:
                self._head_timer.cancel()
                self._head_timer = None

        def _overdue(self) -> None:
            self._head_timer = None
            if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
                self.transport.close()

    return HeadTimedH11


def host_of(header: str) -> str:
    """The name in a Host header, without its port, in lower case ("[::1]:8080" -> "[::1]")."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[: header.find("]") + 1] if "]" in header else header
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


class HostAllowList:
    """An ASGI wrapper refusing HTTP requests whose Host is not one of `allowed`."""

    def __init__(self, app: App, allowed: Iterable[str]) -> None:
        self.app = app
        self.allowed = frozenset(host_of(name) for name in allowed)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            hosts = [value.decode("latin-1") for key, value in scope.get("headers", ()) if key == b"host"]
            if len(hosts) != 1 or host_of(hosts[0]) not in self.allowed:
                body = b"misdirected request: this server does not answer to that host name"
                await send({"type": "http.response.start", "status": 421,
                            "headers": [(b"content-type", b"text/plain"), (b"content-length", str(len(body)).encode())]})
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)
