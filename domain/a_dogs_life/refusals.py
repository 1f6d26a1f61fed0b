"""Rule violations of A Dog's Life: a stable code under the game's name and a sentence.

Rule checks return a `Refusal` (or None) rather than raising, so that `legal_commands` can
filter candidates through the very checks `decide` applies, cheaply: a refusal is the code and
the sentence as a plain pair, and becomes a `RuleViolation` only when `decide` raises it. The
listing asks the checks about every candidate, and a `RuleViolation` made for each one refused
(about nine per command, 1.5-2k instructions each: its `__init__`, `Exception.__init__`, the
code's and the text's formatting) only to be dropped was most of what listing cost.

The checks of the actions (`actions`, `movement`), which the listing asks about every candidate
(about ten refusals per state listed), write the pair itself, `("code", "sentence")`: a call of
`refused` made for each was some 600 instructions more (callgrind).
"""

from __future__ import annotations

from kennel.domain.core.rules import RuleViolation

GAME_NAME = "a-dogs-life"

Refusal = tuple[str, str]  # (code within the game, sentence): what a check that refuses returns


def refused(code: str, message: str) -> Refusal:
    """The pair `(code, message)`, as the checks run once per command write it."""
    return (code, message)


def violation(refusal: Refusal) -> RuleViolation:
    """The refusal as the error `decide` raises: its code namespaced by the game."""
    code, message = refusal
    return RuleViolation(f"{GAME_NAME}/{code}", message)


def is_seat_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
