"""The Dog Fairy's spell after it is cast: its owner turns plush toys back, one a turn.

Dog Fairy steps: "The affected player may gradually undo the spell and recover their pizza by
turning over one plush toy per turn (every turn counts)." Every turn counts, whoever's it is: at
the start of each turn every enchanted seat with a plush toy is asked, all at once, whether to
turn one back (`ChooseSlice` naming it) or not (`ChooseNoMore`); "may" makes it the seat's
choice, since plush toys can suit their owner (they are worth nothing to a Pack Leader's count
and take no reducing topping). Once no plush toy is left the Dog Fairy goes to the discard pile
("the affected player may send the Dog Fairy to the discard pile"): it does nothing more, so
keeping it would only be clutter (docs/rules/caninos.md, "Dog Fairy: turning plush toys back").
"""

from __future__ import annotations

from kennel.domain.caninos.cards import sorted_pizzas
from kennel.domain.caninos.events import PlushKept, PlushTurnedBack, SpellBroken
from kennel.domain.caninos.resolution import Resolution
from kennel.domain.caninos.scoring import printed_points
from kennel.domain.caninos.state import CaninosState, SliceRef


def plush_options(state: CaninosState, seat: int) -> list[SliceRef]:
    """The plush toys the seat may turn back, each kind once, the most valuable first."""
    pizzas = sorted_pizzas({piece.pizza for piece in state.players[seat].collection if piece.plush})
    ordered = sorted(pizzas, key=lambda pizza: -printed_points(pizza))
    return [SliceRef(owner=seat, pizza=pizza, plush=True) for pizza in ordered]


def break_spent_spells(resolution: Resolution) -> None:
    """A Dog Fairy whose collection holds no plush toy any more (turned back, or stolen) goes."""
    for seat, player in enumerate(resolution.state.players):
        if player.fairy is not None and not any(piece.plush for piece in player.collection):
            resolution.record(SpellBroken(seat=seat))


def turn_back(resolution: Resolution, seat: int, ref: SliceRef) -> None:
    resolution.record(PlushTurnedBack(seat=seat, pizza=ref.pizza))
    break_spent_spells(resolution)


def keep(resolution: Resolution, seat: int) -> None:
    resolution.record(PlushKept(seat=seat))
