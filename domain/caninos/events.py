"""What happened. Class names are stored in logs: never rename them.

Seats are numbered from 0 in clockwise turn order. Decks list their top card first.
"""

from __future__ import annotations

from dataclasses import dataclass

from kennel.domain.caninos.cards import Card, Pizza, Trick
from kennel.domain.caninos.state import Play, SliceRef

# ---- setup ----


@dataclass(frozen=True)
class DeckShuffled:
    """The main deck, in order. Nobody ever sees it (`redact` blanks it)."""

    deck: tuple[Card, ...]


@dataclass(frozen=True)
class PizzasShuffled:
    """The Normal pizzas, in order, before the deal. Nobody sees it: the mini-decks show only
    their tops."""

    pizzas: tuple[Pizza, ...]


@dataclass(frozen=True)
class PizzaDealt:
    """A Normal pizza dealt face up from the top into the seat's collection."""

    seat: int
    pizza: Pizza


@dataclass(frozen=True)
class MiniDecksLaid:
    """The remaining Normal pizzas split in two face-up mini-decks: the first `sizes[0]` cards
    (top first), then the rest; `tops` are the pizzas they show."""

    sizes: tuple[int, ...]
    tops: tuple[Pizza, ...]


@dataclass(frozen=True)
class CardsDealt:
    """Six cards from the top of the main deck into the seat's hand; `cards` only for that seat."""

    seat: int
    count: int
    cards: tuple[Card, ...]


# ---- turns ----


@dataclass(frozen=True)
class TurnStarted:
    seat: int


@dataclass(frozen=True)
class PlushTurnedBack:
    """The Dog Fairy's spell: the seat turned one of its plush toys back into pizza at a turn's start."""

    seat: int
    pizza: Pizza


@dataclass(frozen=True)
class PlushKept:
    """An enchanted seat turned no plush toy back this turn (the Dog Fairy's "may")."""

    seat: int


@dataclass(frozen=True)
class SpellBroken:
    """No plush toy left: the Dog Fairy by the seat's collection went to the discard pile."""

    seat: int


@dataclass(frozen=True)
class CardDiscarded:
    """The seat discarded a card from its hand, face up (the "discard up to three" option)."""

    seat: int
    card: Card


@dataclass(frozen=True)
class TurnEnded:
    """The cards the seat used this turn, and the Dieters and Killjoys that lay on it, went to
    the discard pile."""

    seat: int


@dataclass(frozen=True)
class CardsDrawn:
    """Cards from the top of the main deck into the seat's hand; `cards` only for that seat."""

    seat: int
    count: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class DiscardShuffled:
    """The discard pile, shuffled, became the main deck (the RESHUFFLE ending). Its order is
    blanked for everyone; its size is `count`."""

    count: int
    deck: tuple[Card, ...]


@dataclass(frozen=True)
class DeckRanOut:
    """The main deck ran out: the seat with the most points wins."""


@dataclass(frozen=True)
class RoundPassed:
    """Every seat passed its turn in a row: the game ends, the seat with the most points wins
    (docs/rules/caninos.md, "A round of passes")."""


# ---- putting a play together ----


@dataclass(frozen=True)
class StealDeclared:
    """The seat in turn names the slice it tries to steal; the cards come next."""

    seat: int
    slice: SliceRef


@dataclass(frozen=True)
class TrickDeclared:
    """The seat in turn performs a trick with this card (for a Gluttons' trick, the card that
    stole); the trick's targets come next, if it has any."""

    seat: int
    card: Card
    trick: Trick


@dataclass(frozen=True)
class SliceChosen:
    seat: int
    slice: SliceRef


@dataclass(frozen=True)
class SeatChosen:
    seat: int
    target: int


@dataclass(frozen=True)
class NoMoreChosen:
    """The seat closed an open-ended choice (Birthday Girl's second slice, the Destroyer's lifts)."""

    seat: int


@dataclass(frozen=True)
class PlayMade:
    """The play is laid down (its cards leave the hand) and a reaction window opens on it:
    `asking` are the seats asked, in order (none when nothing may answer it)."""

    play: Play
    asking: tuple[int, ...]


# ---- the reaction chain ----


@dataclass(frozen=True)
class Reacted:
    """The seat answered the latest link with this card; a window opens on the answer."""

    seat: int
    card: Card
    asking: tuple[int, ...]


@dataclass(frozen=True)
class Declined:
    """The seat asked in the open window let the latest link be."""

    seat: int


@dataclass(frozen=True)
class RaccoonAdopted:
    """An Adopted Dog (or the Tanuki as one) that took effect keeps the Raccoon of chain link
    `link` (0: the play) for its seat's hand."""

    seat: int
    link: int


@dataclass(frozen=True)
class ChainResolved:
    """The chain resolved from the top: the play takes effect or was stopped. The play's cards
    lie before the player; the answers' cards go to the discard pile."""

    succeeded: bool


# ---- effects ----


@dataclass(frozen=True)
class SliceStolen:
    """The slice moved to the thief's collection. From the table, `mini_deck` says which
    mini-deck a Normal came from. `topping_lost`: its topping went to the discard pile (an
    increase always; any topping to the Birthday Girl). A plush toy turns back into pizza."""

    thief: int
    slice: SliceRef
    mini_deck: int | None
    topping_lost: bool


@dataclass(frozen=True)
class PizzaTurnedUp:
    """A mini-deck shows a new top."""

    mini_deck: int
    pizza: Pizza


@dataclass(frozen=True)
class ExtraTricksGranted:
    """Smart Alecks: the seat may perform this many more tricks this turn."""

    seat: int
    tricks: int


@dataclass(frozen=True)
class HexPlaced:
    """A Dieter or a Killjoy now lies in the seat's collection area, for the seat's next turn."""

    seat: int
    card: Card
    trick: Trick


@dataclass(frozen=True)
class CardsGambled:
    """Gamblers: these cards, taken unseen from the seat's hand, lie face up on the discard pile."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class ToppingMoved:
    """Brokers: the topping on `source` is now on `destination`."""

    source: SliceRef
    destination: SliceRef


@dataclass(frozen=True)
class ToppingsRedistributed:
    """Destroyer: the toppings on `lifted` were taken off, then each put on the slice at the
    same position in `onto`."""

    lifted: tuple[SliceRef, ...]
    onto: tuple[SliceRef, ...]


@dataclass(frozen=True)
class ToppingPlaced:
    card: Card
    slice: SliceRef


@dataclass(frozen=True)
class CerberusPlaced:
    """The slice is worth nothing for good; its topping went to the discard pile."""

    card: Card
    slice: SliceRef


@dataclass(frozen=True)
class ToppingsSwept:
    """Pack Leader: every topping on every slice went to the discard pile."""


@dataclass(frozen=True)
class LevellingStarted:
    """Pack Leader: every seat with more than `level` points returns pizzas to the table."""

    level: int


@dataclass(frozen=True)
class SliceReturned:
    """A slice went back to the table: a Double to the row, a Normal on top of `mini_deck`."""

    seat: int
    slice: SliceRef
    mini_deck: int | None


@dataclass(frozen=True)
class LevellingEnded:
    """Every seat is down to the level: the turn goes on."""


@dataclass(frozen=True)
class CollectionEnchanted:
    """Dog Fairy: the seat's slices (but those under Cerberus) are plush toys, their toppings
    discarded, and the card lies by the collection."""

    seat: int
    card: Card
