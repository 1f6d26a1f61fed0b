"""`by_type`: `functools.singledispatch` with each class's implementation found by one dict
look-up, for what is called once per event and viewer (the games' narration).

`singledispatch`'s own wrapper finds an implementation through two Python calls and a
`WeakKeyDictionary` look-up (another Python call): more than the work of a short sentence.
Here the implementation `singledispatch` chose for a class is kept in a plain dict by the
class, so the choice is the very same one; a registration empties the dict. Only for dispatch
on concrete classes (events): a class registered later as a virtual subclass of an ABC would
not change an implementation already kept.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


def by_type(function: F) -> F:
    """Decorate the default implementation; register others with `.register`, as with
    `functools.singledispatch` (whose `register` it is)."""
    dispatcher = functools.singledispatch(function)
    found: dict[type, Callable[..., Any]] = {}

    def dispatch(cls: type) -> Callable[..., Any]:
        implementation = found.get(cls)
        if implementation is None:
            implementation = found[cls] = dispatcher.dispatch(cls)
        return implementation

    def register(cls: Any, implementation: Callable[..., Any] | None = None) -> Any:
        found.clear()
        return dispatcher.register(cls, implementation)

    @functools.wraps(function)
    def call(first: Any, *args: Any) -> Any:
        implementation = found.get(first.__class__)
        if implementation is None:
            implementation = dispatch(first.__class__)
        return implementation(first, *args)

    call.register = register  # type: ignore[attr-defined]
    call.dispatch = dispatch  # type: ignore[attr-defined]
    call.registry = dispatcher.registry  # type: ignore[attr-defined]
    return call  # type: ignore[return-value]
