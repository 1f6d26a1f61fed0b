"""The one explicit list of the games Kennel hosts. Nothing registers itself on import."""

from __future__ import annotations

from typing import Any

from kennel.domain.a_dogs_life import GAME as A_DOGS_LIFE
from kennel.domain.canine_kleptomaniacs import GAME as CANINE_KLEPTOMANIACS
from kennel.domain.caninos import GAME as CANINOS
from kennel.domain.core.rules import Game, RuleViolation
from kennel.domain.hoarders import GAME as HOARDERS

GAMES: dict[str, Game[Any]] = {
    game.name: game for game in (HOARDERS, CANINE_KLEPTOMANIACS, CANINOS, A_DOGS_LIFE)
}


def game_named(name: str) -> Game[Any]:
    try:
        return GAMES[name]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise RuleViolation("kennel/unknown_game", f"There is no game {name!r}; Kennel hosts {known}.") from None


def wire_name(game: Game[Any]) -> str:
    """The game's name as a protobuf field and Python package: "canine-kleptomaniacs" -> "canine_kleptomaniacs"."""
    return game.name.replace("-", "_")
