"""The `kennel` command: serve, replay, play, simulate."""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import sys
from collections.abc import Sequence

from kennel.service import eventloop
from kennel.service.config import ENVIRONMENT, HARDENING_LISTS, HARDENING_NUMBERS, Config
from kennel.service.eventloop import EVENT_LOOPS
from kennel.service.logs import configure


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="kennel", description="Tabletop games as event-sourced streams.")
    commands = parser.add_subparsers(dest="command", required=True)

    serve = commands.add_parser("serve", help="run the gRPC server (SQLite under --data by default)")
    serve.add_argument("--host", help="address to listen on (default 127.0.0.1, or KENNEL_HOST)")
    serve.add_argument("--port", type=int, help="port (default 50051, or KENNEL_PORT; 0 picks a free one)")
    serve.add_argument("--data", dest="data_dir", help="data folder (default ./data, or KENNEL_DATA_DIR)")
    serve.add_argument("--log-format", choices=("console", "json"), help="log lines for people or machines")
    limits = serve.add_argument_group("limits (docs/api.md, 'Limits')")
    limits.add_argument("--max-message-bytes", type=int, help="largest request (default 1 MiB, or KENNEL_MAX_MESSAGE_BYTES)")
    limits.add_argument("--commands-per-second", type=float,
                        help="commands per credential per second, sustained (default 50, or KENNEL_COMMANDS_PER_SECOND)")
    limits.add_argument("--command-burst", type=int,
                        help="commands a credential may send at once after a pause (default 100, or KENNEL_COMMAND_BURST)")
    limits.add_argument("--max-streams-per-credential", type=int,
                        help="open Watch streams per credential (default 8, or KENNEL_MAX_STREAMS_PER_CREDENTIAL)")
    limits.add_argument("--max-streams", type=int, help="open Watch streams in all (default 1000, or KENNEL_MAX_STREAMS)")
    limits.add_argument("--open-calls-per-second", type=float,
                        help="CreateGame, JoinGame and ListOpenGames calls per client address per second, sustained "
                        "(default 20, or KENNEL_OPEN_CALLS_PER_SECOND)")
    limits.add_argument("--open-call-burst", type=int,
                        help="such calls a client address may make at once after a pause (default 100, or "
                        "KENNEL_OPEN_CALL_BURST)")
    for name, text in HARDENING_NUMBERS.items():
        limits.add_argument("--" + name.replace("_", "-"), dest=name, type=float if "timeout" in name or "second" in name else int,
                            help=f"{text}; or {ENVIRONMENT[name]}")
    limits.add_argument("--web-allowed-host", dest="web_allowed_hosts", action="append", metavar="HOST",
                        help=f"{HARDENING_LISTS['web_allowed_hosts']}; or {ENVIRONMENT['web_allowed_hosts']}")
    limits.add_argument("--trusted-proxy", dest="trusted_proxies", action="append", metavar="ADDRESS",
                        help=f"{HARDENING_LISTS['trusted_proxies']}; or {ENVIRONMENT['trusted_proxies']}")
    serve.add_argument(
        "--auditor-hash", dest="auditor_hashes", action="append", metavar="SHA256",
        help="SHA-256 hex digest of an auditor credential, never the credential (repeatable; replaces "
        "KENNEL_AUDITOR_CREDENTIAL_SHA256); `kennel auditor-credential` makes one",
    )
    _add_store_arguments(serve)
    serve.add_argument("--web", dest="web_port", type=int, metavar="PORT",
                       help="also serve the API for browsers (Connect, gRPC-Web) and the web client on PORT "
                       "(0 picks a free one; or KENNEL_WEB_PORT); docs/web.md")
    serve.add_argument("--metrics-port", type=int, metavar="PORT",
                       help="serve Prometheus metrics at http://HOST:PORT/metrics (or KENNEL_METRICS_PORT; default off)")
    serve.add_argument("--workers", type=int,
                       help="server processes sharing the port (SO_REUSEPORT) and the store (default 1, or "
                       "KENNEL_WORKERS); docs/deploy.md")
    serve.add_argument("--event-loop", choices=EVENT_LOOPS,
                       help="the event loop to serve on (default uvloop, or KENNEL_EVENT_LOOP); asyncio is Python's own")
    serve.add_argument("--worker-index", type=int, help=argparse.SUPPRESS)  # set by the supervisor only
    serve.set_defaults(handler=_serve)

    migrate = commands.add_parser(
        "migrate", help="create the PostgreSQL store's schemas and tables once, before starting replicas"
    )
    _add_store_arguments(migrate)
    migrate.set_defaults(handler=_migrate)

    auditor = commands.add_parser(
        "auditor-credential", help="make a new auditor credential and print it with the digest the server needs"
    )
    auditor.set_defaults(handler=_auditor_credential)

    from kennel.replay.cli import add_subcommands as add_replay

    replay = commands.add_parser("replay", help="export, verify and show game logs")
    replay_commands = replay.add_subparsers(dest="replay_command", required=True)
    add_replay(replay_commands)
    from kennel.service.stored import add_subcommands as add_stored

    add_stored(replay_commands)

    from kennel.service.play import add_arguments as add_play
    from kennel.service.simulate import add_arguments as add_simulate

    add_play(commands.add_parser("play", help="play a game in the terminal against bots"))
    add_simulate(commands.add_parser("simulate", help="play bot games and write their logs"))
    from kennel.service.duel import add_bots

    add_bots(commands.add_parser("bots", help="measure the bots (kennel bots duel GAME)"))

    args = parser.parse_args(argv)
    if argv is None and hasattr(signal, "SIGPIPE"):
        # `kennel replay explain FILE | head` should end quietly, as other command-line tools do.
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    args.raw_argv = list(sys.argv[1:] if argv is None else argv)
    result: int = args.handler(args)
    return result


