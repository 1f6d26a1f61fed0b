"""The replay page (`kennel replay html`) in a real browser: headless Chromium, from file://.

For every registered game, a real game is played by bots (`kennel simulate`'s driver), its page
is written, and `screenshot.mjs` (Playwright's `playwright-core` from npm, driving Debian's
`chromium`; no browser is downloaded) loads it, moves the timeline with the Next button, the
slider, an arrow key and the End key, and takes a screenshot. The checks: nothing was fetched,
no script error, each move changed the step shown, the narration line highlighted and the
views, choosing "as seat 0" switches every panel to what that seat saw, and the screenshot is
a picture, not a blank page.

Needs node, `npm ci --prefix tests/browser` and chromium (`make browser` installs them). Skipped
when one is missing, unless KENNEL_REQUIRE_BROWSER=1, which turns the skip into a failure.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest
from kennel.domain.core.bots import RandomBot
from kennel.domain.core.rng import seed_from_text
from kennel.domain.registry import GAMES
from kennel.replay.html import render_page
from kennel.replay.ledger import Ledger
from kennel.service.matches import DEFAULT_MAX_STEPS, LocalMatch
from kennel.service.simulate import bot_names, play_out, simulate_local
from testkit.node import chromium_missing
from testkit.png import png_colours

HERE = Path(__file__).resolve().parent
SCRIPT = HERE / "screenshot.mjs"
VIEWPORT = (1440, 1000)  # as screenshot.mjs sets it
# The page is checked on a finished game. A Dog's Life under rules version 2 ends only when a dog
# buries its bones, which random bots rarely do; its timed variant (a rules option, with tied
# dogs sharing the win at once) gives them an ending.
TIMED = {"a-dogs-life": {"round_limit": 3, "overtime_rounds": 0}}


def missing() -> str | None:
    """What the browser tests lack, or None."""
    return chromium_missing()


@pytest.fixture(scope="module", autouse=True)
def browser_ready() -> None:
    lack = missing()
    if lack is None:
        return
    if os.environ.get("KENNEL_REQUIRE_BROWSER") == "1":
        pytest.fail(f"KENNEL_REQUIRE_BROWSER=1 but the browser tests cannot run: {lack}; run `make browser`")
    pytest.skip(f"browser tests skipped: {lack}; `make browser` installs what they need")


def finished_log(name: str) -> bytes:
    """A whole game of `name` played by random bots (`kennel simulate`'s driver), as its log."""
    game = GAMES[name]
    if name not in TIMED:
        return simulate_local(game, game.seats.maximum, "browser", 0, DEFAULT_MAX_STEPS).log
    seed = seed_from_text("browser")
    ledger = Ledger.create(game, "test/browser", TIMED[name], bot_names(game.seats.maximum), seed)
    match = LocalMatch(ledger, seed, [RandomBot(f"browser:{seat}") for seat in range(game.seats.maximum)])
    play_out(match, "browser", DEFAULT_MAX_STEPS)
    return ledger.log().to_bytes()


def drive(page: Path, shot: Path) -> dict[str, Any]:
    done = subprocess.run(
        ["node", str(SCRIPT), str(page), str(shot)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, f"screenshot.mjs failed:\n{done.stderr}\n{done.stdout}"
    report: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return report


@pytest.mark.parametrize("game_name", sorted(GAMES))
def test_the_timeline_moves_what_the_page_shows(game_name: str, tmp_path: Path) -> None:
    game = GAMES[game_name]
    raw = finished_log(game_name)
    last = raw.count(b"\n") - 1  # records after the header
    page, shot = tmp_path / f"{game_name}.html", tmp_path / f"{game_name}.png"
    page.write_text(render_page(raw), encoding="utf-8")

    report = drive(page, shot)
    assert report["requests"] == [], "the page fetched something"
    assert report["errors"] == [], "the page raised errors"
    assert game.title in report["title"]
    seen = report["snapshots"]
    middle = last // 2

    assert seen["loaded"]["step"] == f"version 0 of {last}"
    assert seen["loaded"]["sliderMax"] == str(last)
    assert seen["loaded"]["narrationLines"] >= last  # one sentence per event at least
    assert seen["loaded"]["narration"] == []  # nothing has happened at version 0

    expected = {"next": 1, "slider": middle, "arrow": middle + 1, "end": last}
    for name, version in expected.items():
        assert seen[name]["step"] == f"version {version} of {last}", name
        assert seen[name]["slider"] == str(version), name
        assert seen[name]["narration"], f"{name}: no narration line highlighted"
        assert all(line.startswith(f"{version}\n") for line in seen[name]["narration"]), name
        assert seen[name]["cards"] >= 2 + game.seats.maximum, name  # omniscient, public, each seat

    # Each move changed what is shown: the event line, the narration and the views.
    for before, after in [("loaded", "next"), ("next", "slider"), ("slider", "arrow"), ("arrow", "end")]:
        assert seen[before]["now"] != seen[after]["now"], (before, after)
        assert seen[before]["narration"] != seen[after]["narration"], (before, after)
        assert seen[before]["panels"] != seen[after]["panels"], (before, after)
    assert "outcome" in seen["end"]["panels"].lower() and "won" in seen["end"]["final"]
    if getattr(game, "picture", None) is not None:
        assert seen["shot"]["svgs"] > 0, "the game draws itself, but no picture is on the page"

    # "as seat 0" switches every panel, not only the story: no whole state, no spectator's or
    # other seat's view; the table's public facts, and seat 0's own card (issue 18).
    mine, everything = seen["asSeat"], seen["shot"]
    assert mine["step"] == everything["step"] and mine["perspective"] == "0"
    titles = " | ".join(mine["cardTitles"])
    assert "Omniscient" not in titles and "Spectator" not in titles, titles
    seat_cards = [title for title in mine["cardTitles"] if title.startswith("Seat ")]
    assert len(seat_cards) == 1 and seat_cards[0].startswith("Seat 0"), titles
    assert any(title.startswith("Table") for title in mine["cardTitles"]), titles
    whole = "state (the whole truth)"  # its summary; the page may set it in capitals
    assert whole in everything["panels"].lower() and whole not in mine["panels"].lower()
    assert mine["panels"] != everything["panels"]

    width, height, colours = png_colours(shot.read_bytes())
    assert (width, height) == VIEWPORT
    assert len(colours) > 50, f"the screenshot looks blank: {len(colours)} colours"
