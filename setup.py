"""The server distribution's packages, version and dependencies, computed where pyproject.toml
cannot say them.

- Packages: every package below domain/, service/ and replay/, installed as kennel.domain,
  kennel.service and kennel.replay (the folders stay where the layout puts them).
- Version: clients/python/kennel/_version.py, the one place both distributions read.
- Dependencies: [tool.kennel] dependencies in pyproject.toml, plus kennel-client at this version.
- The web client: where `make web` has built it, its files go into the build's
  kennel/service/web_client, where service/web.py looks first (a checkout serves clients/web).
"""

from __future__ import annotations

import re
import shutil
import tomllib
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
FOLDERS = ("domain", "service", "replay")
WEB_CLIENT = HERE / "clients" / "web"
# What `kennel serve --web` serves (service/web.py, STATIC_FILES), as built by `make web`.
WEB_CLIENT_FILES = ("index.html", "style.css", "dist/app.js")


def packages() -> tuple[list[str], dict[str, str]]:
    names: list[str] = []
    for folder in FOLDERS:
        for init in sorted((HERE / folder).rglob("__init__.py")):
            relative = init.parent.relative_to(HERE)
            names.append("kennel." + ".".join(relative.parts))
    return names, {f"kennel.{folder}": folder for folder in FOLDERS}


def version() -> str:
    text = (HERE / "clients" / "python" / "kennel" / "_version.py").read_text(encoding="utf-8")
    found = re.search(r'^__version__ = "([^"]+)"$', text, re.MULTILINE)
    if found is None:
        raise SystemExit("clients/python/kennel/_version.py has no __version__")
    return found.group(1)


def dependencies(own_version: str) -> list[str]:
    with (HERE / "pyproject.toml").open("rb") as file:
        listed: list[str] = tomllib.load(file)["tool"]["kennel"]["dependencies"]
    return [*listed, f"kennel-client=={own_version}"]


class BuildWithWebClient(build_py):
    """build_py, plus the built web client inside kennel/service (never in an editable install,
    which serves clients/web from the checkout)."""

    def run(self) -> None:
        super().run()
        if self.editable_mode or not all((WEB_CLIENT / name).is_file() for name in WEB_CLIENT_FILES):
            return
        target = Path(self.build_lib) / "kennel" / "service" / "web_client"
        shutil.rmtree(target, ignore_errors=True)  # no stale bundle from an earlier build
        for name in WEB_CLIENT_FILES:
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(WEB_CLIENT / name, target / name)


names, package_dir = packages()
VERSION = version()
setup(packages=names, package_dir=package_dir, version=VERSION, install_requires=dependencies(VERSION),
      cmdclass={"build_py": BuildWithWebClient})
