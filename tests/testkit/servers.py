"""A real Kennel server in a background thread, as `kennel serve` would run it."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from kennel.service.appender import Appender
from kennel.service.config import Config
from kennel.service.games import GameHub
from kennel.service.server import RunningServer, start_server
from kennel.service.storage import GameStore


class ServerThread:
    """Runs the asyncio server in its own thread and loop, as `kennel serve` would."""

    def __init__(self, data_dir: Path, **settings: Any) -> None:
        self.data_dir = data_dir
        self.settings = settings  # more `Config` fields (limits, metrics_port)
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.running: RunningServer | None = None

    def start(self) -> ServerThread:
        self._thread.start()
        config = Config(host="127.0.0.1", port=0, data_dir=str(self.data_dir), **self.settings)
        self.running = self._run(start_server(config))
        return self

    @property
    def address(self) -> str:
        assert self.running is not None
        return f"127.0.0.1:{self.running.port}"

    def _run(self, coroutine: Any) -> Any:
        future: Future[Any] = asyncio.run_coroutine_threadsafe(coroutine, self.loop)
        return future.result(timeout=30)

    def stop(self) -> None:
        if self.running is not None:
            self._run(self.running.stop(grace=0.5))
            self.running = None
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(timeout=10)
        self.loop.close()


def run_with_hub(data_dir: Path, body: Any, store: GameStore | None = None) -> None:
    """Run `await body(hub)` with a started GameHub (no gRPC) over `store`, or a new SQLite store
    in `data_dir`; the hub, its appender and the store are closed after, whatever happened."""
    store = store or GameStore.sqlite(data_dir)

    async def run() -> None:
        hub = GameHub(store, Ed25519PrivateKey.generate(), Appender(store))
        await hub.start()
        try:
            await body(hub)
        finally:
            hub.close()
            await hub.appender.close()

    try:
        asyncio.run(run())
    finally:
        store.close()
