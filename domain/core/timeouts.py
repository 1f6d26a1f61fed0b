"""Turn timers, for every game alike: what the rules do when a prompt runs out of time.

The domain has no clock (design.md). The server's clock decides *when* a seat's prompt has run
out; the rules decide *what* follows. A game created with a time limit says so in its stream
(`TimerSet`, right after `GameCreated`); an expired prompt is recorded as the server's own
cause, `kennel.ExpirePrompt` naming the seat, whose events are `PromptExpired` and then the
events of the command the game's rules take in that seat's place (`Game.timeout_command`).
So a game with timeouts replays and verifies like any other: the log holds every cause.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from kennel.domain.core.rules import RuleViolation, Seat

MIN_PROMPT_LIMIT_MS = 100  # below this, no player could answer anything
MAX_PROMPT_LIMIT_MS = 7 * 24 * 3600 * 1000  # a week: correspondence play


@dataclass(frozen=True)
class TimerSet:
    """Every prompt of this game expires `prompt_limit_ms` after it opens (server's clock)."""

    prompt_limit_ms: int


@dataclass(frozen=True)
class PromptExpired:
    """The server found `seat`'s prompt out of time; the rules' default for it follows."""

    seat: Seat


TIMER_EVENTS = {"kennel.TimerSet": TimerSet, "kennel.PromptExpired": PromptExpired}


def check_limit(prompt_limit_ms: int) -> None:
    """0 means no timer; anything else must be a limit a person could play to."""
    if prompt_limit_ms != 0 and not MIN_PROMPT_LIMIT_MS <= prompt_limit_ms <= MAX_PROMPT_LIMIT_MS:
        raise RuleViolation(
            "kennel/bad_time_limit",
            f"A prompt's time limit is 0 (none) or {MIN_PROMPT_LIMIT_MS} ms to {MAX_PROMPT_LIMIT_MS} ms.",
        )


def default_answer(
    legal: Sequence[Any], preferred: Sequence[type], unprompted: Collection[type] = ()
) -> Any:
    """The usual default of an expired prompt: the first legal command of the first
    `preferred` type the seat may send (passing, declining, stopping), else the first legal
    command in the game's stable order that answers the prompt (not one of the `unprompted`
    kinds a seat may send at any time, which answer nothing)."""
    for kind in preferred:
        for command in legal:
            if type(command) is kind:
                return command
    for command in legal:
        if type(command) not in unprompted:
            return command
    raise AssertionError("a seat that owes a decision has a legal command answering it")
