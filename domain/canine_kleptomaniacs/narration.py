"""Canine Kleptomaniacs' events in plain sentences, for `kennel replay explain` and the replay page.

The event given is already redacted for its reader, so a blanked field is narrated as hidden
("2 cards, face down") and never guessed at.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kennel.domain.canine_kleptomaniacs import events as ev
from kennel.domain.canine_kleptomaniacs.commands import Source, TradeItem
from kennel.domain.canine_kleptomaniacs.components import BedroomCard, Collectable, Weapon, manifest
from kennel.domain.canine_kleptomaniacs.events import Step

Names = Sequence[str]


def describe(event: Any, names: Names) -> str:
    sentence = _SENTENCES.get(type(event))
    if sentence is None:
        raise TypeError(f"no sentence for {type(event).__name__}")
    return sentence(event, names)


def _card(card: Collectable) -> str:
    return card.title


def _cards(cards: Sequence[Collectable], count: int) -> str:
    if count == 0:
        return "no card"
    if not cards:
        return f"{count} card{'s' if count != 1 else ''}, unseen"
    return ", ".join(_card(card) for card in cards)


def _bedroom(cards: Sequence[BedroomCard]) -> str:
    return " and ".join(card.title for card in cards)


# Module constants for the enum members read below as commands are decided, listed and told: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_HAND = Source.HAND
_HIDDEN_CARD = Source.HIDDEN_CARD
_HIDING_PLACE = Source.HIDING_PLACE


def _item(item: TradeItem, owner: str) -> str:
    if item.source is _HAND:
        if item.kind is None:
            return f"a card from {owner}'s hand, face down"
        return f"a {_card(item.kind)} from {owner}'s hand" + (", face down" if item.face_down else "")
    if item.source is _HIDDEN_CARD:
        return f"a {_card(item.kind) if item.kind else 'card'} hidden on {owner}'s {_place(item.place)}"
    if item.source is _HIDING_PLACE:
        return f"{owner}'s {_place(item.place)} with what is hidden on it"
    assert item.bedroom_card is not None
    return f"{owner}'s {item.bedroom_card.title}"


def _place(place: int | None) -> str:
    """Hiding Places are numbered from 0 in commands and logs, from 1 for players (as in labels)."""
    return f"Hiding Place {place + 1}" if place is not None else "a Hiding Place"


def _weapon(weapon: Weapon) -> str:
    return weapon.value.replace("_", " ")


_STEPS = {
    Step.CHOOSE_VICTIM: "{seat} chooses whom to rob",
    Step.POOCH_OPPONENT: "{seat} chooses whom to battle",
    Step.SNIFF_CHOICE: "{seat} chooses the Laundry Pile or a player to rob",
    Step.SNIFF_SELECT: "{seat} picks cards from the Laundry Pile",
    Step.NAME_KINDS: "{seat} names a kind for each player in turn",
    Step.KEY_REROLL: "{seat} may discard a Collectable to roll again",
    Step.LEAF_STORM: "{seat} discards cards for the Leaf Storm",
    Step.RANCID_DISCARD: "{owing} must discard two Collectables",
    Step.GRAPES: "{owing} must each lose a set (or one card)",
    Step.WALKIES: "{owing} each pick a card to pass clockwise",
    Step.RUMBLE_IMMUNITY: "{owing}, holding Mr. Squirrel, may claim immunity",
    Step.SPOILS: "{seat} chooses the spoils of the battle",
    Step.HAND_LIMIT: "{seat} must discard {count} card(s) down to ten",
}


def _awaited(event: ev.ChoiceAwaited, names: Names) -> str:
    template = _STEPS[event.step]
    owing = ", ".join(names[s] for s in event.owing)
    text = template.format(seat=names[event.seat], owing=owing, count=event.count)
    if "{seat}" not in template:  # name the seat whose card it is, not only those it asks
        text = f"{names[event.seat]}'s {event.card.title if event.card else 'turn'}: {text}"
    return text + "."


_SENTENCES: dict[type, Callable[[Any, Names], str]] = {
    ev.HidingPlacesDealt: lambda e, n: (
        f"Everyone got {e.each} Hiding Place(s); {e.shuffled_in} went into the Action deck."
    ),
    ev.ActionsShuffled: lambda e, n: "The Action deck was shuffled face down.",
    ev.CollectablesShuffled: lambda e, n: "The Collectables deck was shuffled face down.",
    ev.HandDealt: lambda e, n: f"{n[e.seat]} was dealt {_cards(e.cards, e.count)}.",
    ev.DogsDealt: lambda e, n: "Doggy cards: "
    + ", ".join(f"{n[seat]} is {manifest().dogs[dog].title}" for seat, dog in enumerate(e.dogs))
    + ".",
    ev.BedroomShuffled: lambda e, n: "The Master's Bedroom deck was shuffled face down.",
    ev.TurnStarted: lambda e, n: f"Turn {e.number}: {n[e.seat]}'s turn.",
    ev.ActionsFinished: lambda e, n: f"{n[e.seat]} is done for this turn.",
    ev.TurnEnded: lambda e, n: f"{n[e.seat]}'s turn ended{' (a quiet turn)' if e.quiet else ''}.",
    ev.ActionDeckFormedAgain: lambda e, n: (
        f"The Action deck was formed again, with {e.hiding_places_added} more Hiding Places."
    ),
    ev.GameFinished: lambda e, n: f"The {e.pile.value} draw pile has run out: the game is over.",
    ev.ActionCardTaken: lambda e, n: f"{n[e.seat]} took an Action card: {e.card.title}.",
    ev.ActionCardKept: lambda e, n: f"{n[e.seat]} keeps {e.card.title} face up.",
    ev.ActionCardDiscarded: lambda e, n: f"{e.card.title} went to the discard pile"
    + (f" from {n[e.seat]}'s playing area." if e.seat is not None else "."),
    ev.HidingPlaceAdded: lambda e, n: f"{n[e.seat]} has a new Hiding Place"
    + (" from the box." if e.from_box else "."),
    ev.CollectablesDrawn: lambda e, n: f"{n[e.seat]} drew {_cards(e.cards, e.count)}.",
    ev.DrawMissed: lambda e, n: f"The Collectables deck is empty: {n[e.seat]} missed {e.count} card(s).",
    ev.PawDeclared: lambda e, n: f"{n[e.seat]} declares the Ultimate Paw of Pilferage!",
    ev.CardsDiscarded: lambda e, n: f"{n[e.seat]} discarded {_cards(e.cards, e.count)} to the Laundry Pile.",
    ev.BedroomCardTaken: lambda e, n: f"{n[e.seat]} took {e.card.title} from the Master's Bedroom.",
    ev.BedroomCardMissed: lambda e, n: f"The Master's Bedroom is empty: {n[e.seat]} gets nothing.",
    ev.SetHidden: lambda e, n: f"{n[e.seat]} hid {len(e.cards)} {e.kind.title}"
    + (f" with {_bedroom(e.bedroom_cards)}" if e.bedroom_cards else "")
    + f" on {_place(e.place)}.",
    ev.SetsSwapped: lambda e, n: f"{n[e.seat]} swapped the set on {_place(e.place)} for "
    + f"{len(e.cards)} {e.kind.title}"
    + (f" with {_bedroom(e.bedroom_cards)}" if e.bedroom_cards else "")
    + ".",
    ev.PlacesSwapped: lambda e, n: (
        f"{n[e.seat]} swapped the sets of {_place(e.first)} and {_place(e.second)}."
    ),
    ev.MrSquirrelTaken: lambda e, n: f"{n[e.seat]} took Mr. Squirrel"
    + (f" from {n[e.previous]}." if e.previous is not None else "."),
    ev.TradeProposed: lambda e, n: f"{n[e.proposer]} wants to trade.",
    ev.TradeOffered: lambda e, n: f"{n[e.proposer]} offers {n[e.partner]} "
    + f"{_item(e.give, n[e.proposer])} for {_item(e.take, n[e.partner])}.",
    ev.TradeCalledOff: lambda e, n: f"{n[e.proposer]} called the trade off.",
    ev.TradeMade: lambda e, n: f"{n[e.partner]} accepted: {_item(e.give, n[e.proposer])} for "
    + f"{_item(e.take, n[e.partner])}.",
    ev.TradeDeclined: lambda e, n: f"{n[e.partner]} declined {n[e.proposer]}'s offer.",
    ev.TradePartnerChosen: lambda e, n: f"{n[e.proposer]} makes {n[e.partner]} an offer.",
    ev.TradeItemGiven: lambda e, n: f"{n[e.proposer]} puts in {_item(e.item, n[e.proposer])}.",
    ev.TradeItemAsked: lambda e, n: f"{n[e.proposer]} asks for {_item(e.item, 'their partner')}.",
    ev.TradeOfferSent: lambda e, n: f"{n[e.proposer]} sends the offer to {n[e.partner]}.",
    ev.TradeCompleted: lambda e, n: f"{n[e.partner]} accepted: "
    + ", ".join(_item(item, n[e.proposer]) for item in e.gives)
    + " for "
    + ", ".join(_item(item, n[e.partner]) for item in e.takes)
    + ".",
    ev.ChoiceAwaited: lambda e, n: _awaited(e, n),
    ev.VictimChosen: lambda e, n: f"{n[e.seat]} chose {n[e.victim]}.",
    ev.LaundrySniffed: lambda e, n: f"{n[e.seat]} sniffs through the Laundry Pile.",
    ev.LaundryPicked: lambda e, n: f"{n[e.seat]} picked {_cards(e.cards, e.count)} from the Laundry Pile.",
    ev.CollectableAskedFor: lambda e, n: f"{n[e.seat]} asks {n[e.victim]} for a {e.kind.title}.",
    ev.TheftAttempted: lambda e, n: f"{n[e.thief]} tries to take cards from "
    + ", ".join(n[t.victim] for t in e.takes)
    + f" ({e.card.title}).",
    ev.CharmOffensiveUsed: lambda e, n: f"{n[e.seat]} rolled {', '.join(map(str, e.rolls))} with a Charm Offensive"
    + (": the theft is prevented!" if e.prevented else ": no six."),
    ev.TheftAllowed: lambda e, n: f"{n[e.seat]} keeps the Charm Offensive for later.",
    ev.CardsStolen: lambda e, n: f"{n[e.thief]} took {_cards(e.cards, e.count)} from {n[e.victim]}"
    + (" (blind)." if e.blind else "."),
    ev.KeyRolled: lambda e, n: f"{n[e.seat]} rolled {e.roll} for the Master's Bedroom: "
    + ("success!" if e.success else "no luck."),
    ev.RollingStopped: lambda e, n: f"{n[e.seat]} gave up on the Master's Bedroom.",
    ev.LeafStormEnded: lambda e, n: f"{n[e.seat]}'s Leaf Storm blew away {e.discarded} card(s).",
    ev.BadgerPooPassed: lambda e, n: f"{n[e.seat]} rolled {e.roll}: the Rancid Badger Poo stops with {n[e.holder]}.",
    ev.WalkiesCardChosen: lambda e, n: f"{n[e.seat]} picked "
    + (f"a {_card(e.card)}" if e.card is not None else "a card")
    + " to pass.",
    ev.CardsPassed: lambda e, n: "Walkies: "
    + "; ".join(
        f"{n[p.giver]} passed {'a ' + _card(p.card) if p.card is not None else 'a card'} to {n[p.receiver]}"
        for p in e.passes
    )
    + ".",
    ev.SquirrelChase: lambda e, n: "Squirrel! "
    + ", ".join(f"{n[r.seat]} {r.roll}" for r in e.rolls)
    + f": {n[e.winner]} rolled the six.",
    ev.RumbleImmunityChosen: lambda e, n: f"{n[e.seat]} "
    + ("claims Mr. Squirrel's immunity." if e.immune else "joins the Fluffy Rumble."),
    ev.HandsRedealt: lambda e, n: "Fluffy Rumble! "
    + "; ".join(f"{n[h.seat]} got {_cards(h.cards, h.count)}" for h in e.hands)
    + ".",
    ev.LeftoversReturned: lambda e, n: f"{e.count} leftover card(s) went back into the top half of the deck.",
    ev.BattleStarted: lambda e, n: f"Plundering Pooch! {n[e.fighters[0]]} battles {n[e.fighters[1]]}.",
    ev.WeaponChosen: lambda e, n: f"{n[e.seat]} chose "
    + (f"the {_weapon(e.weapon)}." if e.weapon is not None else "a weapon, in secret."),
    ev.ThrowMade: lambda e, n: f"Throw: {' against '.join(_weapon(w) for w in e.weapons)}; "
    + (f"{n[e.winner]} wins the throw." if e.winner is not None else "a tie."),
    ev.BattleEnded: lambda e, n: (
        f"{n[e.winner]} won the battle." if e.winner is not None else "The battle is drawn."
    ),
    ev.SpoilsChosen: lambda e, n: f"{n[e.seat]} takes "
    + ("a Master's Bedroom card." if e.bedroom else "three cards blind."),
    ev.CheesyDistractionPlayed: lambda e, n: f"{n[e.seat]} plays a Cheesy Distraction on {n[e.victim]}!",
}
