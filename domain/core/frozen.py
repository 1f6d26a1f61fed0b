"""Fast paths for the domain's frozen dataclasses: `replaced` (a fast `dataclasses.replace`),
values computed once per state (`per_state` on the object, `per_recent_state` beside it) or
per part of one (`per_recent_part`), one object per value (`one_per_value`), and
a faster `__init__` for objects made by the thousand and soon dropped (`short_lived`).

`evolve` replaces the state, a player or the turn several times per event, and
`dataclasses.replace` re-runs `__init__` over every field each time (the state has seventeen):
ten times slower than copying the fields, which is all it amounts to for classes that have no
`__post_init__`. Only declared fields are copied, so values cached from them (a player's
points in ¡Caninos!) are computed afresh on the copy.
"""

from __future__ import annotations

import dataclasses
import functools
import weakref
import zlib
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

from kennel.domain.core.kept import keep

T = TypeVar("T")


@functools.cache
def _field_names(cls: type) -> frozenset[str]:
    return frozenset(field.name for field in dataclasses.fields(cls))


_new = object.__new__
_set_attribute = object.__setattr__  # a frozen dataclass refuses its own __setattr__
_FIELD_COUNTS: dict[type, int] = {}


def replaced(obj: T, **changes: Any) -> T:
    # A copy of the fields' dict, updated and set as the new object's `__dict__` at once: a
    # quarter fewer instructions than updating the new object's own empty dict twice (this is
    # called for nearly every event folded, often several times).
    cls: type = obj.__class__
    values = obj.__dict__.copy()
    values.update(changes)
    copy: T = _new(cls)
    _set_attribute(copy, "__dict__", values)
    count = _FIELD_COUNTS.get(cls)
    if count is None:
        count = _FIELD_COUNTS[cls] = len(_field_names(cls))
    if len(values) != count:  # a cached value came along (`per_state`: often), or a change names no field
        extra = values.keys() - _field_names(cls)  # in C, not a loop over every field here
        for key in changes:
            if key in extra:
                raise TypeError(f"{cls.__name__} has no field {key!r}")
        for key in extra:
            del values[key]
    return copy


F = TypeVar("F", bound=Callable[..., Any])


def per_state(function: F) -> F:
    """Compute `function(obj)` once per frozen object: the result is kept in the object's own
    `__dict__`, which `replaced` does not copy (a new state computes afresh) and which equality
    ignores. For what a state is asked many times between changes (a game's `outcome` is asked
    by its prompts, legal commands, view and decision alike)."""
    key = f"_per_state_{function.__module__}.{function.__qualname__}"

    @functools.wraps(function)
    def once(obj: Any) -> Any:
        values = obj.__dict__
        try:
            return values[key]
        except KeyError:
            result = values[key] = function(obj)
            return result

    return once  # type: ignore[return-value]


class _Nothing:
    """What no object asked about is: the referent of `per_recent_state`'s first `last` entry
    (a class lives as long as the process, so its weak reference never dies)."""


RECENT = 128  # objects whose `per_recent_state` values are kept, per function (a bounded cost per process)


def per_recent_state(function: F) -> F:
    """Compute `function(obj)` once per frozen object while the object is among the last
    `RECENT` it was asked about: for what every viewer of one state shares (the public part of
    a view, whose viewers ask one after another), which `per_state` would keep on every idle
    game's state. The values sit in a table of this function's, oldest first out, each beside a
    weak reference to its object (never the object: a state holds a whole game), so an object
    gone and its id reused is never taken for the old one."""
    kept: dict[int, tuple[weakref.ref[Any], Any]] = {}
    # The entry last asked for, looked at first: one state is asked again and again in a row
    # (by each of its viewers, by a decision's every step), and this is half the work of the
    # table's look-up. One tuple, replaced whole, so a thread never sees half of another's.
    last: tuple[weakref.ref[Any], Any] = (weakref.ref(_Nothing), None)

    @functools.wraps(function)
    def once(obj: Any) -> Any:
        nonlocal last
        entry = last
        if entry[0]() is obj:
            return entry[1]
        key = id(obj)
        entry = kept.get(key)  # type: ignore[assignment]
        if entry is not None and entry[0]() is obj:
            last = entry
            return entry[1]
        result = function(obj)
        last = keep(kept, key, (weakref.ref(obj), result), RECENT)
        return result

    return once  # type: ignore[return-value]


