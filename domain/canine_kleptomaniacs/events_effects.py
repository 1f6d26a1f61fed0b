"""What happened in trades, choices, thefts and the Action cards' effects: the second half of
the game's events (kennel.domain.canine_kleptomaniacs.events re-exports every class here).
Class names are stored in logs: never rename them."""

from __future__ import annotations

from dataclasses import dataclass

from kennel.domain.canine_kleptomaniacs.commands import TradeItem
from kennel.domain.canine_kleptomaniacs.components import ActionCard, Collectable, Weapon
from kennel.domain.canine_kleptomaniacs.event_parts import DealtHand, PassedCard, SeatRoll, Step, Take

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
