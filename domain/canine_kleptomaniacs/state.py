"""The whole truth of a Canine Kleptomaniacs table, hidden cards and deck orders included."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from kennel.domain.canine_kleptomaniacs.commands import TradeItem
from kennel.domain.canine_kleptomaniacs.components import ActionCard, BedroomCard, Collectable, Dog, Weapon
from kennel.domain.canine_kleptomaniacs.events import Pile, Step, Take
from kennel.domain.canine_kleptomaniacs.options import Options


class TurnPhase(enum.Enum):
    OPEN = "open"  # the turn's action is still to come
    HIDING = "hiding"  # the action is hiding, and it may go on
    ACTED = "acted"  # the action (an Action card, Mr. Squirrel) is done
    CLOSING = "closing"  # the turn is over but for the hand limit
    SWAPPING = "swapping"  # the action is swapping, and it may go on


@dataclass(frozen=True)
class Place:
    """A Hiding Place in a playing area, with what is hidden on it (face up: public)."""

    ultimate: bool = False  # an Ultimate Hiding Place (a Master's Bedroom card): doubles
    kind: Collectable | None = None  # the one kind hidden here; None while empty
    cards: tuple[Collectable, ...] = ()
    bedroom_cards: tuple[BedroomCard, ...] = ()
    swapped: bool = False  # took part in a swap this turn (docs/rules: "Swaps per turn")

    @property
    def empty(self) -> bool:
        return not self.cards and not self.bedroom_cards


@dataclass(frozen=True)
class Seat:
    dog: Dog | None = None
    hand: tuple[Collectable, ...] = ()  # sorted
    places: tuple[Place, ...] = ()
    bedroom: tuple[BedroomCard, ...] = ()  # face up in the playing area, sorted
    kept: tuple[ActionCard, ...] = ()  # Action cards face up in the playing area, sorted
    quiet_turns: int = 0  # this seat's turns in a row without an Action card (shown; no rule uses it)


# ---- what an effect waits for (never encoded: views show a public summary) ----


@dataclass(frozen=True)
class Choosing:
    """One seat owes one choice (see `Step`)."""

    step: Step
    seat: int  # who owes it
    card: ActionCard | None
    others: tuple[int, ...] = ()  # Spoils: (loser,)
    count: int = 0  # Leaf Storm: discarded so far; hand limit: still to discard


@dataclass(frozen=True)
class Naming:
    """Stick Chase: the drawer names a kind for each seat in `remaining`, in order."""

    seat: int
    remaining: tuple[int, ...]
    asks: tuple[Take, ...] = ()


@dataclass(frozen=True)
class Owed:
    """Several seats owe a choice at once (Grapes of Wrath, Walkies)."""

    step: Step
    card: ActionCard
    seat: int  # the drawer
    owing: tuple[int, ...]
    chosen: tuple[tuple[int, Collectable], ...] = ()  # Walkies: (giver, card) set aside, secret


@dataclass(frozen=True)
class Theft:
    """Cards about to be taken from hands, once the Charm Offensive holders have answered."""

    thief: int
    card: ActionCard
    takes: tuple[Take, ...]  # still to resolve
    waiting: tuple[int, ...]  # victims still to answer with (or without) their Charm Offensive


@dataclass(frozen=True)
class Battle:
    fighters: tuple[int, int]
    wins: tuple[int, int] = (0, 0)
    throws: int = 0
    weapons: tuple[Weapon | None, Weapon | None] = (None, None)  # secret until both are in


@dataclass(frozen=True)
class Offer:
    """A trade offer: composed item by item by its proposer, then answered by its partner."""

    proposer: int
    partner: int | None = None  # None until the proposer names it
    gives: tuple[TradeItem, ...] = ()  # the proposer's things, in the order put in
    takes: tuple[TradeItem, ...] = ()  # the partner's things asked for
    sent: bool = False  # shown to the partner, who now answers


Effect = Choosing | Naming | Owed | Theft | Battle | Offer


# Module constants for the enum members read below as commands are decided, listed and told: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_ULTIMATE_PAW = Collectable.ULTIMATE_PAW


@dataclass(frozen=True)
class CanineState:
    options: Options
    seats: tuple[Seat, ...]
    collectables: tuple[Collectable, ...] = ()  # the draw deck, top first
    actions: tuple[ActionCard, ...] = ()  # the draw deck, top first
    bedroom: tuple[BedroomCard, ...] = ()  # the Master's Bedroom deck, top first
    laundry: tuple[Collectable, ...] = ()  # the Laundry Pile (face down; sorted, order unknown)
    discards: tuple[ActionCard, ...] = ()  # the Action discard pile, face up, oldest first
    in_play: tuple[ActionCard, ...] = ()  # drawn and still resolving
    box_hiding_places: int = 0  # Hiding Places left in the box
    box_dogs: tuple[Dog, ...] = ()
    mr_squirrel: int | None = None
    turn: int = 0
    turn_number: int = 0  # 0 during set-up
    phase: TurnPhase = TurnPhase.OPEN
    took_action_card: bool = False  # this turn
    proposals: tuple[int, ...] = ()  # trade offers each seat has begun this turn
    effect: Effect | None = None
    # What a Cheesy Distraction played "at any time" interrupted: it resumes once the theft of
    # the Paw is over (docs/rules: "Cheesy Distraction at any time").
    suspended: Effect | None = None
    reformed: bool = False  # longer game: the Action deck has been formed again
    finished: Pile | None = None

    @property
    def seat_count(self) -> int:
        return len(self.seats)

    @property
    def paw_holder(self) -> int | None:
        """Public at all times: the Paw is declared whenever it comes into a hand. A card set
        aside for Walkies is still its giver's until the cards pass."""
        if isinstance(self.effect, Owed):
            for giver, card in self.effect.chosen:
                if card is _ULTIMATE_PAW:
                    return giver
        for number, seat in enumerate(self.seats):
            if _ULTIMATE_PAW in seat.hand:
                return number
        return None

    @property
    def first_turn(self) -> bool:
        return self.turn_number == 1

    def clockwise_from(self, seat: int) -> tuple[int, ...]:
        """Every seat, starting with `seat`, clockwise."""
        count = len(self.seats)  # `seat_count`, read once (asked for most commands' listings)
        return tuple([(seat + step) % count for step in range(count)])

    def others(self, seat: int) -> tuple[int, ...]:
        """Every other seat, clockwise from the one after `seat`."""
        return self.clockwise_from(seat)[1:]

    def proposals_of(self, seat: int) -> int:
        return proposals_of(self.proposals, seat)

    def hand_size(self, seat: int) -> int:
        return len(self.seats[seat].hand)


def proposals_of(proposals: tuple[int, ...], seat: int) -> int:
    """The trade offers `seat` has begun this turn, of a state's `proposals`."""
    return proposals[seat] if 0 <= seat < len(proposals) else 0
