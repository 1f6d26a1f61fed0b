"""kennel.service.viewbytes finds a legal command's encoding by the command object's identity
first (the rules make most commands once per value), then by its value: a command equal to one
seen before but another object, or one made after the tables were cleared, is written the same."""

from __future__ import annotations

import copy

from kennel.domain.core import table as tables
from kennel.domain.core import telling
from kennel.domain.registry import GAMES
from kennel.service import viewbytes
from testkit.bot_games import bot_game


def _first_position_with_commands(name: str) -> tuple[object, object, int]:
    game = GAMES[name]
    ledger = bot_game(game, f"by-identity-{name}", 3)
    table = None
    for event in ledger.events:  # the game's positions in order: the first where a seat may act
        table = tables.open_table(game, event) if table is None else tables.evolve(table, event)
        for prompt in table.pending():
            if tables.legal_commands(table, prompt.seat):
                return game, table, prompt.seat
    raise AssertionError("no seat ever had a legal command")


def test_equal_commands_that_are_other_objects_are_written_alike(monkeypatch) -> None:
    for name in sorted(GAMES):
        game, table, seat = _first_position_with_commands(name)
        names = telling.names_of(table)
        first = viewbytes._commands_and_labels(game, table, seat, names)
        again = viewbytes._commands_and_labels(game, table, seat, names)  # by identity now
        assert again == first
        listed = tables.legal_commands(table, seat)
        copies = tuple(copy.deepcopy(command) for command in listed)
        assert copies == listed and any(a is not b for a, b in zip(copies, listed, strict=True))
        monkeypatch.setattr(tables, "legal_commands", lambda t, s, copies=copies: copies)
        assert viewbytes._commands_and_labels(game, table, seat, names) == first
        monkeypatch.undo()


def _cleared() -> None:
    viewbytes._COMMANDS.clear()
    viewbytes._COMMANDS_BY_ID.clear()


def test_cleared_tables_write_the_same(monkeypatch) -> None:
    game, table, seat = _first_position_with_commands("hoarders")
    names = telling.names_of(table)
    first = viewbytes._commands_and_labels(game, table, seat, names)
    _cleared()
    assert viewbytes._commands_and_labels(game, table, seat, names) == first
    monkeypatch.setattr(viewbytes, "MAX_COMMANDS", 1)  # every new command clears the tables first
    _cleared()
    try:
        assert viewbytes._commands_and_labels(game, table, seat, names) == first
        for name, by_id in viewbytes._COMMANDS_BY_ID.items():  # each entry by identity is one by value
            for command, entry in by_id.values():
                assert viewbytes._COMMANDS[name][command] is entry
    finally:
        _cleared()  # the next test's tables start empty, not one entry long
