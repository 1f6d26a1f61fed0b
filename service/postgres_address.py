"""Where a PostgreSQL store lives: its postgresql:// address, split as the event store library's
settings want it, and scratch databases for tests and benchmarks (kennel.service.postgres
re-exports both)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import psycopg
from psycopg import sql

CONNECT_TIMEOUT = 5  # seconds


@dataclass(frozen=True)
class PostgresAddress:
    """A postgresql:// address, split as the library's settings want it."""

    dbname: str
    host: str
    port: str
    user: str
    password: str

    @classmethod
    def parse(cls, url: str) -> PostgresAddress:
        if not url.startswith(("postgresql://", "postgres://")):
            raise ValueError("a store address is postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE")
        try:
            parts = psycopg.conninfo.conninfo_to_dict(url)
        except psycopg.ProgrammingError:
            raise ValueError("a store address is postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE") from None
        user = str(parts.get("user") or "postgres")
        return cls(
            dbname=str(parts.get("dbname") or user),
            host=str(parts.get("host") or "127.0.0.1"),
            port=str(parts.get("port") or "5432"),
            user=user,
            password=str(parts.get("password") or ""),
        )

    def connect(self, **kwargs: Any) -> psycopg.Connection[Any]:
        return psycopg.connect(
            dbname=self.dbname, host=self.host, port=self.port, user=self.user, password=self.password,
            connect_timeout=CONNECT_TIMEOUT, **kwargs,
        )

    def __str__(self) -> str:
        """For logs and messages: never the password."""
        return f"postgresql://{self.user}@{self.host}:{self.port}/{self.dbname}"


@contextmanager
def scratch_database(admin_url: str, prefix: str) -> Iterator[str]:
    """A new, empty database on `admin_url`'s server, named `prefix` and a random suffix; yields
    its postgresql:// address and drops it afterwards (tests and benchmarks: nothing is kept)."""
    name = f"{prefix}_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield f"{admin_url.rsplit('/', 1)[0]}/{name}"
    finally:
        with psycopg.connect(admin_url, autocommit=True) as admin:
            # FORCE: a killed process's sessions may linger a moment.
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
