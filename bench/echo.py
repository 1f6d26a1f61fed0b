"""The baseline: a bare gRPC unary echo on the same grpcio (aio), server and client.

The echo server runs on the event loop `kennel serve` runs on by default (uvloop: kennel.service.
eventloop), so that a ratio to it measures Kennel's own work, not the choice of loop; the load
generators, like a user's client, run on asyncio's own.

`python -m bench.echo` serves `/bench.Echo/Echo` on a free loopback port and prints
"echo serving on 127.0.0.1:PORT"; the message is a protobuf `StringValue`, so the echo pays
for the same protobuf (de)serialisation a Kennel call does, with nothing behind it.
"""

from __future__ import annotations

import asyncio
import signal
from typing import Any

import grpc
from google.protobuf.wrappers_pb2 import StringValue
from kennel.service import eventloop
from kennel.service.eventloop import DEFAULT_EVENT_LOOP

METHOD = "/bench.Echo/Echo"
PAYLOAD = "x" * 64  # a small message, as small as a typical Kennel command


async def _echo(request: StringValue, context: grpc.aio.ServicerContext) -> StringValue:
    return request


async def serve() -> None:
    server = grpc.aio.server(options=[("grpc.so_reuseport", 0)])
    handler = grpc.unary_unary_rpc_method_handler(
        _echo, request_deserializer=StringValue.FromString, response_serializer=StringValue.SerializeToString
    )
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler("bench.Echo", {"Echo": handler}),))
    port = server.add_insecure_port("127.0.0.1:0")
    await server.start()
    print(f"echo serving on 127.0.0.1:{port}", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    await stop.wait()
    await server.stop(0.5)


def client_call(channel: grpc.aio.Channel) -> Any:
    """The client side: an awaitable echo of the small message."""
    call = channel.unary_unary(
        METHOD, request_serializer=StringValue.SerializeToString, response_deserializer=StringValue.FromString
    )
    request = StringValue(value=PAYLOAD)

    async def echo() -> None:
        await call(request, timeout=30)

    return echo


if __name__ == "__main__":
    eventloop.run(serve(), DEFAULT_EVENT_LOOP)
