"""A fast `dataclasses.replace` for the domain's frozen dataclasses.

`evolve` replaces the state, a player or the turn several times per event, and
`dataclasses.replace` re-runs `__init__` over every field each time (the state has seventeen):
ten times slower than copying the fields, which is all it amounts to for classes that have no
`__post_init__`. Only declared fields are copied, so values cached from them (a player's
points in ¡Caninos!) are computed afresh on the copy.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from typing import Any, TypeVar

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
