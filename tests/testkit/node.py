"""What the TypeScript tests need (Node.js, the npm packages under clients/, Chromium), and how
they skip or fail without it.

Without Node.js the TypeScript SDK, buf and web client tests skip, saying what is missing and
how to get it (`make browser` installs Node.js, npm and Chromium; `make test` then installs the
npm packages and builds). Where CI sets KENNEL_REQUIRE_NODE=1 (or KENNEL_REQUIRE_BROWSER=1 for
the browser tests), the skip becomes a failure.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CLIENTS = ROOT / "clients"
BIN = CLIENTS / "node_modules" / ".bin"
GENERATED = CLIENTS / "typescript" / "src" / "gen" / "kennel" / "v1" / "kennel_pb.ts"
WEB_BUNDLE = CLIENTS / "web" / "dist" / "app.js"
HOW = "`make browser` installs Node.js and Chromium, then `make test` (or `make web`) installs and builds the rest"


def node_missing() -> str | None:
    """What the Node.js tests lack, or None."""
    if shutil.which("node") is None:
        return "node is not installed"
    if not (BIN / "buf").exists() or not (BIN / "esbuild").exists():
        return "the npm packages of clients/ are not installed (npm ci --prefix clients)"
    if not GENERATED.is_file():
        return "the TypeScript SDK is not generated (make proto)"
    return None


BROWSER_TESTS = ROOT / "tests" / "browser"
CHROMIUM = os.environ.get("KENNEL_CHROMIUM", "/usr/bin/chromium")


def chromium_missing() -> str | None:
    """What driving Debian's chromium with playwright-core (tests/browser) lacks, or None."""
    if shutil.which("node") is None:
        return "node is not installed (apt-get install nodejs npm)"
    if not (BROWSER_TESTS / "node_modules" / "playwright-core" / "package.json").is_file():
        if shutil.which("npm") is None:
            return "npm is not installed (apt-get install npm), so playwright-core cannot be"
        return "playwright-core is not installed (npm ci --prefix tests/browser)"
    if not os.access(CHROMIUM, os.X_OK):
        return f"no chromium at {CHROMIUM} (apt-get install chromium, or set KENNEL_CHROMIUM)"
    return None


def require(lack: str | None, variable: str) -> None:
    """Skip (or, where `variable` is 1, fail) when something is missing."""
    if lack is None:
        return
    if os.environ.get(variable) == "1":
        pytest.fail(f"{variable}=1 but these tests cannot run: {lack}; {HOW}")
    pytest.skip(f"skipped: {lack}; {HOW}")


def run(command: list[str], timeout: float = 120, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """Run a Node.js tool; a failure shows its output."""
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=timeout, check=False)
    assert done.returncode == 0, f"{' '.join(command)} failed ({done.returncode}):\n{done.stderr}\n{done.stdout}"
    return done


def bundle(entry: Path, out: Path) -> Path:
    """A TypeScript script and what it imports, bundled by esbuild into one file Node runs."""
    run([str(BIN / "esbuild"), str(entry), "--bundle", "--platform=node", "--format=esm",
         f"--outfile={out}", "--log-level=warning"])
    return out
