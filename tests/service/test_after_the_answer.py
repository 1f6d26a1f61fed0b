"""A SubmitCommand's answer first, its bookkeeping after (kennel.service.servicer): the command
read through its cache of commands by their bytes, the answer's head written by hand, and the
log line, metrics and early views done on the next turn of the loop. Each is checked against
its plain definition, and through a real server: every answer is followed by a view at its
version, its log line with the call's fields, and its count in the metrics."""

from __future__ import annotations

import io
import json
import urllib.request
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from random import Random
from typing import Any

import pytest
import structlog
from kennel.client import Kennel, KennelError
from kennel.domain.core import table as tables
from kennel.domain.registry import GAMES
from kennel.replay.ledger import Ledger
from kennel.service import logs, servicer
from kennel.service.live import LiveGame
from kennel.service.storage import Desk
from kennel.service.viewbytes import command_message
from kennel.v1 import kennel_pb2 as pb
from prometheus_client.parser import text_string_to_metric_families
from testkit.bot_games import bot_game
from testkit.servers import ServerThread


@pytest.mark.parametrize(
    ("first", "last", "replayed"),
    [(1, 1, False), (7, 9, True), (0, 0, False), (0, 0, True), (127, 128, False), (16_383, 16_384, True),
     (2**40, 2**40 + 3, False), (-1, 5, False)],
)
def test_the_answers_head_is_what_protobuf_writes(first: int, last: int, replayed: bool) -> None:
    plain = pb.SubmitCommandResponse(first_version=first, last_version=last, replayed=replayed).SerializeToString()
    assert servicer._submit_head(first, last, replayed) == plain


def _sent_commands(ledger: Ledger) -> list[tuple[dict[str, object], pb.Command, int]]:
    """Every command a seat sent in the game (engine commands too), as its wire message, and its seat."""
    sent = []
    for record in ledger.records:
        if record.cause.seat is None:
            continue
        tagged = {"type": record.cause.type, "data": record.cause.data}
        message = pb.Command.FromString(command_message(ledger.game.name, tagged).SerializeToString())
        sent.append((tagged, message, record.cause.seat))
    return sent


def _live(ledger: Ledger) -> LiveGame:
    return LiveGame(id=uuid.uuid4(), ledger=ledger, desk=Desk(header=ledger.header, seed=b""))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_commands_read_through_the_cache_are_the_plain_reads(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every command of seeded bot games of every game (two games, so that their commands meet
    in the cache, one of them with open seats filled by engine commands), read once through the
    cache (mostly misses) and again (hits), equals the plain read and the recorded command; a
    small bound only empties the cache more often."""
    monkeypatch.setattr(servicer, "_READ", {})
    monkeypatch.setattr(servicer, "_READ_KEPT", 64)
    game = GAMES[name]
    lives = [_live(bot_game(game, "after-answer-1", 3)), _live(bot_game(game, "after-answer-2", 3, open_seats=1))]
    for _ in range(2):
        for live in lives:
            for tagged, message, seat in _sent_commands(live.ledger):
                read = servicer._command(live, seat, message)
                assert read == servicer._read_command(live, message)
                assert tables.encode_command(game, read) == tagged
                assert len(servicer._READ) <= 64
    assert servicer._READ


def test_a_command_read_is_kept_for_its_own_game_and_seat_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reads are kept per game and seat: the same bytes sent by another seat, or in another
    game, are read afresh, so that no seat's read is quicker for what another seat sent (a
    client timing its own refused commands would learn another seat's secret pick)."""
    monkeypatch.setattr(servicer, "_READ", {})
    ledger = bot_game(GAMES["hoarders"], "after-answer-5", 3)
    first, other_game = _live(ledger), _live(ledger)
    _tagged, message, seat = _sent_commands(ledger)[0]
    kept = servicer._command(first, seat, message)
    assert servicer._command(first, seat, message) is kept  # kept for this game and seat
    for live, asker in ((first, (seat + 1) % 3), (other_game, seat)):
        before = set(servicer._READ)
        assert servicer._command(live, asker, message) == kept
        assert set(servicer._READ) - before == {(live.id.int, asker, message.SerializeToString())}  # a miss: read afresh


def test_a_refused_command_is_not_kept_and_is_refused_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """An empty command, another game's command and one whose fields do not decode are refused
    each time they are read, with the plain read's code, and never kept."""
    monkeypatch.setattr(servicer, "_READ", {})
    live = _live(bot_game(GAMES["hoarders"], "after-answer-3", 3))
    other = bot_game(GAMES["caninos"], "after-answer-4", 3)
    wrong_game = _sent_commands(other)[0][1]
    undecodable = pb.Command()
    undecodable.hoarders.SetInParent()  # a member without its kind of command
    for message, code in ((pb.Command(), "kennel/malformed"), (wrong_game, "kennel/wrong_game"),
                          (undecodable, "kennel/malformed")):
        for _ in range(2):
            with pytest.raises(Exception) as refused:  # noqa: PT011 (the code is what is checked)
                servicer._command(live, 0, message)
            assert refused.value.code == code  # type: ignore[attr-defined]
    assert servicer._READ == {}


@pytest.fixture
def json_log(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[], list[dict[str, Any]]]]:
    """The server's log lines, as `--log-format json` writes them to stderr: a function that
    flushes the log and reads them (call it once the server has stopped)."""
    stream = io.StringIO()
    monkeypatch.setattr("sys.stderr", stream)
    monkeypatch.setattr(logs, "_writer", None)
    monkeypatch.setattr(logs, "_direct", None)
    saved = structlog.get_config()
    logs.configure("json")

    def lines() -> list[dict[str, Any]]:
        logs.flush()
        return [json.loads(line) for line in stream.getvalue().splitlines() if line.startswith("{")]

    yield lines
    logs.flush()
    structlog.configure(**saved)


