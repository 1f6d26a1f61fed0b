"""The `kennel` command: serve, replay, play, simulate."""

from __future__ import annotations

import argparse
import asyncio
import signal
import sys
from collections.abc import Sequence

from service.config import Config
from service.logs import configure


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
    serve.add_argument(
        "--auditor-hash", dest="auditor_hashes", action="append", metavar="SHA256",
        help="SHA-256 hex digest of an auditor credential, never the credential (repeatable; replaces "
        "KENNEL_AUDITOR_CREDENTIAL_SHA256); `kennel auditor-credential` makes one",
    )
    serve.add_argument("--metrics-port", type=int, metavar="PORT",
                       help="serve Prometheus metrics at http://HOST:PORT/metrics (or KENNEL_METRICS_PORT; default off)")
    serve.set_defaults(handler=_serve)

    auditor = commands.add_parser(
        "auditor-credential", help="make a new auditor credential and print it with the digest the server needs"
    )
    auditor.set_defaults(handler=_auditor_credential)

    from replay.cli import add_subcommands as add_replay

    replay = commands.add_parser("replay", help="export, verify and show game logs")
    add_replay(replay.add_subparsers(dest="replay_command", required=True))

    from kennel.play import add_arguments as add_play
    from kennel.simulate import add_arguments as add_simulate

    add_play(commands.add_parser("play", help="play a game in the terminal against bots"))
    add_simulate(commands.add_parser("simulate", help="play bot games and write their logs"))

    args = parser.parse_args(argv)
    if argv is None and hasattr(signal, "SIGPIPE"):
        # `kennel replay explain FILE | head` should end quietly, as other command-line tools do.
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
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
            auditor_hashes=args.auditor_hashes,
            metrics_port=args.metrics_port,
        )
    except ValueError as error:
        print(f"kennel serve: {error}", file=sys.stderr)
        return 2
    configure(config.log_format)
    return asyncio.run(_serve_until_stopped(config))


def _auditor_credential(args: argparse.Namespace) -> int:
    from service.games import digest, new_credential

    credential = new_credential()
    print(
        f"credential: {credential}\n"
        f"sha256:     {digest(credential)}\n"
        "Give the credential to the auditor only; start the server with the digest:\n"
        f"  kennel serve --auditor-hash {digest(credential)}   (or KENNEL_AUDITOR_CREDENTIAL_SHA256)"
    )
    return 0


async def _serve_until_stopped(config: Config) -> int:
    from service.server import start_server

    running = await start_server(config)
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
    await stop.wait()
    await running.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
