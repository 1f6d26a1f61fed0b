"""How admission is put around the Kennel service: once, at start-up, on every method, with the
services added to gRPC as generic handlers only (kennel.service.server._Services).

Admission used to be a grpc.aio server interceptor; these hold the wrapping done instead to what
the interceptor guaranteed: no Kennel method is served without it, whatever the method."""

from __future__ import annotations

from typing import Any

import grpc
import pytest
from grpc_health.v1 import health, health_pb2_grpc
from grpc_reflection.v1alpha import reflection
from kennel.service.config import Config
from kennel.service.errors import ERROR_CODE_KEY
from kennel.service.interceptors import SERVICE, KennelInterceptor
from kennel.service.server import _Services
from kennel.v1 import kennel_pb2 as pb
from kennel.v1 import kennel_pb2_grpc as pb_grpc
from testkit.servers import ServerThread

KENNEL_METHODS = pb.DESCRIPTOR.services_by_name["Kennel"].methods
TRUNCATED = b"\x0a\xff"  # field 1, length-delimited, its length cut short: no message parses it


def test_every_kennel_method_is_served_through_admission(server: ServerThread) -> None:
    """A body that does not parse is INVALID_ARGUMENT with our error code only where admission
    runs (gRPC alone answers such a body otherwise): so every method of the service has it."""
    with grpc.insecure_channel(server.address) as channel:
        for method in KENNEL_METHODS:
            path = f"/{SERVICE}/{method.name}"
            with pytest.raises(grpc.RpcError) as raised:
                if method.server_streaming:
                    list(channel.unary_stream(path)(TRUNCATED, timeout=10))
                else:
                    channel.unary_unary(path)(TRUNCATED, timeout=10)
            error: Any = raised.value
            assert error.code() == grpc.StatusCode.INVALID_ARGUMENT, method.name
            assert (ERROR_CODE_KEY, "kennel/malformed") in tuple(error.trailing_metadata()), method.name


class _RecordingServer:
    """What `_Services.add_to` asks of a grpc.aio server."""

    def __init__(self) -> None:
        self.generic: list[Any] = []
        self.registered: list[Any] = []

    def add_generic_rpc_handlers(self, handlers: Any) -> None:
        self.generic.extend(handlers)

    def add_registered_method_handlers(self, service: str, handlers: Any) -> None:
        self.registered.append(service)


class _Details(grpc.HandlerCallDetails):
    def __init__(self, method: str) -> None:
        self.method = method
        self.invocation_metadata = ()


def _resolve(generic: list[Any], path: str) -> grpc.RpcMethodHandler | None:
    for handler in generic:
        found = handler.service(_Details(path))
        if found is not None:
            return found  # type: ignore[no-any-return]
    return None


def _admission() -> KennelInterceptor:
    return KennelInterceptor(hub=None, config=Config())  # type: ignore[arg-type]  # not called here


def test_services_are_added_as_generic_handlers_only_with_kennel_wrapped() -> None:
    services = _Services(_admission())
    pb_grpc.add_KennelServicer_to_server(pb_grpc.KennelServicer(), services)
    health_pb2_grpc.add_HealthServicer_to_server(health.aio.HealthServicer(), services)
    reflection.enable_server_reflection((SERVICE, health.SERVICE_NAME, reflection.SERVICE_NAME), services)
    server = _RecordingServer()
    services.add_to(server, expected=(SERVICE, health.SERVICE_NAME, reflection.SERVICE_NAME))  # type: ignore[arg-type]
    assert server.registered == []
    for method in KENNEL_METHODS:
        handler = _resolve(server.generic, f"/{SERVICE}/{method.name}")
        assert handler is not None, method.name
        behaviour = handler.unary_stream if method.server_streaming else handler.unary_unary
        # The servicer's own method is never what is served: admission's wrapper is.
        assert behaviour is not None and behaviour.__qualname__.startswith("KennelInterceptor."), method.name
    assert _resolve(server.generic, "/grpc.health.v1.Health/Check") is not None
    assert _resolve(server.generic, f"/{reflection.SERVICE_NAME}/ServerReflectionInfo") is not None


def test_a_service_not_registered_by_method_stops_the_start() -> None:
    services = _Services(_admission())
    services.add_generic_rpc_handlers(())  # what a module registering only generically would do
    with pytest.raises(RuntimeError, match="grpc.health.v1.Health"):
        services.add_to(_RecordingServer(), expected=(health.SERVICE_NAME,))  # type: ignore[arg-type]


def test_admission_refuses_to_wrap_what_it_does_not_know() -> None:
    admission = _admission()
    unary = grpc.unary_unary_rpc_method_handler(lambda request, context: None)
    with pytest.raises(KeyError):
        admission.wrap_service({"NoSuchMethod": unary})
    both_ways = grpc.stream_stream_rpc_method_handler(lambda requests, context: iter(()))
    with pytest.raises(TypeError, match="neither unary-unary nor unary-stream"):
        admission.wrap_service({"GetView": both_ways})
