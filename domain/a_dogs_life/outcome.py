"""Object of the Game: the first dog to bury the bones needed wins; or, in the timed variant,
the most buried bones when the rounds run out, or the first tied dog to bury one more
(docs/rules/a-dogs-life.md). Scores are the bones each seat buried."""

from __future__ import annotations

from kennel.domain.a_dogs_life.state import ADogsLifeState, Phase, WinReason
from kennel.domain.core.frozen import per_recent_state
from kennel.domain.core.rules import Outcome


# Module constants for the enum members read below as commands are decided, listed and told: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_OVER = Phase.OVER


def _outcome(state: ADogsLifeState) -> Outcome | None:
    """The outcome, worked out afresh (`outcome.__wrapped__`)."""
    if state.phase is not _OVER:
        return None
    scores = tuple(dog.buried for dog in state.dogs)
    return Outcome(winners=state.winners, scores=scores, reason=_reason(state))


# Once per state, kept beside the state (`per_recent_state`), not in it, where the next event's
# `replaced` copy met it (a slower copy).
_kept_outcome = per_recent_state(_outcome)


def outcome(state: ADogsLifeState) -> Outcome | None:
    """Asked by prompts, legal commands, the view and the decision, of every state: for a game
    going on, the phase says it at once, cheaper than finding the answer kept for the state (a
    miss of that table, once per state, made a weak reference and dropped an old entry)."""
    if state.phase is not _OVER:
        return None
    return _kept_outcome(state)


# The plain computation, as every game's kept outcome offers it.
outcome.__wrapped__ = _outcome  # type: ignore[attr-defined]


def _reason(state: ADogsLifeState) -> str:
    seats = " and ".join(f"seat {seat}" for seat in state.winners)
    best = max((dog.buried for dog in state.dogs), default=0)
    reason = state.win_reason
    if reason is WinReason.BONES_BURIED:
        return f"{seats.capitalize()} buried {state.options.bones} bones first."
    if reason is WinReason.MOST_BONES:
        return f"The last round was played; {seats} buried the most bones ({best})."
    if reason is WinReason.OVERTIME_BONE:
        return f"Tied when the last round was played, {seats} buried a bone first in overtime."
    return (
        f"The overtime rounds (house rule overtime_rounds) ran out with {seats} tied on {best} "
        "buried bone(s): they share the win."
    )
