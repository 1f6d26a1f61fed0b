"""Every game's words (kennel.domain.core.words, kennel.domain.core.telling), checked over
random positions of every registered game: each legal command has a label and each event a
sentence, none of them shows a seat number, a raw field name or a class name, and a sentence
names the seat that acted. A command type without words fails here (issue 18)."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import pytest
from kennel.domain.core import lobby, telling
from kennel.domain.core import table as tables
from kennel.domain.core.rng import seed_from_text
from kennel.domain.core.rules import Game
from kennel.domain.registry import GAMES
from testkit.bot_games import bot_game

SEEDS = 2  # per seat count extreme: the positions a random game passes through are many
EVERY = 3  # label the legal commands of every third position (each has tens of commands)
# Positions, not endings, are what is checked: A Dog's Life under rules version 2 has no ending
# but the bones, which random bots rarely bury, so a game is played this far and no further.
MAX_STEPS = 1500
ACTOR_FIELDS = ("seat", "thief", "attacker", "proposer", "giver", "holder", "winner")
# What a player should never read: "seat 2", "seat=2", "victim=1", snake_case, a class name,
# a Python None or a data structure.
FORBIDDEN = [
    re.compile(r"\bseat\s*\d", re.IGNORECASE),
    re.compile(r"\w="),
    re.compile(r"[a-z]_[a-z]"),
    re.compile(r"\b[A-Z][a-z]+[A-Z][a-z]+[A-Z]?\w*\b"),  # RevealCritter, not "McGuffin"-free prose
    re.compile(r"\bNone\b"),
    re.compile(r"[{}\[\]]"),
]


def _clean(text: str, where: str) -> None:
    assert text.strip(), f"{where}: empty"
    for pattern in FORBIDDEN:
        assert not pattern.search(text), f"{where}: {text!r} matches {pattern.pattern}"


@pytest.mark.parametrize("game_name", sorted(GAMES))
def test_every_command_type_has_words(game_name: str) -> None:
    game = GAMES[game_name]
    missing = [t.__name__ for t in game.commands.types if t not in game.words.commands]
    assert not missing, f"{game_name}: command types without a label: {missing}"


@pytest.mark.parametrize("game_name", sorted(GAMES))
def test_how_to_play_has_goal_turn_and_cards(game_name: str) -> None:
    guide = telling.how_to_play(GAMES[game_name])
    assert guide.goal and guide.turn and guide.cards
    for text in (guide.goal, guide.turn, *(c.name for c in guide.cards), *(c.text for c in guide.cards)):
        _clean(text, f"{game_name} how-to-play")


def _games(game: Game[Any]) -> list[tuple[str, Any]]:
    return [
        (
            f"words/{game.name}/{count}/{index}",
            bot_game(game, f"words/{game.name}/{count}/{index}", count, max_steps=MAX_STEPS, must_end=False),
        )
        for count in (game.seats.minimum, game.seats.maximum)
        for index in range(SEEDS)
    ]


@pytest.mark.parametrize("game_name", sorted(GAMES))
def test_every_legal_command_and_event_in_players_words(game_name: str) -> None:
    game = GAMES[game_name]
    for seed_text, ledger in _games(game):
        table = tables.open_table(game, ledger.events[0])
        for version, event in enumerate(ledger.events[1:], start=2):
            names = telling.names_of(table)
            for viewer in (None, *range(len(table.seats))):
                seen = tables.redact(table, event, viewer)
                text = telling.sentence(game, seen, names)
                where = f"{seed_text} v{version} as {viewer}: {type(event).__name__}"
                _clean(text, where)
                for field in ACTOR_FIELDS:
                    actor = getattr(seen, field, None) if dataclasses.is_dataclass(seen) else None
                    if isinstance(actor, int) and not isinstance(actor, bool) and 0 <= actor < len(names):
                        assert names[actor] in text, f"{where}: {text!r} does not name {names[actor]}"
            table = tables.evolve(table, event)
            if version % EVERY:
                continue
            names = telling.names_of(table)
            for seat in range(len(table.seats)):
                for command in tables.legal_commands(table, seat):
                    label = telling.label(table, seat, command, names)
                    where = f"{seed_text} v{version} seat {seat}: {command}"
                    _clean(label.text, where)
                    _clean(label.group, where)
            for viewer in (None, *range(len(table.seats))):
                _clean(telling.headline(table, viewer, names), f"{seed_text} v{version} headline")


def test_a_card_offered_face_down_is_not_named_in_its_partners_labels() -> None:
    """Labels are made from the whole state, so the bluff of a face-down card offered in a
    Canine Kleptomaniacs trade ("Poo Pizza") must be kept by them too: the partner's labels read
    the same whatever kinds the face-down cards are, and however many are alike."""
    from kennel.domain.canine_kleptomaniacs.components import Collectable
    from kennel.domain.canine_kleptomaniacs.state import Offer

    game = GAMES["canine-kleptomaniacs"]
    checked = 0
    for seed_text, ledger in _games(game):
        table = tables.open_table(game, ledger.events[0])
        for event in ledger.events[1:]:
            table = tables.evolve(table, event)
            offer = table.state.effect
            if not (isinstance(offer, Offer) and offer.sent and any(i.face_down for i in offer.gives)):
                continue
            assert offer.partner is not None
            names = telling.names_of(table)
            for kind in (Collectable.POO_PIZZA, Collectable.SLIPPER):
                gives = tuple(dataclasses.replace(i, kind=kind) if i.face_down else i for i in offer.gives)
                state = dataclasses.replace(table.state, effect=dataclasses.replace(offer, gives=gives))
                other = dataclasses.replace(table, state=state)
                for command in tables.legal_commands(table, offer.partner):
                    seen = telling.label(table, offer.partner, command, names)
                    assert seen == telling.label(other, offer.partner, command, names), seed_text
                checked += 1
    assert checked, "no random game sent an offer with a card face down"


@pytest.mark.parametrize("game_name", sorted(GAMES))
def test_a_game_closed_before_it_began_says_so_in_words(game_name: str) -> None:
    """The server closes a game whose open seats wait too long (`close_lobby`): its reason is a
    code, never shown as such; the sentence and every headline say what happened."""
    game = GAMES[game_name]
    seed = seed_from_text("closed lobby words")
    table = tables.fold(game, tables.create(game, None, ["Ann", *[None] * (game.seats.minimum - 1)], seed))
    names = telling.names_of(table)
    [ended] = lobby.close_lobby(table, seed)
    told = [telling.sentence(game, ended, names)]
    table = tables.evolve(table, ended)
    told += [telling.headline(table, viewer, names) for viewer in (None, 0)]
    for text in told:
        _clean(text, f"{game_name} closed lobby")
        assert "closed" in text and lobby.LOBBY_CLOSED not in text
