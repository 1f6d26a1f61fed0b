"""Past views never fail (issue 16, hole 7): GetView(at_version) at a version in the middle
of one decision answered INTERNAL in ¡Caninos! (an IndexError), and `kennel replay show --at`
crashed the same way. A generic test over every game: random games played on a real server,
then GetView for every version and every seat (and the public view), accepting only OK or a
documented refusal; then the same of the real CLI, `kennel replay show --at N --as S`."""

from __future__ import annotations

import contextlib
import io
import random
from pathlib import Path

import grpc
import pytest
from kennel.client import Kennel, KennelError, Session
from kennel.domain.registry import GAMES
from kennel.replay.cli import main as replay_main
from kennel.replay.logformat import mid_decision, parse_log
from kennel.service.config import Config
from kennel.service.matches import game_options
from kennel.v1 import kennel_pb2 as pb
from testkit.bot_games import finishing_options
from trustkit import ConfiguredServer, auditor

MAX_STEPS = 3000
GAMES_PER_TYPE = 1
DOCUMENTED = {"kennel/bad_version", "kennel/no_such_seat"}  # docs/api.md


def _play(kennel: Kennel, game: str, seats: int, rng: random.Random) -> tuple[str, Session]:
    options = finishing_options(GAMES[game])  # played to the end (testkit.bot_games)
    created = kennel.create_game(game, [f"p{n}" for n in range(seats)], game_options(game, options) if options else None)
    sessions = {seat: kennel.session(created.game_id, c) for seat, c in created.credentials.items()}
    spectator = kennel.session(created.game_id, created.spectator_credential)
    for _ in range(MAX_STEPS):
        view = spectator.view()
        if view.status == pb.GAME_STATUS_FINISHED:
            return created.game_id, spectator
        seat = rng.choice([prompt.seat for prompt in view.pending])
        sessions[seat].act(rng.choice(list(sessions[seat].view().legal_commands)))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_past_view_of_every_seat_is_ok_or_a_documented_refusal(tmp_path: Path, game: str) -> None:
    credential, digest = auditor()
    config = Config(auditor_hashes=frozenset({digest}), commands_per_second=10_000, command_burst=10_000)
    server = ConfiguredServer(tmp_path / "data", config).start()
    rng = random.Random(f"past views {game}")
    try:
        with Kennel(server.address, timeout=30) as kennel:
            for number in range(GAMES_PER_TYPE):
                seats = GAMES[game].seats.minimum + number % 2
                game_id, spectator = _play(kennel, game, seats, rng)
                watcher = kennel.session(game_id, credential)
                last = spectator.view().version
                refusals: set[str] = set()
                asked = [(v, s) for v in range(1, last + 1) for s in (None, *range(seats))]
                asked += [(0, None), (last + 1, 0), (last, seats)]  # documented refusals
                for version, seat in asked:
                    try:
                        view = watcher.view(at_version=version, as_seat=seat)
                    except KennelError as error:
                        assert error.status != grpc.StatusCode.INTERNAL, (version, seat, error)
                        assert error.code in DOCUMENTED, (version, seat, error)
                        refusals.add(error.code)
                        continue
                    assert view.version == version
                assert refusals == DOCUMENTED
                raw = spectator.log()
                _show_every_version(tmp_path / f"{game}-{number}.jsonl", raw, last, seats)
    finally:
        server.stop()


def _show_every_version(path: Path, raw: bytes, last: int, seats: int) -> None:
    """`kennel replay show FILE --at N [--as S]`: exit 0, or 1 with a message, never a traceback.
    Every version inside a decision (where ¡Caninos! failed) and every tenth other one: each
    call reads the whole log again, so every version of a long game would take minutes."""
    path.write_bytes(raw)
    records = parse_log(raw).records
    versions = [v for v in range(1, last + 1) if mid_decision(records, v) or v % 10 == 0 or v == last]
    for version in versions:
        for seat in (None, version % seats):  # the public view, and each seat in turn
            out, err = io.StringIO(), io.StringIO()
            arguments = ["show", str(path), "--at", str(version), *(["--as", str(seat)] if seat is not None else [])]
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = replay_main(arguments)
            assert code == 0, (version, seat, err.getvalue())