def _serve(args: argparse.Namespace) -> int:
    try:
        config = Config.from_env(
            host=args.host,
            port=args.port,
            data_dir=args.data_dir,
            log_format=args.log_format,
            max_message_bytes=args.max_message_bytes,
            commands_per_second=args.commands_per_second,
            command_burst=args.command_burst,
            max_streams_per_credential=args.max_streams_per_credential,
            max_streams=args.max_streams,
            open_calls_per_second=args.open_calls_per_second,
            open_call_burst=args.open_call_burst,
            auditor_hashes=args.auditor_hashes,
            **_store_settings(args),
            web_port=args.web_port,
            metrics_port=args.metrics_port,
            **{name: getattr(args, name) for name in (*HARDENING_NUMBERS, *HARDENING_LISTS)},
            workers=args.workers,
            worker_index=args.worker_index,
            event_loop=args.event_loop,
        )
    except ValueError as error:
        print(f"kennel serve: {error}", file=sys.stderr)
        return 2
    configure(config.log_format)
    if config.workers > 1 and config.worker_index is None:
        from kennel.service.workers import supervise

        return supervise(config, args.raw_argv[args.raw_argv.index("serve") + 1:])
    from kennel.service.postgres import ShardCountMismatch, StoreUnavailable

    try:
        return eventloop.run(_serve_until_stopped(config), config.event_loop)
    except (ShardCountMismatch, StoreUnavailable) as error:
        print(f"kennel serve: {error}", file=sys.stderr)
        return 1


def _add_store_arguments(parser: argparse.ArgumentParser) -> None:
    store = parser.add_argument_group("store (docs/deploy.md)")
    store.add_argument("--store", metavar="URL",
                       help="postgresql://USER[:PASSWORD]@HOST[:PORT]/DATABASE (or KENNEL_STORE); default SQLite under --data")
    store.add_argument("--shards", type=int,
                       help="PostgreSQL shards, fixed at the first migration (or KENNEL_SHARDS; default as recorded, 1 on a new database)")
    store.add_argument("--store-lock-timeout", type=int, metavar="SECONDS",
                       help="longest wait for a PostgreSQL lock (default 10, or KENNEL_STORE_LOCK_TIMEOUT)")
    store.add_argument("--store-pool-size", type=int,
                       help="PostgreSQL connections kept per shard (default 4, or KENNEL_STORE_POOL_SIZE)")


