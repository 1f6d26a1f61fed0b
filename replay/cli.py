"""`kennel replay verify | show | export`: the replay tooling on the command line.

`service.cli` wires these under `kennel replay`:

    replay = subparsers.add_parser("replay", help="verify, show and export game logs")
    replay_cli.add_subcommands(replay.add_subparsers(dest="replay_command", required=True))
    ...
    args = parser.parse_args(argv)
    return args.handler(args)

`main(argv)` runs the same subcommands on their own (`python -m replay.cli verify FILE`).

Exit codes: 0 when everything asked for holds; 1 when a log fails to verify or cannot be shown
or exported; 2 for a usage error or a file that cannot be read.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from replay.logformat import LogFormatError
from replay.show import ShowError, render_text, show
from replay.verify import describe, verify

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2


def add_subcommands(subparsers: Any) -> None:
    """Add `verify`, `show` and `export` to an argparse subparsers action (`add_subparsers()`)."""
    verifying = subparsers.add_parser(
        "verify",
        help="check logs: hash chain, seed commitment, and every event against the rules",
        description="Check exported logs record by record. Exit 0 when all hold, 1 naming the first "
        "record that does not.",
    )
    verifying.add_argument(
        "files", nargs="+", metavar="PATH", type=Path, help="log files, or folders of *.jsonl logs"
    )
    verifying.add_argument(
        "--complete",
        action="store_true",
        help="also fail a log whose game is still running (its seed is not revealed, so the rules "
        "cannot be re-run and only the hash chain is checked)",
    )
    verifying.add_argument("--json", action="store_true", help="one JSON report per file, one per line")
    verifying.set_defaults(handler=run_verify)

    showing = subparsers.add_parser(
        "show",
        help="what a seat (or a spectator) saw at a version of a logged game",
        description="Fold the first N events of a log and show what one seat saw then.",
    )
    showing.add_argument("file", metavar="FILE", type=Path)
    showing.add_argument("--at", type=int, metavar="N", help="the version to show (default: the last)")
    showing.add_argument(
        "--as",
        dest="viewer",
        metavar="SEAT",
        help="a seat number (from 0, in turn order) or a player's name; omitted: the spectator view",
    )
    showing.add_argument("--json", action="store_true", help="machine-readable JSON instead of text")
    showing.set_defaults(handler=run_show)

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
    exporting.set_defaults(handler=run_export)


def log_files(paths: Sequence[Path]) -> list[Path]:
    """The files named, with each folder replaced by the *.jsonl logs in it (sorted)."""
    found: list[Path] = []
    for path in paths:
        found.extend(sorted(path.glob("*.jsonl")) if path.is_dir() else [path])
    return found


def run_verify(args: argparse.Namespace) -> int:
    worst = EXIT_OK
    for path in log_files(args.files):
        try:
            raw = path.read_bytes()
        except OSError as error:
            print(f"{path}: cannot read: {error.strerror or error}", file=sys.stderr)
            worst = max(worst, EXIT_USAGE)
            continue
        report = verify(raw, require_complete=args.complete)
        if args.json:
            print(json.dumps({"file": str(path), **report.to_json()}, sort_keys=True))
        else:
            print(f"{path}: {describe(report)}")
        if not report.ok:
            worst = max(worst, EXIT_FAILED)
    return worst


def run_show(args: argparse.Namespace) -> int:
    try:
        raw = args.file.read_bytes()
    except OSError as error:
        print(f"{args.file}: cannot read: {error.strerror or error}", file=sys.stderr)
        return EXIT_USAGE
    try:
        shown = show(raw, args.at, args.viewer)
    except (LogFormatError, ShowError) as error:
        print(f"{args.file}: {error}", file=sys.stderr)
        return EXIT_FAILED
    if args.json:
        print(json.dumps(shown.to_json(), sort_keys=True, ensure_ascii=False))
    else:
        sys.stdout.write(render_text(shown))
    return EXIT_OK


def run_export(args: argparse.Namespace) -> int:
    # Imported here, not at the top: reading and checking logs must not need the service.
    from service.storage import GameNotFound, open_store

    store = open_store(args.data)
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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="kennel replay", description="Verify, show and export Kennel game logs."
    )
    add_subcommands(parser.add_subparsers(dest="replay_command", required=True, metavar="COMMAND"))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    handler = args.handler
    result: int = handler(args)
    return result


if __name__ == "__main__":
    sys.exit(main())
