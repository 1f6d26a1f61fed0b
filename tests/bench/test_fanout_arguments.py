"""The fan-out's watcher processes get the spectator's credential whatever it begins with: one
credential in 64 begins with "-" (secrets.token_urlsafe), which argparse would otherwise read as
an option and refuse (a CI run of the bench's smoke test failed that way)."""

from __future__ import annotations

import pytest
from bench import load
from bench.fanout import watch_arguments


@pytest.mark.parametrize("credential", ["-Zk3_x9", "--long-looking", "plain_Q1"])
def test_a_watcher_reads_the_spectator_credential_as_given(credential: str) -> None:
    game = {"game_id": "00000000-0000-4000-8000-000000000000", "spectator": credential, "version": 5}
    args = load.parser().parse_args(watch_arguments("127.0.0.1:1", game, streams=64))
    assert (args.kind, args.credential, args.after, args.streams) == ("watch", credential, 4, 64)
