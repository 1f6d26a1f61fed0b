"""Tests on a real PostgreSQL: skipped, saying why, when none answers on 127.0.0.1:5432, and
required (failing instead) under KENNEL_REQUIRE_POSTGRES=1. See testkit.postgres."""

from __future__ import annotations

import pytest
from testkit.postgres import require_postgres


@pytest.fixture(autouse=True)
def _postgres_answers() -> None:
    require_postgres()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/postgres/" in str(item.path).replace("\\", "/"):
            item.add_marker(pytest.mark.postgres)
