"""The server distribution's packages, version and dependencies, computed where pyproject.toml
cannot say them.

- Packages: every package below domain/, service/ and replay/, installed as kennel.domain,
  kennel.service and kennel.replay (the folders stay where the layout puts them).
- Version: clients/python/kennel/_version.py, the one place both distributions read.
- Dependencies: [tool.kennel] dependencies in pyproject.toml, plus kennel-client at this version.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from setuptools import setup

HERE = Path(__file__).resolve().parent
FOLDERS = ("domain", "service", "replay")


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


names, package_dir = packages()
VERSION = version()
setup(packages=names, package_dir=package_dir, version=VERSION, install_requires=dependencies(VERSION))
