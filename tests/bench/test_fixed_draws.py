"""bench.fixed_draws: the instructions section's server draws the same seeds, ids and
credentials in every run (so two counts of one commit play the same games)."""

from __future__ import annotations

import json
import string
import subprocess
import sys
import uuid

from bench import procs

_DRAW = (
    "import json, secrets, uuid\n"
    "from bench.fixed_draws import fix_draws\n"
    "fix_draws()\n"
    "print(json.dumps([secrets.token_bytes(32).hex(), secrets.token_urlsafe(32),\n"
    "                  secrets.token_hex(16), str(uuid.uuid4())]))\n"
)


def _draws() -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", _DRAW], capture_output=True, check=True, env=procs.python_env(), timeout=60
    )
    return list(json.loads(done.stdout))


def test_two_processes_draw_alike_and_in_the_forms_the_server_expects() -> None:
    first, second = _draws(), _draws()
    assert first == second
    seed, credential, text, game_id = first
    assert len(bytes.fromhex(seed)) == 32 and len(bytes.fromhex(text)) == 16
    assert len(credential) == 43
    assert set(credential) <= set(string.ascii_letters + string.digits + "-_")
    assert uuid.UUID(game_id).version == 4


def test_this_process_keeps_its_own_draws() -> None:
    """The patch is made only where it is asked for (the bench's server), never on import."""
    import secrets

    import bench.fixed_draws  # noqa: F401

    assert secrets.token_bytes(32) != secrets.token_bytes(32)
