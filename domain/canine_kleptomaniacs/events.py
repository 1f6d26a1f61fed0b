"""What happened. Class names are stored in logs: never rename them.

Seats are numbered from 0 in clockwise turn order; the top card of a deck is its first. Fields
that some viewers may not see are blanked by `views.redact` (an empty tuple, or None), never
dropped: a count beside them keeps what is public.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from kennel.domain.canine_kleptomaniacs.commands import TradeItem
from kennel.domain.canine_kleptomaniacs.components import ActionCard, BedroomCard, Collectable, Dog, Weapon


class Step(enum.Enum):
    """What an Action card (or a trade, or the hand limit) waits for while it resolves."""

    CHOOSE_VICTIM = "choose_victim"  # Puppy Eyes: whom to rob
    POOCH_OPPONENT = "pooch_opponent"  # Plundering Pooch: whom to pass the second card to
    SNIFF_CHOICE = "sniff_choice"  # Sniff it Out: the Laundry Pile or a player
    SNIFF_SELECT = "sniff_select"  # Sniff it Out: which cards from the Laundry Pile
    NAME_KINDS = "name_kinds"  # Stick Chase: the kind asked of each seat in turn
    CHARM_OFFENSIVE = "charm_offensive"  # a theft waits for its victims' Charm Offensives
    KEY_REROLL = "key_reroll"  # Key to the Master's Bedroom: discard for another roll?
    LEAF_STORM = "leaf_storm"  # Leaf Storm: discarding
    RANCID_DISCARD = "rancid_discard"  # Rancid Badger Poo: its holder discards two
    GRAPES = "grapes"  # Grapes of Wrath: every seat with cards loses a set
    WALKIES = "walkies"  # Walkies: every seat with cards picks one to pass
    RUMBLE_IMMUNITY = "rumble_immunity"  # Fluffy Rumble: Mr. Squirrel's holder may stay out
    BATTLE = "battle"  # Plundering Pooch: the fighters pick weapons
    SPOILS = "spoils"  # Plundering Pooch: the winner's reward
    HAND_LIMIT = "hand_limit"  # the end of a turn: down to ten cards
    TRADE_OFFER = "trade_offer"  # the proposer names the offer
    TRADE_ANSWER = "trade_answer"  # the partner accepts or declines


class Pile(enum.Enum):
    """The draw pile whose running out ended the game."""

    ACTION = "action"
    COLLECTABLES = "collectables"


@dataclass(frozen=True)
class Take:
    """What a theft takes from one victim: `count` cards blind, or one card of a named kind."""

    victim: int
    count: int
    kind: Collectable | None = None  # Stick Chase's named kind; the Paw for Cheesy Distraction


@dataclass(frozen=True)
class DealtHand:
    seat: int
    count: int
    cards: tuple[Collectable, ...]  # blanked for everyone but `seat`


@dataclass(frozen=True)
class PassedCard:
    giver: int
    receiver: int
    card: Collectable | None  # blanked for everyone but the giver and the receiver


@dataclass(frozen=True)
class SeatRoll:
    seat: int
    roll: int


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


# ---- trading ----


@dataclass(frozen=True)
class TradeProposed:
    """A seat is making a trade offer."""

    proposer: int


@dataclass(frozen=True)
class TradePartnerChosen:
    proposer: int
    partner: int


@dataclass(frozen=True)
class TradeItemGiven:
    """Something of the proposer's went into the offer; a card face down is blanked (its kind)
    for everyone but the proposer."""

    proposer: int
    item: TradeItem


@dataclass(frozen=True)
class TradeItemAsked:
    proposer: int
    item: TradeItem


@dataclass(frozen=True)
class TradeOfferSent:
    """The offer is shown to the partner, who accepts or declines it."""

    proposer: int
    partner: int


@dataclass(frozen=True)
class TradeCompleted:
    """The partner accepted: `gives` went from the proposer to the partner, `takes` the other
    way. Cards given face down are blanked for everyone but the two of them."""

    proposer: int
    partner: int
    gives: tuple[TradeItem, ...]
    takes: tuple[TradeItem, ...]


@dataclass(frozen=True)
class TradeOffered:
    """Rules version 1's one-for-one offer (kept so that its logs still read)."""

    proposer: int
    partner: int
    give: TradeItem
    take: TradeItem


@dataclass(frozen=True)
class TradeCalledOff:
    proposer: int


@dataclass(frozen=True)
class TradeMade:
    """Rules version 1's one-for-one trade (kept so that its logs still read)."""

    proposer: int
    partner: int
    give: TradeItem
    take: TradeItem


