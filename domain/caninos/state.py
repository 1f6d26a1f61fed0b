"""The whole truth of a ¡Caninos! table: hands, the deck order and the pizzas under the mini-deck
tops included. The dataclasses that the views show as they are (slices, plays, the turn) live
here too, since what is public of them is all of them."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from kennel.domain.caninos.cards import Card, Pizza, Trick
from kennel.domain.caninos.options import Options
from kennel.domain.core.frozen import per_recent_part, short_lived


@short_lived  # made while stealing and scoring, several per command; a state keeps a handful
@dataclass(frozen=True)
class Slice:
    """A pizza card in a collection, with whatever lies on it."""

    pizza: Pizza
    topping: Card | None = None  # at most one ("only one topping per slice of pizza")
    plush: bool = False  # turned over by the Dog Fairy: a plush toy, worth nothing
    cerberus: Card | None = None  # the Cerberus (or the Tanuki as Cerberus) lying on it for good


@short_lived  # each legal steal and trick names slices: about six made per command
@dataclass(frozen=True)
class SliceRef:
    """A slice named by what everyone sees of it. Identical slices are alike, so naming one is
    naming any of them; a slice under Cerberus is never named (nothing can take or touch it).

    `owner` None is the table: a Double pizza from the row, or the Normal pizza on top of a
    mini-deck (from the first mini-deck showing it)."""

    owner: int | None
    pizza: Pizza
    topping: Card | None = None
    plush: bool = False


@dataclass(frozen=True)
class Hex:
    """A Dieter or a Killjoy lying in its target's collection area until that seat's turn ends."""

    card: Card
    trick: Trick


@dataclass(frozen=True)
class Player:
    hand: tuple[Card, ...] = ()  # in canonical order
    collection: tuple[Slice, ...] = ()  # in the order the slices arrived
    hexes: tuple[Hex, ...] = ()
    fairy: Card | None = None  # the Dog Fairy (or the Tanuki as Dog Fairy) enchanting this collection

    @property
    def points(self) -> int:
        """What the collection is worth (scoring.py); asked after every event, so kept per
        collection (`collection_points`), not per player: a player is copied whenever its hand
        changes, its collection far less often."""
        return collection_points(self.collection)


# Kept for the last collections asked about, by the collection's identity (the tuple is held
# beside its points, so its id is never another's while kept): bounded per process, public values.
@per_recent_part(limit=256)
def collection_points(collection: tuple[Slice, ...]) -> int:
    """`sum(slice_points(piece) for piece in collection)`."""
    from kennel.domain.caninos.scoring import slice_points  # scoring reads this module's classes

    return sum(slice_points(piece) for piece in collection)


class Action(enum.Enum):
    STEAL = "steal"
    TRICK = "trick"


@short_lived  # a play is copied at each step of its draft
@dataclass(frozen=True)
class Play:
    """A steal or a trick, as it is laid down and answered. Which fields a play uses:

    - steal: `cards` (one card, or two dogs for a Double) and `slices` (the slice);
    - Gluttons: `cards` (the same card(s) as the turn's steal) and `slices` (one more slice);
    - Gamblers, Dieters, Killjoys, Dog Fairy: `target` (a seat);
    - Brokers: `slices` (the topping's slice) and `onto` (where it goes);
    - Cerberus, a topping: `slices` (the slice it lands on);
    - Birthday Girl: `slices` (one or two slices to steal);
    - Destroyer: `slices` (the toppings lifted) and `onto` (where each goes, in the same order);
    - Smart Alecks, Pack Leader: nothing more.
    """

    seat: int
    action: Action
    trick: Trick | None = None
    cards: tuple[Card, ...] = ()
    slices: tuple[SliceRef, ...] = ()
    onto: tuple[SliceRef, ...] = ()
    target: int | None = None


@short_lived  # a draft is copied at each step
@dataclass(frozen=True)
class Draft:
    """A play being put together, one choice at a time, before it is laid down."""

    play: Play
    closed: bool = False  # the open-ended list of slices (Birthday Girl, Destroyer) is complete


@dataclass(frozen=True)
class Answer:
    """A reaction laid down on the latest link of the chain."""

    seat: int
    card: Card


@dataclass(frozen=True)
class Turn:
    """The seat in turn and what it has done so far."""

    seat: int
    stole: bool = False  # its steal is used: it stole a slice (a stopped steal stole none)
    tricks: tuple[Trick, ...] = ()  # the tricks performed this turn, in order (not the stopped)
    trick_limit: int = 1  # 1, or 3 once a Smart Aleck's trick succeeded
    stolen_with: tuple[Card, ...] = ()  # the cards of this turn's steal, once it succeeded
    discarded: int = 0  # cards discarded this turn (the "discard up to three" option)
    played: tuple[Card, ...] = ()  # used cards, face up before the player until the turn ends
    laid: int = 0  # plays laid down this turn, stopped or not (the seat chose to play)
    tried: tuple[Trick, ...] = ()  # the tricks laid down this turn, stopped or not, in order

    @property
    def may_steal(self) -> bool:
        """The turn's steal is still to come: no slice stolen yet and no trick laid down ("If
        you plan to do both, you must always steal pizza first")."""
        return not self.stole and not self.tried


@dataclass(frozen=True)
class CaninosState:
    options: Options
    players: tuple[Player, ...]
    deck: tuple[Card, ...]  # the main deck, top card first
    pizza_deck: tuple[Pizza, ...]  # the Normal pizzas before the deal (empty once play begins)
    doubles: tuple[Pizza, ...]  # the face-up row of Double pizzas, in canonical order
    mini_decks: tuple[tuple[Pizza, ...], ...] = ((), ())  # face up, top card first
    discard: tuple[Card, ...] = ()  # face up, the last discarded last
    turn: Turn | None = None
    draft: Draft | None = None
    play: Play | None = None  # the play at the bottom of the reaction chain
    answers: tuple[Answer, ...] = ()  # the chain above it, the latest last
    adopted: tuple[int, ...] = ()  # chain links (0: the play) whose Raccoon an adopter took
    asking: tuple[int, ...] = ()  # the open reaction window: seats still to be asked, in order
    level: int | None = None  # Pack Leader: the points every seat must come down to
    reshuffles: int = 0
    passes: int = 0  # turns in a row that their seat passed (played and discarded nothing)
    deck_ran_out: bool = False
    stalled: bool = False  # a whole round passed, under the house rule "A round of passes"
    # Enchanted seats still to choose, this turn, whether to turn a plush toy back (spell.py).
    unspelling: tuple[int, ...] = ()

    def enchanted_with_plush(self) -> tuple[int, ...]:
        """Seats under a Dog Fairy holding a plush toy, in seat order: asked at each turn's start."""
        return tuple(
            seat
            for seat, player in enumerate(self.players)
            if player.fairy is not None and any(piece.plush for piece in player.collection)
        )

    @property
    def seat_count(self) -> int:
        return len(self.players)

    def left_of(self, seat: int) -> int:
        """The next seat clockwise: seats are numbered in turn order."""
        return (seat + 1) % self.seat_count
