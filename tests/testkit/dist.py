"""What `make dist` writes, checked: the two wheels and the npm tarball, one version, and nothing
but `kennel` at the top level of either wheel. `make dist` runs this file; the packaging tests
(tests/packaging) import it.

    python tests/testkit/dist.py DIST_FOLDER [--require-tarball]
"""

from __future__ import annotations

import json
import re
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VERSION_FILE = ROOT / "clients" / "python" / "kennel" / "_version.py"
NPM_PACKAGE = ROOT / "clients" / "typescript" / "package.json"
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
        found.append(f"{NPM_PACKAGE.name} says {npm_version()} but {VERSION_FILE.name} says {python_version()}")
    for distribution in DISTRIBUTIONS:
        names = top_level(wheel(folder, distribution))
        if names != {"kennel"}:
            found.append(f"{distribution}: top level is {sorted(names)}, not only kennel")
    if require_tarball and not tarball(folder).is_file():
        found.append(f"no {tarball(folder).name} in {folder}")
    return found


def main(argv: list[str]) -> int:
    folder = Path(argv[0])
    found = problems(folder, "--require-tarball" in argv)
    for problem in found:
        print(f"make dist: {problem}", file=sys.stderr)
    if not found:
        print(f"make dist: {', '.join(sorted(p.name for p in folder.iterdir()))} at version {python_version()}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
