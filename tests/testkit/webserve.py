"""`kennel serve --web` on ephemeral loopback ports, for the browser tests (tests/browser/conftest.py
registers the fixture)."""

from __future__ import annotations

import queue
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest


@dataclass
class Served:
    grpc: str  # host:port
    web: str  # base URL
    errors: Path  # the server's stderr (its JSON log): a failing test shows what the server did

    def log(self) -> str:
        """The server's log so far, for a failure's message."""
        return self.errors.read_text(errors="replace")


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    """`kennel serve --web 0 --port 0`, as a person would start it, until the test ends."""
    yield from serve(tmp_path)


def serve(tmp_path: Path, *options: str) -> Iterator[Served]:
    """`served`, with more `kennel serve` options (`--lobby-timeout 2`), for a fixture of its own."""
    errors = (tmp_path / "serve.err").open("w")
    process = subprocess.Popen(
        [sys.executable, "-m", "kennel.service.cli", "serve", "--host", "127.0.0.1", "--port", "0", "--web", "0",
         "--data", str(tmp_path / "data"), "--log-format", "json", *options],
        stdout=subprocess.PIPE, stderr=errors, text=True,
    )
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=_pump, args=(process, lines), daemon=True).start()
    web = grpc = None
    try:
        while grpc is None or web is None:
            try:
                line = lines.get(timeout=30)
            except queue.Empty:
                pytest.fail(f"kennel serve --web did not start:\n{(tmp_path / 'serve.err').read_text()}")
            if found := re.search(r"are on (http://127\.0\.0\.1:\d+)/", line):
                web = found.group(1)
            if found := re.search(r"Kennel is serving on (127\.0\.0\.1:\d+)", line):
                grpc = found.group(1)
        yield Served(grpc=grpc, web=web, errors=tmp_path / "serve.err")
    finally:
        if process.poll() is not None:  # it stopped before the test did: say so, with why
            print(f"kennel serve exited early with {process.returncode}:\n{(tmp_path / 'serve.err').read_text()}")
        process.terminate()
        process.wait(timeout=15)
        errors.close()


def _pump(process: subprocess.Popen[str], lines: queue.Queue[str]) -> None:
    """Read the server's output as it comes, so that it never blocks on a full pipe."""
    for line in process.stdout or ():
        lines.put(line)


