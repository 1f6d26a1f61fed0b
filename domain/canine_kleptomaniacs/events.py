"""What happened. Class names are stored in logs: never rename them.

Seats are numbered from 0 in clockwise turn order; the top card of a deck is its first. Fields
that some viewers may not see are blanked by `views.redact` (an empty tuple, or None), never
dropped: a count beside them keeps what is public.
"""

from __future__ import annotations

from dataclasses import dataclass

from kennel.domain.canine_kleptomaniacs.components import ActionCard, BedroomCard, Collectable, Dog
from kennel.domain.canine_kleptomaniacs.event_parts import (  # noqa: F401 - re-exported
    DealtHand,
    PassedCard,
    Pile,
    SeatRoll,
    Step,
    Take,
)

# ---- set-up ----


@dataclass(frozen=True)
class DogsDealt:
    """Step 3: one doggy card per seat, face up (the rest stay in the box)."""

    dogs: tuple[Dog, ...]


@dataclass(frozen=True)
class HidingPlacesDealt:
    """Step 1: `each` Hiding Places face up per seat, `shuffled_in` into the Action deck."""

    each: int
    shuffled_in: int


@dataclass(frozen=True)
class ActionsShuffled:
    """The Action deck, top card first. Always blanked: nobody may know the order."""

    deck: tuple[ActionCard, ...]


@dataclass(frozen=True)
class CollectablesShuffled:
    """Step 2: the Collectables deck, top first: the starting hands, then the rest with the Paw
    and the Poo Pizza inserted in its top half. Always blanked."""

    deck: tuple[Collectable, ...]


@dataclass(frozen=True)
class HandDealt:
    seat: int
    count: int
    cards: tuple[Collectable, ...]  # blanked for everyone but `seat`


@dataclass(frozen=True)
class BedroomShuffled:
    """Step 4: the Master's Bedroom deck, top first. Always blanked."""

    deck: tuple[BedroomCard, ...]


# ---- turns ----


@dataclass(frozen=True)
class TurnStarted:
    seat: int
    number: int  # 1 for the game's first turn


@dataclass(frozen=True)
class ActionsFinished:
    """The seat has done all it will do this turn; the hand limit follows."""

    seat: int


@dataclass(frozen=True)
class TurnEnded:
    seat: int
    quiet: bool  # no Action card was taken this turn (shown; no rule uses it since rules version 2)


@dataclass(frozen=True)
class ActionDeckFormedAgain:
    """Longer game: every Action card, with one more Hiding Place per seat, shuffled again.
    The deck is always blanked."""

    deck: tuple[ActionCard, ...]
    hiding_places_added: int


@dataclass(frozen=True)
class GameFinished:
    pile: Pile


# ---- cards moving ----


@dataclass(frozen=True)
class ActionCardTaken:
    seat: int
    card: ActionCard


@dataclass(frozen=True)
class ActionCardKept:
    """The card stays face up in the seat's playing area (Charm Offensive, Cheesy Distraction,
    a first Plundering Pooch)."""

    seat: int
    card: ActionCard


@dataclass(frozen=True)
class ActionCardDiscarded:
    """Face up onto the Action discard pile, from the card being resolved (seat None) or from
    a seat's playing area."""

    seat: int | None
    card: ActionCard


@dataclass(frozen=True)
class HidingPlaceAdded:
    """A Hiding Place face up in the seat's playing area: the card just drawn, or (longer game)
    one from the box."""

    seat: int
    from_box: bool


@dataclass(frozen=True)
class CollectablesDrawn:
    seat: int
    count: int
    cards: tuple[Collectable, ...]  # blanked for everyone but `seat`


@dataclass(frozen=True)
class DrawMissed:
    """The Collectables deck ran out before `count` more cards could be drawn."""

    seat: int
    count: int


@dataclass(frozen=True)
class PawDeclared:
    """The Ultimate Paw of Pilferage came into the seat's hand, and it says so loudly."""

    seat: int


@dataclass(frozen=True)
class CardsDiscarded:
    """Face down beneath the Laundry Pile token."""

    seat: int
    count: int
    cards: tuple[Collectable, ...]  # blanked for everyone but `seat`


@dataclass(frozen=True)
class BedroomCardTaken:
    seat: int
    card: BedroomCard


@dataclass(frozen=True)
class BedroomCardMissed:
    """Won a Master's Bedroom card, but the deck is empty."""

    seat: int


# ---- hiding and swapping ----


@dataclass(frozen=True)
class SetHidden:
    seat: int
    place: int
    kind: Collectable
    cards: tuple[Collectable, ...]
    bedroom_cards: tuple[BedroomCard, ...]


@dataclass(frozen=True)
class SetsSwapped:
    """The set on `place` went back (Collectables to hand, Master's Bedroom cards face up) and
    the new one took its place."""

    seat: int
    place: int
    kind: Collectable
    cards: tuple[Collectable, ...]
    bedroom_cards: tuple[BedroomCard, ...]
    returned_cards: tuple[Collectable, ...]
    returned_bedroom_cards: tuple[BedroomCard, ...]


@dataclass(frozen=True)
class PlacesSwapped:
    seat: int
    first: int
    second: int


@dataclass(frozen=True)
class MrSquirrelTaken:
    seat: int
    previous: int | None  # None: from the box


# The second half of the events, in a module of its own (size); every class is re-exported.
from kennel.domain.canine_kleptomaniacs.events_effects import (  # noqa: E402, F401 - re-exported
    BadgerPooPassed,
    BattleEnded,
    BattleStarted,
    CardsPassed,
    CardsStolen,
    CharmOffensiveUsed,
    CheesyDistractionPlayed,
    ChoiceAwaited,
    CollectableAskedFor,
    HandsRedealt,
    KeyRolled,
    LaundryPicked,
    LaundrySniffed,
    LeafStormEnded,
    LeftoversReturned,
    RollingStopped,
    RumbleImmunityChosen,
    SpoilsChosen,
    SquirrelChase,
    TheftAllowed,
    TheftAttempted,
    ThrowMade,
    TradeCalledOff,
    TradeCompleted,
    TradeDeclined,
    TradeItemAsked,
    TradeItemGiven,
    TradeMade,
    TradeOffered,
    TradeOfferSent,
    TradePartnerChosen,
    TradeProposed,
    VictimChosen,
    WalkiesCardChosen,
    WeaponChosen,
)
