"""`make dist`, in one place for the Makefile and the packaging tests (tests/packaging): the two
wheels and the npm tarball built into a folder, then checked: one version everywhere, and
nothing but `kennel` at the top level of either wheel.

    python tests/testkit/dist.py DIST_FOLDER     # what `make dist` runs, after `make typescript`

Without npm the tarball (and the web client inside the server wheel) is left out, saying so,
unless KENNEL_REQUIRE_NODE=1.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VERSION_FILE = ROOT / "clients" / "python" / "kennel" / "_version.py"
NPM_PACKAGE = ROOT / "clients" / "typescript" / "package.json"
SDK_BUILT = ROOT / "clients" / "typescript" / "dist" / "index.js"
# setuptools' scratch folders: removed before a build (no stale files) and after it.
BUILD_FOLDERS = (ROOT / "build", ROOT / "clients" / "python" / "build")
DISTRIBUTIONS = ("kennel_client", "kennel_server")


def python_version() -> str:
    found = re.search(r'^__version__ = "([^"]+)"$', VERSION_FILE.read_text(encoding="utf-8"), re.MULTILINE)
    if found is None:
        raise SystemExit(f"{VERSION_FILE.name} has no __version__")
    return found.group(1)


def npm_version() -> str:
    version: str = json.loads(NPM_PACKAGE.read_text(encoding="utf-8"))["version"]
    return version


def wheel(folder: Path, distribution: str) -> Path:
    found = sorted(folder.glob(f"{distribution}-{python_version()}-*.whl"))
    if len(found) != 1:
        raise SystemExit(f"{folder}: expected one {distribution} wheel at {python_version()}, found {found}")
    return found[0]


def tarball(folder: Path) -> Path:
    return folder / f"kennel-sdk-{npm_version()}.tgz"


def top_level(path: Path) -> set[str]:
    """The first path component of every file in a wheel, its .dist-info folder left out."""
    with zipfile.ZipFile(path) as archive:
        names = {name.split("/", 1)[0] for name in archive.namelist()}
    return {name for name in names if not name.endswith(".dist-info")}


def problems(folder: Path, require_tarball: bool) -> list[str]:
    found: list[str] = []
    if npm_version() != python_version():
        found.append(
            f"{NPM_PACKAGE.name} says {npm_version()} but {VERSION_FILE.name} says {python_version()}"
        )
    for distribution in DISTRIBUTIONS:
        names = top_level(wheel(folder, distribution))
        if names != {"kennel"}:
            found.append(f"{distribution}: top level is {sorted(names)}, not only kennel")
    if require_tarball and not tarball(folder).is_file():
        found.append(f"no {tarball(folder).name} in {folder}")
    return found


def npm_missing() -> str | None:
    if shutil.which("npm") is None:
        return "npm is missing, so there is no npm tarball and no web client in the server wheel"
    if not SDK_BUILT.is_file():
        return "the TypeScript SDK is not built (make typescript)"
    return None


def build(folder: Path) -> list[str]:
    """Build both wheels (and the tarball where npm is) into `folder`; what is wrong, if anything.

    setuptools builds in the checkout's build/ folders, so builds of one checkout (two test
    workers, or a test and `make dist`) take turns, by a lock outside the checkout."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    name = hashlib.sha256(str(ROOT).encode()).hexdigest()[:16]
    with open(Path(tempfile.gettempdir()) / f"kennel-dist-{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return _build(folder)


def _build(folder: Path) -> list[str]:
    for scratch in BUILD_FOLDERS:
        shutil.rmtree(scratch, ignore_errors=True)
    try:
        # Without build isolation: the environment running this already has setuptools and
        # grpcio-tools, and the wheels get the generated code `make proto` wrote.
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "wheel",
                "--quiet",
                "--no-deps",
                "--no-build-isolation",
                "-w",
                str(folder),
                str(ROOT / "clients" / "python"),
                str(ROOT),
            ],
            check=True,
            timeout=300,
        )
    finally:
        for scratch in BUILD_FOLDERS:
            shutil.rmtree(scratch, ignore_errors=True)
    lack = npm_missing()
    if lack is None:
        subprocess.run(
            ["npm", "pack", "--silent", "--pack-destination", str(folder.resolve())],
            cwd=NPM_PACKAGE.parent,
            check=True,
            timeout=120,
            stdout=subprocess.DEVNULL,
        )
    elif os.environ.get("KENNEL_REQUIRE_NODE") == "1":
        return [lack]
    else:
        print(f"make dist: {lack}", file=sys.stderr)
    return problems(folder, require_tarball=lack is None)


def main(argv: list[str]) -> int:
    folder = Path(argv[0])
    found = build(folder)
    for problem in found:
        print(f"make dist: {problem}", file=sys.stderr)
    if not found:
        print(
            f"make dist: {', '.join(sorted(p.name for p in folder.iterdir()))} at version {python_version()} in {folder}"
        )
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
