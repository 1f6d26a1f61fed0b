"""The fourth pass of domain fast paths give what the plain paths give, at every position of
seeded bot games of every game:

- `rules.prompt` (the same prompt object for the same seat, kind and label) gives every game's
  prompts as `Prompt` made afresh does;
- Canine Kleptomaniacs' `effect_view` (every field spelled out) is the view made from a dict of
  blanks merged with each effect's own fields, for every effect and viewer;
- ¡Caninos!'s `title` (by member) is the box's title of the member's value, and a trick's
  `title` (kept on the member) is its value with spaces;
- every module constant that names one enum member (`_PICKING = Phase.PICKING`) is that member;
- the enums hashed per legal command and prompt (Canine Kleptomaniacs' `Source`, `PromptKind`)
  hash in C, by identity;
- a legal command without fields (`EndTurn`, `ProposeUndo`, ...), made once, is one object
  wherever it is offered, and equals the command made afresh.

Each comparison is also shown to notice a broken fast path: with the fast path broken on purpose,
the same playouts give a difference.
"""

from __future__ import annotations

import ast
import dataclasses
import enum
import importlib
import pkgutil
import re
from collections.abc import Iterator
from typing import Any

import pytest
from kennel.domain import a_dogs_life, canine_kleptomaniacs, caninos, core, hoarders
from kennel.domain.a_dogs_life import prompts as a_dogs_life_prompts
from kennel.domain.canine_kleptomaniacs import prompts as ck_prompts
from kennel.domain.canine_kleptomaniacs import views as ck_views
from kennel.domain.canine_kleptomaniacs.commands import Source
from kennel.domain.canine_kleptomaniacs.events import Step
from kennel.domain.canine_kleptomaniacs.state import Battle, Choosing, Naming, Offer, Owed, Theft
from kennel.domain.caninos import cards as caninos_cards
from kennel.domain.caninos import prompts as caninos_prompts
from kennel.domain.core import rules
from kennel.domain.core import table as tables
from kennel.domain.core.undo import ProposeUndo
from kennel.domain.hoarders import prompts as hoarders_prompts
from kennel.domain.registry import GAMES
from testkit.bot_games import bot_game_events, bot_game_tables

PROMPT_MODULES = (a_dogs_life_prompts, ck_prompts, caninos_prompts, hoarders_prompts, tables)


def _events(name: str) -> tuple[Any, ...]:
    return bot_game_events(name, f"fast-paths-4-{name}")


def _tables(name: str) -> Iterator[tables.Table[Any]]:
    return bot_game_tables(name, f"fast-paths-4-{name}")


# ---- prompts ----


