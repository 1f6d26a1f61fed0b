"""`kennel.replay.html`: the self-contained replay page, checked without a browser.

The browser half (the page scrubs, and draws something) is tests/browser/test_replay_html_browser.py.
"""

from __future__ import annotations

import functools
import html
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from kennel.domain.core import table as tables
from kennel.domain.core.bots import RandomBot
from kennel.domain.core.codec import to_json
from kennel.domain.core.rng import seed_from_text
from kennel.domain.registry import GAMES
from kennel.replay import html as html_module
from kennel.replay.cli import main
from kennel.replay.explain import narrate
from kennel.replay.html import LIST, OBJECT, Pool, decode, embed_json, render_page, svg_chunks
from kennel.replay.ledger import Ledger
from kennel.replay.logformat import mid_decision, parse_log
from kennel.replay.show import show
from kennel.service.matches import LocalMatch
from kennel.service.simulate import play_out
from replay_samples import GAME_NAMES, finished, running
from testkit.bot_games import finishing_options

DATA_TAG = re.compile(r'<script type="application/json" id="kennel-data">(.*?)</script>', re.DOTALL)


def embedded(page: str) -> dict[str, Any]:
    """The JSON the page carries, read back the way the browser does."""
    match = DATA_TAG.search(page)
    assert match is not None, "the page has no data tag"
    data: dict[str, Any] = json.loads(match.group(1))
    return data


def step(data: dict[str, Any], version: int, *path: str | int) -> Any:
    """What the page holds at a version, or only at `path` in it (decoding only that)."""
    pool, ref = data["pool"], data["steps"][version]
    for key in path:
        entry = pool[ref]
        if isinstance(key, int):  # an item of a list (not a rope: the lists walked here are short)
            assert entry[0] == LIST
            ref = entry[1 + key]
        else:
            assert entry[0] == OBJECT
            ref = entry[2 + pool[entry[1]][1:].index(key)]
    return decode(pool, ref)


def played(game_name: str, names: list[str], seed_text: str, game_id: str = "test") -> bytes:
    """A whole bot game with the given player names and game id."""
    game, seed = GAMES[game_name], seed_from_text(seed_text)
    ledger = Ledger.create(game, game_id, finishing_options(game), names, seed)
    match = LocalMatch(ledger, seed, [RandomBot(f"{seed_text}:{seat}") for seat in range(len(names))])
    play_out(match, seed_text, 10_000)
    return ledger.log().to_bytes()


# Names of XML namespaces look like addresses but are never fetched.
XML_NAMESPACES = {"http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"}


def addresses(page: str) -> set[str]:
    return set(re.findall(r"[a-z][a-z0-9+.-]*://[^\"'\s<>\\]*", page, re.IGNORECASE))


def largest(game_name: str) -> bytes:
    return finished(game_name, GAMES[game_name].seats.maximum)


@functools.cache
def largest_page(game_name: str) -> str:
    return render_page(largest(game_name))


# Self-contained ---------------------------------------------------------------------------------


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_the_page_fetches_nothing(game_name: str) -> None:
    page = largest_page(game_name)
    assert page.startswith("<!doctype html>")
    # Attributes, in the markup or in the data (where quotes are escaped: href=\"...).
    assert not re.search(
        r"""(?:src|href|action)\s*=\s*\\?["']?\s*(?:[a-z][a-z0-9+.-]*:)?//""", page, re.IGNORECASE
    )
    assert addresses(page) <= XML_NAMESPACES, "no address but a namespace name"
    assert not re.search(
        r"@import|url\(|<link|<iframe|<img|fetch\(|XMLHttpRequest|import\(", page, re.IGNORECASE
    )
    # Exactly the two inline scripts (data and code), no script with a source.
    assert len(re.findall(r"<script\b", page, re.IGNORECASE)) == 2
    assert len(re.findall(r"</script", page, re.IGNORECASE)) == 2
    assert "<script src" not in page.lower()


def test_the_inline_code_cannot_end_its_own_element() -> None:
    script, style = html_module._asset("replay.js"), html_module._asset("replay.css")
    assert "</" not in script and "<!--" not in script
    assert "</" not in style


