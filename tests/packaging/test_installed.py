"""What we ship, installed as a user would, in temporary folders outside the checkout (issue #15).

`make dist`'s steps (testkit/dist.py) build the two wheels and the npm tarball; then
- a fresh virtual environment gets the server wheel (pip takes the client wheel it depends on
  from the same folder, third-party packages from the package index) and runs `kennel serve`
  (its web port serving the web client from inside the wheel) and `kennel simulate --server`;
- a second fresh environment gets only the client wheel, cannot import kennel.domain, and plays
  a whole Hoarders game against that server with docs/api.md's Python example;
- a scratch npm project gets only the tarball and plays a whole game with docs/api.md's
  TypeScript example (plain JavaScript as written, so Node runs it without a compiler).
Nothing here runs from the checkout: every command starts in the temporary folder, with no
PYTHONPATH. The environments are made without pip (`venv --without-pip`) and filled by this
environment's pip (`pip --python`): the same packages, without paying for ensurepip twice.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from testkit import dist
from testkit.fenced import API_DOC, DOC_GRPC_ADDRESS, aimed, only
from testkit.node import require

pytestmark = pytest.mark.slow


@dataclass
class Shipped:
    folder: Path
    tarball: Path | None  # None where npm is missing


@dataclass
class Served:
    environment: Path
    address: str
    web: str


def clean_env() -> dict[str, str]:
    """This process's environment without anything that points Python at the checkout."""
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}


def sh(command: list[str], cwd: Path, timeout: float = 240) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        command, cwd=cwd, env=clean_env(), capture_output=True, text=True, timeout=timeout, check=False
    )
    assert done.returncode == 0, (
        f"{' '.join(command)} failed ({done.returncode}):\n{done.stderr}\n{done.stdout}"
    )
    return done


def install(where: Path, shipped: Shipped, requirement: str) -> dict[str, str]:
    """A fresh environment at `where` with `requirement` from the shipped folder (ours) and the
    index (the rest); every installed distribution -> where pip took it from."""
    sh([sys.executable, "-m", "venv", "--without-pip", str(where)], cwd=where.parent)
    report = where.parent / f"{where.name}-report.json"
    sh(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(where / "bin" / "python"),
            "install",
            "--quiet",
            "--find-links",
            str(shipped.folder),
            "--report",
            str(report),
            requirement,
        ],
        cwd=where.parent,
    )
    installed = json.loads(report.read_text())["install"]
    return {item["metadata"]["name"].lower(): item["download_info"]["url"] for item in installed}


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> Shipped:
    folder = tmp_path_factory.mktemp("shipped") / "dist"
    problems = dist.build(folder)
    assert problems == []
    tarball = dist.tarball(folder)
    return Shipped(folder, tarball if tarball.is_file() else None)


