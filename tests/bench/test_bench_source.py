"""`python -m bench --source DIR` serves from another checkout (before/after figures).

The editable install maps kennel.domain, kennel.service and kennel.replay to this checkout's
folders, so putting the other checkout on PYTHONPATH alone ran this checkout's server with the
other's client package: every before/after pair measured the same server (found in issue 20's
fifth pass). These tests run a child Python as the bench does and ask where its modules live.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from bench.procs import SERVER_FOLDERS, python_env

HERE = Path(__file__).resolve().parents[2]
PROBE = "import kennel.client, kennel.service, kennel.domain, kennel.replay, kennel.v1; print(kennel.service.MARK, kennel.domain.MARK, kennel.replay.MARK, kennel.client.MARK)"


def fake_checkout(root: Path) -> Path:
    """A checkout holding only package markers (what a child imports first)."""
    client = root / "clients" / "python" / "kennel"
    client.mkdir(parents=True)
    (client / "__init__.py").write_text("")
    (client / "client.py").write_text("MARK = 'client of the other checkout'\n")
    for folder in SERVER_FOLDERS:
        (root / folder).mkdir()
        (root / folder / "__init__.py").write_text(f"MARK = '{folder} of the other checkout'\n")
    return root


def test_a_child_run_from_another_checkout_imports_that_checkouts_server(tmp_path: Path) -> None:
    source = fake_checkout(tmp_path / "other")
    result = subprocess.run([sys.executable, "-c", PROBE], env=python_env(source), capture_output=True, text=True,
                            timeout=60, check=True)
    assert result.stdout.split() == (
        "service of the other checkout domain of the other checkout replay of the other checkout "
        "client of the other checkout".split()
    )


def test_without_a_source_a_child_imports_this_checkout() -> None:
    probe = "import kennel.service, kennel.client; print(kennel.service.__file__, kennel.client.__file__)"
    result = subprocess.run([sys.executable, "-c", probe], env=python_env(None), capture_output=True, text=True,
                            timeout=60, check=True)
    service, client = (Path(path).resolve() for path in result.stdout.split())
    assert service.is_relative_to(HERE / "service") and client.is_relative_to(HERE / "clients" / "python")
