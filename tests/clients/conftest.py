"""Clients' tests: a real Kennel server on an ephemeral loopback port, shared by a module."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from testkit.servers import ServerThread


@pytest.fixture(scope="module")
def server_address(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    running = ServerThread(tmp_path_factory.mktemp("kennel-data")).start()
    try:
        yield running.address
    finally:
        running.stop()
