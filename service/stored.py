"""`kennel replay export | fork`: the commands over a server's stored games.

They read (and fork writes) the server's store, so they live on the service's side of the
layers; `kennel.replay.cli` holds the commands over log files, which need nothing but the rules.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from pathlib import Path
from typing import Any

from kennel.replay.cli import EXIT_FAILED, EXIT_OK
from kennel.replay.signing import load_or_create_key
from kennel.service.errors import ApiError
from kennel.service.games import GameHub
from kennel.service.server import SIGNING_KEY_FILE
from kennel.service.storage import GameNotFound, open_store


def add_subcommands(subparsers: Any) -> None:
    """Add `export` and `fork` to `kennel replay`'s subparsers."""
    forking = subparsers.add_parser(
        "fork", help="start a new game from the first N events of a finished one",
        description="Fork a finished game stored in the data folder: the new game holds its first N events "
        "(same seed) and its header names the parent. The parent is untouched.",
    )
    forking.add_argument("game_id", metavar="GAME_ID")
    forking.add_argument("--at", type=int, required=True, metavar="N", help="how many of the parent's events to keep")
    forking.add_argument("--data", metavar="DIR", help="the server's data directory (default: its configured one)")
    forking.set_defaults(handler=run_fork)

    exporting = subparsers.add_parser(
        "export",
        help="write a stored game's log to a file",
        description="Write a stored game's log, exactly as stored, to a file.",
    )
    exporting.add_argument("game_id", metavar="GAME_ID")
    exporting.add_argument(
        "-o", "--output", required=True, metavar="FILE", help="the file to write; - for stdout"
    )
    exporting.add_argument(
        "--data", metavar="DIR", help="the server's data directory (default: its configured one)"
    )
    exporting.add_argument(
        "--store", metavar="URL", default=os.environ.get("KENNEL_STORE", ""),
        help="the server's postgresql:// store, if it has one (default: KENNEL_STORE; docs/deploy.md)",
    )
    exporting.set_defaults(handler=run_export)


def run_fork(args: argparse.Namespace) -> int:

    data_dir = args.data or os.environ.get("KENNEL_DATA_DIR") or "data"
    store = open_store(data_dir)

    async def forked() -> tuple[str, list[tuple[int, str, str]], str]:
        hub = GameHub(store, load_or_create_key(Path(data_dir) / SIGNING_KEY_FILE))
        parent = await hub.get(args.game_id)
        live, seats, spectator = await hub.fork(parent, args.at)
        return str(live.id), seats, spectator

    try:
        game_id, seats, spectator = asyncio.run(forked())
    except ApiError as error:
        print(f"cannot fork {args.game_id}: {error.message} [{error.code}]", file=sys.stderr)
        return EXIT_FAILED
    finally:
        store.close()
    print(f"forked {args.game_id} at version {args.at} into {game_id}")
    for seat, name, credential in seats:
        print(f"  seat {seat} {name}: {credential}")
    print(f"  spectator: {spectator}")
    return EXIT_OK


def run_export(args: argparse.Namespace) -> int:

    store = open_store(args.data, url=args.store)
    try:
        log = store.export_log(args.game_id)
    except GameNotFound:
        print(f"no game {args.game_id} in {store.location}", file=sys.stderr)
        return EXIT_FAILED
    finally:
        store.close()
    raw = log.to_bytes()
    if args.output == "-":
        sys.stdout.buffer.write(raw)
        sys.stdout.flush()
        return EXIT_OK
    Path(args.output).write_bytes(raw)
    print(f"{args.output}: {log.header.game} game {log.header.game_id}, {len(log.records)} records")
    return EXIT_OK
