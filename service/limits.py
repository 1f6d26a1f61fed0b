"""The bookkeeping behind the interceptor's limits: command rates and open streams, per
credential, and the rate of calls that need no credential, per client address.

They are plain objects used from the server's one event loop (no locks), keyed by the SHA-256
of a credential, never by the credential itself, or by the client's address (`peer_address`). The interceptor (kennel.service.interceptors) decides
when to consult them and what status a refusal gets.
"""

from __future__ import annotations

import functools
import hmac
import ipaddress
import secrets
import time
from collections import Counter
from collections.abc import Callable
from typing import Any


class CommandRate:
    """A token bucket per key: `rate` tokens a second, at most `burst` kept, one per command."""

    def __init__(
        self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic, max_keys: int = 100_000
    ) -> None:
        self.rate = rate
        self.burst = float(burst)
        self._clock = clock
        self._max_keys = max_keys
        self._buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, when counted)
        self._next_prune = 0.0

    def take(self, key: str) -> float:
        """Take a token: 0.0 when one was there, otherwise the seconds until one will be."""
        now = self._clock()
        tokens, then = self._buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        if tokens >= 1.0:
            self._buckets[key] = (tokens - 1.0, now)
            self._prune(now)
            return 0.0
        self._buckets[key] = (tokens, now)
        return (1.0 - tokens) / self.rate

    def _prune(self, now: float) -> None:
        """Forget full buckets (a new one is the same) once there are many, at most once a second."""
        if len(self._buckets) <= self._max_keys or now < self._next_prune:
            return
        self._next_prune = now + 1.0
        self._buckets = {
            key: (tokens, then)
            for key, (tokens, then) in self._buckets.items()
            if tokens + (now - then) * self.rate < self.burst
        }

    def __len__(self) -> int:
        return len(self._buckets)


# The web gateway (kennel.service.web) forwards browsers' calls to this server over loopback, so their
# peer is the gateway. It names the browser in FORWARDED_FOR_KEY and proves the header is its own
# with GATEWAY_KEY: a secret made per process that never leaves it but over that loopback
# channel. Anyone else's forwarded-for header is ignored, so it cannot dodge a limit.
FORWARDED_FOR_KEY = "kennel-forwarded-for"
GATEWAY_KEY = "kennel-gateway"
GATEWAY_TOKEN = secrets.token_urlsafe(32)


def forwarded_client(metadata: Any) -> str | None:
    """The browser's address ("web:127.0.0.2") on a call this process's web gateway forwards;
    None on any other call (then the caller is its peer address)."""
    forwarded = token = None
    for key, value in metadata or ():
        if key == FORWARDED_FOR_KEY and isinstance(value, str):
            forwarded = value
        elif key == GATEWAY_KEY and isinstance(value, str):
            token = value
    if not forwarded or token is None or not hmac.compare_digest(token, GATEWAY_TOKEN):
        return None
    host, separator, port = forwarded.rpartition(":")
    return f"web:{client_host(host if separator and port.isdigit() and host else forwarded)}"


@functools.lru_cache(maxsize=4096)  # asked on every call with the connection's peer: parsed once per connection
def peer_address(peer: str) -> str:
    """The client's address from gRPC's peer string, without its port: "ipv4:10.0.0.7:51234"
    -> "ipv4:10.0.0.7"; an IPv6 address counts by its /64, which one host usually holds whole:
    "ipv6:[2001:db8::1]:51234" -> "ipv6:[2001:db8::]/64"; other kinds (unix sockets) whole."""
    kind, _, rest = peer.partition(":")
    if kind in ("ipv4", "ipv6") and ":" in rest:
        host = rest.rsplit(":", 1)[0]
        return f"{kind}:{client_host(host)}"
    return peer


@functools.lru_cache(maxsize=4096)  # asked on every call; a server sees few hosts at a time
def client_host(host: str) -> str:
    """A client's host as limits count it: an IPv6 address (bracketed or not, an IPv4 one
    mapped into it too) by its /64 network, anything else as it is."""
    bare = host[1:-1] if host.startswith("[") and host.endswith("]") else host
    try:
        address = ipaddress.ip_address(bare.split("%", 1)[0])
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        network = ipaddress.IPv6Network((address, 64), strict=False)
        return f"[{network.network_address}]/64"
    return str(address)


class StreamSlots:
    """Counts open streams, per key and in all, and refuses one more past either limit."""

    def __init__(self, per_key: int, total: int) -> None:
        self.per_key = per_key
        self.total = total
        self._open: Counter[str] = Counter()
        self._count = 0

    def acquire(self, key: str) -> str | None:
        """Take a slot: None when taken, otherwise which limit refused it ("key" or "total")."""
        if self._count >= self.total:
            return "total"
        if self._open[key] >= self.per_key:
            return "key"
        self._open[key] += 1
        self._count += 1
        return None

    def release(self, key: str) -> None:
        self._open[key] -= 1
        self._count -= 1
        if self._open[key] <= 0:
            del self._open[key]

    @property
    def count(self) -> int:
        return self._count

    def held(self, key: str) -> int:
        return self._open.get(key, 0)