def _store_settings(args: argparse.Namespace) -> dict[str, object]:
    return {"store": args.store, "shards": args.shards, "store_lock_timeout": args.store_lock_timeout,
            "store_pool_size": args.store_pool_size}


def _migrate(args: argparse.Namespace) -> int:
    from kennel.service.postgres import PostgresAddress
    from kennel.service.postgres_setup import migrate

    try:
        config = Config.from_env(**_store_settings(args))
    except ValueError as error:
        print(f"kennel migrate: {error}", file=sys.stderr)
        return 2
    if not config.store:
        print("kennel migrate: give a postgresql:// --store (or KENNEL_STORE); SQLite needs no migration",
              file=sys.stderr)
        return 2
    configure(config.log_format)
    try:
        shards = migrate(config.store, config.shards or None, config.store_lock_timeout)
    except (ValueError, OSError) as error:  # ShardCountMismatch, StoreUnavailable
        print(f"kennel migrate: {error}", file=sys.stderr)
        return 1
    print(f"{PostgresAddress.parse(config.store)} is ready: {shards} shard(s)")
    return 0


def _auditor_credential(args: argparse.Namespace) -> int:
    from kennel.service.live import digest, new_credential

    credential = new_credential()
    print(
        f"credential: {credential}\n"
        f"sha256:     {digest(credential)}\n"
        "Give the credential to the auditor only; start the server with the digest:\n"
        f"  kennel serve --auditor-hash {digest(credential)}   (or KENNEL_AUDITOR_CREDENTIAL_SHA256)"
    )
    return 0


async def _serve_until_stopped(config: Config) -> int:
    from kennel.service.collector import tune_for_serving
    from kennel.service.registration import HalfRegisteredGame
    from kennel.service.server import start_server

    try:
        running = await start_server(config)
    except HalfRegisteredGame as error:
        print(f"kennel serve: {error}", file=sys.stderr)
        return 1
    web = None
    if config.web_port is not None:
        from kennel.service.web import start_web
        from kennel.service.webguard import WebLimits

        limits = WebLimits(config.web_idle_timeout, config.web_header_timeout, config.web_max_connections,
                           config.web_allowed_hosts, config.trusted_proxies)
        try:
            web = await start_web(config.host, config.web_port, running.port, config.max_message_bytes, limits)
        except OSError as error:
            await running.stop()
            print(f"kennel serve: {error}", file=sys.stderr)
            return 1
        print(f"The web client and the API for browsers are on http://{config.host}:{web.port}/", flush=True)
    tune_for_serving()  # once its games are loaded: what start-up made is frozen (kennel.service.collector)
    metrics = "" if running.metrics is None else f"Metrics at http://{config.host}:{running.metrics.port}/metrics\n"
    print(
        f"Kennel is serving on {config.host}:{running.port}\n"
        f"Games are stored in {running.store.location}\n"
        f"Finished games are signed with the public key {running.public_key}\n"
        f"{metrics}"
        "Stop with Ctrl-C.",
        flush=True,
    )
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    if config.worker_index is not None:  # a worker outlives no supervisor (killed, say)
        orphaned = asyncio.create_task(_stop_when_orphaned(stop))
    await stop.wait()
    if config.worker_index is not None:
        orphaned.cancel()
    if web is not None:
        await web.stop()
    await running.stop()
    return 0


async def _stop_when_orphaned(stop: asyncio.Event, every: float = 1.0) -> None:
    parent = os.getppid()
    while os.getppid() == parent:
        await asyncio.sleep(every)
    stop.set()


if __name__ == "__main__":
    sys.exit(main())
