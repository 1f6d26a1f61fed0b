"""Data files are their owner's alone (issue 16, hole 11): the SQLite store, which holds the
seeds of running games, was created readable by every user of the machine. A real `kennel
serve` process, started with a permissive umask, must leave its folder 0700 and files 0600."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from kennel.client import Kennel
from trustkit import ServerProcess


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_the_data_folder_and_its_files_are_the_owner_s_only(tmp_path: Path) -> None:
    data = tmp_path / "data"
    previous = os.umask(0o022)  # the usual default: files 0644, folders 0755 unless we say otherwise
    try:
        server = ServerProcess(data, tmp_path / "serve.log").start()
    finally:
        os.umask(previous)
    try:
        with Kennel(server.address, timeout=10) as kennel:
            created = kennel.create_game("hoarders", ["Ann", None])
            kennel.join(created.game_id, "Bob")  # writes: the WAL and its index exist now
    finally:
        server.stop()
    assert _mode(data) == 0o700
    files = [path for path in data.iterdir() if path.is_file()]
    assert {path.name for path in files} >= {"kennel.sqlite3", "signing-key.pem"}
    for path in files:
        assert _mode(path) == 0o600, f"{path.name} is {oct(_mode(path))}"
