"""A real Kennel server in a background thread, as `kennel serve` would run it."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from kennel.service.config import Config
from kennel.service.server import RunningServer, start_server


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
