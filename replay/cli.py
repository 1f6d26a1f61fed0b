"""`kennel replay verify | show | diff | explain | html`: the replay tooling over log files.

`kennel.service.cli` wires these under `kennel replay`, beside `export` and `fork`, which read the
server's store and so belong to the service (kennel.service.stored):

    replay = subparsers.add_parser("replay", help="verify, show and export game logs")
    replay_cli.add_subcommands(replay.add_subparsers(dest="replay_command", required=True))
    ...
    args = parser.parse_args(argv)
    return args.handler(args)

`main(argv)` runs the same subcommands on their own (`python -m kennel.replay.cli verify FILE`).

Exit codes: 0 when everything asked for holds; 1 when a log fails to verify or cannot be shown
; 2 for a usage error or a file that cannot be read.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from kennel.replay.batch import FileResult, Progress, summary_table, verify_files
from kennel.replay.diff import NotComparable, diverge
from kennel.replay.diff import render as render_divergence
from kennel.replay.explain import narrate
from kennel.replay.explain import render as render_narration
from kennel.replay.logformat import LogFormatError, parse_log
from kennel.replay.show import ShowError, render_text, show
from kennel.replay.signing import read_public_key
from kennel.replay.verdict import describe

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2


def add_subcommands(subparsers: Any) -> None:
    """Add the subcommands over log files to an argparse subparsers action (`add_subparsers()`)."""
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
    verifying.add_argument(
        "--public-key", metavar="HEX|FILE", help="the server's Ed25519 public key: check its signed checkpoints"
    )
    verifying.add_argument("--jobs", type=int, metavar="N", help="worker processes (default: every core)")
    verifying.set_defaults(handler=run_verify)

    differing = subparsers.add_parser(
        "diff", help="the first record at which two logs of one game diverge",
        description="Compare two logs of the same game record by record; exit 0 when they hold the same "
        "commands and events, 1 naming the first record that differs.",
    )
    differing.add_argument("a", metavar="A", type=Path)
    differing.add_argument("b", metavar="B", type=Path)
    differing.add_argument("--json", action="store_true", help="machine-readable output")
    differing.set_defaults(handler=run_diff)

    explaining = subparsers.add_parser(
        "explain", help="the game in plain sentences, one per event",
        description="Narrate a logged game, omnisciently or as one seat saw it, with the reason each refused "
        "command was refused.",
    )
    explaining.add_argument("file", metavar="FILE", type=Path)
    explaining.add_argument("--as", dest="viewer", metavar="SEAT", help="a seat number or name (default: omniscient)")
    explaining.add_argument("--json", action="store_true", help="machine-readable output")
    explaining.set_defaults(handler=run_explain)

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

    page = subparsers.add_parser(
        "html",
        help="write one self-contained HTML page to scrub through a logged game",
        description="Write one HTML page (no network, no server) with a timeline over every version of the "
        "game: each seat's view, the omniscient view, the narration and the outcome.",
    )
    page.add_argument("file", metavar="FILE", type=Path)
    page.add_argument("-o", "--output", required=True, metavar="PAGE", type=Path, help="the page to write")
    page.set_defaults(handler=run_html)


def log_files(paths: Sequence[Path]) -> list[Path]:
    """The files named, with each folder replaced by the *.jsonl logs in it (sorted)."""
    found: list[Path] = []
    for path in paths:
        found.extend(sorted(path.glob("*.jsonl")) if path.is_dir() else [path])
    return found


def run_verify(args: argparse.Namespace) -> int:
    try:
        public_key = read_public_key(args.public_key) if args.public_key else None
    except ValueError as error:
        print(f"--public-key: {error}", file=sys.stderr)
        return EXIT_USAGE
    files = log_files(args.files)
    interactive = sys.stderr.isatty() and not args.json
    progress = Progress(len(files)) if interactive else None

    # Without a terminal, one plain line per file, in the order given, as soon as it and all
    # before it are done (workers finish out of order).
    order = {str(path): index for index, path in enumerate(files)}
    finished: dict[int, FileResult] = {}
    printed = 0

    def report(result: FileResult) -> None:
        nonlocal printed
        if progress is not None:
            progress.advance(result)
            return
        if args.json:
            return
        finished[order[result.path]] = result
        while printed in finished:
            _print_verify_line(finished.pop(printed))
            printed += 1

    started = time.monotonic()
    results = verify_files(
        files, require_complete=args.complete, public_key=public_key, workers=args.jobs, on_result=report
    )
    elapsed = time.monotonic() - started
    if progress is not None:
        progress.close()
        for result in results:
            if result.status in ("FAILED", "unreadable"):
                _print_verify_line(result)
    if args.json:
        for result in results:
            body = result.report.to_json() if result.report else {"ok": False, "error": result.error}
            print(json.dumps({"file": result.path, **body}, sort_keys=True))
    else:
        sys.stdout.write(summary_table(results, elapsed))
    if any(result.report is None for result in results):
        return EXIT_USAGE
    return EXIT_FAILED if any(not result.report.ok for result in results if result.report) else EXIT_OK


def _print_verify_line(result: FileResult) -> None:
    if result.report is None:
        print(f"{result.path}: cannot read: {result.error}", file=sys.stderr, flush=True)
    else:
        print(f"{result.path}: {describe(result.report)}", flush=True)


def run_diff(args: argparse.Namespace) -> int:
    try:
        left, right = parse_log(args.a.read_bytes()), parse_log(args.b.read_bytes())
        divergence = diverge(left, right)
    except OSError as error:
        print(f"cannot read: {error}", file=sys.stderr)
        return EXIT_USAGE
    except (LogFormatError, NotComparable) as error:
        print(str(error), file=sys.stderr)
        return EXIT_FAILED
    if args.json:
        print(json.dumps(None if divergence is None else divergence.to_json(), sort_keys=True))
    else:
        sys.stdout.write(render_divergence(divergence, str(args.a), str(args.b)))
    return EXIT_OK if divergence is None else EXIT_FAILED


def run_explain(args: argparse.Namespace) -> int:
    try:
        lines = narrate(args.file.read_bytes(), args.viewer)
    except OSError as error:
        print(f"{args.file}: cannot read: {error.strerror or error}", file=sys.stderr)
        return EXIT_USAGE
    except (LogFormatError, ShowError) as error:
        print(f"{args.file}: {error}", file=sys.stderr)
        return EXIT_FAILED
    if args.json:
        print(json.dumps([{"version": n.version, "text": n.text, "refused": n.attempt} for n in lines]))
    else:
        sys.stdout.write(render_narration(lines))
    return EXIT_OK


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


def run_html(args: argparse.Namespace) -> int:
    from kennel.replay.html import render_page

    try:
        raw = args.file.read_bytes()
    except OSError as error:
        print(f"{args.file}: cannot read: {error.strerror or error}", file=sys.stderr)
        return EXIT_USAGE
    try:
        page = render_page(raw)
    except (LogFormatError, ShowError) as error:
        print(f"{args.file}: {error}", file=sys.stderr)
        return EXIT_FAILED
    try:
        args.output.write_text(page, encoding="utf-8")
    except OSError as error:
        print(f"{args.output}: cannot write: {error.strerror or error}", file=sys.stderr)
        return EXIT_USAGE
    print(f"{args.output}: {len(page.encode('utf-8')):,} bytes")
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="kennel replay", description="Verify, show, compare and explain Kennel game logs."
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
