"""Decoding plain JSON into the domain's frozen dataclasses: `from_json`, the inverse of
`kennel.domain.core.codec.to_json`, with a decoder compiled once per type (loading a game
decodes every event of it). Split from the codec, which encodes and names types."""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any

Json = Any  # a JSON-ready value: None, bool, int, str, list, dict
JsonObject = dict[str, Any]


class DecodeError(ValueError):
    """A JSON value does not fit the type it should decode to."""


@functools.cache
def fields_of(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    """`dataclasses.fields(cls)`, asked once per class."""
    return dataclasses.fields(cls)


def compiled(source: str, name: str, qualname: str, env: dict[str, Any]) -> Callable[..., Any]:
    namespace: dict[str, Any] = {}
    code = compile(source, f"<kennel.domain.core.codec {qualname}>", "exec")
    exec(code, env, namespace)  # noqa: S102 (our own source, made from field names and types)
    function: Callable[..., Any] = namespace[name]
    function.__qualname__ = qualname
    return function


def from_json(cls: Any, data: Json) -> Any:
    """Decode plain JSON into the given type (the inverse of `to_json`)."""
    return decoder(cls)(data)


@functools.cache
def decoder(cls: Any) -> Callable[[Json], Any]:
    origin = typing.get_origin(cls)
    args = typing.get_args(cls)
    if cls is Any:
        return lambda data: data
    if origin in (typing.Union, types.UnionType):
        members = [a for a in args if a is not type(None)]
        if len(members) != 1:
            raise TypeError(f"only Optional[X] unions are supported, not {cls}")
        inner = decoder(members[0])
        return lambda data: None if data is None else inner(data)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _tuple_decoder(args[0])
        items = [decoder(a) for a in args]

        def decode_fixed(data: Json) -> tuple[Any, ...]:
            if not isinstance(data, list) or len(data) != len(items):
                raise DecodeError(f"expected a list of {len(items)} items")
            return tuple([d(x) for d, x in zip(items, data, strict=True)])

        return decode_fixed
    if origin in (dict, Mapping) or cls is dict:
        return lambda data: expect(dict, data)
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
        return lambda data: expect(bool, data)
    if cls is int:

        def decode_int(data: Json) -> int:
            if isinstance(data, bool) or not isinstance(data, int):
                raise DecodeError(f"expected an integer, got {data!r}")
            return data

        return decode_int
    if cls is str:
        return lambda data: expect(str, data)
    raise TypeError(f"no JSON decoder for {cls!r}")


def _tuple_decoder(hint: Any) -> Callable[[Json], tuple[Any, ...]]:
    """The decoder of `tuple[hint, ...]`: each item by `hint`'s decoder; a list of exactly
    bool, int or str items (a hand of card numbers), or of an enum's values (a deck), is
    turned into a tuple in C first (items of another type then go item by item, and decide)."""
    item = decoder(hint)

    def decode_tuple(data: Json) -> tuple[Any, ...]:
        if not isinstance(data, list):
            raise DecodeError(f"expected a list, got {type(data).__name__}")
        return tuple([item(x) for x in data])  # a list first: quicker than a generator

    exact = _exact_type(hint)
    if exact is not None:
        only = frozenset({exact})

        def decode_exact(data: Json) -> tuple[Any, ...]:
            if data.__class__ is list and only.issuperset(map(type, data)):
                return tuple(data)
            return decode_tuple(data)

        return decode_exact
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        member = {m.value: m for m in hint}.__getitem__  # `decode_enum`'s first look-up

        def decode_members(data: Json) -> tuple[Any, ...]:
            if data.__class__ is list:
                try:
                    return tuple(map(member, data))
                except (KeyError, TypeError):
                    pass
            return decode_tuple(data)

        return decode_members
    return decode_tuple


def expect(kind: type, data: Json) -> Any:
    if not isinstance(data, kind):
        raise DecodeError(f"expected {kind.__name__}, got {type(data).__name__}")
    return data


def _dataclass_decoder(cls: type) -> Callable[[Json], Any]:
    """A decoder for a dataclass, compiled on its first use (not here: a dataclass may refer to
    itself, and its fields' decoders are only looked up once it is complete)."""
    compiled: list[Callable[[Json], Any]] = []

    def decode(data: Json) -> Any:
        if not compiled:
            compiled.append(dataclass_decoder(cls))
        return compiled[0](data)

    return decode


_MISSING = object()
# Field types whose values orjson already gives as they decode: such a field is checked by its
# class alone (`x.__class__ is int`), and only anything else goes to the field's decoder, which
# then decides (an int subclass, a bool where an int is wanted, an error).
_EXACT = (bool, int, str)


@functools.cache
def dataclass_decoder(cls: type) -> Callable[[Json], Any]:
    """The decoder of `cls`: `_checked_decoder`'s, with a quicker way first for what every
    encoded value looks like (`_usual_decoder`)."""
    return _usual_decoder(cls, _checked_decoder(cls))


def _compiling(cls: type) -> tuple[dict[str, Any], list[dataclasses.Field[Any]], dict[str, Any]]:
    """What a compiled decoder of `cls` starts from: its type hints, the fields its `__init__`
    takes, and the names its source uses that every decoder has."""
    fields = [f for f in fields_of(cls) if f.init]
    env: dict[str, Any] = {
        "cls": cls,
        "names": frozenset(field.name for field in fields),
        "new": object.__new__,
        "set_attr": object.__setattr__,
    }
    return typing.get_type_hints(cls), fields, env


def _checked_decoder(cls: type) -> Callable[[Json], Any]:
    """The decoder of `cls` as straight-line code: the same checks in the same order, with the
    same errors, as a loop over the fields would make (which cost twice as much: a quarter of
    loading a game was decoding its events). Compiled from source, as `dataclasses` makes
    `__init__`."""
    hints, fields, env = _compiling(cls)
    env.update({"DecodeError": DecodeError, "MISSING": _MISSING, "unknown": _unknown_fields})
    lines = [
        "def decode(data):",
        "    if not isinstance(data, dict):",
        f"        raise DecodeError({f'expected an object for {cls.__name__}'!r})",
        "    if not names.issuperset(data):",
        "        raise unknown(cls, names, data)",
    ]
    for index, field in enumerate(fields):
        hint = hints[field.name]
        value = f"v{index}"
        env[f"decode{index}"] = decoder(hint)
        lines += [f"    x = data.get({field.name!r}, MISSING)", "    if x is MISSING:"]
        if field.default is not dataclasses.MISSING:
            env[f"default{index}"] = field.default
            lines.append(f"        {value} = default{index}")
        elif field.default_factory is not dataclasses.MISSING:
            env[f"factory{index}"] = field.default_factory
            lines.append(f"        {value} = factory{index}()")
        else:
            lines.append(f"        raise DecodeError({f'{cls.__name__} needs the field {field.name!r}'!r})")
        exact = _exact_type(hint)
        if exact is not None:
            env[f"exact{index}"] = exact
            lines += [f"    elif x.__class__ is exact{index}:", f"        {value} = x"]
        elif isinstance(hint, type) and issubclass(hint, enum.Enum):
            env[f"members{index}"] = {member.value: member for member in hint}
            lines += [
                f"    elif x.__class__ is str and x in members{index}:",
                f"        {value} = members{index}[x]",
            ]
        lines += ["    else:", f"        {value} = decode{index}(x)"]
    lines += _made_lines(cls, fields)
    return compiled("\n".join(lines) + "\n", "decode", f"decode_{cls.__name__}", env)


def _made_lines(cls: type, fields: list[dataclasses.Field[Any]]) -> list[str]:
    """The end of a compiled decoder: `cls` made of the fields' values `v0`, `v1`..."""
    values = ", ".join(f"{field.name!r}: v{index}" for index, field in enumerate(fields))
    if _init_only_sets_fields(cls):
        # The generated `__init__` of a frozen dataclass sets each field through
        # object.__setattr__; one that does nothing else gets its fields set at once instead.
        return ["    made = new(cls)", f"    set_attr(made, '__dict__', {{{values}}})", "    return made"]
    return [f"    return cls(**{{{values}}})"]


def _usual_decoder(cls: type, checked: Callable[[Json], Any]) -> Callable[[Json], Any]:
    """`checked`, with a quicker way first for an object of exactly the fields (as `to_json`
    writes them) whose plain values, enums and optional ones are of their exact types: each is
    then taken as `checked` would take it, by subscript instead of `get` and a test for a
    missing key, and without the Optional decoder's call. Anything else (a value of another
    type, a key left out or unknown) goes to `checked`, from the start, which then decides,
    errors included. A field of another type (a dataclass, a tuple...) is given to its decoder
    in the same order as `checked` would: an error it raises is the one `checked` would raise,
    as every field before it has passed."""
    hints, fields, env = _compiling(cls)
    env["checked"] = checked
    lines = [
        "def decode(data):",
        "    if data.__class__ is not dict or data.keys() != names:",
        "        return checked(data)",
    ]
    for index, field in enumerate(fields):
        hint, value = hints[field.name], f"v{index}"
        optional = _optional_of(hint)
        inner = hint if optional is None else optional
        lines.append(f"    x = data[{field.name!r}]")
        if _exact_type(inner) is not None:
            env[f"exact{index}"] = inner
            test = f"x.__class__ is not exact{index}"
            none = "x is not None and " if optional else ""
            lines += [f"    if {none}{test}:", "        return checked(data)"]
            lines.append(f"    {value} = x")
        elif isinstance(inner, type) and issubclass(inner, enum.Enum):
            env[f"members{index}"] = {member.value: member for member in inner}
            indent = "    "
            if optional is not None:
                lines += ["    if x is None:", f"        {value} = None", "    else:"]
                indent = "        "
            lines += [
                f"{indent}{value} = members{index}.get(x) if x.__class__ is str else None",
                f"{indent}if {value} is None:",
                f"{indent}    return checked(data)",
            ]
        else:
            env[f"decode{index}"] = decoder(hint)
            lines.append(f"    {value} = decode{index}(x)")
    lines += _made_lines(cls, fields)
    return compiled("\n".join(lines) + "\n", "decode", f"decode_usual_{cls.__name__}", env)


def _optional_of(hint: Any) -> Any:
    """X when `hint` is Optional[X] (X | None), else None."""
    if typing.get_origin(hint) not in (typing.Union, types.UnionType):
        return None
    members = [a for a in typing.get_args(hint) if a is not type(None)]
    return members[0] if len(members) == 1 and len(typing.get_args(hint)) == 2 else None


def _exact_type(hint: Any) -> type | None:
    """bool, int or str when `hint` is exactly one of them (not Optional: None goes the slow way)."""
    return hint if hint in _EXACT else None


def _unknown_fields(cls: type, names: frozenset[str], data: dict[str, Any]) -> DecodeError:
    unknown = set(data) - names
    return DecodeError(f"unknown field(s) for {cls.__name__}: {', '.join(sorted(unknown))}")


def _init_only_sets_fields(cls: type) -> bool:
    """Whether `cls(**values)` only sets the fields: dataclass's own `__init__` (generated, so
    compiled from a string), every field in it, no `__post_init__`, and a plain `__dict__`."""
    init = getattr(cls, "__init__", None)
    generated = getattr(getattr(init, "__code__", None), "co_filename", None) == "<string>"
    every_field = all(field.init for field in fields_of(cls))
    has_dict = all("__slots__" not in vars(klass) for klass in cls.__mro__[:-1])
    return generated and every_field and has_dict and not hasattr(cls, "__post_init__")