RECENT_PARTS = 512  # parts whose `per_recent_part` values are kept, per function


def per_recent_part(function: F | None = None, *, limit: int | None = None) -> Any:
    """Compute `function(part, *args)` once per part object (and hashable `args`, such as a
    seat) while it is among the last `limit` (by default `RECENT_PARTS`) asked about: for a piece of a view made
    from one part of a frozen state (a seat's player), which a new state whose change lies
    elsewhere holds unchanged. The piece made again is then the very object made before, so
    its encoding is found by identity (kennel.service.protobytes). The part is held beside
    its value while kept (parts are small, never a whole state), so its id is not another's.
    A large value is kept with a small `limit` (an idle game's part must not pay for it)."""
    if function is None:
        return functools.partial(per_recent_part, limit=limit)
    kept: dict[tuple[Any, ...], tuple[Any, Any]] = {}

    @functools.wraps(function)
    def once(part: Any, *args: Any) -> Any:
        key = (id(part), *args)
        entry = kept.get(key)
        if entry is not None and entry[0] is part:
            return entry[1]
        result = function(part, *args)
        keep(kept, key, (part, result), RECENT_PARTS if limit is None else limit)
        return result

    return once  # type: ignore[return-value]


ONE_PER_VALUE = 1024  # objects `one_per_value` keeps, per maker


def one_per_value(make: Callable[[Any], T], limit: int = ONE_PER_VALUE) -> Callable[[Any], T]:
    """`make(value)`, the very object made before for an equal `value` while it is among the last
    `limit` asked for: for a legal command made from one value (a space, a seat, or a tuple of
    such), which the rules offer again and again. The server keeps a command's encoding and label per command (a dict):
    an object it met before is found by identity there, where one made afresh is compared by the
    generated `__eq__` (a Python call, about 1.7k instructions); and the look-up here (the value
    an int, an enum member or a tuple of them, hashed in C) costs less than making the object. For values the
    rules make themselves (a board's spaces, seats), never a sender's: `True == 1` would find the
    object made for 1."""
    kept: dict[Any, T] = {}

    def once(value: Any) -> T:
        made = kept.get(value)
        if made is None:
            made = keep(kept, value, make(value), limit)
        return made

    once.__qualname__ = once.__name__ = f"one_{getattr(make, '__name__', 'value')}"
    return once


def short_lived(cls: type[T]) -> type[T]:
    """A faster `__init__` for a frozen dataclass whose objects are made by the thousand and
    soon dropped: views, labels, legal commands (put it above `@dataclass`).

    A frozen dataclass's generated `__init__` sets each field through `object.__setattr__`, a
    call per field; this one writes them into the object's dict directly, a third of the
    instructions. The object is the same (equality, hash, repr, pickling read the same dict);
    it only materialises its dict at once, which costs about 64 bytes an object, so objects a
    server keeps (events, states, an idle game's prompts) stay with the generated one.

    Mind a class whose objects are also made otherwise: an attribute read that meets objects of
    both layouts (values in the object, or a dict) falls back to CPython's generic look-up. A
    class whose objects `replaced` copies (a dict each) gains, as ¡Caninos!'s slices do (-1.4%
    instructions per command); one whose objects are otherwise all made by `__init__` and read
    often may lose (Canine Kleptomaniacs' trade items +4%, every game's prompts +1%, measured)."""
    if not dataclasses.is_dataclass(cls) or not cls.__dataclass_params__.frozen:  # type: ignore[attr-defined]
        raise TypeError(f"{cls.__name__}: short_lived is for frozen dataclasses (above @dataclass)")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: short_lived does not run __post_init__")
    fields = dataclasses.fields(cls)
    if any(not field.init for field in fields) or any(
        isinstance(value, dataclasses.InitVar) for value in cls.__annotations__.values()
    ):
        raise TypeError(f"{cls.__name__}: short_lived sets every field from its argument")
    if fields:  # without fields the generated `__init__` does nothing, which is faster still
        cls.__init__ = _fast_init(cls.__name__, fields)  # type: ignore[misc]
    return cls


