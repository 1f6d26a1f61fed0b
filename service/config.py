"""Server settings: command-line flags over environment variables over defaults."""

from __future__ import annotations

import os
from dataclasses import dataclass

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 50051


@dataclass(frozen=True)
class Config:
    host: str = DEFAULT_HOST
    port: int = DEFAULT_PORT
    data_dir: str = "data"  # the SQLite file lives here
    max_message_bytes: int = 1 << 20
    log_format: str = "console"  # "console" for people, "json" for machines

    @classmethod
    def from_env(cls, **overrides: object) -> Config:
        """KENNEL_HOST, KENNEL_PORT, KENNEL_DATA_DIR, KENNEL_LOG_FORMAT; `overrides` (flags) win."""
        values: dict[str, object] = {
            "host": os.environ.get("KENNEL_HOST", DEFAULT_HOST),
            "port": int(os.environ.get("KENNEL_PORT", DEFAULT_PORT)),
            "data_dir": os.environ.get("KENNEL_DATA_DIR", "data"),
            "log_format": os.environ.get("KENNEL_LOG_FORMAT", "console"),
        }
        values.update({key: value for key, value in overrides.items() if value is not None})
        return cls(**values)  # type: ignore[arg-type]
