"""Canine Kleptomaniacs in a player's words: a label per command type and the how-to-play
("Gameplay Summary", "Action Cards" and the manifest's card texts)."""

from __future__ import annotations

from typing import Any

from kennel.domain.canine_kleptomaniacs import commands as c
from kennel.domain.canine_kleptomaniacs.components import ActionCard, Collectable, manifest
from kennel.domain.canine_kleptomaniacs.state import CanineState, Naming, Offer, Theft
from kennel.domain.core.frozen import per_recent_part, replaced
from kennel.domain.core.words import (
    CardText,
    CommandWords,
    HowToPlay,
    Names,
    Words,
    fixed,
    listing,
    possessive,
)

TURN = "Your turn"
HIDE = "Hide and swap"
TRADE = "Trade"
GIVE = "Put into your offer"
ASK = "Ask for in return"
ANSWER = "Answer"
CHOOSE = "Choose"


def _place(place: int) -> str:
    return f"Hiding Place {place + 1}"


def _hidden(bedroom_cards: tuple[Any, ...]) -> str:
    return f" with {listing([b.title for b in bedroom_cards])}" if bedroom_cards else ""


def _hide(state: CanineState, seat: int, command: c.HideSet, names: Names) -> str:
    count = state.seats[seat].hand.count(command.kind)
    return f"Hide {count} {command.kind.title}{_hidden(command.bedroom_cards)} on {_place(command.place)}"


def _swap_sets(state: CanineState, seat: int, command: c.SwapSets, names: Names) -> str:
    return (
        f"Swap the set on {_place(command.place)} for your {command.kind.title}"
        f"{_hidden(command.bedroom_cards)}"
    )


def _swap_places(state: CanineState, seat: int, command: c.SwapPlaces, names: Names) -> str:
    return f"Swap what is hidden on {_place(command.first)} and {_place(command.second)}"


def _mr_squirrel(state: CanineState, seat: int, command: c.TakeMrSquirrel, names: Names) -> str:
    holder = state.mr_squirrel
    where = "from the box" if holder is None else f"from {names[holder]}"
    return f"Take Mr. Squirrel {where} (immunity from Fluffy Rumble)"


def _a_card(kind: Collectable | None) -> str:
    """A card named by its kind ("a Basic Socks card"): many titles are plural."""
    return f"a {kind.title} card" if kind is not None else "a card"


# Module constants for the sources `_item` tells apart, for every item of every trade label: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_HAND, _HIDDEN_CARD, _HIDING_PLACE = c.Source.HAND, c.Source.HIDDEN_CARD, c.Source.HIDING_PLACE


def _item(item: c.TradeItem, whose: str, count: int = 1) -> str:
    """One thing of a trade (`count` alike), owned by `whose` ("your", "their")."""
    source = item.source
    if source is _HAND:
        kind = item.kind
        cards = _a_card(kind) if count == 1 else f"{count} {kind.title + ' ' if kind else ''}cards"
        return f"{cards} from {whose} hand" + (" (face down)" if item.face_down else "")
    if source is _HIDDEN_CARD and item.place is not None:
        return f"{_a_card(item.kind)} hidden on {whose} {_place(item.place)}"
    if source is _HIDING_PLACE and item.place is not None:
        return f"{whose} {_place(item.place)} with what is hidden on it"
    return f"{whose} {item.bedroom_card.title if item.bedroom_card is not None else 'card'}"


# Kept per side of an offer (a tuple of items that stays the same object while the other side
# grows) and whose it is: the sending label tells both sides again at every step of an offer.
@per_recent_part
def _things(items: tuple[c.TradeItem, ...], whose: str, unseen: bool = False) -> str:
    """An offer's side, alike hand cards counted ("2 Slipper cards from your hand"). Unseen,
    face-down cards are blanked before they are counted: how they group must not tell either."""
    if unseen:
        items = tuple(replaced(item, kind=None) if item.face_down else item for item in items)
    alike: dict[c.TradeItem, int] = {}  # counted as `Counter` counts, without its Python `__init__`
    for item in items:
        alike[item] = alike.get(item, 0) + 1
    return listing([_item(item, whose, count=count) for item, count in alike.items()]) or "nothing"


def _offer_now(state: CanineState) -> Offer | None:
    return state.effect if isinstance(state.effect, Offer) else None


