"""All wiring in one place: store, hub, projections, servicer, interceptor, health, reflection.

Nothing happens at import time. `start_server` returns a running server and the port it was
bound to (port 0 picks a free one, which is what tests use).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path

import grpc
import structlog
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection
from kennel.domain.registry import GAMES
from kennel.replay.signing import load_or_create_key, public_bytes
from kennel.service.appender import Appender
from kennel.service.config import Config
from kennel.service.eventloop import running_loop_name
from kennel.service.games import GameHub
from kennel.service.interceptors import SERVICE, KennelInterceptor
from kennel.service.lookup import AdmittedHandlers
from kennel.service.metrics import Metrics, MetricsEndpoint, serve_metrics
from kennel.service.projections import Projections
from kennel.service.registration import check_registered
from kennel.service.servicer import KennelServicer
from kennel.service.storage import GameStore, open_store
from kennel.v1 import kennel_pb2_grpc


def open_configured_store(config: Config) -> GameStore:
    """SQLite under the data folder, or PostgreSQL (migrated first, once) when a store is set."""
    if not config.store:  # several workers on one file follow each other's appends
        return open_store(config.data_dir, shared=config.workers > 1)
    return open_store(
        url=config.store, shards=config.shards or None, lock_timeout=config.store_lock_timeout,
        pool_size=config.store_pool_size,
    )

SIGNING_KEY_FILE = "signing-key.pem"  # the server's Ed25519 key for signed checkpoints

log = structlog.get_logger(__name__)


class _Services:
    """Collects what the generated `add_*Servicer_to_server` functions register, to add it to
    the server as generic handlers only, with the Kennel service's handlers wrapped in admission.

    Those functions register each service twice: as a generic handler, and as "registered
    methods" (`add_registered_method_handlers`). grpc.aio's server keeps one pending request per
    registered method and waits on all of them with `asyncio.wait` after every call (about 65k
    instructions per call with our 14, a fifth of a bare echo call, by callgrind;
    issue 20); with generic handlers only it waits on one, as the bare echo does. The
    generic handler they pass is dropped: it would serve the Kennel methods unwrapped; theirs by
    name are wrapped as they come, so none is ever held unwrapped."""

    def __init__(self, admission: KennelInterceptor) -> None:
        self._admission = admission
        self._services: dict[str, dict[str, grpc.RpcMethodHandler]] = {}

    def add_generic_rpc_handlers(self, handlers: object) -> None:
        """Dropped: the same methods come by name through `add_registered_method_handlers`."""

    def add_registered_method_handlers(self, service: str, handlers: dict[str, grpc.RpcMethodHandler]) -> None:
        if service == SERVICE:
            handlers = self._admission.wrap_service(handlers)
        self._services[service] = {**self._services.get(service, {}), **handlers}

    def add_to(self, server: grpc.aio.Server, expected: tuple[str, ...]) -> None:
        missing = set(expected) - set(self._services)
        if missing:  # a generated module that no longer registers by method name: fail, not serve less
            raise RuntimeError(f"services not registered by method: {sorted(missing)}")
        server.add_generic_rpc_handlers(tuple(
            # Kennel's first: nearly every call is one of its, found by one look-up
            AdmittedHandlers(name, methods) if name == SERVICE else grpc.method_handlers_generic_handler(name, methods)
            for name, methods in sorted(self._services.items(), key=lambda item: item[0] != SERVICE)
        ))


@dataclass
class RunningServer:
    server: grpc.aio.Server
    port: int
    hub: GameHub
    store: GameStore
    health: health.aio.HealthServicer
    metrics: MetricsEndpoint | None = None  # when the config asks for a metrics port

    @property
    def public_key(self) -> str:
        """The hex Ed25519 public key that checks this server's signed checkpoints."""
        return public_bytes(self.hub.signing_key).hex()

    async def stop(self, grace: float | None = 1.0) -> None:
        await self.health.enter_graceful_shutdown()
        await self.server.stop(grace)
        self.hub.close()
        await self.hub.appender.close()  # the writer thread lets go of the store before it closes
        if self.metrics is not None:
            self.metrics.stop()
        self.store.close()


async def start_server(config: Config, store: GameStore | None = None) -> RunningServer:
    check_registered(GAMES)  # before anything opens: a half-registered game is a developer's mistake
    store = store or await asyncio.to_thread(open_configured_store, config)
    signing_key = load_or_create_key(Path(config.data_dir) / SIGNING_KEY_FILE)
    metrics = Metrics()
    hub = GameHub(store, signing_key, Appender(store, metrics), lobby_timeout=config.lobby_timeout,
                  list_page_size=config.list_page_size, refusals_kept=config.refusals_kept,
                  bot_threads=config.bot_threads, max_bot_level=config.max_bot_level,
                  finished_in_memory=config.finished_in_memory)
    metrics.count_games(hub.count_open, hub.games_in_memory)
    await hub.start()
    server = grpc.aio.server(
        options=[
            ("grpc.max_receive_message_length", config.max_message_bytes),
            # Off, so that a port in use is an error; on for the workers of one server, which
            # all listen on the port the supervisor chose (kennel.service.workers).
            ("grpc.so_reuseport", 1 if config.worker_index is not None else 0),
        ],
    )
    services = _Services(KennelInterceptor(hub, config))
    kennel_pb2_grpc.add_KennelServicer_to_server(KennelServicer(hub, Projections(), metrics), services)
    health_servicer = health.aio.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, services)
    reflection.enable_server_reflection((SERVICE, health.SERVICE_NAME, reflection.SERVICE_NAME), services)
    services.add_to(server, expected=(SERVICE, health.SERVICE_NAME, reflection.SERVICE_NAME))
    port = server.add_insecure_port(f"{config.host}:{config.port}")
    if port == 0:
        raise OSError(f"cannot listen on {config.host}:{config.port}")
    await server.start()
    for name in ("", SERVICE):
        await health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    endpoint = None if config.metrics_port is None else serve_metrics(metrics, config.host, config.metrics_port)
    log.info("serving", address=f"{config.host}:{port}", event_loop=running_loop_name(), metrics_port=endpoint.port if endpoint else None, store=store.location,
             public_key=public_bytes(signing_key).hex(), auditors=len(config.auditor_hashes),
             max_message_bytes=config.max_message_bytes, commands_per_second=config.commands_per_second,
             command_burst=config.command_burst, max_streams_per_credential=config.max_streams_per_credential,
             max_streams=config.max_streams)
    return RunningServer(server=server, port=port, hub=hub, store=store, health=health_servicer, metrics=endpoint)
