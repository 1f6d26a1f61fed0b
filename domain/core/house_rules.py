"""House rules: options that depart from a rulebook's text (design.md, "Rules as written").

A game marks such an option with `house_rule(default, sentence)` in its `Options` dataclass. The
default is always the text's own rule; `in_force(options)` names, in the sentence given, every
house rule a game was created with, so that a replay's header states them (`kennel replay
explain`). Options that choose between alternatives the rulebook itself offers are not house
rules and carry no mark.
"""

from __future__ import annotations

import dataclasses
from typing import Any

_MARK = "kennel.house_rule"


def house_rule(default: Any, sentence: str) -> Any:
    """A dataclass field for a house rule; `sentence` may name the value as `{value}`."""
    return dataclasses.field(default=default, metadata={_MARK: sentence})


def in_force(options: Any) -> tuple[str, ...]:
    """The sentence of every house rule whose value is not its default (the text's rule)."""
    if not dataclasses.is_dataclass(options):
        return ()
    return tuple(
        field.metadata[_MARK].format(value=getattr(options, field.name))
        for field in dataclasses.fields(options)
        if _MARK in field.metadata and getattr(options, field.name) != field.default
    )
