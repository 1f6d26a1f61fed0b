"""Helpers of the trust tests (issue 8): servers with chosen settings, in this process or as a
real `kennel serve` process, calls that send raw bytes, and the figures docs/reliability.md quotes.

Every server listens on 127.0.0.1 only, on a port the system picks.
"""

from __future__ import annotations

import dataclasses
import json
import os
import selectors
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import grpc
from kennel.service.config import Config
from kennel.service.live import digest, new_credential
from kennel.service.server import start_server
from testkit.servers import ServerThread

LOOPBACK = "127.0.0.1"
SERVING = "Kennel is serving on "
KENNEL = Path(sys.executable).with_name("kennel")  # the console script of this environment
FIGURES_ENV = "KENNEL_TRUST_FIGURES"  # a file: each test appends its figures as a JSON line


def auditor() -> tuple[str, str]:
    """A new auditor credential and the digest the server is configured with."""
    credential = new_credential()
    return credential, digest(credential)


class ConfiguredServer(ServerThread):
    """testkit's in-process server, started with the given settings (host and port forced)."""

    def __init__(self, data_dir: Path, config: Config) -> None:
        super().__init__(data_dir)
        self.config = dataclasses.replace(config, host=LOOPBACK, port=0, data_dir=str(data_dir))

    def start(self) -> ConfiguredServer:
        self._thread.start()
        self.running = self._run(start_server(self.config))
        return self


def raw_unary(channel: grpc.Channel, method: str) -> Any:
    """A Kennel method that takes and returns bytes: whatever is given is sent as the body."""
    return channel.unary_unary(f"/kennel.v1.Kennel/{method}", request_serializer=None, response_deserializer=None)


def raw_stream(channel: grpc.Channel, method: str) -> Any:
    return channel.unary_stream(f"/kennel.v1.Kennel/{method}", request_serializer=None, response_deserializer=None)


def bearer(credential: str) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {credential}"),)


class ServerProcess:
    """`kennel serve --port 0 --data DIR` as a child process, killed or stopped by the test."""

    def __init__(self, data_dir: Path, log_file: Path, args: Sequence[str] = (), env: dict[str, str] | None = None):
        self.data_dir = data_dir
        self.log_file = log_file
        self.args = list(args)
        self.env = env
        self.process: subprocess.Popen[bytes] | None = None
        self.address = ""
        self.stdout = b""

    def start(self, timeout: float = 60.0) -> ServerProcess:
        self.stdout = b""  # this start's lines only, for the message if it fails
        command = [str(KENNEL), "serve", "--host", LOOPBACK, "--port", "0", "--data", str(self.data_dir), *self.args]
        environment = {**os.environ, **(self.env or {})}
        with open(self.log_file, "ab") as log:
            self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log, env=environment)
        self.address = self._await_address(timeout)
        return self

    def _await_address(self, timeout: float) -> str:
        assert self.process is not None and self.process.stdout is not None
        deadline = time.monotonic() + timeout
        with selectors.DefaultSelector() as selector:
            selector.register(self.process.stdout, selectors.EVENT_READ)
            while time.monotonic() < deadline:
                if not selector.select(timeout=max(0.0, deadline - time.monotonic())):
                    break
                line = self.process.stdout.readline()
                if not line:
                    break
                self.stdout += line
                text = line.decode()
                if text.startswith(SERVING):
                    host, _, port = text[len(SERVING) :].strip().rpartition(":")
                    assert host == LOOPBACK, text
                    return f"{LOOPBACK}:{int(port)}"
        self.kill()
        raise RuntimeError(f"kennel serve did not start: {self.stdout.decode()!r}; see {self.log_file}")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as when the machine loses the process."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self._reap()

    def stop(self) -> None:
        """SIGTERM: the server stops gracefully."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.send_signal(signal.SIGKILL)
        self._reap()

    def _reap(self) -> None:
        if self.process is not None:
            self.process.wait(timeout=10)
            if self.process.stdout is not None:
                self.stdout += self.process.stdout.read()
                self.process.stdout.close()
            self.process = None


def record_figures(test: str, **figures: Any) -> None:
    """Append this test's figures to the file named by KENNEL_TRUST_FIGURES, if set."""
    target = os.environ.get(FIGURES_ENV)
    if target:
        with open(target, "a", encoding="utf-8") as out:
            out.write(json.dumps({"test": test, **figures}, sort_keys=True) + "\n")


def summarise(lines: Sequence[str]) -> str:
    """The figures of one run (KENNEL_TRUST_FIGURES) as the tables of docs/reliability.md."""
    from collections import Counter, defaultdict

    records = [json.loads(line) for line in lines if line.strip()]
    out: list[str] = []
    fuzz = [r for r in records if r["test"] == "fuzz"]
    if fuzz:
        sent: Counter[str] = Counter()
        statuses: Counter[str] = Counter()
        played: Counter[str] = Counter()
        for record in fuzz:
            sent.update(record["sent"])
            statuses.update(record["statuses"])
            played.update(record["played"])
        out.append(f"fuzz: {sum(sent.values())} requests: " + ", ".join(f"{k} {v}" for k, v in sorted(sent.items()))
                   + f"; games played to the end: {dict(sorted(played.items()))}")
        out.append("statuses: " + ", ".join(f"{k} {v}" for k, v in sorted(statuses.items())))
    for record in records:
        if record["test"] == "crash":
            out.append("crash: " + ", ".join(f"{k} {v}" for k, v in sorted(record.items()) if k != "test"))
        if record["test"] == "log_leaks":
            out.append("log leaks: " + ", ".join(f"{k} {v}" for k, v in sorted(record.items()) if k != "test"))
    roles = [r for r in records if r["test"] == "roles"]
    if roles:
        table: dict[str, Counter[str]] = defaultdict(Counter)
        for record in roles:
            table[record["role"]]["refused" if record["status"] != "OK" else "admitted"] += 1
        out.append("| role | calls admitted | calls refused |")
        out.append("|---|---|---|")
        for role in ("anonymous", "wrong_credential", "other_games_seat", "spectator", "seat", "auditor"):
            out.append(f"| {role} | {table[role]['admitted']} | {table[role]['refused']} |")
    return "\n".join(out)


if __name__ == "__main__":
    print(summarise(Path(sys.argv[1]).read_text().splitlines()))
