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


def replaced(obj: T, **changes: Any) -> T:
    cls: type = type(obj)
    names = _field_names(cls)
    copy: T = object.__new__(cls)
    values = copy.__dict__
    values.update(obj.__dict__)
    values.update(changes)
    if len(values) != len(names):  # a cached value came along, or a change names no field
        for key in [key for key in values if key not in names]:
            if key in changes:
                raise TypeError(f"{cls.__name__} has no field {key!r}")
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
