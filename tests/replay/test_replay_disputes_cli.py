"""`kennel replay diff | explain | fork` and verify's parallel, JSON and signature modes (issue 6),
on logs of every registered game, including logs damaged on purpose in each way verify catches."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from kennel.domain.core.rng import seed_from_text
from kennel.replay.cli import main
from kennel.replay.explain import narrate
from kennel.replay.logformat import Record, parse_log
from kennel.service.cli import main as kennel_main
from replay_samples import GAME_NAMES, finished, forged, rechained, running, with_event


def written(folder: Path, name: str, raw: bytes) -> Path:
    path = folder / name
    path.write_bytes(raw)
    return path


@pytest.mark.parametrize("name", GAME_NAMES)
def test_verify_json_names_the_first_bad_record_of_each_damaged_log(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    raw = finished(name)
    log = parse_log(raw)
    middle = len(log.records) // 2
    # Two events of one decision, whose order the rules fix (unlike two seats' secret picks).
    pair = next(r.version for r in log.records[middle:] if log.records[r.version].cause == r.cause)
    damaged = {
        "changed-event": forged(raw, lambda v, r: r if v != middle else with_event(r, {**r.event, "type": "Nope"})),
        "removed-record": rechained(log.header, [r for r in log.records if r.version != middle]),
        "reordered-pair": rechained(
            log.header,
            [*log.records[: pair - 1], log.records[pair], log.records[pair - 1], *log.records[pair + 1 :]],
        ),
        "forged-seed": _with_seed(log.header, log.records, seed_from_text("forged").hex()),
        "edited-in-place": raw.replace(log.records[middle - 1].to_bytes(), log.records[middle - 1].to_bytes().replace(b'"version":', b'"version": ', 1)),
    }
    files = [written(tmp_path, f"{kind}.jsonl", body) for kind, body in damaged.items()]
    files.append(written(tmp_path, "good.jsonl", raw))
    assert main(["verify", "--json", "--jobs", "2", *map(str, files)]) == 1
    reports = {Path(r["file"]).stem: r for r in map(json.loads, capsys.readouterr().out.splitlines())}
    assert reports["good"]["ok"]
    assert reports["changed-event"]["failure"]["kind"] in {"event_mismatch", "format"}
    assert reports["edited-in-place"]["failure"]["kind"] in {"format", "hash_chain"}
    assert reports["removed-record"]["failure"]["kind"] in {"event_mismatch", "rule"}
    assert reports["reordered-pair"]["failure"]["kind"] in {"event_mismatch", "rule"}
    assert reports["reordered-pair"]["failure"]["version"] <= pair
    assert reports["forged-seed"]["failure"]["kind"] == "seed_commitment"


def _with_seed(header, records, seed_hex):  # type: ignore[no-untyped-def]
    last = records[-1]
    event = {**last.event, "data": {**last.event["data"], "seed": seed_hex}}
    return rechained(header, [*records[:-1], Record(last.version, last.cause, event, last.prev, last.hash)])


def test_verify_prints_plain_lines_in_order_and_a_summary_without_a_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files = [written(tmp_path, f"{i}-{name}.jsonl", finished(name, open_seats=i % 2))
             for i, name in enumerate(GAME_NAMES * 3)]
    assert main(["verify", "--jobs", "2", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(": ")[0] for line in out[: len(files)]] == [str(p) for p in sorted(files)]
    assert out[-1].startswith(f"{len(files)} logs in ") and "records/s" in out[-1]


@pytest.mark.parametrize("name", GAME_NAMES)
def test_diff_names_the_first_divergent_record(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    raw = finished(name)
    other = finished(name, seat_count=None)  # the same game played again: identical
    a, b = written(tmp_path, "a.jsonl", raw), written(tmp_path, "b.jsonl", other)
    assert main(["diff", str(a), str(b)]) == 0
    assert "hold the same commands and events" in capsys.readouterr().out
    log = parse_log(raw)
    cut = written(tmp_path, "cut.jsonl", rechained(log.header, log.records[:-3]))
    assert main(["diff", "--json", str(a), str(cut)]) == 1
    divergence = json.loads(capsys.readouterr().out)
    assert divergence["version"] == len(log.records) - 2 and divergence["b"] is None
    assert divergence["a"]["event"] == log.records[-3].event


@pytest.mark.parametrize("name", GAME_NAMES)
def test_explain_tells_one_sentence_per_event(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    raw = finished(name)
    records = len(parse_log(raw).records)
    path = written(tmp_path, "game.jsonl", raw)
    assert main(["explain", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert len(out) == records
    assert "was created for" in out[0] and "The game ended" in out[-1] and "seed was revealed" in out[-1]
    assert main(["explain", "--as", "1", "--json", str(path)]) == 0
    told = json.loads(capsys.readouterr().out)
    assert [line["version"] for line in told] == list(range(1, records + 1))
    # Told as a seat, nothing hidden from it appears: the omniscient and the seat's stories differ
    # exactly where the seat was not told everything, and never in length.
    assert len(narrate(raw, 1)) == len(narrate(raw))


def test_explain_of_a_running_game_as_a_seat_hides_what_the_seat_did_not_see() -> None:
    raw = running(GAME_NAMES[0])
    omniscient = [line.text for line in narrate(raw)]
    as_seat = [line.text for line in narrate(raw, 0)]
    assert omniscient != as_seat and len(omniscient) == len(as_seat)


def test_fork_from_the_store_leaves_the_parent_untouched(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from test_replay_cli import stored_game  # a finished game written through the service's hub

    data = tmp_path / "data"
    game_id, parent_raw = stored_game(data)
    at = parse_log(parent_raw).records[12].version
    code = kennel_main(["replay", "fork", game_id, "--at", str(at), "--data", str(data)])
    out = capsys.readouterr()
    if code != 0:  # not a decision boundary: the refusal names the nearest ones
        assert "try version" in out.err
        at = int(out.err.split("try version ")[1].split(",")[0].strip().split()[0])
        assert kennel_main(["replay", "fork", game_id, "--at", str(at), "--data", str(data)]) == 0
        out = capsys.readouterr()
    fork_id = out.out.split(" into ")[1].split()[0]
    assert "spectator:" in out.out
    exported = tmp_path / "parent.jsonl"
    assert kennel_main(["replay", "export", game_id, "-o", str(exported), "--data", str(data)]) == 0
    assert exported.read_bytes() == parent_raw
    forked = tmp_path / "fork.jsonl"
    assert kennel_main(["replay", "export", fork_id, "-o", str(forked), "--data", str(data)]) == 0
    fork_log = parse_log(forked.read_bytes())
    assert fork_log.header.parent is not None and fork_log.header.parent.version == at
    assert len(fork_log.records) == at
    assert main(["verify", str(forked)]) == 0  # a running fork: hash chain and header hold
    assert kennel_main(["replay", "fork", game_id, "--at", "99999", "--data", str(data)]) == 1