@pytest.fixture(scope="module")
def served(shipped: Shipped, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    home = tmp_path_factory.mktemp("server-wheel")
    environment = home / "venv"
    sources = install(environment, shipped, f"kennel-server=={dist.python_version()}")
    # Ours both came from the shipped folder, and nothing else of ours was installed.
    ours = {name: url for name, url in sources.items() if name.startswith("kennel")}
    assert sorted(ours) == ["kennel-client", "kennel-server"]
    assert "grpcio-tools" not in sources  # the generated code is inside the wheel
    assert all(url.startswith(shipped.folder.as_uri() + "/") for url in ours.values()), ours
    site = next((environment / "lib").glob("python*/site-packages"))
    assert not any((site / name).exists() for name in ("domain", "service", "replay"))

    server = subprocess.Popen(
        [
            str(environment / "bin" / "kennel"),
            "serve",
            "--port",
            "0",
            "--web",
            "0",
            "--data",
            str(home / "data"),
        ],
        cwd=home,
        env=clean_env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        address = web = ""
        assert server.stdout is not None
        for _ in range(200):  # start-up log lines, then the banner
            line = server.stdout.readline()
            if not line:
                break
            if found := re.search(r"browsers are on (http://\S+?)/?$", line):
                web = found.group(1)
            if found := re.search(r"Kennel is serving on (\S+)$", line):
                address = found.group(1)
                break
        assert address and web, "kennel serve did not say where it serves"
        yield Served(environment, address, web)
    finally:
        server.send_signal(signal.SIGINT)  # as Ctrl-C: a graceful stop
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(timeout=10)


def test_the_server_wheel_serves_and_simulates(served: Served, shipped: Shipped, tmp_path: Path) -> None:
    done = sh(
        [
            str(served.environment / "bin" / "kennel"),
            "simulate",
            "hoarders",
            "--players",
            "2",
            "--games",
            "1",
            "--seed",
            "shipped",
            "--server",
            served.address,
        ],
        cwd=tmp_path,
    )
    assert done.stdout.startswith(f"1 games of Hoarders, 2 players, seed 'shipped', through {served.address}")
    with urllib.request.urlopen(f"{served.web}/games.json", timeout=10) as answer:
        assert "hoarders" in {game["name"] for game in json.loads(answer.read())}
    if shipped.tarball is not None:  # npm built the web client, so the wheel carries it
        with urllib.request.urlopen(f"{served.web}/app.js", timeout=10) as answer:
            assert answer.status == 200 and len(answer.read()) > 1000
        with urllib.request.urlopen(f"{served.web}/", timeout=10) as answer:
            assert b"not built" not in answer.read()


def test_the_client_wheel_alone_plays_a_whole_game(served: Served, shipped: Shipped, tmp_path: Path) -> None:
    environment = tmp_path / "venv"
    sources = install(environment, shipped, f"kennel-client=={dist.python_version()}")
    assert "kennel-server" not in sources and sources["kennel-client"].startswith(shipped.folder.as_uri())
    assert "grpcio-tools" not in sources
    assert {"grpcio", "protobuf"} <= set(sources) and not {"eventsourcing", "uvicorn", "psycopg"} & set(
        sources
    )
    python = str(environment / "bin" / "python")
    refused = subprocess.run(
        [python, "-c", "import kennel.domain"],
        cwd=tmp_path,
        env=clean_env(),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert refused.returncode != 0 and "No module named 'kennel.domain'" in refused.stderr

    (tmp_path / "example.py").write_text(aimed(only(API_DOC, "python"), DOC_GRPC_ADDRESS, served.address))
    lines = sh([python, "example.py"], cwd=tmp_path, timeout=120).stdout.splitlines()
    assert lines[0] == "1 game_created" and lines[-2].endswith(" game_ended")
    assert lines[-1].startswith("winners: [")


def test_the_npm_tarball_alone_plays_a_whole_game(served: Served, shipped: Shipped, tmp_path: Path) -> None:
    missing = "npm is not installed" if shutil.which("npm") is None or shutil.which("node") is None else None
    require(missing, "KENNEL_REQUIRE_NODE")
    assert shipped.tarball is not None
    project = tmp_path / "app"
    project.mkdir()
    (project / "package.json").write_text(json.dumps({"name": "app", "private": True, "type": "module"}))
    sh(["npm", "install", "--no-audit", "--no-fund", "--loglevel=error", str(shipped.tarball)], cwd=project)
    installed = json.loads((project / "package.json").read_text())["dependencies"]
    assert list(installed) == ["@kennel/sdk"]  # the tarball alone; its peer came by itself
    assert (project / "node_modules" / "@bufbuild" / "protobuf" / "package.json").is_file()

    (project / "example.mjs").write_text(aimed(only(API_DOC, "ts"), DOC_GRPC_ADDRESS, served.address))
    lines = sh(["node", "example.mjs"], cwd=project, timeout=120).stdout.splitlines()
    assert lines[0] == "1n gameCreated" and lines[-2].endswith("n gameEnded")
    assert lines[-1].startswith("winners: [")
