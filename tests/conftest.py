"""Fixtures for every test folder: a real Kennel server on an ephemeral loopback port, driven
through our own SDK."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from kennel.client import Kennel
from testkit.servers import ServerThread


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerThread]:
    running = ServerThread(tmp_path / "data").start()
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture
def kennel(server: ServerThread) -> Iterator[Kennel]:
    with Kennel(server.address, timeout=10) as client:
        yield client
