"""Rule violations of A Dog's Life: a stable code under the game's name and a sentence.

Rule checks return a violation (or None) rather than raising, so that `legal_commands` can
filter candidates through the very checks `decide` applies, cheaply.
"""

from __future__ import annotations

from kennel.domain.core.rules import RuleViolation

GAME_NAME = "a-dogs-life"


def refused(code: str, message: str) -> RuleViolation:
    return RuleViolation(f"{GAME_NAME}/{code}", message)


def is_seat_number(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
