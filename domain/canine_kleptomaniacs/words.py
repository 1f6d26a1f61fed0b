"""Canine Kleptomaniacs in a player's words: a label per command type and the how-to-play
("Gameplay Summary", "Action Cards" and the manifest's card texts)."""

from __future__ import annotations

from typing import Any

from kennel.domain.canine_kleptomaniacs import commands as c
from kennel.domain.canine_kleptomaniacs.components import ActionCard, Collectable, manifest
from kennel.domain.canine_kleptomaniacs.state import CanineState, Naming, Offer, Theft
from kennel.domain.core.words import CardText, CommandWords, HowToPlay, Names, Words, fixed, listing

TURN = "Your turn"
HIDE = "Hide and swap"
TRADE = "Trade"
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


def _item(item: c.TradeItem, whose: str) -> str:
    if item.source is c.Source.HAND and item.kind is not None:
        return f"a {item.kind.title} from {whose} hand"
    if item.source is c.Source.HIDING_PLACE and item.place is not None:
        return f"{whose} {_place(item.place)} and what is on it"
    return f"{whose} {item.bedroom_card.title if item.bedroom_card is not None else 'card'}"


def _offer(state: CanineState, seat: int, command: c.OfferTrade, names: Names) -> str:
    partner = names[command.partner]
    return f"Offer {partner} {_item(command.give, 'your')} for {_item(command.take, partner + chr(39) + 's')}"


def _accept(state: CanineState, seat: int, command: Any, names: Names) -> str:
    offer = state.effect if isinstance(state.effect, Offer) else None
    verb = "Accept" if isinstance(command, c.AcceptTrade) else "Decline"
    if offer is None or offer.give is None or offer.take is None:
        return f"{verb} the trade"
    who = names[offer.proposer]
    return f"{verb} {who}'s offer: {_item(offer.give, who + chr(39) + 's')} for {_item(offer.take, 'your')}"


def _victim(state: CanineState, seat: int, command: c.ChooseVictim, names: Names) -> str:
    return f"Choose {names[command.victim]}"


def _cards(cards: tuple[Collectable, ...]) -> str:
    return listing([f"{cards.count(k)} {k.title}" for k in dict.fromkeys(cards)]) or "nothing"


def _pick_laundry(state: CanineState, seat: int, command: c.PickFromLaundry, names: Names) -> str:
    return f"Take {_cards(command.cards)} from the Laundry Pile"


def _ask(state: CanineState, seat: int, command: c.AskForCollectable, names: Names) -> str:
    effect = state.effect
    if isinstance(effect, Naming) and effect.remaining:
        return f"Ask {names[effect.remaining[0]]} for a {command.kind.title}"
    return f"Ask for a {command.kind.title}"


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
    return lambda state, seat, command, names: f"{verb} a {command.kind.title}"


def _lose(state: CanineState, seat: int, command: c.LoseCollectables, names: Names) -> str:
    if command.kind is None:
        return "Lose nothing (you hold nothing to lose)"
    return f"Lose your {command.kind.title}"


def _roll_again(state: CanineState, seat: int, command: c.RollAgain, names: Names) -> str:
    return f"Discard a {command.discard.title} to roll again"


def _discard_two(state: CanineState, seat: int, command: c.DiscardTwo, names: Names) -> str:
    return f"Discard {_cards(command.cards)}"


def _weapon(state: CanineState, seat: int, command: c.ChooseWeapon, names: Names) -> str:
    return f"Throw the {command.weapon.value.replace('_', ' ').title()}"


COMMANDS: dict[type, CommandWords] = {
    c.TakeActionCard: CommandWords(TURN, fixed("Take an Action card")),
    c.HideSet: CommandWords(HIDE, _hide),
    c.SwapSets: CommandWords(HIDE, _swap_sets),
    c.SwapPlaces: CommandWords(HIDE, _swap_places),
    c.TakeMrSquirrel: CommandWords(TURN, _mr_squirrel),
    c.EndTurn: CommandWords(TURN, fixed("End your turn")),
    c.ProposeTrade: CommandWords(TRADE, fixed("Make a trade offer")),
    c.OfferTrade: CommandWords(TRADE, _offer),
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
            "The game ends when the Action deck runs out."
        ),
        turn=(
            "On your turn do one thing: take an Action card and carry it out, hide sets from your "
            "hand, swap sets, or take Mr. Squirrel. At any time in your turn you may also trade "
            "with others. The holder of the Ultimate Paw may take an Action card and hide too. "
            "After your turn, discard down to ten cards."
        ),
        cards=tuple(CardText(actions[card].title, actions[card].text) for card in ActionCard),
    )


WORDS = Words(commands=COMMANDS, how_to_play=_how_to_play())
