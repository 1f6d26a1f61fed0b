"""`kennel serve --workers N`: N server processes on one port, over one store.

Python runs one core per process (the interpreter lock), and a Kennel server is bound by its
CPU, so more cores need more processes. This supervisor starts N workers, each a whole `kennel
serve` (the same settings) listening on the same port with SO_REUSEPORT: the kernel spreads
incoming connections over them, with no proxy hop in between. Why not a supervisor that
routes by game: a gRPC channel is one connection carrying every call of a client, so a router
would have to parse HTTP/2 to route calls, and would be a process every byte passes through.
Instead, any worker serves any game: the workers share the store, as replicas do.

- PostgreSQL (`--store postgresql://...`): the workers are replicas (docs/deploy.md); the
  supervisor migrates the database once before starting them.
- SQLite (the default): the workers open the one file in shared mode. SQLite serialises their
  writes (the file lock; a version conflict makes the loser decide again, as on PostgreSQL),
  and each worker polls the file for what the others append
  (kennel.service.sqlite_listener).

The supervisor binds the port first (SO_REUSEPORT, not listening), so that port 0 picks one
port for every worker and a port held by another program is refused before any worker starts;
it creates the signing key once (the workers share it), prints "Kennel is serving on
HOST:PORT" only once every worker serves, and stops them all on SIGINT or SIGTERM. A worker
that exits on its own stops the others and the supervisor, with that worker's exit code: the
service manager that started `kennel serve` restarts it whole (no half-served port).
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import IO

from kennel.service.config import Config

READY = "Kennel is serving on "  # the line `kennel serve` prints once it serves
STOP_WITHIN = 10.0  # seconds a worker is given to stop before it is killed


def reserve_port(host: str, port: int) -> socket.socket:
    """Bind (without listening) the port every worker will listen on, with SO_REUSEPORT, so
    that the workers can bind it too and nothing else can."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    return sock


def worker_argv(argv: Sequence[str], port: int, index: int, config: Config) -> list[str]:
    """A worker's command line: the supervisor's `serve` arguments, on the chosen port, with
    its index; only worker 0 serves the web port; metrics ports count up from the one given."""
    args = _without(list(argv), ("--workers", "--port", "--web", "--metrics-port"))
    args += ["--port", str(port), "--workers", str(config.workers), "--worker-index", str(index)]
    if config.web_port is not None and index == 0:
        args += ["--web", str(config.web_port)]
    if config.metrics_port is not None:
        args += ["--metrics-port", str(config.metrics_port + index if config.metrics_port else 0)]
    return [sys.executable, "-m", "kennel.service.cli", "serve", *args]


def _without(args: list[str], flags: tuple[str, ...]) -> list[str]:
    """`args` less these flags and their values (`--flag value` or `--flag=value`)."""
    out: list[str] = []
    skip = False
    for arg in args:
        if skip:
            skip = False
            continue
        if arg in flags:
            skip = True
            continue
        if arg.split("=", 1)[0] in flags:
            continue
        out.append(arg)
    return out


def prepare_store(config: Config) -> None:
    """What must happen once, before the workers start: the signing key; the migration (on
    PostgreSQL), or the SQLite file made, switched to WAL and given its tables. Two workers
    opening a new file at once both see it in its first journal mode and both switch it to WAL;
    the second switch needs the lock the first one's table creation holds, and SQLite refuses
    it at once ("database is locked") rather than wait: that worker, then the server, exited."""
    from kennel.replay.signing import load_or_create_key
    from kennel.service.server import SIGNING_KEY_FILE

    Path(config.data_dir).mkdir(parents=True, exist_ok=True)
    load_or_create_key(Path(config.data_dir) / SIGNING_KEY_FILE)
    if config.store:
        from kennel.service.postgres_setup import migrate

        migrate(config.store, config.shards or None, config.store_lock_timeout)
    else:
        from kennel.service.storage import open_store

        open_store(config.data_dir).close()


def supervise(config: Config, argv: Sequence[str]) -> int:
    """Run `config.workers` workers until a signal or a worker's exit; the exit code."""
    try:
        reserved = reserve_port(config.host, config.port)
    except OSError as error:
        print(f"kennel serve: cannot listen on {config.host}:{config.port}: {error}", file=sys.stderr)
        return 1
    port = reserved.getsockname()[1]
    try:
        prepare_store(config)
    except (ValueError, OSError) as error:  # ShardCountMismatch, StoreUnavailable
        reserved.close()
        print(f"kennel serve: {error}", file=sys.stderr)
        return 1
    stop = threading.Event()
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: stop.set())
    workers: list[subprocess.Popen[str]] = []
    ready = threading.Semaphore(0)
    try:
        for index in range(config.workers):
            worker = subprocess.Popen(
                worker_argv(argv, port, index, config), stdout=subprocess.PIPE, text=True,
                start_new_session=True,  # a Ctrl-C reaches the supervisor, which stops the workers
            )
            workers.append(worker)
            assert worker.stdout is not None
            threading.Thread(target=_relay, args=(worker.stdout, index, ready, stop), daemon=True).start()
        for _ in workers:
            while not ready.acquire(timeout=0.2):
                if stop.is_set() or any(worker.poll() is not None for worker in workers):
                    return _stop(workers, reserved)
        reserved.close()  # every worker listens now; the port stays theirs
        print(f"{READY}{config.host}:{port}\n{config.workers} worker processes, pids "
              f"{' '.join(str(worker.pid) for worker in workers)}\nStop with Ctrl-C.", flush=True)
        while not stop.wait(0.2):
            if any(worker.poll() is not None for worker in workers):
                break
        return _stop(workers, reserved)
    except BaseException:
        _stop(workers, reserved)
        raise


def _relay(stream: IO[str], index: int, ready: threading.Semaphore, stop: threading.Event) -> None:
    """Pass a worker's printed lines on, prefixed with its index; note when it serves (its own
    'serving on' line is reworded, so that a reader waiting for the port waits for all)."""
    for line in stream:
        if line.startswith("Stop with Ctrl-C"):
            continue
        serving = line.startswith(READY)
        if serving:
            line = f"worker {index} ready: {line[len(READY):]}"
        sys.stdout.write(f"[worker {index}] {line}")
        sys.stdout.flush()
        if serving:  # after its line: the supervisor's own comes after every worker's
            ready.release()


def _stop(workers: list[subprocess.Popen[str]], reserved: socket.socket) -> int:
    """Stop every worker (SIGTERM, then SIGKILL after STOP_WITHIN); the exit code: the first
    worker's own nonzero code if one exited by itself, else 0."""
    reserved.close()
    exited = [worker.returncode for worker in workers if worker.poll() is not None]
    for worker in workers:
        if worker.poll() is None:
            os.kill(worker.pid, signal.SIGTERM)
    for worker in workers:
        try:
            worker.wait(STOP_WITHIN)
        except subprocess.TimeoutExpired:
            worker.kill()
            worker.wait()
    return next((code for code in exited if code), 0)
