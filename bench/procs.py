"""Processes of a run: servers started as users start them, load generators beside them.

Every process is started by this run and stopped by it, by its own pid. Servers print a line
saying where they listen; we read the port from it. Memory and CPU are read from /proc.
"""

from __future__ import annotations

import atexit
import functools
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

START_TIMEOUT = 60.0
CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
# Limits the bench raises through flags, never by changing defaults: bots send far more than a
# person's 50 commands a second, and the fan-out has 1,000 watchers on one credential.
BENCH_LIMITS = (
    "--commands-per-second", "1000000000",
    "--command-burst", "1000000000",
    "--max-streams-per-credential", "100000",
    "--max-streams", "100000",
    # The load generators create games and list open ones from one address as fast as they can.
    "--open-calls-per-second", "1000000000",
    "--open-call-burst", "1000000000",
    # ... and every credential they mint, and every stream they open, comes from one address.
    "--credentials-per-second", "1000000000",
    "--credential-burst", "1000000000",
    "--max-streams-per-address", "100000",
)
SERVING = re.compile(rb"serving on [^\s:]+:(\d+)")  # the line `kennel serve` prints


def python_env(source: Path | None = None) -> dict[str, str]:
    """The environment of a child Python: this checkout (or another one's source, for 'before'
    figures) first on the path, so that `-m kennel.service.cli` and `-m bench.*` resolve."""
    env = dict(os.environ)
    here = Path(__file__).resolve().parent.parent
    paths = [str(here), str(here / "clients" / "python")]
    if source is not None:
        paths = [str(source_overlay(source)), *paths]
    env["PYTHONPATH"] = os.pathsep.join([*paths, env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    return env


SERVER_FOLDERS = ("domain", "service", "replay")  # installed as kennel.<folder> (setup.py)


@functools.cache
def source_overlay(source: Path) -> Path:
    """A folder holding a `kennel` package made of another checkout's parts, for a child's path.

    Putting that checkout's folders on PYTHONPATH is not enough: the editable install of this
    checkout maps kennel.domain, kennel.service and kennel.replay to this checkout's folders
    (setup.py's package_dir, through the finder the install adds), so a child would run this
    checkout's server with the other's client package. Here the `kennel` package that comes
    first on the path holds the other checkout's folders under those names, which the import
    system finds there before the editable finder is asked. Generated code (kennel/v1) missing
    from the other checkout (never committed; `make proto` makes it) is taken from this one."""
    folder = Path(tempfile.mkdtemp(prefix="kennel-bench-source-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)  # links only: the checkout stays
    overlay = folder / "kennel"
    overlay.mkdir()
    client = source / "clients" / "python" / "kennel"
    for entry in client.iterdir():
        (overlay / entry.name).symlink_to(entry)
    if not (overlay / "v1").exists():
        (overlay / "v1").symlink_to(Path(__file__).resolve().parent.parent / "clients" / "python" / "kennel" / "v1")
    for name in SERVER_FOLDERS:
        (overlay / name).symlink_to(source / name)
    return folder


@dataclass
class Server:
    """A server process and the port it listens on."""

    process: subprocess.Popen[bytes]
    port: int
    log: Path
    started_s: float  # from spawn to the line saying it serves
    _output: IO[bytes] | None = None  # the log file the child writes to
    _cpu0: float = field(default=0.0)

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        return self.process.pid

    def rss_kib(self) -> int:
        return _status_kib(self.pid, "VmRSS")

    def hwm_kib(self) -> int:
        return _status_kib(self.pid, "VmHWM")

    def cpu_seconds(self) -> float:
        return cpu_seconds(self.pid)

    def mark_cpu(self) -> None:
        self._cpu0 = self.cpu_seconds()

    def cpu_since_mark(self) -> float:
        return round(self.cpu_seconds() - self._cpu0, 3)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        if self._output is not None:
            self._output.close()


def _status_kib(pid: int, key: str) -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as status:
        for line in status:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    raise KeyError(key)


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process so far."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def start_server(argv: Sequence[str], log: Path, env: dict[str, str] | None = None, pattern: re.Pattern[bytes] = SERVING) -> Server:
    """Start a server and wait for the line that names its port (its stdout and stderr go to `log`)."""
    started = time.perf_counter()
    out = open(log, "wb")  # noqa: SIM115 - the child writes it until it stops
    process = subprocess.Popen(list(argv), stdout=subprocess.PIPE, stderr=out, env=env or python_env())
    assert process.stdout is not None
    deadline = time.monotonic() + START_TIMEOUT
    seen = b""
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        seen += line
        found = pattern.search(line)
        if found:
            elapsed = time.perf_counter() - started
            _drain(process.stdout, out)
            return Server(process=process, port=int(found.group(1)), log=log, started_s=round(elapsed, 4), _output=out)
    process.kill()
    code = process.wait(timeout=10)
    out.close()
    said = log.read_bytes()[-1500:].decode(errors="replace")  # the log goes with its temporary folder
    raise RuntimeError(f"{argv[:4]} did not start (exit {code}): {seen.decode(errors='replace')[-500:]}\n{said}")


def _drain(stream: IO[bytes], into: IO[bytes]) -> None:
    """Keep reading a child's stdout in the background so that it never blocks on a full pipe."""

    def copy() -> None:
        for line in stream:
            into.write(line)

    threading.Thread(target=copy, daemon=True).start()


def kennel_server(data: Path, log: Path, *extra: str, source: Path | None = None) -> Server:
    """`kennel serve` on a free loopback port with the bench's raised limits and JSON logs."""
    argv = [sys.executable, "-m", "kennel.service.cli", "serve", "--host", "127.0.0.1", "--port", "0",
            "--data", str(data), "--log-format", "json", *BENCH_LIMITS, *extra]
    return start_server(argv, log, python_env(source))


def run_json(argv: Sequence[str], timeout: float, env: dict[str, str] | None = None) -> dict[str, Any]:
    """Run a load generator to its end; it prints one JSON object as its last line of stdout."""
    done = subprocess.run(list(argv), capture_output=True, timeout=timeout, env=env or python_env(), check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(argv[2:5])} failed ({done.returncode}): {done.stderr.decode(errors='replace')[-2000:]}")
    return dict(json.loads(done.stdout.decode().strip().splitlines()[-1]))


def bench_module(module: str, *args: str) -> list[str]:
    return [sys.executable, "-m", f"bench.{module}", *args]
