"""The one explicit list of what each game lends its search bot, and the bots by name.

A game added to `kennel.domain.registry.GAMES` adds its kit here (domain/<game>/bot.py);
tests/hidden/test_bot_worlds.py checks that every game has one.
"""

from __future__ import annotations

from typing import Any

from kennel.domain.a_dogs_life.bot import KIT as A_DOGS_LIFE
from kennel.domain.canine_kleptomaniacs.bot import KIT as CANINE_KLEPTOMANIACS
from kennel.domain.caninos.bot import KIT as CANINOS
from kennel.domain.core.bots import RandomBot
from kennel.domain.core.rules import Game, RuleViolation
from kennel.domain.core.search import DEFAULT_LEVEL, LEVELS, Kit, SearchBot
from kennel.domain.core.sight import Bot, Sight
from kennel.domain.core.undo import ProposeUndo
from kennel.domain.hoarders.bot import KIT as HOARDERS

KITS: dict[str, Kit] = {
    "hoarders": HOARDERS,
    "canine-kleptomaniacs": CANINE_KLEPTOMANIACS,
    "caninos": CANINOS,
    "a-dogs-life": A_DOGS_LIFE,
}

KINDS = ("search", "random")


class SightedRandomBot:
    """`RandomBot` behind the `Bot` interface: a uniformly random legal command from the sight."""

    def __init__(self, seed_text: str) -> None:
        self._bot = RandomBot(seed_text, undo=False)

    def choose(self, sight: Sight) -> Any | None:
        if not sight.legal:
            return None
        proposals = [isinstance(command, ProposeUndo) for command in sight.legal]
        return sight.legal[self._bot.pick(sight.version, sight.seat, proposals)]


def make_bot(game: Game[Any], kind: str, seed_text: str, level: int = DEFAULT_LEVEL) -> Bot:
    """A bot for `game` by kind ("search" or "random") and strength (search levels 1 to 3)."""
    if kind == "random":
        return SightedRandomBot(seed_text)
    if kind != "search":
        raise RuleViolation("kennel/bad_bot", f"There is no {kind!r} bot; there are {', '.join(KINDS)}.")
    if level not in LEVELS:
        raise RuleViolation("kennel/bad_bot", f"Bot levels are {min(LEVELS)} to {max(LEVELS)}, not {level}.")
    return SearchBot(KITS[game.name], seed_text, level)