def _plain_pending(table: tables.Table[Any], monkeypatch: pytest.MonkeyPatch) -> tuple[rules.Prompt, ...]:
    """The table's prompts, each made afresh (`Prompt` where the games call `prompt`)."""
    with monkeypatch.context() as patch:
        for module in PROMPT_MODULES:
            patch.setattr(module, "prompt", rules.Prompt)
        return tables.Table.pending.__wrapped__(table)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_prompts_kept_are_the_prompts_made_afresh(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    asked = 0
    for table in _tables(name):
        fast = tables.Table.pending.__wrapped__(table)
        assert fast == _plain_pending(table, monkeypatch)
        assert [type(prompt) for prompt in fast] == [rules.Prompt] * len(fast)
        assert all(again is first for again, first in zip(tables.Table.pending.__wrapped__(table), fast, strict=True))
        asked += len(fast)
    assert asked > 50


def test_the_prompt_comparison_notices_a_stale_label(monkeypatch: pytest.MonkeyPatch) -> None:
    # Broken: prompts kept by seat and kind alone (a theft's label names the nut and the thief).
    kept: dict[tuple[int, rules.PromptKind], rules.Prompt] = {}

    def broken(seat: int, kind: rules.PromptKind, label: str) -> rules.Prompt:
        return kept.setdefault((seat, kind), rules.Prompt(seat, kind, label))

    states = list(_tables("hoarders"))
    plain = [_plain_pending(table, monkeypatch) for table in states]
    monkeypatch.setattr(hoarders_prompts, "prompt", broken)
    assert any(tables.Table.pending.__wrapped__(table) != p for table, p in zip(states, plain, strict=True))


def test_prompts_kept_are_bounded() -> None:
    for number in range(rules.PROMPTS_KEPT + 10):
        rules.prompt(0, rules.PromptKind.TURN, f"label {number}")
    assert len(rules._PROMPTS) <= rules.PROMPTS_KEPT


# ---- Canine Kleptomaniacs' effect views ----


def _plain_effect_view(effect: Any, viewer: int | None) -> ck_views.EffectView:
    """The effect's view as first written: a dict of blanks, each effect's fields merged in."""
    blank: dict[str, Any] = dict(
        others=(), takes=(), count=0, wins=(), throws=0, give=None, take=None, give_items=(), take_items=()
    )
    if isinstance(effect, Choosing):
        fields = {"others": effect.others, "count": effect.count}
        return ck_views.EffectView(
            **{**blank, **fields}, step=effect.step, card=effect.card, seat=effect.seat, owing=(effect.seat,)
        )
    if isinstance(effect, Naming):
        return ck_views.EffectView(
            **{**blank, "others": effect.remaining, "takes": effect.asks},
            step=Step.NAME_KINDS,
            card=ck_views.ActionCard.STICK_CHASE,
            seat=effect.seat,
            owing=(effect.seat,),
        )
    if isinstance(effect, Owed):
        return ck_views.EffectView(**blank, step=effect.step, card=effect.card, seat=effect.seat, owing=effect.owing)
    if isinstance(effect, Theft):
        return ck_views.EffectView(
            **{**blank, "takes": effect.takes},
            step=Step.CHARM_OFFENSIVE,
            card=effect.card,
            seat=effect.thief,
            owing=effect.waiting,
        )
    if isinstance(effect, Battle):
        owing = tuple(seat for seat, weapon in zip(effect.fighters, effect.weapons, strict=True) if weapon is None)
        return ck_views.EffectView(
            **{**blank, "others": effect.fighters, "wins": effect.wins, "throws": effect.throws},
            step=Step.BATTLE,
            card=ck_views.ActionCard.PLUNDERING_POOCH,
            seat=effect.fighters[0],
            owing=owing,
        )
    assert isinstance(effect, Offer)
    gives = effect.gives if viewer == effect.proposer else tuple(ck_views._face_down_blanked(i) for i in effect.gives)
    return ck_views.EffectView(
        **{
            **blank,
            "others": () if effect.partner is None else (effect.partner,),
            "give_items": gives,
            "take_items": effect.takes,
        },
        step=Step.TRADE_ANSWER if effect.sent else Step.TRADE_OFFER,
        card=None,
        seat=effect.proposer,
        owing=(effect.partner,) if effect.sent and effect.partner is not None else (effect.proposer,),
    )


def _effects() -> Iterator[Any]:
    for table in _tables("canine-kleptomaniacs"):
        for effect in (table.state.effect, table.state.suspended):
            if effect is not None:
                yield effect


def test_canine_kleptomaniacs_effect_views_are_the_plain_ones() -> None:
    kinds: set[type] = set()
    for effect in _effects():
        for viewer in (None, 0, 1, 2):
            fast = ck_views.effect_view(effect, viewer)
            assert fast == _plain_effect_view(effect, viewer)
            assert list(vars(fast)) == list(vars(_plain_effect_view(effect, viewer)))  # fields in order
        kinds.add(type(effect))
    assert {Choosing, Owed, Offer} <= kinds, kinds


def test_the_effect_view_comparison_notices_a_wrong_field(monkeypatch: pytest.MonkeyPatch) -> None:
    # Broken: a trade offer's steps the wrong way round (sent and not sent alike).
    monkeypatch.setattr(ck_views, "_TRADE_ANSWER", Step.TRADE_OFFER)
    assert any(ck_views.effect_view(e, None) != _plain_effect_view(e, None) for e in _effects())


# ---- ¡Caninos!'s titles ----


def test_caninos_titles_are_the_box_titles() -> None:
    for item in (*caninos_cards.Card, *caninos_cards.Pizza):
        assert caninos_cards.title(item) == caninos_cards.box().titles[item.value]
    for trick in caninos_cards.Trick:
        assert trick.title == trick.value.replace("_", " ")


def test_the_title_comparison_notices_a_wrong_member(monkeypatch: pytest.MonkeyPatch) -> None:
    cards = list(caninos_cards.Card)
    # Broken: titles kept by position, one member off.
    wrong = {card: caninos_cards.box().titles[other.value] for card, other in zip(cards, cards[1:], strict=False)}
    monkeypatch.setattr(caninos_cards, "_titles", lambda: wrong)
    assert any(caninos_cards.title(card) != caninos_cards.box().titles[card.value] for card in cards[:-1])


# ---- enum members as module constants ----


def _member_constants() -> Iterator[tuple[Any, str, str, str]]:
    """(module, constant, enum class name, member name) for every module-level `NAME = Cls.MEMBER`
    of the domain (and each such pair of a tuple assignment)."""
    for package in (hoarders, caninos, canine_kleptomaniacs, a_dogs_life, core):
        for info in pkgutil.iter_modules(package.__path__):
            module = importlib.import_module(f"{package.__name__}.{info.name}")
            tree = ast.parse(open(module.__file__ or "", encoding="utf-8").read())
            for node in tree.body:
                if not isinstance(node, ast.Assign) or len(node.targets) != 1:
                    continue
                target, value = node.targets[0], node.value
                pairs = (
                    zip(target.elts, value.elts, strict=False)
                    if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple)
                    else [(target, value)]
                )
                for name, member in pairs:
                    if (
                        isinstance(name, ast.Name)
                        and isinstance(member, ast.Attribute)
                        and isinstance(member.value, ast.Name)
                        and member.attr.isupper()
                    ):
                        yield module, name.id, member.value.id, member.attr


