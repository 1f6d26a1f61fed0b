"""Memory the projection caches keep for games that were watched to their end.

An idle new game costs little in the caches (`bench.memory` measures whole games through a
server); a long game followed by its seats and a spectator is where per-viewer caches that
keep every redacted event grow. Here, in this process: bot games of the longest game are
played (`tests`' own bot driver, `kennel simulate`'s bots), then each viewer (every seat and
the public view) asks for every event two at a time, as a watcher keeping up does, and for its
view; the growth of this process's resident set per game is what the caches hold. With
`--source`, the projections module of that checkout is measured instead (before/after figures).
"""

from __future__ import annotations

import gc
import importlib.util
import sys
import uuid
from pathlib import Path
from types import ModuleType
from typing import Any

from kennel.domain.core.rng import seed_from_text
from kennel.domain.registry import GAMES
from kennel.service.live import LiveGame
from kennel.service.matches import DEFAULT_MAX_STEPS, LocalMatch
from kennel.service.simulate import bot_names, play_out
from kennel.service.storage import Desk

from bench.sizes import Sizes

GAME = "canine-kleptomaniacs"  # the longest games of the four


def _projections(source: Path | None) -> ModuleType:
    if source is None:
        import kennel.service.projections

        return kennel.service.projections
    spec = importlib.util.spec_from_file_location("bench_source_projections", source / "service" / "projections.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


def _rss_kib() -> int:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise KeyError("VmRSS")


def _played(index: int, players: int) -> LiveGame:
    game = GAMES[GAME]
    text = f"watched:{index}"
    match = LocalMatch.start(game, str(uuid.uuid4()), bot_names(players), seed_from_text(text),
                             [f"{text}:{seat}" for seat in range(players)])
    play_out(match, text, DEFAULT_MAX_STEPS)
    return LiveGame(id=uuid.uuid4(), ledger=match.ledger, desk=Desk(header=match.ledger.header, seed=b""))


def _watch(projections: Any, live: LiveGame, players: int) -> None:
    """Every viewer asks for every event two at a time, as a watcher keeping up does, then its view."""
    for viewer in (None, *range(players)):
        for first in range(1, live.ledger.version + 1, 2):
            projections.events(live, viewer, first, min(first + 1, live.ledger.version))
        projections.view(live, viewer)


def watched_memory(sizes: Sizes, work: Path, source: Path | None = None) -> dict[str, Any]:
    module = _projections(source)
    players = min(max(sizes.players, GAMES[GAME].seats.minimum), GAMES[GAME].seats.maximum)
    games = [_played(index, players) for index in range(sizes.watched_games)]
    projections = module.Projections()
    # One game watched first, not counted: what is made once per process on first use (the
    # encoders compiled per message type, kennel.service.protobytes) is not a watched game's.
    _watch(projections, _played(sizes.watched_games, players), players)
    gc.collect()
    before = _rss_kib()
    for live in games:
        _watch(projections, live, players)
    gc.collect()
    grown = _rss_kib() - before
    return {
        "game": GAME, "players": players, "viewers_per_game": players + 1, "games": len(games),
        "events_per_game": round(sum(live.ledger.version for live in games) / len(games), 1),
        "kib_per_watched_game": round(grown / len(games), 1),
        "projections": "another checkout (--source)" if source else "this checkout",
    }
