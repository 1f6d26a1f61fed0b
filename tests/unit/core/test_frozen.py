"""`kennel.domain.core.frozen`: `replaced` is `dataclasses.replace` for the domain's frozen
dataclasses, and what `per_state` keeps on an object never comes along to its copies."""

from __future__ import annotations

import dataclasses

import pytest
from kennel.domain.core.frozen import per_state, replaced


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
