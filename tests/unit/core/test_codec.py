"""The JSON codec (domain/core/codec.py): round trips of every supported shape, and refusals."""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass, field
from typing import Any

import pytest
from kennel.domain.core.codec import DecodeError, TypeRegistry, from_json, to_json


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True)
class Inner:
    colour: Colour
    count: int


@dataclass(frozen=True)
class Outer:
    name: str
    flag: bool
    inners: tuple[Inner, ...]
    pair: tuple[int, str]
    maybe: int | None
    extra: dict[str, Any]
    defaulted: int = 7
    listed: tuple[str, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class Ping:
    pass


@dataclass(frozen=True)
class Move:
    to: int


SAMPLE = Outer(
    name="Ada",
    flag=True,
    inners=(Inner(Colour.RED, 1), Inner(Colour.BLUE, 0)),
    pair=(3, "x"),
    maybe=None,
    extra={"k": [1, "v"]},
    listed=("a",),
)


def test_a_dataclass_round_trips_through_plain_json() -> None:
    encoded = to_json(SAMPLE)
    assert encoded == {
        "name": "Ada",
        "flag": True,
        "inners": [{"colour": "red", "count": 1}, {"colour": "blue", "count": 0}],
        "pair": [3, "x"],
        "maybe": None,
        "extra": {"k": [1, "v"]},
        "defaulted": 7,
        "listed": ["a"],
    }
    assert from_json(Outer, encoded) == SAMPLE


def test_optional_fields_decode_values_and_none() -> None:
    assert from_json(int | None, 4) == 4
    assert from_json(int | None, None) is None


def test_fields_with_defaults_may_be_left_out() -> None:
    encoded = to_json(SAMPLE)
    del encoded["defaulted"], encoded["listed"]
    assert from_json(Outer, encoded) == dataclasses.replace(SAMPLE, defaulted=7, listed=())


@pytest.mark.parametrize(
    ("cls", "data", "message"),
    [
        (int, True, "expected an integer"),
        (int, "3", "expected an integer"),
        (str, 3, "expected str"),
        (bool, 1, "expected bool"),
        (Colour, "green", "is not a Colour"),
        (tuple[int, ...], {"a": 1}, "expected a list"),
        (tuple[int, str], [1], "expected a list of 2 items"),
        (Inner, [], "expected an object for Inner"),
        (Inner, {"colour": "red"}, "needs the field 'count'"),
        (Inner, {"colour": "red", "count": 1, "spare": 0}, "unknown field"),
    ],
)
def test_values_that_do_not_fit_their_type_are_refused(cls: Any, data: Any, message: str) -> None:
    with pytest.raises(DecodeError, match=message):
        from_json(cls, data)


def test_encoding_an_unsupported_value_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        to_json(1.5)


def test_a_registry_names_types_with_stable_names_and_round_trips() -> None:
    registry: TypeRegistry[Any] = TypeRegistry({"test.Ping": Ping, "test.Move": Move})
    assert registry.encode(Move(to=2)) == {"type": "test.Move", "data": {"to": 2}}
    assert registry.decode({"type": "test.Move", "data": {"to": 2}}) == Move(to=2)
    assert registry.decode({"type": "test.Ping", "data": {}}) == Ping()
    assert Move(to=1) in registry and "test.Move" not in registry
    assert registry.names == ("test.Ping", "test.Move")


def test_registry_of_uses_class_names() -> None:
    registry: TypeRegistry[Any] = TypeRegistry.of([Ping, Move])
    assert registry.encode(Ping()) == {"type": "Ping", "data": {}}


@pytest.mark.parametrize(
    "data",
    [
        {"type": "test.Nope", "data": {}},
        {"type": "test.Move"},
        {"type": "test.Move", "data": {"to": 1}, "spare": 1},
        {"type": 3, "data": {}},
        ["test.Move", {"to": 1}],
        {"type": "test.Move", "data": {"to": "far"}},
    ],
)
def test_a_registry_refuses_malformed_or_unknown_values(data: Any) -> None:
    with pytest.raises(DecodeError):
        TypeRegistry({"test.Move": Move}).decode(data)


def test_a_registry_refuses_unregistered_values_and_double_names() -> None:
    with pytest.raises(TypeError):
        TypeRegistry[Any]({"test.Move": Move}).encode(Ping())
    with pytest.raises(ValueError):
        TypeRegistry({"a": Move, "b": Move})


@dataclass(frozen=True)
class Checked:
    """A dataclass whose `__init__` does more than set its fields: decoding must call it."""

    count: int
    colour: Colour = Colour.RED

    def __post_init__(self) -> None:
        if self.count < 0:
            raise ValueError("a count is never negative")


class Level(enum.IntEnum):
    LOW = 1


@dataclass(frozen=True)
class Levelled:
    level: Level
    plain: int


def test_a_dataclass_with_post_init_is_decoded_through_its_init() -> None:
    assert from_json(Checked, {"count": 2, "colour": "blue"}) == Checked(2, Colour.BLUE)
    with pytest.raises(ValueError, match="never negative"):
        from_json(Checked, {"count": -1})


@pytest.mark.parametrize("value", [[1], {"a": 1}, 3, None, "green"])
def test_an_enum_field_refuses_what_is_not_its_value(value: Any) -> None:
    with pytest.raises(DecodeError, match="is not a Colour"):
        from_json(Inner, {"colour": value, "count": 1})


def test_int_enums_and_int_fields_keep_their_types_both_ways() -> None:
    """An IntEnum is an int subclass: it is encoded by its value and an int field keeps it as
    given (the decoder's own check decides, not the fast path for exact ints)."""
    assert to_json(Levelled(Level.LOW, Level.LOW)) == {"level": 1, "plain": 1}
    decoded = from_json(Levelled, {"level": 1, "plain": Level.LOW})
    assert decoded.level is Level.LOW and type(decoded.plain) is Level
    with pytest.raises(DecodeError, match="expected an integer"):
        from_json(Levelled, {"level": 1, "plain": True})
