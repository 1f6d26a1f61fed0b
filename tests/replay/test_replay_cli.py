"""`kennel replay verify | show | export` through `kennel.replay.cli.main`: output and exit codes."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from kennel.domain.core.bots import RandomBot
from kennel.domain.registry import GAMES
from kennel.replay.cli import main
from kennel.replay.logformat import parse_log
from kennel.replay.verify import verify
from kennel.service.cli import main as kennel_main
from replay_samples import GAME_NAMES, finished, running
from testkit.bot_games import finishing_options

GAME_NAME = GAME_NAMES[0]


def written(tmp_path: Path, name: str, raw: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(raw)
    return path


def spoiled(raw: bytes, record: int) -> bytes:
    """The log with one hex digit changed in the given record's own hash."""
    lines = raw.split(b"\n")
    at = lines[record].index(b'"hash":"') + len(b'"hash":"')
    digit = b"1" if lines[record][at : at + 1] == b"0" else b"0"
    lines[record] = lines[record][:at] + digit + lines[record][at + 1 :]
    return b"\n".join(lines)


def test_verify_exits_0_when_every_log_holds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = [written(tmp_path, f"{name}.jsonl", finished(name)) for name in GAME_NAMES]
    files.append(written(tmp_path, "running.jsonl", running(GAME_NAME)))
    assert main(["verify", *map(str, files)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[len(files)].split() == ["game", "logs", "ok", "chain", "only", "failed", "records", "checked"]
    assert out[-2].split()[:6] == ["all", str(len(files)), str(len(files) - 1), "1", "0", out[-2].split()[5]]
    out = out[: len(files)]
    assert all(line.startswith(f"{path}: ok ") for line, path in zip(out[:-1], files[:-1], strict=True))
    assert out[-1].startswith(f"{files[-1]}: ok (hash chain only)")


def test_verify_takes_a_folder_of_logs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "logs"
    folder.mkdir()
    files = [written(folder, f"{name}.jsonl", finished(name)) for name in GAME_NAMES]
    written(folder, "notes.txt", b"not a log")
    assert main(["verify", str(folder)]) == 0
    out = capsys.readouterr().out.splitlines()[: len(files)]
    assert [line.split(": ")[0] for line in out] == [str(path) for path in sorted(files)]


def test_verify_exits_1_naming_the_first_record_that_differs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = written(tmp_path, "good.jsonl", finished(GAME_NAME))
    bad = written(tmp_path, "bad.jsonl", spoiled(finished(GAME_NAME), record=4))
    assert main(["verify", str(good), str(bad)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{good}: ok")
    assert out[1].startswith(f"{bad}: FAILED {GAME_NAME} game ") and ": record 4: hash_chain: " in out[1]


def test_verify_complete_fails_a_running_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = written(tmp_path, "running.jsonl", running(GAME_NAME))
    assert main(["verify", "--complete", str(path)]) == 1
    assert ": the log: missing_seed: " in capsys.readouterr().out


def test_verify_json_reports_one_object_per_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = written(tmp_path, "bad.jsonl", spoiled(finished(GAME_NAME), record=2))
    assert main(["verify", "--json", str(bad)]) == 1
    (report,) = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert report["file"] == str(bad) and report["ok"] is False
    assert report["failure"]["kind"] == "hash_chain" and report["failure"]["version"] == 2


def test_verify_exits_2_for_a_file_it_cannot_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = written(tmp_path, "good.jsonl", finished(GAME_NAME))
    assert main(["verify", str(good), str(tmp_path / "missing.jsonl")]) == 2
    assert "missing.jsonl: cannot read" in capsys.readouterr().err


def test_show_prints_text_for_people(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = written(tmp_path, "game.jsonl", finished(GAME_NAME))
    assert main(["show", str(path), "--at", "5", "--as", "bot-1"]) == 0
    out = capsys.readouterr().out
    assert "version 5 of" in out.splitlines()[0] and "as seat 1 bot-1 (you)" in out.splitlines()[0]
    assert "Events 1..5:" in out


def test_show_json_is_for_machines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = written(tmp_path, "game.jsonl", finished(GAME_NAME))
    assert main(["show", str(path), "--at", "3", "--as", "0", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert (shown["version"], shown["viewer"], len(shown["events"])) == (3, 0, 3)


def test_show_without_as_is_the_spectator_view_at_the_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    raw = finished(GAME_NAME)
    path = written(tmp_path, "game.jsonl", raw)
    assert main(["show", str(path), "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["viewer"] is None and shown["version"] == len(parse_log(raw).records)
    assert shown["outcome"] is not None


@pytest.mark.parametrize(
    ("arguments", "message"),
    [(["--at", "0"], "there is no version 0"), (["--as", "Nobody"], "no player is called 'Nobody'")],
)
def test_show_exits_1_with_a_message_when_it_cannot_show(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], arguments: list[str], message: str
) -> None:
    path = written(tmp_path, "game.jsonl", finished(GAME_NAME))
    assert main(["show", str(path), *arguments]) == 1
    assert message in capsys.readouterr().err


def test_show_exits_1_for_a_file_that_is_not_a_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = written(tmp_path, "junk.jsonl", b"junk\n")
    assert main(["show", str(path)]) == 1
    assert "the header is not UTF-8 JSON" in capsys.readouterr().err


def test_a_missing_subcommand_or_argument_is_a_usage_error() -> None:
    for argv in ([], ["verify"], ["export", "some-id"]):
        with pytest.raises(SystemExit) as exited:
            main(argv)
        assert exited.value.code == 2


def stored_game(data_dir: Path) -> tuple[str, bytes]:
    """A game created, joined and played to its end through the service's own game hub."""
    from kennel.service.games import GameHub
    from kennel.service.storage import open_store

    game = GAMES[GAME_NAME]
    store = open_store(str(data_dir))

    async def play() -> tuple[str, bytes]:
        hub = GameHub(store, Ed25519PrivateKey.generate())
        await hub.start()
        names: list[str | None] = ["Ada", None]
        seats = names + ["Clover"] * (game.seats.minimum - 2)
        live, _, _ = await hub.create(game.name, finishing_options(game), seats)
        await hub.join(str(live.id), "Basil", None)
        bot = RandomBot("export")
        for step in range(10_000):
            if live.table.ended is not None:
                break
            seat = min(prompt.seat for prompt in live.table.pending())
            await hub.submit(live, seat, f"cmd-{step}", bot.choose(live.table, seat))
        return str(live.id), live.log().to_bytes()

    try:
        return asyncio.run(play())
    finally:
        store.close()


def test_export_writes_the_stored_log_byte_for_byte(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game_id, expected = stored_game(tmp_path / "data")
    out = tmp_path / "exported.jsonl"
    assert kennel_main(["replay", "export", game_id, "-o", str(out), "--data", str(tmp_path / "data")]) == 0
    assert out.read_bytes() == expected
    assert capsys.readouterr().out.splitlines()[-1].startswith(f"{out}: {GAME_NAME} game {game_id}, ")
    report = verify(out.read_bytes())
    assert report.ok and report.rules_checked, report.failure


def test_export_of_a_game_the_store_does_not_hold_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = "00000000-0000-4000-8000-000000000000"
    out = tmp_path / "exported.jsonl"
    assert kennel_main(["replay", "export", missing, "-o", str(out), "--data", str(tmp_path / "data")]) == 1
    assert f"no game {missing}" in capsys.readouterr().err
    assert not out.exists()