def _names_its_member(constant: str, class_name: str, member: str) -> bool:
    """Whether a constant's name says which member it holds: its words (but for its class's, as
    in `_KIND_TANUKI`) are words of the member's name (`PAW` for `ULTIMATE_PAW`)."""
    words = set(constant.strip("_").split("_")) - set(re.sub(r"(?<!^)(?=[A-Z])", "_", class_name).upper().split("_"))
    return bool(words) and words <= set(member.split("_"))


def _wrong_constants() -> list[str]:
    """Constants that are not the member their assignment names, or whose name names another."""
    wrong = []
    for module, constant, class_name, member in _member_constants():
        cls = getattr(module, class_name, None)
        if not isinstance(cls, enum.EnumType):
            continue
        if getattr(module, constant) is not cls[member] or not _names_its_member(constant, class_name, member):
            wrong.append(f"{module.__name__}.{constant}")
    return wrong


def test_enum_member_constants_are_their_members() -> None:
    constants = [c for c in _member_constants() if isinstance(getattr(c[0], c[2], None), enum.EnumType)]
    assert len(constants) > 100
    assert _wrong_constants() == []


def test_the_constant_check_notices_a_wrong_member(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hoarders_prompts, "_TURN", rules.PromptKind.CHOICE)  # broken: another member
    assert _wrong_constants() == [f"{hoarders_prompts.__name__}._TURN"]
    # Broken in the source: `_TURN = PromptKind.CHOICE` is the member it names, but not the one its name says.
    assert not _names_its_member("_TURN", "PromptKind", "CHOICE")
    assert _names_its_member("_KIND_TANUKI", "Kind", "TANUKI") and _names_its_member("PAW", "Collectable", "ULTIMATE_PAW")


# ---- enums hashed in C ----


@pytest.mark.parametrize("cls", [Source, rules.PromptKind])
def test_enums_looked_up_per_command_hash_by_identity(cls: type[enum.Enum]) -> None:
    assert issubclass(cls, rules.IdentityEnum)
    for member in cls:
        assert hash(member) == object.__hash__(member)
        assert {member: 1}[cls(member.value)] == 1


# ---- commands without fields, made once ----


def _offered(name: str) -> Iterator[Any]:
    for table in _tables(name):
        for seat in range(len(table.seats)):
            yield from tables.legal_commands(table, seat)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_commands_without_fields_are_offered_as_one_object_each(name: str) -> None:
    """Each is the command made afresh (a frozen dataclass without fields equals every other of
    its class), and one object wherever it is offered, for the server to find by identity."""
    seen: dict[type, Any] = {}
    for command in _offered(name):
        if dataclasses.fields(command):
            continue
        assert command.__dataclass_params__.frozen and command == type(command)()
        assert seen.setdefault(type(command), command) is command, type(command).__name__
    assert len(seen) >= 2, seen


def test_the_one_object_check_notices_commands_made_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    # Broken: the undo proposal made afresh for each list.
    real = tables._legal_commands

    def broken(table: tables.Table[Any], seat: int) -> tuple[Any, ...]:
        return tuple(type(c)() if type(c) is ProposeUndo else c for c in real(table, seat))

    monkeypatch.setattr(tables, "_legal_commands", broken)
    proposals = [command for command in _offered("hoarders") if type(command) is ProposeUndo]
    assert len(proposals) > 1 and any(proposal is not proposals[0] for proposal in proposals)
