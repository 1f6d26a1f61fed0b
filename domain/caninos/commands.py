"""What a seat may send. Class names are stored in logs: never rename them.

On its turn a seat declares a steal (`Steal`) or a trick (`PerformTrick`), or discards
(`DiscardCard`), or ends its turn (`EndTurn`, also "pass your turn"). A declared play is
completed by CHOICE commands (`PayWith`, `ChooseSeat`, `ChooseSlice`, `ChooseNoMore`) before
anyone may answer it. A seat asked in a reaction window answers (`React`) or declines
(`Decline`). Seats returning pizzas for the Pack Leader send `ChooseSlice`.
"""

from __future__ import annotations

from dataclasses import dataclass

from kennel.domain.caninos.cards import Card, Trick
from kennel.domain.caninos.state import SliceRef
from kennel.domain.core.frozen import hashed_by_type_here, short_lived


@short_lived
@dataclass(frozen=True)
class Steal:
    """Try to steal this slice, from the table or another seat; the cards come next."""

    slice: SliceRef


@short_lived
@dataclass(frozen=True)
class PerformTrick:
    """Perform a trick with a card from your hand (the Tanuki names the trick it performs;
    for the Gluttons' trick the card is the Glutton that stole this turn)."""

    card: Card
    trick: Trick


@short_lived
@dataclass(frozen=True)
class PayWith:
    """The card(s) to steal the declared slice with: one card, or two dogs, in card order."""

    cards: tuple[Card, ...]


@short_lived
@dataclass(frozen=True)
class ChooseSeat:
    seat: int


@short_lived
@dataclass(frozen=True)
class ChooseSlice:
    slice: SliceRef


@short_lived
@dataclass(frozen=True)
class ChooseNoMore:
    """No second slice for the Birthday Girl; no more toppings for the Destroyer to lift."""


@short_lived
@dataclass(frozen=True)
class DiscardCard:
    """Discard one card face up (the third option of a turn, up to three cards, before playing)."""

    card: Card


@short_lived
@dataclass(frozen=True)
class EndTurn:
    """Finish the turn (or pass it): used cards go to the discard pile and you draw back to six."""


@short_lived
@dataclass(frozen=True)
class React:
    """Answer the latest play or answer with this card (¡QUIETO!, a Mystic Raccoon, the Adopted
    Dog or the Tanuki)."""

    card: Card


@short_lived
@dataclass(frozen=True)
class Decline:
    """Let the latest play or answer be, in this window."""


# Each command type hashes apart from the others (a server keeps commands in a dict): last, before
# any command is made.
hashed_by_type_here(globals())
