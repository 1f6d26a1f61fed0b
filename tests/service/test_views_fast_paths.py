"""The parts of a view kept between views (kennel.service.viewbytes: a game's id, seats and fork
notice, prompts' encodings, legal commands' encodings and the labels that depend on the command
and names alone) never change a view: two games of each game type, their seats named apart,
one with a seat filled late, one a fork, asked alternately position by position, every view
of every viewer the message built field by field from scratch (test_view_bytes)."""

from __future__ import annotations

from itertools import zip_longest
from typing import Any

import pytest
from kennel.domain.core.bots import RandomBot
from kennel.domain.core.rng import seed_from_text
from kennel.domain.registry import GAMES
from kennel.replay.ledger import Ledger
from kennel.replay.logformat import Parent
from kennel.service import viewbytes
from kennel.service.live import LiveGame
from kennel.service.matches import LocalMatch, SimulationError
from kennel.service.simulate import play_out
from test_view_bytes import _check, _live, _positions
from testkit.bot_games import bot_game


def _named_game(name: str, seed_text: str, names: list[str | None], parent: Parent | None = None) -> LiveGame:
    """A game played by random bots (up to 400 commands) whose seats are named `names` (bot
    games name theirs alike); a seat left open (None) is filled before play."""
    game, seed = GAMES[name], seed_from_text(seed_text)
    create: dict[str, Any] = {} if parent is None else {"parent": parent}
    ledger = Ledger.create(game, f"test/{seed_text}", dict(game.random_play_options), names, seed, **create)
    for seat, seat_name in enumerate(names):
        if seat_name is None:
            ledger.commit(ledger.fill_seat(None, f"Late{seat}", f"join-{seat}", seed))
    bots = [RandomBot(f"{seed_text}:{seat}") for seat in range(len(names))]
    try:
        play_out(LocalMatch(ledger, seed, bots), seed_text, 400)
    except SimulationError:  # not over in 400 commands: its positions so far are as good
        pass
    return _live(ledger)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_views_asked_alternately_of_two_games_are_each_built_from_scratch(name: str) -> None:
    kept_tables = (
        viewbytes._COMMANDS, viewbytes._COMMANDS_BY_ID,
        viewbytes._PROMPTS, viewbytes._GAMES, viewbytes._TABLES,
    )
    for kept in kept_tables:
        kept.clear()
    parent = Parent(game_id="00000000-0000-0000-0000-000000000007", version=3, head="0" * 64)
    first = _named_game(name, f"views-fast-{name}-a", ["Ada", None, "Cy"])
    second = _named_game(name, f"views-fast-{name}-b", ["Zed", "Yu", "Xi"], parent=parent)
    third = _live(bot_game(GAMES[name], f"views-fast-{name}-c", 3))  # the bots' own names
    checked = 0
    for positions in zip_longest(*(list(_positions(live))[::2] for live in (first, second, third))):
        for live, position in zip((first, second, third), positions, strict=True):
            if position is None:
                continue
            table, settled = position
            _check(live, table, settled, {})
            checked += 1
    assert checked > 100
    assert any(entry[1] is not None for entry in viewbytes._COMMANDS[name].values())  # labels were kept