# Every step's data ------------------------------------------------------------------------------


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_the_page_holds_every_version_folded_from_the_log(game_name: str) -> None:
    game, raw = GAMES[game_name], largest(game_name)
    log = parse_log(raw)
    data = embedded(largest_page(game_name))
    events = [tables.decode_event(game, record.event) for record in log.records]
    assert data["meta"]["last_version"] == len(events)
    assert len(data["steps"]) == len(events) + 1  # versions 0..N

    zero = step(data, 0)
    assert (zero["version"], zero["state"], zero["seats"]) == (0, None, list(log.header.seats))
    table = tables.open_table(game, events[0])
    for version, (record, event) in enumerate(zip(log.records, events, strict=True), start=1):
        if version > 1:
            table = tables.evolve(table, event)
        assert step(data, version, "version") == version
        assert step(data, version, "state") == to_json(table.state)
        assert step(data, version, "seats") == list(table.seats)
        assert step(data, version, "event") == record.event
        assert step(data, version, "command") == record.cause.to_json()
        settled = not mid_decision(log.records, version)  # inside a decision nobody owes anything (issue 16)
        assert step(data, version, "pending") == (to_json(table.pending()) if settled else [])
        assert step(data, version, "outcome") == to_json(table.outcome())
        assert step(data, version, "public", "view") == to_json(game.view(table.state, None))
        for seat in range(len(table.seats)):
            assert step(data, version, "viewers", seat, "view") == to_json(game.view(table.state, seat))
    assert step(data, len(events), "outcome") == data["meta"]["outcome"] is not None


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_each_seat_sees_what_show_says_it_saw(game_name: str) -> None:
    raw = largest(game_name)
    data = embedded(largest_page(game_name))
    last, seats = data["meta"]["last_version"], len(data["meta"]["seats"])
    for version in sorted({1, 2, last // 2, last}):
        for seat in sorted({0, seats - 1}):
            seen = step(data, version, "viewers", seat)
            shown = show(raw, version, seat)
            assert seen["view"] == shown.view
            assert seen["legal"] == list(shown.legal_commands)
            assert seen["event"] == shown.events[-1].event
            assert seen["command"] == shown.events[-1].command  # only the seat's own, or the engine's


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_the_narration_is_explain_s_for_everyone_and_for_each_seat(game_name: str) -> None:
    raw = largest(game_name)
    data = embedded(largest_page(game_name))
    seats = len(parse_log(raw).header.seats)
    assert len(data["narration"]) == seats + 1
    for index, viewer in enumerate([None, *range(seats)]):
        told = [
            (version, data["pool"][text], bool(attempt))
            for version, text, attempt in data["narration"][index]
        ]
        assert told == [(line.version, line.text, line.attempt) for line in narrate(raw, viewer)]


def test_seats_taken_after_creation_are_named_from_their_version_on() -> None:
    game_name = GAME_NAMES[0]
    raw = finished(game_name, GAMES[game_name].seats.minimum, open_seats=1)
    data = embedded(render_page(raw))
    filled = next(r.version for r in parse_log(raw).records if r.event["type"] == "kennel.SeatFilled")
    assert step(data, 0)["seats"][-1] is None
    assert step(data, filled - 1)["seats"][-1] is None
    assert step(data, filled)["seats"][-1] is not None
    assert data["meta"]["seats"][-1] is not None


def test_a_running_game_has_no_outcome_yet() -> None:
    data = embedded(render_page(running(GAME_NAMES[0])))
    assert data["meta"]["outcome"] is None
    assert step(data, data["meta"]["last_version"])["outcome"] is None


# Escaping ---------------------------------------------------------------------------------------


def test_names_and_ids_that_look_like_markup_stay_inside_the_data() -> None:
    game_name = GAME_NAMES[0]
    names = ["</script><script>alert(1)</script>", "<!-- <script>", 'Zoë & \u2028 "q"']
    names = names[: GAMES[game_name].seats.maximum]
    names += [f"p{seat}" for seat in range(len(names), GAMES[game_name].seats.minimum)]
    game_id = "</title><script>alert(2)</script>%%DATA%%%%SCRIPT%%"
    page = render_page(played(game_name, names, "html/markup", game_id))
    assert len(re.findall(r"</script", page, re.IGNORECASE)) == 2  # the two real closing tags
    markup = DATA_TAG.sub("", page)  # "<script" in the data is text there ("<!--" and "</" are escaped)
    assert len(re.findall(r"<script", markup, re.IGNORECASE)) == 1
    assert len(re.findall(r"</title", page, re.IGNORECASE)) == 1
    assert "<!--" not in page
    title = re.search(r"<title>(.*?)</title>", page, re.DOTALL)
    assert title is not None and html.unescape(title.group(1)).split(" · ")[1] == f"game {game_id}"
    data = embedded(page)
    assert data["meta"]["game_id"] == game_id
    assert data["meta"]["seats"] == names
    assert step(data, 0)["seats"] == names


def test_embedded_json_escapes_what_could_end_or_confuse_a_script_element() -> None:
    value = {"a": "</script>", "b": "<!--", "c": "</SCRIPT", "d": ["x</y"]}
    text = embed_json(value)
    assert "</" not in text and "<!--" not in text
    assert json.loads(text) == value


# The pool ---------------------------------------------------------------------------------------


def test_the_pool_stores_each_value_once_and_keeps_types_apart() -> None:
    pool = Pool()
    first = pool.ref({"a": [1, True, None, "1"], "b": {"c": 1}})
    again = pool.ref({"a": [1, True, None, "1"], "b": {"c": 1}})
    assert first == again
    assert (
        len({pool.ref(1), pool.ref(True), pool.ref("1"), pool.ref(None), pool.ref(False), pool.ref(0)}) == 6
    )
    assert decode(pool.entries, first) == {"a": [1, True, None, "1"], "b": {"c": 1}}
    assert decode(pool.entries, pool.ref({"b": 1, "a": 2})) == {"b": 1, "a": 2}  # key order kept
    assert decode(pool.entries, pool.ref([])) == [] and decode(pool.entries, pool.ref({})) == {}


@pytest.mark.parametrize("game_name", GAME_NAMES)
def test_the_page_grows_by_what_changes_not_by_the_whole_view(game_name: str) -> None:
    """A regression guard on the compaction (sizes, not times): far below one full copy per step."""
    data = embedded(largest_page(game_name))
    pooled = len(json.dumps(data["pool"], separators=(",", ":")))
    every = 10  # the naive size, estimated from every tenth step
    sampled = data["steps"][::every]
    naive = sum(len(json.dumps(decode(data["pool"], ref), separators=(",", ":"))) for ref in sampled)
    assert pooled * 4 < naive * len(data["steps"]) / len(sampled)


# Pictures ---------------------------------------------------------------------------------------


class Unpictured:
    """A registered game without its `picture`, if it has one."""

    def __init__(self, game: Any) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        if name == "picture":
            raise AttributeError(name)
        return getattr(self._game, name)


class Pictured:
    """A registered game with a `picture` added: a board that shows the version and the viewer."""

    def __init__(self, game: Any) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def picture(self, state: Any, viewer: int | None) -> str | None:
        digest = abs(hash(json.dumps(to_json(state), sort_keys=True))) % 1000
        who = "everyone" if viewer is None else f"seat {viewer}"
        return (
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 40">'
            f'<rect width="200" height="40" fill="#cde"/><text x="4" y="24">{who}: {digest}</text></svg>'
        )


def test_a_game_that_draws_itself_gets_its_picture_at_every_step(monkeypatch: pytest.MonkeyPatch) -> None:
    game_name = GAME_NAMES[0]
    game = Pictured(GAMES[game_name])
    monkeypatch.setitem(GAMES, game_name, game)
    raw = finished(game_name)
    page = render_page(raw)
    data = embedded(page)
    events = [tables.decode_event(game, record.event) for record in parse_log(raw).records]
    table = tables.open_table(game, events[0])
    for version, event in enumerate(events, start=1):
        if version > 1:
            table = tables.evolve(table, event)
        assert "".join(step(data, version, "picture")) == game.picture(table.state, None)
        for seat, seen in enumerate(step(data, version, "viewers")):
            assert "".join(seen["picture"]) == game.picture(table.state, seat)
    assert step(data, 0, "picture") is None
    # The SVG namespace is a name, not something fetched: the only address in the page.
    assert addresses(page) == {"http://www.w3.org/2000/svg"}


def test_games_without_a_picture_have_none(monkeypatch: pytest.MonkeyPatch) -> None:
    game_name = GAME_NAMES[0]
    monkeypatch.setitem(GAMES, game_name, Unpictured(GAMES[game_name]))
    data = embedded(render_page(finished(game_name)))
    for version in range(len(data["steps"])):
        assert step(data, version, "picture") is None
        assert all(seen["picture"] is None for seen in step(data, version, "viewers"))


def test_svg_chunks_join_back_to_the_picture() -> None:
    svg = '<svg viewBox="0 0 1 1"><g><circle r="1"/></g>text</svg>'
    assert "".join(svg_chunks(svg)) == svg
    assert svg_chunks(svg)[:2] == ['<svg viewBox="0 0 1 1">', "<g>"]
    assert "".join(svg_chunks("no tags")) == "no tags"


# The command ------------------------------------------------------------------------------------


def test_replay_html_writes_the_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "game.jsonl"
    log.write_bytes(finished(GAME_NAMES[0]))
    out = tmp_path / "game.html"
    assert main(["html", str(log), "-o", str(out)]) == 0
    assert embedded(out.read_text(encoding="utf-8"))["meta"]["game"] == GAME_NAMES[0]
    assert str(out) in capsys.readouterr().out


def test_the_same_log_gives_the_same_page_in_any_process(tmp_path: Path) -> None:
    """Byte for byte, whatever Python's string hashing seed: pages can be compared and diffed."""
    log = tmp_path / "game.jsonl"
    log.write_bytes(finished(GAME_NAMES[-1]))
    pages = []
    for hash_seed in ("1", "2"):
        out = tmp_path / f"page-{hash_seed}.html"
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        command = [sys.executable, "-m", "kennel.replay.cli", "html", str(log), "-o", str(out)]
        subprocess.run(command, check=True, env=env, capture_output=True, cwd=Path(__file__).parents[2])
        pages.append(out.read_bytes())
    assert pages[0] == pages[1]
    assert pages[0].decode("utf-8") == render_page(log.read_bytes())


def test_replay_html_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "page.html"
    assert main(["html", str(tmp_path / "missing.jsonl"), "-o", str(out)]) == 2
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{}\n")
    assert main(["html", str(bad), "-o", str(out)]) == 1
    assert "bad.jsonl" in capsys.readouterr().err
    assert not out.exists()
