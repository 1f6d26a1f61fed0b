"""Slices, plays and choices in a player's words, for prompts and refusals (public facts only)."""

from __future__ import annotations

from collections.abc import Sequence

from kennel.domain.caninos.cards import Trick, title
from kennel.domain.caninos.drafts import Step, chooses_onto, next_step
from kennel.domain.caninos.state import Action, Draft, SliceRef


def slice_words(ref: SliceRef, names: Sequence[str] | None = None) -> str:
    """A slice as a player says it; without `names` a seat is "seat N" (for public prompts,
    which kennel.domain.core.telling.named turns into names)."""
    if ref.owner is None:
        owner = "the table's"
    else:
        owner = f"{names[ref.owner]}'s" if names is not None else f"seat {ref.owner}'s"
    plush = "plush " if ref.plush else ""
    topping = f" with {title(ref.topping)}" if ref.topping is not None else ""
    return f"{owner} {plush}{title(ref.pizza)}{topping}"


# Module constants for the enum members read below as commands are decided, listed and told: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_STEAL = Action.STEAL
_SEAT = Step.SEAT
_GLUTTONS = Trick.GLUTTONS
_CERBERUS = Trick.CERBERUS
_TOPPING = Trick.TOPPING
_BIRTHDAY_GIRL = Trick.BIRTHDAY_GIRL
_BROKERS = Trick.BROKERS


def draft_question(draft: Draft) -> str:
    """What the CHOICE prompt of a draft asks."""
    play = draft.play
    step = next_step(draft)
    if play.action is _STEAL:
        return f"choose the card(s) to steal {slice_words(play.slices[0])} with"
    trick = play.trick
    assert trick is not None
    if step is _SEAT:
        return f"choose the seat your {trick.title} trick aims at"
    if trick is _GLUTTONS:
        return "choose one more slice to steal with the same card"
    if trick is _CERBERUS:
        return "choose the slice Cerberus lies on"
    if trick is _TOPPING:
        return "choose the slice your topping goes on"
    if trick is _BIRTHDAY_GIRL:
        return (
            "choose a slice to steal" if step is Step.SLICE else "choose a second slice to steal, or no more"
        )
    if trick is _BROKERS:
        return "choose where the topping goes" if chooses_onto(draft) else "choose the topping to move"
    if trick is Trick.DESTROYER:
        if chooses_onto(draft):
            return f"choose where the topping from {slice_words(play.slices[len(play.onto)])} goes"
        return "choose a topping to lift, or no more"
    return "choose"
