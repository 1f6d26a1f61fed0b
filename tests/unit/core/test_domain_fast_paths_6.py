"""The sixth pass of domain fast paths give what the plain paths give, at every position of
seeded bot games:

- Canine Kleptomaniacs' trade labels: an asked-for item's label, kept per command and partner
  (`CommandWords.reads`), is the label written afresh; an offer's sides are counted
  (`words._things`) as a `Counter` counted them, in the same order;
- Canine Kleptomaniacs' seat view between cards (no effect, nothing suspended) is the public
  view with the viewer's hand, as the view written from scratch (`plain_views`) is;
- every command type hashes apart from the others (`frozen.hashed_by_type`): equal commands
  still hash alike (over every legal command of every game's bot games), commands without
  fields no longer all hash as `()`;
- the legal commands with one field made once per value (`frozen.one_per_value`: Canine
  Kleptomaniacs' trade steps, weapons, passes, losses and rerolls) equal the commands made afresh
  and hash alike, and the same value is offered as the same object from state to state.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterator
from typing import Any

from kennel.domain.canine_kleptomaniacs import views as ck_views
from kennel.domain.canine_kleptomaniacs import words as ck_words
from kennel.domain.canine_kleptomaniacs.commands import AskInTrade, TradeItem
from kennel.domain.canine_kleptomaniacs.state import Offer
from kennel.domain.core import table as tables
from kennel.domain.core import telling
from kennel.domain.core.frozen import hashed_by_type, replaced
from kennel.domain.core.undo import ENGINE_COMMANDS
from kennel.domain.registry import GAMES
from kennel.domain.core.words import listing, possessive
import pytest
from plain_views import canine_view
from testkit.bot_games import bot_game_tables

LABELS = ("", "-b", "-c")


def _tables(name: str, label: str = "") -> Iterator[tables.Table[Any]]:
    return bot_game_tables(name, f"fast-paths-6-{name}{label}")


# ---- Canine Kleptomaniacs: trade labels ----


def _things_plainly(items: tuple[TradeItem, ...], whose: str, unseen: bool = False) -> str:
    """`words._things` as it was written with a `Counter`."""
    if unseen:
        items = tuple(replaced(item, kind=None) if item.face_down else item for item in items)
    alike = Counter(items)
    return listing([ck_words._item(item, whose, count=alike[item]) for item in alike]) or "nothing"


def test_canine_kleptomaniacs_trade_labels_are_those_written_afresh() -> None:
    asked = sides = 0
    for label in LABELS:
        for table in _tables("canine-kleptomaniacs", label):
            names = telling.names_of(table)
            state = table.state
            offer = state.effect if isinstance(state.effect, Offer) else None
            if offer is not None:
                for items in (offer.gives, offer.takes):
                    for whose, unseen in (("your", False), ("their", True)):
                        assert ck_words._things(items, whose, unseen) == _things_plainly(items, whose, unseen)
                        sides += 1
            for seat in range(len(table.seats)):
                for command in tables.legal_commands(table, seat):
                    if not isinstance(command, AskInTrade):
                        continue
                    assert offer is not None and offer.partner is not None
                    whose = possessive(names[offer.partner])
                    plain = f"Ask for {ck_words._item(command.item, whose)}"
                    # Kept per command and partner (`CommandWords.reads`): the label told afresh.
                    assert telling.label(table, seat, command, names).text == plain
                    asked += 1
    assert asked > 300 and sides > 100


# ---- one object per value ----


def _afresh(command: Any) -> Any:
    return type(command)(**{field.name: getattr(command, field.name) for field in dataclasses.fields(command)})


MADE_ONCE = {
    "caninos": {"PerformTrick"},
    "hoarders": {"PickCritters"},
    "canine-kleptomaniacs": {
        "TradeWith",
        "GiveInTrade",
        "AskInTrade",
        "ChooseWeapon",
        "PassCard",
        "LoseCollectables",
        "RollAgain",
    },
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_commands_made_once_per_value_equal_those_made_afresh(name: str) -> None:
    seen: dict[Any, Any] = {}
    offered: Counter[str] = Counter()
    for label in LABELS:
        for table in _tables(name, label):
            for seat in range(len(table.seats)):
                for command in tables.legal_commands(table, seat):
                    plain = _afresh(command)
                    assert plain == command and hash(plain) == hash(command) and repr(plain) == repr(command)
                    if type(command).__name__ in MADE_ONCE.get(name, ()):
                        offered[type(command).__name__] += 1
                        assert seen.setdefault(plain, command) is command  # the same value, the same object
    if name == "canine-kleptomaniacs":  # weapons, passes, losses and rerolls are rarer: not in every game
        assert sum(offered.values()) > 300 and {"GiveInTrade", "AskInTrade", "TradeWith"} <= set(offered)
    elif name in MADE_ONCE:
        assert set(offered) == MADE_ONCE[name]


# ---- hashes by type ----


def test_commands_without_fields_hash_apart_and_equal_commands_alike() -> None:
    classes = [*ENGINE_COMMANDS.types, *(cls for game in GAMES.values() for cls in game.commands.types)]
    fieldless = [cls() for cls in classes if not dataclasses.fields(cls)]
    assert len(fieldless) > 10 and len({hash(command) for command in fieldless}) == len(fieldless)
    for cls in classes:
        assert cls.__hash__.__qualname__ == f"{cls.__name__}.__hash__"  # made by `hashed_by_type`


def test_hashed_by_type_hashes_what_equality_compares() -> None:
    @dataclasses.dataclass(frozen=True)
    class Plain:
        pass

    @dataclasses.dataclass(frozen=True)
    class Other:
        pass

    @dataclasses.dataclass(frozen=True)
    class Pair:
        first: int
        note: str = dataclasses.field(default="", compare=False)

    hashed_by_type([Plain, Other, Pair])
    assert hash(Plain()) == hash(Plain()) and hash(Plain()) != hash(Other())
    assert Pair(1, "a") == Pair(1, "b") and hash(Pair(1, "a")) == hash(Pair(1, "b")) != hash(Pair(2))
    with pytest.raises(TypeError):
        hashed_by_type([int])


# ---- Canine Kleptomaniacs: seat views between cards ----


def test_canine_kleptomaniacs_seat_views_are_those_written_from_scratch() -> None:
    between = 0
    for label in LABELS:
        for table in _tables("canine-kleptomaniacs", label):
            state = table.state
            between += state.effect is None and state.suspended is None
            for viewer in (*range(len(table.seats)), None):
                made = ck_views.view(state, viewer)
                plain = canine_view(state, viewer)
                assert made == plain and list(made.__dict__) == list(plain.__dict__)
    assert between > 100
