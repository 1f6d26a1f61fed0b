"""`kennel.domain.core.frozen`: `replaced` is `dataclasses.replace` for the domain's frozen
dataclasses, what `per_state` keeps on an object never comes along to its copies, a
`short_lived` class makes the very objects its dataclass `__init__` made, and `per_recent_state`
never answers for another object."""

from __future__ import annotations

import dataclasses
import inspect
import pickle

import pytest
from kennel.domain.core import frozen
from kennel.domain.core.frozen import per_recent_state, per_state, replaced, short_lived


@dataclasses.dataclass(frozen=True)
class Pile:
    cards: tuple[int, ...]
    owner: int = 0


@per_state
def total(pile: Pile) -> int:
    return sum(pile.cards)


def test_replaced_is_dataclasses_replace() -> None:
    pile = Pile((1, 2), owner=3)
    copy = replaced(pile, cards=(4,))
    assert copy == dataclasses.replace(pile, cards=(4,)) == Pile((4,), owner=3)
    assert pile == Pile((1, 2), owner=3)  # the original is untouched
    assert replaced(pile) == pile and replaced(pile) is not pile


def test_a_value_kept_by_per_state_is_computed_afresh_on_a_copy() -> None:
    pile = Pile((1, 2))
    assert total(pile) == 3
    copy = replaced(pile, owner=1)
    assert total(copy) == 3 and total(replaced(copy, cards=(5,))) == 5
    assert copy == Pile((1, 2), owner=1) and dataclasses.asdict(copy) == {"cards": (1, 2), "owner": 1}


def test_replaced_refuses_a_field_the_class_does_not_have() -> None:
    pile = Pile((1,))
    total(pile)  # a kept value in its dict must not make an unknown field pass either
    with pytest.raises(TypeError, match="no field 'colour'"):
        replaced(pile, colour=2)


@dataclasses.dataclass(frozen=True)
class Plain:
    name: str
    cards: tuple[int, ...] = ()
    notes: list[str] = dataclasses.field(default_factory=list)
    owner: int = dataclasses.field(default=0, kw_only=True)


@short_lived
@dataclasses.dataclass(frozen=True)
class Fast:
    name: str
    cards: tuple[int, ...] = ()
    notes: list[str] = dataclasses.field(default_factory=list)
    owner: int = dataclasses.field(default=0, kw_only=True)


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [(("a",), {}), (("a", (1, 2)), {}), (("a", (1,), ["x"]), {"owner": 3}), ((), {"name": "b", "owner": 1})],
)
def test_a_short_lived_class_makes_what_its_dataclass_made(args: tuple, kwargs: dict) -> None:
    fast, plain = Fast(*args, **kwargs), Plain(*args, **kwargs)
    assert vars(fast) == vars(plain) and list(vars(fast)) == list(vars(plain))
    assert repr(fast) == repr(plain).replace("Plain", "Fast")
    assert fast == Fast(*args, **kwargs) and fast != plain  # equality asks for the same class, as before
    assert hash(Fast("a", (1,), None)) == hash(Plain("a", (1,), None))  # type: ignore[arg-type]
    assert pickle.loads(pickle.dumps(fast)) == fast
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.name = "c"  # type: ignore[misc]


def test_a_short_lived_class_keeps_its_signature_and_refusals() -> None:
    assert list(inspect.signature(Fast).parameters) == list(inspect.signature(Plain).parameters)
    assert Fast("a").notes is not Fast("a").notes  # a fresh list each time, as the factory says
    with pytest.raises(TypeError):
        Fast()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Fast("a", (), [], 3)  # type: ignore[misc]  # `owner` is keyword-only


def test_short_lived_refuses_what_it_would_get_wrong() -> None:
    @dataclasses.dataclass(frozen=True)
    class Checked:
        count: int

        def __post_init__(self) -> None:
            raise ValueError

    @dataclasses.dataclass
    class Mutable:
        count: int

    @dataclasses.dataclass(frozen=True)
    class Derived:
        count: int
        double: int = dataclasses.field(init=False, default=0)

    for cls in (Checked, Mutable, Derived):
        with pytest.raises(TypeError):
            short_lived(cls)


calls: list[Pile] = []


@per_recent_state
def counted_total(pile: Pile) -> int:
    calls.append(pile)
    return sum(pile.cards)


def test_per_recent_state_computes_once_per_object_while_it_is_recent() -> None:
    calls.clear()
    piles = [Pile((n,)) for n in range(frozen.RECENT + 10)]
    assert [counted_total(pile) for pile in piles[:5]] == [0, 1, 2, 3, 4]
    assert [counted_total(pile) for pile in piles[:5]] == [0, 1, 2, 3, 4] and len(calls) == 5
    assert counted_total(Pile((0,))) == 0 and len(calls) == 6  # an equal object is another object
    for pile in piles:
        counted_total(pile)
    calls.clear()
    assert counted_total(piles[0]) == 0 and calls == [piles[0]]  # pushed out by newer ones: made again
    assert pile.__dict__ == {"cards": pile.cards, "owner": 0}  # nothing kept on the object itself


def test_per_recent_state_never_answers_for_a_dropped_object() -> None:
    reused, last_id = 0, None
    for n in range(200):  # a new pile often takes the id of the one just dropped
        pile = Pile((n,))
        reused += id(pile) == last_id
        assert counted_total(pile) == n
        calls.clear()  # it holds the pile: cleared, the pile is freed when dropped (no cycle)
        last_id = id(pile)
        del pile
    assert reused  # the case this test is for did happen
