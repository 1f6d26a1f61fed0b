"""`telling.label_by_command` says which labels depend on the command and the seats' names
alone (a view keeps those, kennel.service.viewbytes). Over bot games of every game, every label
it says so of is the label written with no state and no seat, and one command has one label
wherever it is offered; the code reading behind it sees an argument read however it is read.
The headline, split into the viewer's own and the one every viewer asked nothing shares, is the
headline as first written, for every viewer of every position."""

from __future__ import annotations

import re
from typing import Any

import pytest
from kennel.domain.core import table as tables
from kennel.domain.core import telling
from kennel.domain.core.lobby import LOBBY_CLOSED
from kennel.domain.core.undo import AnswerUndo, ProposeUndo
from kennel.domain.core.words import listing
from kennel.domain.hoarders.commands import AllowTheft, RevealCritter
from kennel.domain.registry import GAMES
from testkit.bot_games import bot_game, ledger_tables


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_label_said_to_depend_on_the_command_alone_does(name: str) -> None:
    game = GAMES[name]
    kept, checked = {}, 0
    for index, seats in enumerate((2, 3, game.seats.maximum)):
        ledger = bot_game(game, f"telling-fast-{name}-{index}", seats)
        for table in ledger_tables(ledger)[::2]:
            names = telling.names_of(table)
            for seat in range(seats):
                for command in tables.legal_commands(table, seat):
                    if not telling.label_by_command(game, command):
                        continue
                    label = telling.label(table, seat, command, names)
                    if not isinstance(command, (ProposeUndo, AnswerUndo)):
                        # With nothing to read but the command and the names, the same words.
                        assert game.words.label(None, None, command, names) == label, command
                    key = (command, tuple(names))
                    assert kept.setdefault(key, label) == label, (command, kept[key], label)
                    checked += 1
    assert checked > 100


def test_labels_that_read_the_state_or_seat_are_not_kept() -> None:
    words = GAMES["hoarders"].words.commands
    assert not telling._reads_only_command_and_names(words[RevealCritter].label)  # reads state.hoards[seat]
    assert not telling._reads_only_command_and_names(words[AllowTheft].label)  # reads the theft


def _reads_state(state: Any, seat: int, command: Any, names: Any) -> str:
    return str(state)


def _reads_seat_in_a_comprehension(state: Any, seat: int, command: Any, names: Any) -> str:
    return "".join([names[seat] for _ in range(1)])


def _reads_state_in_a_closure(state: Any, seat: int, command: Any, names: Any) -> str:
    return (lambda: str(state))()


def _reads_through_locals(state: Any, seat: int, command: Any, names: Any) -> str:
    return str(locals())


def _reads_the_command_and_names(state: Any, seat: int, command: Any, names: Any) -> str:
    return f"{names[command]} {[n for n in names]}"


def test_every_way_of_reading_an_argument_is_seen() -> None:
    for function in (_reads_state, _reads_seat_in_a_comprehension, _reads_state_in_a_closure, _reads_through_locals):
        assert not telling._reads_only_command_and_names(function), function.__name__
    assert not telling._reads_only_command_and_names(print)  # not Python: not read
    assert telling._reads_only_command_and_names(_reads_the_command_and_names)


def _plain_headline(table: tables.Table[Any], viewer: Any, names: list[str]) -> str:
    """The headline as first written, in one piece (before its split into the viewer's own and
    the one shared by every viewer asked nothing)."""
    outcome = table.outcome()
    if outcome is not None and outcome.reason == LOBBY_CLOSED:
        return telling.CLOSED
    if outcome is not None:
        winners = listing([names[s] for s in outcome.winners]) or "Nobody"
        return f"{winners} won. {telling.named(outcome.reason, names)}"
    if not table.started:
        missing = len(table.open_seats)
        return f"Waiting for {missing} more player{'s' if missing != 1 else ''} to join."
    prompts = table.pending()
    own = [p for p in prompts if p.seat == viewer]
    if own:
        return f"Your move: {telling.named(own[0].label, names)}."
    waiting: dict[str, list[str]] = {}
    for prompt in prompts:
        about = re.sub(r"\b[Yy]our\b", lambda m: "Their" if m.group(0)[0] == "Y" else "their", telling.named(prompt.label, names))
        waiting.setdefault(about, []).append(names[prompt.seat])
    if not waiting:
        return "Waiting for the table."
    return " ".join(f"Waiting for {listing(who)} to {what}." for what, who in waiting.items())


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_headline_in_two_parts_is_the_headline_in_one(name: str) -> None:
    game = GAMES[name]
    shared_by_many = 0
    for index, seats in enumerate((3, game.seats.maximum)):
        ledger = bot_game(game, f"telling-headline-{name}-{index}", seats, open_seats=1)
        for table in ledger_tables(ledger):
            names = telling.names_of(table)
            shared = telling.shared_headline(table, names)
            for viewer in (None, *range(seats), seats):
                expected = _plain_headline(table, viewer, names)
                assert telling.headline(table, viewer, names) == expected, (table.version, viewer)
                own = telling.own_headline(table, viewer, names)
                assert (own if own is not None else shared) == expected, (table.version, viewer)
                shared_by_many += own is None
    assert shared_by_many > 100
