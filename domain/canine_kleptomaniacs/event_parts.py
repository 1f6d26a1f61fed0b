"""The values events are made of (steps, piles, takes, dealt hands): kept apart from the
event classes (kennel.domain.canine_kleptomaniacs.events) so that both halves of those can use
them. Class names are stored in logs: never rename them."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from kennel.domain.canine_kleptomaniacs.components import Collectable


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
