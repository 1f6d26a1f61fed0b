"""Plain-JSON encoding of the domain's frozen dataclasses.

Commands, events, options and views are frozen dataclasses built from ints, strings, bools,
string-valued enums, tuples, optionals and other such dataclasses. This module turns them into
JSON-ready values and back, the same way for every game, so that the log, the wire and the
tests never need per-game code. Tagged unions (a game's commands, its events) go through a
`TypeRegistry`, which names each type with a stable string of ours, never a Python path.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Generic, TypeVar

T = TypeVar("T")

Json = Any  # a JSON-ready value: None, bool, int, str, list, dict
JsonObject = dict[str, Any]


class DecodeError(ValueError):
    """A JSON value does not fit the type it should decode to."""


_PLAIN = frozenset({type(None), bool, int, str})  # encoded as they are (exactly these types)


def to_json(value: Any) -> Json:
    """Encode a domain value as plain JSON (enums by value, tuples as lists)."""
    encode = _ENCODERS.get(type(value))
    if encode is None:
        encode = _ENCODERS[type(value)] = _encoder_for(type(value))
    return encode(value)


def _plain(value: Any) -> Json:
    return value


def _enum_value(value: enum.Enum) -> Json:
    return value._value_  # what `.value` returns, without the descriptor's cost


def _sequence(value: Iterable[Any]) -> Json:
    return [to_json(item) for item in value]


def _mapping(value: Mapping[Any, Any]) -> Json:
    return {str(key): to_json(item) for key, item in value.items()}


def _encoder_for(cls: type) -> Callable[[Any], Json]:
    """How values of exactly `cls` encode, decided once per type (views and events are encoded
    on every call of a busy server): the same rules, in the same order, as a chain of tests."""
    if cls in _PLAIN:
        return _plain
    if issubclass(cls, enum.Enum):
        return _enum_value
    if issubclass(cls, (bool, int, str)):
        return _plain
    names = _field_names(cls)
    if names is not None:
        return lambda value: {name: to_json(getattr(value, name)) for name in names}
    if issubclass(cls, (tuple, list)):
        return _sequence
    if issubclass(cls, Mapping):
        return _mapping
    return _unencodable


def _unencodable(value: Any) -> Json:
    raise TypeError(f"cannot encode {type(value).__name__} as JSON")


_ENCODERS: dict[type, Callable[[Any], Json]] = {}


@functools.cache
def _field_names(cls: type) -> tuple[str, ...] | None:
    """A dataclass's field names in order; None for any other type."""
    if not dataclasses.is_dataclass(cls):
        return None
    return tuple(f.name for f in _fields(cls))


def from_json(cls: Any, data: Json) -> Any:
    """Decode plain JSON into the given type (the inverse of `to_json`)."""
    return _decoder(cls)(data)


@functools.cache
def _fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    return dataclasses.fields(cls)


@functools.cache
def _decoder(cls: Any) -> Callable[[Json], Any]:
    origin = typing.get_origin(cls)
    args = typing.get_args(cls)
    if cls is Any:
        return lambda data: data
    if origin in (typing.Union, types.UnionType):
        members = [a for a in args if a is not type(None)]
        if len(members) != 1:
            raise TypeError(f"only Optional[X] unions are supported, not {cls}")
        inner = _decoder(members[0])
        return lambda data: None if data is None else inner(data)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _decoder(args[0])

            def decode_tuple(data: Json) -> tuple[Any, ...]:
                if not isinstance(data, list):
                    raise DecodeError(f"expected a list, got {type(data).__name__}")
                return tuple(item(x) for x in data)

            return decode_tuple
        items = [_decoder(a) for a in args]

        def decode_fixed(data: Json) -> tuple[Any, ...]:
            if not isinstance(data, list) or len(data) != len(items):
                raise DecodeError(f"expected a list of {len(items)} items")
            return tuple(d(x) for d, x in zip(items, data, strict=True))

        return decode_fixed
    if origin in (dict, Mapping) or cls is dict:
        return lambda data: _expect(dict, data)
    if isinstance(cls, type) and issubclass(cls, enum.Enum):
        members = {member.value: member for member in cls}  # what `cls(data)` looks up first

        def decode_enum(data: Json) -> enum.Enum:
            try:
                return members[data]
            except (KeyError, TypeError):  # TypeError: an unhashable value (a list, an object)
                pass
            try:
                return cls(data)  # an enum with its own `_missing_`, or a value equal but not hashed alike
            except ValueError:
                raise DecodeError(f"{data!r} is not a {cls.__name__}") from None

        return decode_enum
    if isinstance(cls, type) and dataclasses.is_dataclass(cls):
        return _dataclass_decoder(cls)
    if cls is bool:
        return lambda data: _expect(bool, data)
    if cls is int:

        def decode_int(data: Json) -> int:
            if isinstance(data, bool) or not isinstance(data, int):
                raise DecodeError(f"expected an integer, got {data!r}")
            return data

        return decode_int
    if cls is str:
        return lambda data: _expect(str, data)
    raise TypeError(f"no JSON decoder for {cls!r}")


