"""A label whose words declare the one part of the state they read (`CommandWords.reads`) is
kept per command, that part and the seats' names (`Words.label`). Over bot games of every game,
every such label is the label written afresh from the state and the seat; the same command,
part and names give the very same label, and anything else is told afresh: another part,
other names (or the same list changed), an equal command that is another object. The table of
kept labels stays bounded."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from kennel.domain.core import table as tables
from kennel.domain.core import telling, words
from kennel.domain.core.words import CommandWords, Label, Words
from kennel.domain.registry import GAMES
from testkit.bot_games import bot_game, ledger_tables


def _declaring(game: Any) -> set[type]:
    return {cls for cls, worded in game.words.commands.items() if worded.reads is not None}


def test_canine_kleptomaniacs_declares_what_its_most_told_labels_read() -> None:
    from kennel.domain.canine_kleptomaniacs.commands import AskInTrade, TakeMrSquirrel

    assert {AskInTrade, TakeMrSquirrel} <= _declaring(GAMES["canine-kleptomaniacs"])


@pytest.mark.parametrize("name", [name for name in sorted(GAMES) if _declaring(GAMES[name])])
def test_a_kept_label_is_the_label_written_afresh(name: str) -> None:
    game = GAMES[name]
    checked = 0
    for index, seats in enumerate((2, 3, game.seats.maximum)):
        ledger = bot_game(game, f"words-fast-9-{name}-{index}", seats)
        for table in ledger_tables(ledger):
            if table.ended is not None or not table.started:
                continue
            names = telling.names_of(table)
            for seat in {prompt.seat for prompt in table.pending()}:
                for command in tables.legal_commands(table, seat):
                    worded = game.words.commands.get(type(command))
                    if worded is None or worded.reads is None:
                        continue
                    fresh = Label(worded.label(table.state, seat, command, names), worded.group)
                    kept = telling.label(table, seat, command, names)
                    assert kept == fresh, (command, kept, fresh)
                    # Asked again, for any seat (the words read no seat): the very same label.
                    assert telling.label(table, (seat + 1) % seats, command, names) is kept
                    checked += 1
    assert checked > 100, checked


# ---- the keeping itself, on words of our own ----


@dataclass(frozen=True)
class Ask:
    thing: str


@dataclass(frozen=True)
class Toy:
    partner: int
    turn: int  # read by no label


def _counting_words() -> tuple[Words, list[int]]:
    told: list[int] = []

    def ask(state: Toy, seat: int, command: Ask, names: Any) -> str:
        told.append(1)
        return f"Ask {names[state.partner]} for {command.thing}"

    worded = CommandWords("Ask", ask, reads=lambda state: state.partner)
    return Words(commands={Ask: worded}, how_to_play=None), told  # type: ignore[arg-type]


def test_the_same_command_part_and_names_give_the_same_label_once_told() -> None:
    worded, told = _counting_words()
    command, names = Ask("a bone"), ["Ada", "Bo", "Cy"]
    first = worded.label(Toy(partner=1, turn=0), 0, command, names)
    assert first == Label("Ask Bo for a bone", "Ask")
    # Another state with the same part (the turn moved on), another seat: kept.
    assert worded.label(Toy(partner=1, turn=5), 2, command, names) is first
    assert len(told) == 1
    # Another part: told afresh.
    assert worded.label(Toy(partner=2, turn=5), 0, command, names) == Label("Ask Cy for a bone", "Ask")
    # An equal command that is another object: told afresh, alike.
    assert worded.label(Toy(partner=1, turn=0), 0, Ask("a bone"), names) == first
    # Other names, and the same list changed in place: told afresh with them.
    other = ["Ann", "Ben", "Cat"]
    assert worded.label(Toy(partner=1, turn=0), 0, command, other).text == "Ask Ben for a bone"
    names[1] = "Bob"
    assert worded.label(Toy(partner=1, turn=0), 0, command, names).text == "Ask Bob for a bone"
    assert len(told) == 5


def test_the_kept_labels_stay_bounded() -> None:
    worded, told = _counting_words()
    names = ["Ada", "Bo"]
    commands = [Ask(f"thing {number}") for number in range(words.LABELS_KEPT + 50)]
    for command in commands:
        worded.label(Toy(partner=0, turn=0), 0, command, names)
    assert len(words._LABELS) <= words.LABELS_KEPT
    # The newest are still kept, the oldest told afresh.
    count = len(told)
    worded.label(Toy(partner=0, turn=0), 0, commands[-1], names)
    assert len(told) == count
    worded.label(Toy(partner=0, turn=0), 0, commands[0], names)
    assert len(told) == count + 1


def test_a_label_without_a_declared_part_is_told_every_time() -> None:
    told: list[int] = []

    def ask(state: Any, seat: int, command: Ask, names: Any) -> str:
        told.append(1)
        return command.thing

    worded = Words(commands={Ask: CommandWords("Ask", ask)}, how_to_play=None)  # type: ignore[arg-type]
    command = Ask("x")
    assert worded.label(None, 0, command, ["A"]) == worded.label(None, 0, command, ["A"])
    assert len(told) == 2