def _scrape(port: int) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as response:
        text = response.read().decode("utf-8")
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def test_every_answer_is_followed_by_its_view_its_log_line_and_its_count(
    tmp_path: Path, json_log: Callable[[], list[dict[str, Any]]]
) -> None:
    """Two Hoarders games on a real server, their seats sending legal commands in turn (the same
    commands meet in the cache across games and seats): after each answer the sender's GetView
    is at the answer's last version; each accepted or replayed command has one command_accepted
    line carrying its rpc, game id, role, seat and command id and its versions; the metrics count
    every one; a refused command is refused each time it is sent."""
    running = ServerThread(tmp_path / "data", metrics_port=0).start()
    choose = Random("after-the-answer")
    answers: dict[str, tuple[str, int, int, int, bool]] = {}  # command id -> game, seat, first, last, replayed
    try:
        with Kennel(running.address, timeout=10) as kennel:
            games = [kennel.create_game("hoarders", ["Ann", "Bob", "Cy"]) for _ in range(2)]
            sessions = [[kennel.session(g.game_id, g.credentials[s]) for s in sorted(g.credentials)] for g in games]
            for step in range(30):
                which = step % 2
                game, seats = games[which], sessions[which]
                seat = seats[0].view().pending[0].seat
                view = seats[seat].view()
                command = choose.choice(list(view.legal_commands))
                command_id = f"c{step}"
                answer = seats[seat].act(command, command_id=command_id)
                assert answer.view.version == answer.last_version == seats[seat].view().version
                answers[command_id] = (game.game_id, seat, answer.first_version, answer.last_version, False)
                if step == 5:  # sent again: replayed, not applied twice
                    again = seats[seat].act(command, command_id=command_id)
                    assert again.replayed
                    assert (again.first_version, again.last_version) == (answer.first_version, answer.last_version)
                    answers[command_id + "/again"] = (game.game_id, seat, again.first_version, again.last_version, True)
            for _ in range(2):
                with pytest.raises(KennelError) as refused:
                    sessions[0][0].act(pb.Command(), command_id="empty")
                assert refused.value.code == "kennel/malformed"
            assert running.running is not None and running.running.metrics is not None
            samples = _scrape(running.running.metrics.port)
    finally:
        running.stop()
    lines = json_log()
    accepted = [line for line in lines if line["event"] == "command_accepted"]
    assert len(accepted) == len(answers)
    seen = {}
    for line in accepted:
        assert line["rpc"] == "SubmitCommand" and line["role"] == "seat" and line["level"] == "info"
        key = line["command_id"] + ("/again" if line["replayed"] else "")
        seen[key] = (line["game_id"], line["seat"], line["first"], line["last"], line["replayed"])
    assert seen == answers
    counted = {outcome: samples.get(("kennel_commands_total", (("game", "hoarders"), ("outcome", outcome))), 0)
               for outcome in ("accepted", "replayed", "INVALID_ARGUMENT")}
    assert counted == {"accepted": 30, "replayed": 1, "INVALID_ARGUMENT": 2}
    assert samples[("kennel_command_seconds_count", (("game", "hoarders"),))] == 33


def test_a_command_whose_answer_fails_is_still_logged_as_accepted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, json_log: Callable[[], list[dict[str, Any]]]
) -> None:
    """The command is committed before its answer is built: if building the answer fails (a
    server bug, here forced), the client hears INTERNAL, and the command's command_accepted
    line is written all the same (the log must show every command that stands)."""
    running = ServerThread(tmp_path / "data").start()
    try:
        with Kennel(running.address, timeout=10) as kennel:
            game = kennel.create_game("hoarders", ["Ann", "Bob", "Cy"])
            seats = [kennel.session(game.game_id, game.credentials[s]) for s in sorted(game.credentials)]
            seat = seats[0].view().pending[0].seat
            view = seats[seat].view()
            monkeypatch.setattr(servicer, "_submit_head", _broken_head)
            with pytest.raises(KennelError) as failed:
                seats[seat].act(view.legal_commands[0], command_id="answer-fails")
            assert failed.value.code == "kennel/internal"
            assert seats[seat].view().version > view.version  # the command stands
    finally:
        running.stop()
    lines = json_log()
    assert [line["command_id"] for line in lines if line["event"] == "command_accepted"] == ["answer-fails"]


def _broken_head(first: int, last: int, replayed: bool) -> bytes:
    raise RuntimeError("forced: the answer cannot be built")