def _trade_with(state: CanineState, seat: int, command: c.TradeWith, names: Names) -> str:
    return f"Make your offer to {names[command.partner]}"


def _give(state: CanineState, seat: int, command: c.GiveInTrade, names: Names) -> str:
    return f"Put in {_item(command.item, 'your')}"


def _partner(state: CanineState, names: Names) -> str:
    # `_offer_now` read in place: told for every item of the partner's at every step of an offer.
    offer = state.effect
    partner = offer.partner if isinstance(offer, Offer) else None
    return names[partner] if partner is not None else "your partner"


def _ask_in_trade(state: CanineState, seat: int, command: c.AskInTrade, names: Names) -> str:
    return f"Ask for {_item(command.item, possessive(_partner(state, names)))}"


def _partner_seat(state: CanineState) -> int | None:
    """All of the state an item asked for is told with (`_partner`): a seat composing an offer
    is offered every item of its partner again at each step (the most of this game's labels,
    about ten times the others'), each kept per command and partner (`CommandWords.reads`)."""
    offer = state.effect
    return offer.partner if isinstance(offer, Offer) else None


def _squirrel_holder(state: CanineState) -> int | None:
    return state.mr_squirrel  # all `_mr_squirrel` reads: offered at most turns


def _send(state: CanineState, seat: int, command: c.SendOffer, names: Names) -> str:
    offer = _offer_now(state)
    if offer is None:
        return "Send your offer"
    partner = _partner(state, names)
    return f"Send {partner} the offer: {_things(offer.gives, 'your')} for {_things(offer.takes, 'their')}"


def _offer(state: CanineState, seat: int, command: c.OfferTrade, names: Names) -> str:
    partner = names[command.partner]
    return f"Offer {partner} {_item(command.give, 'your')} for {_item(command.take, possessive(partner))}"


def _accept(state: CanineState, seat: int, command: Any, names: Names) -> str:
    offer = _offer_now(state)
    verb = "Accept" if isinstance(command, c.AcceptTrade) else "Decline"
    if offer is None:
        return f"{verb} the trade"
    who = names[offer.proposer]
    # The partner answers without seeing the proposer's face-down cards: that is the bluff.
    things = f"{_things(offer.gives, 'their', True)} for {_things(offer.takes, 'your')}"
    return f"{verb} {possessive(who)} offer: {things}"


def _victim(state: CanineState, seat: int, command: c.ChooseVictim, names: Names) -> str:
    return f"Choose {names[command.victim]}"


def _cards(cards: tuple[Collectable, ...]) -> str:
    return listing([f"{cards.count(k)} {k.title}" for k in dict.fromkeys(cards)]) or "nothing"


def _pick_laundry(state: CanineState, seat: int, command: c.PickFromLaundry, names: Names) -> str:
    return f"Take {_cards(command.cards)} from the Laundry Pile"


def _ask(state: CanineState, seat: int, command: c.AskForCollectable, names: Names) -> str:
    effect = state.effect
    if isinstance(effect, Naming) and effect.remaining:
        return f"Ask {names[effect.remaining[0]]} for {_a_card(command.kind)}"
    return f"Ask for {_a_card(command.kind)}"


def _charm(state: CanineState, seat: int, command: c.UseCharmOffensive, names: Names) -> str:
    effect = state.effect
    thief = f" against {names[effect.thief]}" if isinstance(effect, Theft) else ""
    return f"Roll your Charm Offensive{thief} (a six stops the theft)"


def _allow(state: CanineState, seat: int, command: c.AllowTheft, names: Names) -> str:
    effect = state.effect
    if isinstance(effect, Theft):
        return f"Let {names[effect.thief]} take the cards"
    return "Let the theft happen"


def _kind(verb: str) -> Any:
    return lambda state, seat, command, names: f"{verb} {_a_card(command.kind)}"


def _lose(state: CanineState, seat: int, command: c.LoseCollectables, names: Names) -> str:
    if command.kind is None:
        return "Lose nothing (you hold nothing to lose)"
    return f"Lose your {command.kind.title}"


def _roll_again(state: CanineState, seat: int, command: c.RollAgain, names: Names) -> str:
    return f"Discard {_a_card(command.discard)} to roll again"


def _discard_two(state: CanineState, seat: int, command: c.DiscardTwo, names: Names) -> str:
    return f"Discard {_cards(command.cards)}"


