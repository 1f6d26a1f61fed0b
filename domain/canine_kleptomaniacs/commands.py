"""What a seat may send. Class names are stored in logs: never rename them.

Seats are numbered from 0 in clockwise turn order. A seat's Hiding Places are numbered from 0
in the order they came into its playing area. Tuples of cards are listed in enum order
(`components.sorted_collectables`), so that every command has exactly one spelling.
"""

from __future__ import annotations

from dataclasses import dataclass

from kennel.domain.canine_kleptomaniacs.components import BedroomCard, Collectable, Weapon
from kennel.domain.core.frozen import hashed_by_type_here, short_lived
from kennel.domain.core.rules import IdentityEnum


class Source(IdentityEnum):
    """Where a traded thing comes from (an `IdentityEnum`: every trade item listed in a view is
    hashed, where the server keeps a command's encoding by command)."""

    HAND = "hand"  # one card of a kind from the hand
    HIDING_PLACE = "hiding_place"  # a Hiding Place, with whatever is hidden on it
    BEDROOM = "bedroom"  # a Master's Bedroom card lying face up in the playing area
    HIDDEN_CARD = "hidden_card"  # one Collectable of `kind` hidden on Hiding Place `place`


@dataclass(frozen=True)
class TradeItem:
    """One side of a trade: exactly the field its source needs is set."""

    source: Source
    kind: Collectable | None = None  # HAND, HIDDEN_CARD; blanked for others when face down
    place: int | None = None  # HIDING_PLACE, HIDDEN_CARD
    bedroom_card: BedroomCard | None = None  # BEDROOM
    # HAND only, on the giving side: the card is offered face down, so that nobody but its
    # giver knows it until the trade is made (the Poo Pizza's bluff, docs/rules).
    face_down: bool = False


# ---- the turn ----


@short_lived
@dataclass(frozen=True)
class TakeActionCard:
    """The turn's action: draw the top Action card, read it aloud and carry it out."""


@short_lived
@dataclass(frozen=True)
class HideSet:
    """Hide a set on one of your Hiding Places: every card of `kind` in your hand, with the
    Master's Bedroom cards listed (each must stand for `kind`, or be a Laundry Basket).
    Together they must make two or more Collectables; the place must be empty or hold `kind`."""

    place: int
    kind: Collectable
    bedroom_cards: tuple[BedroomCard, ...] = ()


@short_lived
@dataclass(frozen=True)
class SwapSets:
    """Swap the set hidden on `place` with a new set from your hand (as in `HideSet`); the old
    set's Collectables go back to your hand, its Master's Bedroom cards face up in front of you."""

    place: int
    kind: Collectable
    bedroom_cards: tuple[BedroomCard, ...] = ()


@short_lived
@dataclass(frozen=True)
class SwapPlaces:
    """Swap what is hidden on two of your Hiding Places (`first` < `second`)."""

    first: int
    second: int


@short_lived
@dataclass(frozen=True)
class TakeMrSquirrel:
    """The turn's action: take the Mr. Squirrel stand-up, from the box or from its holder."""


@short_lived
@dataclass(frozen=True)
class EndTurn:
    """Finish a turn that could go on (more hiding and swapping; the Paw's holder)."""


@short_lived
@dataclass(frozen=True)
class ProposeTrade:
    """Start making a trade offer: the seat in turn with anyone, another seat with the seat in
    turn (docs/rules: "Trade offers per seat per turn" bounds how often)."""


@short_lived
@dataclass(frozen=True)
class OfferTrade:
    """Rules version 1's one-for-one offer; kept so that its logs still read. Version 2 offers
    are made with `TradeWith`, `GiveInTrade`, `AskInTrade` and `SendOffer`."""

    partner: int
    give: TradeItem
    take: TradeItem


@short_lived
@dataclass(frozen=True)
class CallOffTrade:
    """Make no offer after all (the proposal still counts)."""


@short_lived
@dataclass(frozen=True)
class AcceptTrade:
    """Accept the offer made to you."""


@short_lived
@dataclass(frozen=True)
class DeclineTrade:
    """Decline the offer made to you."""


@short_lived
@dataclass(frozen=True)
class TradeWith:
    """Name the seat your offer is for (the seat in turn, unless it is your turn)."""

    partner: int