def _expect(kind: type, data: Json) -> Any:
    if not isinstance(data, kind):
        raise DecodeError(f"expected {kind.__name__}, got {type(data).__name__}")
    return data


def _dataclass_decoder(cls: type) -> Callable[[Json], Any]:
    hints = typing.get_type_hints(cls)
    fields = [f for f in _fields(cls) if f.init]
    names = frozenset(field.name for field in fields)
    # The fields' decoders are looked up on first use, not here: a dataclass may refer to itself.
    decoders: list[tuple[str, Callable[[Json], Any], dataclasses.Field[Any]]] = []
    # The generated `__init__` of a frozen dataclass sets each field through object.__setattr__;
    # a class whose `__init__` does nothing else (every field in it, no `__post_init__`) can have
    # its fields set at once instead, in the same order: about twice as fast for an event.
    plain_init = _init_only_sets_fields(cls)

    def decode(data: Json) -> Any:
        if not isinstance(data, dict):
            raise DecodeError(f"expected an object for {cls.__name__}")
        if not names.issuperset(data):
            unknown = set(data) - names
            raise DecodeError(f"unknown field(s) for {cls.__name__}: {', '.join(sorted(unknown))}")
        if not decoders:
            decoders[:] = [(field.name, _decoder(hints[field.name]), field) for field in fields]
        values: dict[str, Any] = {}
        for name, decoder, field in decoders:
            if name in data:
                values[name] = decoder(data[name])
            elif field.default is not dataclasses.MISSING:
                values[name] = field.default
            elif field.default_factory is not dataclasses.MISSING:
                values[name] = field.default_factory()
            else:
                raise DecodeError(f"{cls.__name__} needs the field {name!r}")
        if not plain_init:
            return cls(**values)
        decoded = object.__new__(cls)
        decoded.__dict__.update(values)
        return decoded

    return decode


def _init_only_sets_fields(cls: type) -> bool:
    """Whether `cls(**values)` only sets the fields: dataclass's own `__init__` (generated, so
    compiled from a string), every field in it, no `__post_init__`, and a plain `__dict__`."""
    init = getattr(cls, "__init__", None)
    generated = getattr(getattr(init, "__code__", None), "co_filename", None) == "<string>"
    every_field = all(field.init for field in _fields(cls))
    has_dict = all("__slots__" not in vars(klass) for klass in cls.__mro__[:-1])
    return generated and every_field and has_dict and not hasattr(cls, "__post_init__")


class TypeRegistry(Generic[T]):
    """A closed set of dataclass types, each under a stable name of ours.

    The names are what the log stores, so renaming a class or a module never breaks an old
    log: only the names given here must stay.
    """

    def __init__(self, types_by_name: Mapping[str, type[T]]) -> None:
        self._by_name = dict(types_by_name)
        self._by_type = {cls: name for name, cls in self._by_name.items()}
        if len(self._by_type) != len(self._by_name):
            raise ValueError("a type is registered under two names")

    @classmethod
    def of(cls, classes: Iterable[type[T]]) -> TypeRegistry[T]:
        """Register types under their class names (which then must never change)."""
        return cls({c.__name__: c for c in classes})

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self._by_name)

    @property
    def types(self) -> tuple[type[T], ...]:
        return tuple(self._by_name.values())

    def __contains__(self, value: object) -> bool:
        return type(value) in self._by_type

    def name_of(self, value: T) -> str:
        try:
            return self._by_type[type(value)]
        except KeyError:
            raise TypeError(f"{type(value).__name__} is not registered") from None

    def type_named(self, name: str) -> type[T]:
        try:
            return self._by_name[name]
        except KeyError:
            raise DecodeError(f"unknown type name {name!r}") from None

    def encode(self, value: T) -> JsonObject:
        """`{"type": <stable name>, "data": <fields>}`."""
        return {"type": self.name_of(value), "data": to_json(value)}

    def decode(self, data: Json) -> T:
        if not isinstance(data, dict) or len(data) != 2 or "type" not in data or "data" not in data:
            raise DecodeError('expected {"type": ..., "data": ...}')
        cls = self.type_named(_expect(str, data["type"]))
        result: T = from_json(cls, data["data"])
        return result
