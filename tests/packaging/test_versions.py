"""One version number (issue #15): clients/python/kennel/_version.py is read by both wheels'
builds, and the npm package of the TypeScript SDK must say the same."""

from __future__ import annotations

import kennel
from testkit import dist


def test_the_npm_package_has_the_python_version() -> None:
    assert dist.npm_version() == dist.python_version()


def test_the_installed_client_reports_the_one_version() -> None:
    assert kennel.__version__ == dist.python_version()