def _weapon(state: CanineState, seat: int, command: c.ChooseWeapon, names: Names) -> str:
    return f"Throw the {command.weapon.value.replace('_', ' ').title()}"


COMMANDS: dict[type, CommandWords] = {
    c.TakeActionCard: CommandWords(TURN, fixed("Take an Action card")),
    c.HideSet: CommandWords(HIDE, _hide),
    c.SwapSets: CommandWords(HIDE, _swap_sets),
    c.SwapPlaces: CommandWords(HIDE, _swap_places),
    c.TakeMrSquirrel: CommandWords(TURN, _mr_squirrel, reads=_squirrel_holder),
    c.EndTurn: CommandWords(TURN, fixed("End your turn")),
    c.ProposeTrade: CommandWords(TRADE, fixed("Make a trade offer")),
    c.OfferTrade: CommandWords(TRADE, _offer),
    c.TradeWith: CommandWords(TRADE, _trade_with),
    c.GiveInTrade: CommandWords(GIVE, _give),
    c.AskInTrade: CommandWords(ASK, _ask_in_trade, reads=_partner_seat),
    c.SendOffer: CommandWords(TRADE, _send),
    c.CallOffTrade: CommandWords(TRADE, fixed("Make no offer after all")),
    c.AcceptTrade: CommandWords(ANSWER, _accept),
    c.DeclineTrade: CommandWords(ANSWER, _accept),
    c.PlayCheesyDistraction: CommandWords(TURN, fixed("Play Cheesy Distraction: steal the Ultimate Paw")),
    c.ChooseVictim: CommandWords(CHOOSE, _victim),
    c.SniffLaundryPile: CommandWords(CHOOSE, fixed("Look through the Laundry Pile instead")),
    c.PickFromLaundry: CommandWords(CHOOSE, _pick_laundry),
    c.AskForCollectable: CommandWords(CHOOSE, _ask),
    c.UseCharmOffensive: CommandWords(ANSWER, _charm),
    c.AllowTheft: CommandWords(ANSWER, _allow),
    c.RollAgain: CommandWords(CHOOSE, _roll_again),
    c.StopRolling: CommandWords(CHOOSE, fixed("Stop rolling")),
    c.DiscardCard: CommandWords(CHOOSE, _kind("Discard")),
    c.EndLeafStorm: CommandWords(CHOOSE, fixed("Stop discarding and draw as many")),
    c.DiscardTwo: CommandWords(CHOOSE, _discard_two),
    c.LoseCollectables: CommandWords(CHOOSE, _lose),
    c.PassCard: CommandWords(CHOOSE, _kind("Pass on")),
    c.ClaimImmunity: CommandWords(ANSWER, fixed("Keep your hand out of the Fluffy Rumble")),
    c.JoinRumble: CommandWords(ANSWER, fixed("Join the Fluffy Rumble")),
    c.ChooseWeapon: CommandWords(CHOOSE, _weapon),
    c.ClaimBedroomCard: CommandWords(CHOOSE, fixed("Take the top Master's Bedroom card")),
    c.ClaimThreeCards: CommandWords(CHOOSE, fixed("Take three cards (blind) from the loser")),
}


def _how_to_play() -> HowToPlay:
    actions = manifest().action_cards
    return HowToPlay(
        goal=(
            "Score the most Pooch Points: hide sets of two or more Collectables of a kind on your "
            "Hiding Places, keep Master's Bedroom cards, collect your dog's target. Holding the "
            "Ultimate Paw of Pilferage at the end is worth 30; holding the Poo Pizza costs 30. "
            "The game ends with the turn in which the last Action card is drawn."
        ),
        turn=(
            "On your turn do one thing: take an Action card and carry it out, hide sets from your "
            "hand, swap hidden sets for sets from your hand, or take Mr. Squirrel. On the very "
            "first turn: take an Action card or hide one set. The holder of the Ultimate Paw may "
            "take an Action card and also hide and swap. Before and after your action you may "
            "trade, one thing at a time into an offer (cards from your hand, even face down, "
            "cards or whole Hiding Places, Master's Bedroom cards), and the others may make you "
            "offers; everyone may begin two offers a turn. End your turn when you are done, then "
            "discard down to ten cards."
        ),
        cards=tuple(CardText(actions[card].title, actions[card].text) for card in ActionCard),
    )


WORDS = Words(commands=COMMANDS, how_to_play=_how_to_play())
