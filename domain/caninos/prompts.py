"""Who owes a decision now. Public: a prompt never depends on a hidden card (every seat in a
reaction window is asked, holding an answer or not)."""

from __future__ import annotations

from kennel.domain.caninos.phases import PHASE_DRAFT, PHASE_LEVELLING, PHASE_REACTION, PHASE_SPELL, PHASE_TURN, phase
from kennel.domain.caninos.reactions import describe_latest
from kennel.domain.caninos.state import CaninosState
from kennel.domain.caninos.turns import owing
from kennel.domain.caninos.words import draft_question
from kennel.domain.core.rules import Prompt, PromptKind, prompt


# Module constants for the enum members read below as commands are decided, listed and told: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_REACTION = PromptKind.REACTION
_CHOICE = PromptKind.CHOICE
_TURN = PromptKind.TURN


def pending(state: CaninosState) -> tuple[Prompt, ...]:
    current = phase(state)
    if current is PHASE_LEVELLING:
        label = f"return pizza to the table until you have {state.level} points or fewer"
        return tuple(prompt(seat, _CHOICE, label) for seat in owing(state))
    if current is PHASE_REACTION:
        label = f"answer {describe_latest(state)}, or let it be"
        return (prompt(state.asking[0], _REACTION, label),)
    if current is PHASE_DRAFT:
        assert state.draft is not None
        return (prompt(state.draft.play.seat, _CHOICE, draft_question(state.draft)),)
    if current is PHASE_SPELL:
        label = "turn one of your plush toys back into pizza, or keep them as they are"
        return tuple(prompt(seat, _CHOICE, label) for seat in state.unspelling)
    if current is PHASE_TURN:
        turn = state.turn
        assert turn is not None
        if turn.discarded:
            label = "discard another card or end your turn"
        elif turn.laid:
            label = "play on or end your turn"
        else:
            label = "play cards, pass, or discard up to three"
        return (prompt(turn.seat, _TURN, label),)
    return ()