@short_lived
@dataclass(frozen=True)
class GiveInTrade:
    """Put one thing of yours into the offer: a card from your hand (face up, or face down),
    a Collectable hidden on one of your Hiding Places, a Hiding Place with what is hidden on
    it, or a Master's Bedroom card lying face up."""

    item: TradeItem


@short_lived
@dataclass(frozen=True)
class AskInTrade:
    """Ask for one thing of your partner's in return: a card of a kind from its hand, a
    Collectable hidden on one of its Hiding Places, a Hiding Place, or a Master's Bedroom card."""

    item: TradeItem


@short_lived
@dataclass(frozen=True)
class SendOffer:
    """Show the offer to your partner, who accepts or declines it."""


@short_lived
@dataclass(frozen=True)
class PlayCheesyDistraction:
    """At any time: discard your Cheesy Distraction to steal the Ultimate Paw of Pilferage."""


# ---- choices owed while an Action card resolves ----


@short_lived
@dataclass(frozen=True)
class ChooseVictim:
    """Name the other seat: Puppy Eyes, Sniff it Out's blind take, a Plundering Pooch opponent."""

    victim: int


@short_lived
@dataclass(frozen=True)
class SniffLaundryPile:
    """Sniff it Out: look through the Laundry Pile instead of robbing a player."""


@short_lived
@dataclass(frozen=True)
class PickFromLaundry:
    """Sniff it Out: the three cards (or all, if fewer) taken from the Laundry Pile."""

    cards: tuple[Collectable, ...]


@short_lived
@dataclass(frozen=True)
class AskForCollectable:
    """Stick Chase: name the kind the next seat in clockwise order must hand over."""

    kind: Collectable


@short_lived
@dataclass(frozen=True)
class UseCharmOffensive:
    """Someone attempts to steal from your hand: roll for a six to prevent it."""


@short_lived
@dataclass(frozen=True)
class AllowTheft:
    """Keep your Charm Offensive for another day."""


@short_lived
@dataclass(frozen=True)
class RollAgain:
    """Key to the Master's Bedroom: discard one Collectable of `kind` for another roll."""

    discard: Collectable


@short_lived
@dataclass(frozen=True)
class StopRolling:
    """Key to the Master's Bedroom: give up."""


@short_lived
@dataclass(frozen=True)
class DiscardCard:
    """Discard one card of `kind` face down to the Laundry Pile (Leaf Storm; the hand limit)."""

    kind: Collectable


@short_lived
@dataclass(frozen=True)
class EndLeafStorm:
    """Leaf Storm: stop discarding and draw as many Collectables as were discarded."""


@short_lived
@dataclass(frozen=True)
class DiscardTwo:
    """Rancid Badger Poo: the two Collectables you discard (fewer if you have fewer)."""

    cards: tuple[Collectable, ...]


@short_lived
@dataclass(frozen=True)
class LoseCollectables:
    """Grapes of Wrath: the kind of set you lose (or, with no set, the one card); None when
    you hold nothing that may be discarded."""

    kind: Collectable | None = None


@short_lived
@dataclass(frozen=True)
class PassCard:
    """Walkies: the card you pass to the next seat clockwise."""

    kind: Collectable


@short_lived
@dataclass(frozen=True)
class ClaimImmunity:
    """Fluffy Rumble: Mr. Squirrel's holder keeps its hand out of the shuffle."""


@short_lived
@dataclass(frozen=True)
class JoinRumble:
    """Fluffy Rumble: Mr. Squirrel's holder joins in all the same."""


@short_lived
@dataclass(frozen=True)
class ChooseWeapon:
    """Plundering Pooch: your weapon for this throw, chosen in secret."""

    weapon: Weapon


@short_lived
@dataclass(frozen=True)
class ClaimBedroomCard:
    """Plundering Pooch spoils: the top Master's Bedroom card."""


@short_lived
@dataclass(frozen=True)
class ClaimThreeCards:
    """Plundering Pooch spoils: three cards (blind) from the loser's hand."""


# Each command type hashes apart from the others (a server keeps commands in a dict): last, before
# any command is made.
hashed_by_type_here(globals())
