"""A PostgreSQL database of its own for each test that needs one (issue 7).

The server is the one on 127.0.0.1:5432 (trust auth, user postgres), or KENNEL_TEST_POSTGRES.
When none answers, the tests that need it skip saying so, unless KENNEL_REQUIRE_POSTGRES=1 (CI),
where they fail instead. Each database has a unique name and is dropped afterwards.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

ADMIN_URL = os.environ.get("KENNEL_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/postgres")
REQUIRED = os.environ.get("KENNEL_REQUIRE_POSTGRES") == "1"


@functools.cache
def unavailable() -> str | None:
    """Why no PostgreSQL server can be used, or None when one answers."""
    try:
        import psycopg

        with psycopg.connect(ADMIN_URL, connect_timeout=3) as connection:
            connection.execute("SELECT 1")
    except Exception as error:  # any failure to reach it means: no server for these tests
        detail = " ".join(str(error).split())
        return f"no PostgreSQL server answers at {_without_password(ADMIN_URL)} ({type(error).__name__}: {detail})"
    return None


def require_postgres() -> None:
    """Skip (or, under KENNEL_REQUIRE_POSTGRES=1, fail) the calling test if there is no server."""
    reason = unavailable()
    if reason is None:
        return
    if REQUIRED:
        pytest.fail(f"KENNEL_REQUIRE_POSTGRES=1 but {reason}", pytrace=False)
    pytest.skip(f"{reason}; start one (trust auth, user postgres) or set KENNEL_TEST_POSTGRES to run these tests")


@contextmanager
def fresh_database(label: str) -> Iterator[str]:
    """A new, empty database; yields its postgresql:// address and drops it afterwards."""
    from kennel.service.postgres import scratch_database

    require_postgres()
    with scratch_database(ADMIN_URL, f"kennel_test_{label}") as url:
        yield url


def _without_password(url: str) -> str:
    scheme, _, rest = url.partition("://")
    credentials, at, host = rest.rpartition("@")
    return f"{scheme}://{credentials.split(':', 1)[0]}{at}{host}" if at else url
