"""Plain-JSON encoding of the domain's frozen dataclasses.

Commands, events, options and views are frozen dataclasses built from ints, strings, bools,
string-valued enums, tuples, optionals and other such dataclasses. This module turns them into
JSON-ready values and back, the same way for every game, so that the log, the wire and the
tests never need per-game code. Tagged unions (a game's commands, its events) go through a
`TypeRegistry`, which names each type with a stable string of ours, never a Python path.

Decoding (`from_json` and its compiled decoders) is kennel.domain.core.decoding, whose names
the rest of the tree imports from here.

`to_json` writes None, bools, ints, strings, lists and objects with string keys, and never a
float (it refuses them): so a writer of canonical JSON need not look for the numbers whose style
differs between JSON libraries (kennel.replay.jsonbytes).
"""

from __future__ import annotations

import dataclasses
import enum
import functools
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Generic, TypeVar

from kennel.domain.core.decoding import DecodeError as DecodeError
from kennel.domain.core.decoding import Json as Json
from kennel.domain.core.decoding import JsonObject as JsonObject
from kennel.domain.core.decoding import compiled, dataclass_decoder, decoder, expect, fields_of
from kennel.domain.core.decoding import from_json as from_json

T = TypeVar("T")

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


def _enum_encoded(value: enum.Enum) -> Json:
    """An enum member whose value is not a plain one (no enum of ours): its value encoded as
    any other, so that `to_json` never writes a float (it refuses them)."""
    return to_json(value._value_)


def _sequence(value: Iterable[Any]) -> Json:
    # `to_json` of each item, its dispatch inlined (a view is mostly tuples: this was half the
    # calls of encoding one): a plain item as it is, else its type's encoder straight away.
    return [x if (cls := x.__class__) in _PLAIN else (_ENCODERS.get(cls) or to_json)(x) for x in value]


def _mapping(value: Mapping[Any, Any]) -> Json:
    return {str(key): to_json(item) for key, item in value.items()}


def _encoder_for(cls: type) -> Callable[[Any], Json]:
    """How values of exactly `cls` encode, decided once per type (views and events are encoded
    on every call of a busy server): the same rules, in the same order, as a chain of tests."""
    if cls in _PLAIN:
        return _plain
    if issubclass(cls, enum.Enum):
        return _enum_value if all(type(member._value_) in _PLAIN for member in cls) else _enum_encoded
    if issubclass(cls, (bool, int, str)):
        return _plain
    names = _field_names(cls)
    if names is not None:
        return _compiled_dataclass_encoder(cls, names)
    if issubclass(cls, (tuple, list)):
        return _sequence
    if issubclass(cls, Mapping):
        return _mapping
    return _unencodable


def _compiled_dataclass_encoder(cls: type, names: tuple[str, ...]) -> Callable[[Any], Json]:
    """`{name: to_json(getattr(value, name)) for name in names}` as straight-line code, made
    once per class, with a field not of a plain type given to its type's encoder (`to_json` the
    first time): a loop over the names with a call per field was most of the cost of encoding
    an event (which `verify` does for every event the rules give). Compiled from source, as
    `dataclasses` makes `__init__`."""
    fields = ", ".join(
        f"{name!r}: x if (c := (x := value.{name}).__class__) in plain else (encoders(c) or to_json)(x)"
        for name in names
    )
    source = f"def encode(value):\n    return {{{fields}}}\n"
    env = {"plain": _PLAIN, "to_json": to_json, "encoders": _ENCODERS.get}  # `to_json`'s dispatch, inlined
    return compiled(source, "encode", f"encode_{cls.__name__}", env)


def _unencodable(value: Any) -> Json:
    raise TypeError(f"cannot encode {type(value).__name__} as JSON")


_ENCODERS: dict[type, Callable[[Any], Json]] = {}


@functools.cache
def _field_names(cls: type) -> tuple[str, ...] | None:
    """A dataclass's field names in order; None for any other type."""
    if not dataclasses.is_dataclass(cls):
        return None
    return tuple(f.name for f in fields_of(cls))


class TypeRegistry(Generic[T]):
    """A closed set of dataclass types, each under a stable name of ours.

    The names are what the log stores, so renaming a class or a module never breaks an old
    log: only the names given here must stay.
    """

    def __init__(self, types_by_name: Mapping[str, type[T]]) -> None:
        self._by_name = dict(types_by_name)
        self._by_type = {cls: name for name, cls in self._by_name.items()}
        # The registered types: `type(value) in registry.classes` is `value in registry` without
        # the call of `__contains__`, for hot paths (deciding a command).
        self.classes = frozenset(self._by_type)
        self._decoders: dict[str, Callable[[Json], T]] = {}  # by name, made on first use
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
        """`{"type": <stable name>, "data": <fields>}` (`name_of` and `to_json`, their look-ups
        inlined: every event and command recorded is encoded here)."""
        cls = type(value)
        name = self._by_type.get(cls)
        if name is None:
            return {"type": self.name_of(value), "data": to_json(value)}  # not registered: name_of says so
        return {"type": name, "data": (_ENCODERS.get(cls) or to_json)(value)}

    def decode(self, data: Json) -> T:
        if not isinstance(data, dict) or len(data) != 2 or "type" not in data or "data" not in data:
            raise DecodeError('expected {"type": ..., "data": ...}')
        name = data["type"]
        decode = self._decoders.get(name) if type(name) is str else None
        if decode is None:
            decode = self.data_decoder(expect(str, name))
        result: T = decode(data["data"])
        return result

    def data_decoder(self, name: str) -> Callable[[Json], T]:
        """What `decode` does with the `data` of a value named `name` (for callers that decode
        many and look each name up once: loading a game); DecodeError for an unknown name."""
        decode = self._decoders.get(name)
        if decode is None:
            cls = self.type_named(name)
            dataclass = _field_names(cls) is not None
            decode = self._decoders[name] = dataclass_decoder(cls) if dataclass else decoder(cls)
        return decode
