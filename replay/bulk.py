"""Reading a whole log at once, without the cyclic garbage collector's passes over what it makes.

CPython's cyclic collector runs a pass every 700 container objects made (and not freed), and
every tenth pass walks the older objects again, every hundredth all of them. Reading a log makes
about ten such objects per record (the JSON's dicts, a `Record` and its `Cause`, the decoded
event and its tuples) and keeps them all until the game is loaded: the passes found nothing to
free (none of these objects refer back to each other) and were a sixth of loading a game
(`python -m bench --only replay`, and counted with `gc.callbacks`). The same trick, for the same
reason, as Mercurial's `util.nogc` around reading its revision logs.

The collector is paused only while one such function runs, and only if it was running; garbage
without cycles is freed by reference counting as always, and what was made is looked at by the
collector's next pass, once, as it would have been by the first of many.
"""

from __future__ import annotations

import functools
import gc
from collections.abc import Callable
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


def without_cycle_collection(function: Callable[P, R]) -> Callable[P, R]:
    """`function`, run with the cyclic garbage collector paused if it was running (another
    thread may already have paused it: then it is left as it is, and resumed by that thread)."""

    @functools.wraps(function)
    def paused(*args: P.args, **kwargs: P.kwargs) -> R:
        if not gc.isenabled():
            return function(*args, **kwargs)
        gc.disable()
        try:
            return function(*args, **kwargs)
        finally:
            gc.enable()

    return paused