class _Factory:
    """The default of a field with a default factory, whose argument was not given."""

    def __repr__(self) -> str:
        return "<factory>"  # as `inspect.signature` of the generated `__init__` shows it


_NO_ARGUMENT = _Factory()


def _fast_init(class_name: str, fields: tuple[dataclasses.Field[Any], ...]) -> Callable[..., None]:
    namespace: dict[str, Any] = {"_NO_ARGUMENT": _NO_ARGUMENT}
    positional: list[str] = []
    keyword: list[str] = []
    body: list[str] = ["    values = self.__dict__"]
    for field in fields:
        name = field.name
        parameter = name
        if field.default is not dataclasses.MISSING:
            namespace[f"_default_{name}"] = field.default
            parameter = f"{name}=_default_{name}"
        elif field.default_factory is not dataclasses.MISSING:
            namespace[f"_factory_{name}"] = field.default_factory
            parameter = f"{name}=_NO_ARGUMENT"
            body.append(f"    if {name} is _NO_ARGUMENT:\n        {name} = _factory_{name}()")
        (keyword if field.kw_only else positional).append(parameter)
        body.append(f"    values[{name!r}] = {name}")
    parameters = ", ".join(["self", *positional, *(["*", *keyword] if keyword else [])])
    source = f"def __init__({parameters}):\n" + "\n".join(body) + "\n"
    exec(source, namespace)  # as dataclasses itself makes `__init__`: from source, once per class
    init: Callable[..., None] = namespace["__init__"]
    init.__qualname__ = f"{class_name}.__init__"
    return init


def hashed_by_type(classes: Iterable[type[T]]) -> list[type[T]]:
    """The frozen dataclasses `classes`, each given a hash that tells its type apart: a
    dataclass hashes its fields alone, so every command without fields hashes as `()` (End
    turn, Propose undo, Take an Action card...) and one-field commands of equal fields alike;
    in a dict of commands (the server keeps each command's encoding and label so) they collide,
    and each collision compares by the generated `__eq__` twice (it and its reflection: Python
    calls, about a dozen per command in Canine Kleptomaniacs). The hash is the fields' with a
    constant of the type's (its name's CRC, the same in every process), so equal commands still
    hash alike; a type without fields hashes as that constant without a call into a tuple."""
    found = list(classes)
    for cls in found:
        if not dataclasses.is_dataclass(cls) or not cls.__dataclass_params__.eq:  # type: ignore[attr-defined]
            raise TypeError(f"{cls.__name__}: hashed_by_type is for dataclasses compared by their fields")
        cls.__hash__ = _typed_hash(cls)  # type: ignore[method-assign]
    return found


def hashed_by_type_here(namespace: Mapping[str, Any]) -> list[type]:
    """`hashed_by_type` of every frozen dataclass compared by its fields that the module whose
    globals are `namespace` defines (a game's commands module calls it last, before any command
    is made and kept in a dict: a command kept by the old hash would not be found by the new)."""
    module = namespace["__name__"]
    return hashed_by_type(
        value
        for value in list(namespace.values())
        if isinstance(value, type)
        and value.__module__ == module
        and dataclasses.is_dataclass(value)
        and value.__dataclass_params__.frozen  # type: ignore[attr-defined]
        and value.__dataclass_params__.eq  # type: ignore[attr-defined]
    )


def _typed_hash(cls: type) -> Callable[[Any], int]:
    tag = zlib.crc32(f"{cls.__module__}.{cls.__qualname__}".encode())
    names = [field.name for field in dataclasses.fields(cls) if (field.compare if field.hash is None else field.hash)]
    if not names:
        source = f"def __hash__(self):\n    return {tag}\n"
    else:
        values = "".join(f"self.{name}, " for name in names)
        source = f"def __hash__(self):\n    return hash(({tag}, {values}))\n"
    namespace: dict[str, Any] = {}
    exec(source, namespace)  # as dataclasses makes its own `__hash__`: from source, once per class
    function: Callable[[Any], int] = namespace["__hash__"]
    function.__qualname__ = f"{cls.__name__}.__hash__"
    return function
