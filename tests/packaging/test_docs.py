"""The documents' examples run as written (issue #15): docs/api.md's Python example and its curl
session against a real server on free loopback ports, and the README's `simulate --server` then
`replay fork` steps; and every TypeScript example of the documents type-checks. (The TypeScript example, and the Python one once more from a fresh
environment with only the client wheel, run in tests/packaging/test_installed.py.)"""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from kennel.service.config import Config
from kennel.service.web import start_web
from testkit.fenced import API_DOC, DOC_GRPC_ADDRESS, DOC_WEB_BASE, ROOT, aimed, fenced, only
from testkit.node import BIN, node_missing, require, run
from testkit.servers import ServerThread

README = ROOT / "README.md"


def test_the_python_example_plays_a_whole_game(server: ServerThread, tmp_path: Path) -> None:
    code = aimed(only(API_DOC, "python"), DOC_GRPC_ADDRESS, server.address)
    (tmp_path / "example.py").write_text(code)
    done = subprocess.run(
        [sys.executable, "example.py"], cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "1 game_created" and lines[-2].endswith(" game_ended")
    assert lines[-1].startswith("winners: [")


@pytest.fixture
def web_base(server: ServerThread) -> Iterator[str]:
    assert server.running is not None
    web = server._run(start_web("127.0.0.1", 0, server.running.port, Config().max_message_bytes))
    try:
        yield f"http://127.0.0.1:{web.port}"
    finally:
        server._run(web.stop())


def test_the_curl_session_creates_views_and_submits(web_base: str) -> None:
    missing = [tool for tool in ("curl", "jq", "bash") if shutil.which(tool) is None]
    if missing:
        pytest.skip(
            f"skipped: docs/api.md's JSON session needs {', '.join(missing)} "
            "(tests/web/test_web_json.py makes the same calls with urllib)"
        )
    script = "set -euo pipefail\n" + aimed(only(API_DOC, "sh", containing="curl"), DOC_WEB_BASE, web_base)
    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    viewed, submitted = done.stdout.splitlines()[0], "".join(done.stdout.splitlines()[1:])
    view = json.loads(viewed)
    assert view["status"] == "GAME_STATUS_IN_PROGRESS" and "hoarders" in view["first"]
    answer = json.loads(submitted)
    assert "crittersPicked" in answer["events"][0]["hoarders"] and answer["view"]["gameType"] == "hoarders"


def readme_line(start: str) -> list[str]:
    """The README's command line that starts with `start`, split as a shell would, comment cut."""
    for line in README.read_text(encoding="utf-8").splitlines():
        if line.startswith(start):
            return shlex.split(line, comments=True)
    raise AssertionError(f"README has no line starting {start!r}")


@pytest.mark.slow  # ten bot games through a server, as the README says
def test_the_readme_simulate_then_fork_steps_connect(tmp_path: Path) -> None:
    """`kennel simulate --server` stores the games on the server; the fork step then finds one by
    the game id on its log's first line, in the server's data folder, as the README says."""
    data = tmp_path / "data"
    server = ServerThread(data).start()
    try:
        simulate = readme_line(".venv/bin/kennel simulate")
        simulate = [
            str(ROOT / simulate[0]),
            *(server.address if word == DOC_GRPC_ADDRESS else word for word in simulate[1:]),
        ]
        assert "--server" in simulate
        done = subprocess.run(
            simulate, cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False
        )
        assert done.returncode == 0, done.stderr
        logs = sorted((tmp_path / "logs").glob("*.jsonl"))
        game_id = json.loads(logs[0].read_text().splitlines()[0])["game_id"]
    finally:
        server.stop()
    fork = readme_line(".venv/bin/kennel replay fork")
    fork = [str(ROOT / fork[0]), *(game_id if word == "GAME_ID" else word for word in fork[1:])]
    done = subprocess.run(fork, cwd=tmp_path, capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert f"forked {game_id} at version " in done.stdout


def test_the_typescript_examples_type_check(tmp_path: Path) -> None:
    """docs/api.md's, docs/typescript.md's and the SDK README's TypeScript, compiled by tsc
    (strict, as the SDK is) against the SDK's sources: `join(...)` and the rest are used as typed."""
    require(node_missing(), "KENNEL_REQUIRE_NODE")
    sources = ROOT / "clients" / "typescript" / "src"
    files = []
    for number, document in enumerate(
        (API_DOC, ROOT / "docs" / "typescript.md", sources.parent / "README.md")
    ):
        for block in fenced(document, "ts"):
            files.append(f"example{number}-{len(files)}.mts")
            (tmp_path / files[-1]).write_text(block)
    assert len(files) >= 3
    config = {
        "extends": str(sources.parent / "tsconfig.json"),
        "compilerOptions": {
            "noEmit": True,
            "rootDir": "/",
            "typeRoots": [str(ROOT / "clients" / "node_modules" / "@types")],
            "paths": {
                "@kennel/sdk": [str(sources / "index.ts")],
                "@kennel/sdk/node": [str(sources / "node.ts")],
                "@kennel/sdk/web": [str(sources / "web.ts")],
            },
        },
        "files": files,
    }
    (tmp_path / "tsconfig.json").write_text(json.dumps(config))
    run([str(BIN / "tsc"), "-p", str(tmp_path)], cwd=tmp_path)