@dataclass(frozen=True)
class TradeDeclined:
    proposer: int
    partner: int


# ---- choices and thefts ----


@dataclass(frozen=True)
class ChoiceAwaited:
    """An Action card (or the hand limit) waits for `owing` to choose.

    `seat` set the effect going (the drawer; the seat over the hand limit); `others` are the
    seats it concerns in order (Stick Chase: the seats asked; Spoils: the loser); `count` is
    how many cards the hand limit still wants discarded.
    """

    step: Step
    card: ActionCard | None
    seat: int
    owing: tuple[int, ...]
    others: tuple[int, ...] = ()
    count: int = 0


@dataclass(frozen=True)
class VictimChosen:
    seat: int
    victim: int


@dataclass(frozen=True)
class LaundrySniffed:
    """Sniff it Out: the seat looks through the Laundry Pile."""

    seat: int


@dataclass(frozen=True)
class LaundryPicked:
    seat: int
    count: int
    cards: tuple[Collectable, ...]  # blanked for everyone but `seat`


@dataclass(frozen=True)
class CollectableAskedFor:
    """Stick Chase: `seat` asks `victim` for one card of `kind`."""

    seat: int
    victim: int
    kind: Collectable


@dataclass(frozen=True)
class TheftAttempted:
    """Someone attempts to take cards from hands; `charm_holders` may answer first."""

    thief: int
    card: ActionCard
    takes: tuple[Take, ...]
    charm_holders: tuple[int, ...]


@dataclass(frozen=True)
class CharmOffensiveUsed:
    """The victim rolled (at most three times, five with the power) for a six."""

    seat: int
    rolls: tuple[int, ...]
    prevented: bool


@dataclass(frozen=True)
class TheftAllowed:
    seat: int


@dataclass(frozen=True)
class CardsStolen:
    """Cards went from `victim`'s hand to `thief`'s. Blind takes are blanked for everyone but
    the two of them; a named kind (Stick Chase, the Paw) is public."""

    thief: int
    victim: int
    count: int
    cards: tuple[Collectable, ...]
    blind: bool


@dataclass(frozen=True)
class KeyRolled:
    seat: int
    roll: int
    success: bool


@dataclass(frozen=True)
class RollingStopped:
    seat: int


@dataclass(frozen=True)
class LeafStormEnded:
    seat: int
    discarded: int


@dataclass(frozen=True)
class BadgerPooPassed:
    """Rancid Badger Poo went `roll` seats clockwise from `seat` and stopped with `holder`."""

    seat: int
    roll: int
    holder: int


@dataclass(frozen=True)
class WalkiesCardChosen:
    seat: int
    card: Collectable | None  # blanked for everyone but `seat`


@dataclass(frozen=True)
class CardsPassed:
    """Walkies: every chosen card moved one seat clockwise at once."""

    passes: tuple[PassedCard, ...]


@dataclass(frozen=True)
class SquirrelChase:
    """Squirrel: rolls from the drawer, clockwise, until the first six."""

    rolls: tuple[SeatRoll, ...]
    winner: int


@dataclass(frozen=True)
class RumbleImmunityChosen:
    seat: int
    immune: bool


@dataclass(frozen=True)
class HandsRedealt:
    """Fluffy Rumble: the hands of these seats, shuffled together and dealt out evenly."""

    hands: tuple[DealtHand, ...]


@dataclass(frozen=True)
class LeftoversReturned:
    """Fluffy Rumble: the cards left over, inserted one by one at `positions` (counted from
    the top) in the top half of the Collectables deck. Cards and positions are blanked."""

    count: int
    cards: tuple[Collectable, ...]
    positions: tuple[int, ...]


@dataclass(frozen=True)
class BattleStarted:
    """Plundering Pooch: the drawer of the second card, then its opponent."""

    fighters: tuple[int, ...]


@dataclass(frozen=True)
class WeaponChosen:
    seat: int
    weapon: Weapon | None  # blanked for everyone but `seat` until the throw


@dataclass(frozen=True)
class ThrowMade:
    weapons: tuple[Weapon, ...]  # the fighters' weapons, in `BattleStarted.fighters` order
    winner: int | None  # None: the same weapon, nobody wins the throw


@dataclass(frozen=True)
class BattleEnded:
    winner: int | None  # None: the battle is drawn
    loser: int | None


@dataclass(frozen=True)
class SpoilsChosen:
    seat: int
    bedroom: bool  # True: a Master's Bedroom card; False: three cards blind from the loser


@dataclass(frozen=True)
class CheesyDistractionPlayed:
    seat: int
    victim: int
