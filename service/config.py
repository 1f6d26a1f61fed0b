"""Server settings: command-line flags over environment variables over defaults.

| setting | environment | flag | default |
|---|---|---|---|
| host | KENNEL_HOST | --host | 127.0.0.1 |
| port | KENNEL_PORT | --port | 50051 |
| data_dir | KENNEL_DATA_DIR | --data | ./data |
| log_format | KENNEL_LOG_FORMAT | --log-format | console |
| max_message_bytes | KENNEL_MAX_MESSAGE_BYTES | --max-message-bytes | 1 MiB |
| commands_per_second | KENNEL_COMMANDS_PER_SECOND | --commands-per-second | 50 |
| command_burst | KENNEL_COMMAND_BURST | --command-burst | 100 |
| max_streams_per_credential | KENNEL_MAX_STREAMS_PER_CREDENTIAL | --max-streams-per-credential | 8 |
| max_streams | KENNEL_MAX_STREAMS | --max-streams | 1000 |
| open_calls_per_second | KENNEL_OPEN_CALLS_PER_SECOND | --open-calls-per-second | 20 |
| open_call_burst | KENNEL_OPEN_CALL_BURST | --open-call-burst | 100 |
| auditor_hashes | KENNEL_AUDITOR_CREDENTIAL_SHA256 | --auditor-hash | none |
| store | KENNEL_STORE | --store | "" (SQLite under data_dir) |
| shards | KENNEL_SHARDS | --shards | 0 (as the database records; 1 on a new one) |
| store_lock_timeout | KENNEL_STORE_LOCK_TIMEOUT | --store-lock-timeout | 10 (seconds) |
| store_pool_size | KENNEL_STORE_POOL_SIZE | --store-pool-size | 4 (connections per shard) |
| web_port | KENNEL_WEB_PORT | --web | none (no web port) |
| metrics_port | KENNEL_METRICS_PORT | --metrics-port | none (no metrics endpoint) |
| lobby_timeout | KENNEL_LOBBY_TIMEOUT | --lobby-timeout | 3600 (seconds a game waits for open seats) |
| max_command_bytes | KENNEL_MAX_COMMAND_BYTES | --max-command-bytes | 16 KiB (a SubmitCommand request) |
| refusals_kept | KENNEL_REFUSALS_KEPT | --refusals-kept | 8 (refused commands kept whole per seat and decision) |
| credentials_per_second | KENNEL_CREDENTIALS_PER_SECOND | --credentials-per-second | 1 (per client address) |
| credential_burst | KENNEL_CREDENTIAL_BURST | --credential-burst | 30 (per client address) |
| max_streams_per_address | KENNEL_MAX_STREAMS_PER_ADDRESS | --max-streams-per-address | 64 |
| list_page_size | KENNEL_LIST_PAGE_SIZE | --list-page-size | 100 (ListOpenGames, the most per page) |
| bot_threads | KENNEL_BOT_THREADS | --bot-threads | 1 (bots thinking at once on the whole server) |
| max_bot_level | KENNEL_MAX_BOT_LEVEL | --max-bot-level | 3 (the strongest bot a CreateGame may seat) |
| finished_in_memory | KENNEL_FINISHED_IN_MEMORY | --finished-in-memory | 1000 (finished games kept loaded; older ones reload) |
| web_idle_timeout | KENNEL_WEB_IDLE_TIMEOUT | --web-idle-timeout | 60 (seconds) |
| web_header_timeout | KENNEL_WEB_HEADER_TIMEOUT | --web-header-timeout | 10 (seconds) |
| web_max_connections | KENNEL_WEB_MAX_CONNECTIONS | --web-max-connections | 256 |
| web_allowed_hosts | KENNEL_WEB_ALLOWED_HOSTS | --web-allowed-host | loopback names |
| trusted_proxies | KENNEL_TRUSTED_PROXIES | --trusted-proxy | none |
| workers | KENNEL_WORKERS | --workers | 1 (server processes on the port; docs/deploy.md) |
| event_loop | KENNEL_EVENT_LOOP | --event-loop | uvloop (or asyncio; kennel.service.eventloop) |

The auditor setting holds SHA-256 hex digests of auditor credentials (comma-separated in the
environment, the flag repeated), never a credential itself: `kennel auditor-credential` makes
a credential and prints its digest. docs/api.md says what each limit does when it is exceeded.
The store settings (a postgresql:// address, shards, lock timeout, pool) are in docs/deploy.md.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields

from kennel.service.eventloop import DEFAULT_EVENT_LOOP, EVENT_LOOPS

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 50051
_SHA256_HEX = re.compile(r"[0-9a-f]{64}")
POSTGRES_SCHEMES = ("postgresql://", "postgres://")
MAX_SHARDS = 64
MAX_WORKERS = 64


def auditor_hashes(values: str | Iterable[str]) -> frozenset[str]:
    """SHA-256 hex digests from a comma-separated string (or a list of them), checked."""
    items = values.split(",") if isinstance(values, str) else [v for value in values for v in value.split(",")]
    digests = frozenset(item.strip().lower() for item in items if item.strip())
    if not all(_SHA256_HEX.fullmatch(d) for d in digests):
        # The value is not echoed: someone may have pasted the credential itself by mistake.
        raise ValueError(
            "an auditor setting must hold SHA-256 hex digests (64 hex characters) of auditor "
            "credentials, never the credentials themselves; `kennel auditor-credential` makes a pair"
        )
    return digests


@dataclass(frozen=True)
class Config:
    host: str = DEFAULT_HOST
    port: int = DEFAULT_PORT
    data_dir: str = "data"  # the SQLite file lives here
    log_format: str = "console"  # "console" for people, "json" for machines
    # Limits (docs/api.md, "Limits").
    max_message_bytes: int = 1 << 20  # the largest request gRPC accepts
    commands_per_second: float = 50.0  # sustained SubmitCommand calls per credential
    command_burst: int = 100  # SubmitCommand calls a credential may send at once after a pause
    max_streams_per_credential: int = 8  # open Watch streams of one credential
    max_streams: int = 1000  # open Watch streams in all
    open_calls_per_second: float = 20.0  # calls without a credential per client address, sustained
    open_call_burst: int = 100  # calls without a credential a client address may make at once
    # Roles: SHA-256 hex digests of the credentials of auditors (read every game, act in none).
    auditor_hashes: frozenset[str] = frozenset()
    # Storage (docs/deploy.md): "" is SQLite under data_dir; a postgresql:// address (it may hold
    # a password, so it is left out of repr) is PostgreSQL, split across `shards` schemas.
    store: str = field(default="", repr=False)
    shards: int = 0  # 0: as recorded in the database at its first migration (1 on a new one)
    store_lock_timeout: int = 10  # seconds a PostgreSQL lock is waited for (0 would wait for ever)
    store_pool_size: int = 4  # PostgreSQL connections kept per shard (up to twice that in use)
    # The web port (docs/web.md): the API for browsers and the web client; None serves none.
    web_port: int | None = None
    # Prometheus metrics over HTTP on this port of `host` (0 picks a free one); None: not served.
    metrics_port: int | None = None
    # Hardening (issue 16; docs/reliability.md, "Threat model").
    lobby_timeout: float = 3600.0  # seconds a game may wait for its open seats before it is closed
    max_command_bytes: int = 16 << 10  # a larger SubmitCommand request is refused before it is decoded
    refusals_kept: int = 8  # refused commands kept whole per seat and decision; beyond: a count and a digest
    credentials_per_second: float = 1.0  # credentials minted (CreateGame, JoinGame, ForkGame) per address
    credential_burst: int = 30  # credentials an address may mint at once after a pause
    max_streams_per_address: int = 64  # open Watch streams of one client address (an IPv6 /64 is one)
    list_page_size: int = 100  # ListOpenGames answers at most this many games a page
    bot_threads: int = 1  # bots thinking at once on the whole server (kennel.service.botseats)
    max_bot_level: int = 3  # the strongest search bot a CreateGame may seat
    finished_in_memory: int = 1000  # finished games kept loaded, the most recently used; the rest reload
    web_idle_timeout: float = 60.0  # seconds a web connection may sit idle between requests
    web_header_timeout: float = 10.0  # seconds a web client has to send a request's head
    web_max_connections: int = 256  # open connections on the web port
    web_allowed_hosts: tuple[str, ...] = ("localhost", "127.0.0.1", "[::1]")  # Host headers the web port answers
    trusted_proxies: tuple[str, ...] = ()  # addresses whose X-Forwarded-For the web port believes
    # Server processes sharing the port (kennel.service.workers, docs/deploy.md). A worker the
    # supervisor started knows its index; None: this process serves (workers 1) or supervises.
    workers: int = 1
    worker_index: int | None = None
    event_loop: str = DEFAULT_EVENT_LOOP  # what `kennel serve` runs on (kennel.service.eventloop)

    def __post_init__(self) -> None:
        if not 0 <= self.port <= 65535:
            raise ValueError(f"port must be 0 to 65535, not {self.port}")
        if self.web_port is not None and not 0 <= self.web_port <= 65535:
            raise ValueError(f"web port must be 0 to 65535, not {self.web_port}")
        if self.metrics_port is not None and not 0 <= self.metrics_port <= 65535:
            raise ValueError(f"metrics port must be 0 to 65535, not {self.metrics_port}")
        if self.log_format not in ("console", "json"):
            raise ValueError(f"log format must be console or json, not {self.log_format!r}")
        for name in ("max_message_bytes", "commands_per_second", "command_burst", "max_streams_per_credential",
                     "max_streams", "open_calls_per_second", "open_call_burst", *HARDENING_NUMBERS):
            if not getattr(self, name) > 0:
                raise ValueError(f"{name} must be more than 0, not {getattr(self, name)}")
        object.__setattr__(self, "auditor_hashes", auditor_hashes(self.auditor_hashes))
        # Loopback names are always allowed: a flag adds real names, never removes those.
        hosts = (*Config.web_allowed_hosts, *names(self.web_allowed_hosts))
        object.__setattr__(self, "web_allowed_hosts", tuple(dict.fromkeys(hosts)))
        object.__setattr__(self, "trusted_proxies", names(self.trusted_proxies))
        if self.store and not self.store.startswith(POSTGRES_SCHEMES):
            # Not echoed: the address may hold a password.
            raise ValueError("the store is a postgresql://USER@HOST:PORT/DATABASE address (or empty for SQLite)")
        if not 0 <= self.shards <= MAX_SHARDS:
            raise ValueError(f"shards must be 0 (as recorded) to {MAX_SHARDS}, not {self.shards}")
        if not 1 <= self.workers <= MAX_WORKERS:
            raise ValueError(f"workers must be 1 to {MAX_WORKERS}, not {self.workers}")
        if self.event_loop not in EVENT_LOOPS:
            raise ValueError(f"event loop must be one of {', '.join(EVENT_LOOPS)}, not {self.event_loop!r}")
        for name in ("store_lock_timeout", "store_pool_size"):
            if not getattr(self, name) > 0:
                raise ValueError(f"{name} must be more than 0, not {getattr(self, name)}")

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None, **overrides: object) -> Config:
        """Settings from KENNEL_* environment variables (table above); `overrides` (flags) win.

        Raises ValueError, naming the setting, when a value is malformed.
        """
        environ = dict(os.environ) if environ is None else environ
        values: dict[str, object] = {}
        types = {f.name: f.type for f in fields(cls)}
        for name, variable in ENVIRONMENT.items():
            raw = environ.get(variable)
            if raw is None or not raw.strip():
                continue
            try:
                values[name] = _PARSERS.get(name, _parser(types[name]))(raw.strip())
            except ValueError as error:
                raise ValueError(f"{variable}: {error}") from None
        values.update({key: value for key, value in overrides.items() if value is not None})
        return cls(**values)  # type: ignore[arg-type]


ENVIRONMENT: dict[str, str] = {
    "host": "KENNEL_HOST",
    "port": "KENNEL_PORT",
    "data_dir": "KENNEL_DATA_DIR",
    "log_format": "KENNEL_LOG_FORMAT",
    "max_message_bytes": "KENNEL_MAX_MESSAGE_BYTES",
    "commands_per_second": "KENNEL_COMMANDS_PER_SECOND",
    "command_burst": "KENNEL_COMMAND_BURST",
    "max_streams_per_credential": "KENNEL_MAX_STREAMS_PER_CREDENTIAL",
    "max_streams": "KENNEL_MAX_STREAMS",
    "open_calls_per_second": "KENNEL_OPEN_CALLS_PER_SECOND",
    "open_call_burst": "KENNEL_OPEN_CALL_BURST",
    "auditor_hashes": "KENNEL_AUDITOR_CREDENTIAL_SHA256",
    "store": "KENNEL_STORE",
    "shards": "KENNEL_SHARDS",
    "store_lock_timeout": "KENNEL_STORE_LOCK_TIMEOUT",
    "store_pool_size": "KENNEL_STORE_POOL_SIZE",
    "web_port": "KENNEL_WEB_PORT",
    "metrics_port": "KENNEL_METRICS_PORT",
    "lobby_timeout": "KENNEL_LOBBY_TIMEOUT",
    "max_command_bytes": "KENNEL_MAX_COMMAND_BYTES",
    "refusals_kept": "KENNEL_REFUSALS_KEPT",
    "credentials_per_second": "KENNEL_CREDENTIALS_PER_SECOND",
    "credential_burst": "KENNEL_CREDENTIAL_BURST",
    "max_streams_per_address": "KENNEL_MAX_STREAMS_PER_ADDRESS",
    "list_page_size": "KENNEL_LIST_PAGE_SIZE",
    "bot_threads": "KENNEL_BOT_THREADS",
    "max_bot_level": "KENNEL_MAX_BOT_LEVEL",
    "finished_in_memory": "KENNEL_FINISHED_IN_MEMORY",
    "web_idle_timeout": "KENNEL_WEB_IDLE_TIMEOUT",
    "web_header_timeout": "KENNEL_WEB_HEADER_TIMEOUT",
    "web_max_connections": "KENNEL_WEB_MAX_CONNECTIONS",
    "web_allowed_hosts": "KENNEL_WEB_ALLOWED_HOSTS",
    "trusted_proxies": "KENNEL_TRUSTED_PROXIES",
    "workers": "KENNEL_WORKERS",
    "event_loop": "KENNEL_EVENT_LOOP",
}

# The numeric hardening limits (each more than 0), with the help of their flags (kennel.service.cli).
HARDENING_NUMBERS: dict[str, str] = {
    "lobby_timeout": "seconds a game waits for its open seats before it is closed (default 3600)",
    "max_command_bytes": "largest SubmitCommand request, refused before it is decoded (default 16384)",
    "refusals_kept": "refused commands kept whole per seat and decision; then a count and digest (default 8)",
    "credentials_per_second": "credentials minted per client address per second, sustained (default 1)",
    "credential_burst": "credentials a client address may mint at once after a pause (default 30)",
    "max_streams_per_address": "open Watch streams per client address, an IPv6 /64 as one (default 64)",
    "list_page_size": "most games in one ListOpenGames page (default 100)",
    "bot_threads": "bots thinking at once on the whole server, each on a thread (default 1)",
    "max_bot_level": "the strongest search bot level a CreateGame may seat (default 3)",
    "finished_in_memory": "finished games kept loaded in memory, the most recently used (default 1000)",
    "web_idle_timeout": "seconds a web port connection may sit idle (default 60)",
    "web_header_timeout": "seconds a web client has to send a request's head (default 10)",
    "web_max_connections": "open connections on the web port (default 256)",
}
# Lists of names (comma-separated in the environment, the flag repeated).
HARDENING_LISTS: dict[str, str] = {
    "web_allowed_hosts": "a Host the web port answers besides loopback names (repeatable)",
    "trusted_proxies": "an address whose X-Forwarded-For the web port believes (repeatable; default none)",
}


def names(values: str | Iterable[str]) -> tuple[str, ...]:
    items = values.split(",") if isinstance(values, str) else [v for value in values for v in value.split(",")]
    return tuple(item.strip().lower() for item in items if item.strip())

_PARSERS: dict[str, Callable[[str], object]] = {
    "auditor_hashes": auditor_hashes, "web_port": int, "metrics_port": int,
    "web_allowed_hosts": names, "trusted_proxies": names,
}


def _parser(annotation: object) -> Callable[[str], object]:
    return {"int": int, "float": float}.get(str(annotation), str)
