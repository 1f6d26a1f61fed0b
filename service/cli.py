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
    serve.set_defaults(handler=_serve)

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
    config = Config.from_env(host=args.host, port=args.port, data_dir=args.data_dir, log_format=args.log_format)
    configure(config.log_format)
    return asyncio.run(_serve_until_stopped(config))


async def _serve_until_stopped(config: Config) -> int:
    from service.server import start_server

    running = await start_server(config)
    print(
        f"Kennel is serving on {config.host}:{running.port}\n"
        f"Games are stored in {running.store.location}\n"
        f"Finished games are signed with the public key {running.public_key}\n"
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
