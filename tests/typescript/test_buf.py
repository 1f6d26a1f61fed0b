"""The protos pass buf's lint (buf.yaml says which rules we leave out, and why) and break nothing
against the previous release (proto/releases/baseline.binpb; docs/api.md, "Releases").

buf is the npm package @bufbuild/buf (its binary ships inside it), installed with clients/.
Skipped without it, unless KENNEL_REQUIRE_NODE=1.
"""

from __future__ import annotations

import shutil

import pytest
from testkit.node import BIN, ROOT, require, run

BASELINE = ROOT / "proto" / "releases" / "baseline.binpb"


@pytest.fixture(autouse=True)
def buf_ready() -> None:
    lack = None
    if shutil.which("node") is None:
        lack = "node is not installed"
    elif not (BIN / "buf").exists():
        lack = "buf is not installed (npm ci --prefix clients)"
    require(lack, "KENNEL_REQUIRE_NODE")


def test_the_protos_pass_buf_lint() -> None:
    run([str(BIN / "buf"), "lint"])


def test_the_protos_break_nothing_since_the_last_release() -> None:
    assert BASELINE.is_file(), "the release baseline is missing: docs/api.md says how a release makes it"
    run([str(BIN / "buf"), "breaking", "--against", str(BASELINE)])
