"""Deciding: a command is legal exactly when `legal_commands` lists it (`legality.is_legal` checks
that without listing them all); then it is resolved into events, and `turns.settle` plays what
the rules force after it.

A refusal is a `RuleViolation` whose message speaks only of public facts and of the sender's
own cards (`refusals.explain`), so that an error never tells a seat what it may not know.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kennel.domain.canine_kleptomaniacs import actions, battle, hiding, thefts, trading
from kennel.domain.canine_kleptomaniacs import commands as cmd
from kennel.domain.canine_kleptomaniacs.components import ActionCard, Collectable
from kennel.domain.canine_kleptomaniacs.events import (
    ActionCardDiscarded,
    ActionsFinished,
    CardsDiscarded,
    CheesyDistractionPlayed,
    CollectableAskedFor,
    LaundryPicked,
    LeafStormEnded,
    MrSquirrelTaken,
    RollingStopped,
    RumbleImmunityChosen,
    Step,
    Take,
    VictimChosen,
    WalkiesCardChosen,
)
from kennel.domain.canine_kleptomaniacs.hands import draw_collectables, set_kinds
from kennel.domain.canine_kleptomaniacs.legality import is_legal
from kennel.domain.canine_kleptomaniacs.refusals import explain
from kennel.domain.canine_kleptomaniacs.resolution import Resolution
from kennel.domain.canine_kleptomaniacs.state import CanineState, Choosing, Naming, Offer
from kennel.domain.canine_kleptomaniacs.turns import settle
from kennel.domain.core.rng import Rng
from kennel.domain.core.rules import RuleViolation


def decide(state: CanineState, seat: int, command: Any, rng: Rng) -> list[Any]:
    return decide_folded(state, seat, command, rng)[0]


def decide_folded(state: CanineState, seat: int, command: Any, rng: Rng) -> tuple[list[Any], CanineState]:
    """The events, and the state they lead to (`Game.decide_folded`)."""
    if state.finished is not None:
        raise RuleViolation("canine-kleptomaniacs/game_over", "The game is over.")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(state.seats):
        raise RuleViolation("canine-kleptomaniacs/no_such_seat", f"There is no seat {seat}.")
    handler = _HANDLERS.get(type(command))
    if handler is None:
        raise RuleViolation("canine-kleptomaniacs/unknown_command", "Canine Kleptomaniacs has no such command.")
    if not is_legal(state, seat, command):
        raise explain(state, seat, command)
    resolution = Resolution(state, rng)
    handler(resolution, seat, command)
    settle(resolution)
    return resolution.events, resolution.state


# ---- the turn ----


def _take_action_card(r: Resolution, seat: int, command: cmd.TakeActionCard) -> None:
    actions.take_action_card(r, seat)


def _hide_set(r: Resolution, seat: int, command: cmd.HideSet) -> None:
    hiding.hide_set(r, seat, command)


def _swap_sets(r: Resolution, seat: int, command: cmd.SwapSets) -> None:
    hiding.swap_sets(r, seat, command)


def _swap_places(r: Resolution, seat: int, command: cmd.SwapPlaces) -> None:
    hiding.swap_places(r, seat, command)


def _take_mr_squirrel(r: Resolution, seat: int, command: cmd.TakeMrSquirrel) -> None:
    """Mr. Squirrel: "Any player can take Mr. Squirrel from any other player on their turn
    instead of taking their usual action"."""
    r.record(MrSquirrelTaken(seat=seat, previous=r.state.mr_squirrel))


def _end_turn(r: Resolution, seat: int, command: cmd.EndTurn) -> None:
    r.record(ActionsFinished(seat=seat))


def _propose_trade(r: Resolution, seat: int, command: cmd.ProposeTrade) -> None:
    trading.propose_trade(r, seat)


def _offer(r: Resolution) -> Offer:
    offer = r.state.effect
    assert isinstance(offer, Offer)
    return offer


def _version_1_offer(r: Resolution, seat: int, command: cmd.OfferTrade) -> None:
    """Never reached: `legal_commands` no longer lists `OfferTrade`, which stays registered so
    that rules version 1 logs still decode; `refusals.explain` answers it."""
    raise AssertionError("OfferTrade is refused before it is resolved")


def _trade_with(r: Resolution, seat: int, command: cmd.TradeWith) -> None:
    trading.trade_with(r, _offer(r), command.partner)


def _give_in_trade(r: Resolution, seat: int, command: cmd.GiveInTrade) -> None:
    trading.give_in_trade(r, _offer(r), command.item)


def _ask_in_trade(r: Resolution, seat: int, command: cmd.AskInTrade) -> None:
    trading.ask_in_trade(r, _offer(r), command.item)


def _send_offer(r: Resolution, seat: int, command: cmd.SendOffer) -> None:
    trading.send_offer(r, _offer(r))


def _call_off_trade(r: Resolution, seat: int, command: cmd.CallOffTrade) -> None:
    trading.call_off_trade(r, _offer(r))


def _accept_trade(r: Resolution, seat: int, command: cmd.AcceptTrade) -> None:
    trading.accept_trade(r, _offer(r))


def _decline_trade(r: Resolution, seat: int, command: cmd.DeclineTrade) -> None:
    trading.decline_trade(r, _offer(r))


def _play_cheesy_distraction(r: Resolution, seat: int, command: cmd.PlayCheesyDistraction) -> None:
    """Cheesy Distraction: "Use at any time to steal the Ultimate Paw of Pilferage from another
    player"; it is used up, and a Charm Offensive may answer it like any theft. Played while a
    card resolves, that card waits until the theft is over (`evolve` suspends it)."""
    victim = r.state.paw_holder
    assert victim is not None
    card = ActionCard.CHEESY_DISTRACTION
    r.record(CheesyDistractionPlayed(seat=seat, victim=victim))
    r.record(ActionCardDiscarded(seat=seat, card=card))
    thefts.attempt_theft(r, seat, card, (Take(victim=victim, count=1, kind=Collectable.ULTIMATE_PAW),))


# ---- choices owed while a card resolves ----


def _choosing(r: Resolution) -> Choosing:
    effect = r.state.effect
    assert isinstance(effect, Choosing)
    return effect


def _choose_victim(r: Resolution, seat: int, command: cmd.ChooseVictim) -> None:
    step = _choosing(r).step
    r.record(VictimChosen(seat=seat, victim=command.victim))
    if step is Step.CHOOSE_VICTIM:
        actions.puppy_eyes_on(r, seat, command.victim)
    elif step is Step.POOCH_OPPONENT:
        battle.start_battle(r, seat, command.victim)
    else:
        actions.sniff_player(r, seat, command.victim)


def _sniff_laundry_pile(r: Resolution, seat: int, command: cmd.SniffLaundryPile) -> None:
    actions.sniff_laundry_pile(r, seat)


def _pick_from_laundry(r: Resolution, seat: int, command: cmd.PickFromLaundry) -> None:
    r.record(LaundryPicked(seat=seat, count=len(command.cards), cards=command.cards))


def _ask_for_collectable(r: Resolution, seat: int, command: cmd.AskForCollectable) -> None:
    naming = r.state.effect
    assert isinstance(naming, Naming)
    r.record(CollectableAskedFor(seat=seat, victim=naming.remaining[0], kind=command.kind))
    naming = r.state.effect
    assert isinstance(naming, Naming)
    if not naming.remaining:
        thefts.attempt_theft(r, seat, ActionCard.STICK_CHASE, naming.asks)


def _use_charm_offensive(r: Resolution, seat: int, command: cmd.UseCharmOffensive) -> None:
    thefts.use_charm_offensive(r, seat)


def _allow_theft(r: Resolution, seat: int, command: cmd.AllowTheft) -> None:
    thefts.allow_theft(r, seat)


def _roll_again(r: Resolution, seat: int, command: cmd.RollAgain) -> None:
    card = _choosing(r).card
    assert card is not None
    r.record(CardsDiscarded(seat=seat, count=1, cards=(command.discard,)))
    actions.key_to_the_masters_bedroom(r, seat, card)


def _stop_rolling(r: Resolution, seat: int, command: cmd.StopRolling) -> None:
    r.record(RollingStopped(seat=seat))


def _discard_card(r: Resolution, seat: int, command: cmd.DiscardCard) -> None:
    r.record(CardsDiscarded(seat=seat, count=1, cards=(command.kind,)))


def _end_leaf_storm(r: Resolution, seat: int, command: cmd.EndLeafStorm) -> None:
    discarded = _choosing(r).count
    r.record(LeafStormEnded(seat=seat, discarded=discarded))
    draw_collectables(r, seat, discarded)


def _discard_two(r: Resolution, seat: int, command: cmd.DiscardTwo) -> None:
    r.record(CardsDiscarded(seat=seat, count=len(command.cards), cards=command.cards))


def _lose_collectables(r: Resolution, seat: int, command: cmd.LoseCollectables) -> None:
    """Grapes of Wrath: the whole set of the kind (every card of it in hand), or one card."""
    hand = r.state.seats[seat].hand
    if command.kind is None:
        cards: tuple[Collectable, ...] = ()
    elif command.kind in set_kinds(hand):
        cards = tuple(card for card in hand if card is command.kind)
    else:
        cards = (command.kind,)
    r.record(CardsDiscarded(seat=seat, count=len(cards), cards=cards))


def _pass_card(r: Resolution, seat: int, command: cmd.PassCard) -> None:
    r.record(WalkiesCardChosen(seat=seat, card=command.kind))
    actions.pass_when_chosen(r)


def _claim_immunity(r: Resolution, seat: int, command: cmd.ClaimImmunity) -> None:
    drawer = r.state.turn
    r.record(RumbleImmunityChosen(seat=seat, immune=True))
    actions.rumble(r, drawer, immune=seat)


def _join_rumble(r: Resolution, seat: int, command: cmd.JoinRumble) -> None:
    drawer = r.state.turn
    r.record(RumbleImmunityChosen(seat=seat, immune=False))
    actions.rumble(r, drawer, immune=None)


def _choose_weapon(r: Resolution, seat: int, command: cmd.ChooseWeapon) -> None:
    battle.choose_weapon(r, seat, command.weapon)


def _claim_bedroom_card(r: Resolution, seat: int, command: cmd.ClaimBedroomCard) -> None:
    battle.claim_spoils(r, seat, _choosing(r).others[0], bedroom=True)


def _claim_three_cards(r: Resolution, seat: int, command: cmd.ClaimThreeCards) -> None:
    battle.claim_spoils(r, seat, _choosing(r).others[0], bedroom=False)


_HANDLERS: dict[type, Callable[[Resolution, int, Any], None]] = {
    cmd.TakeActionCard: _take_action_card,
    cmd.HideSet: _hide_set,
    cmd.SwapSets: _swap_sets,
    cmd.SwapPlaces: _swap_places,
    cmd.TakeMrSquirrel: _take_mr_squirrel,
    cmd.EndTurn: _end_turn,
    cmd.ProposeTrade: _propose_trade,
    cmd.OfferTrade: _version_1_offer,
    cmd.CallOffTrade: _call_off_trade,
    cmd.AcceptTrade: _accept_trade,
    cmd.DeclineTrade: _decline_trade,
    cmd.PlayCheesyDistraction: _play_cheesy_distraction,
    cmd.ChooseVictim: _choose_victim,
    cmd.SniffLaundryPile: _sniff_laundry_pile,
    cmd.PickFromLaundry: _pick_from_laundry,
    cmd.AskForCollectable: _ask_for_collectable,
    cmd.UseCharmOffensive: _use_charm_offensive,
    cmd.AllowTheft: _allow_theft,
    cmd.RollAgain: _roll_again,
    cmd.StopRolling: _stop_rolling,
    cmd.DiscardCard: _discard_card,
    cmd.EndLeafStorm: _end_leaf_storm,
    cmd.DiscardTwo: _discard_two,
    cmd.LoseCollectables: _lose_collectables,
    cmd.PassCard: _pass_card,
    cmd.ClaimImmunity: _claim_immunity,
    cmd.JoinRumble: _join_rumble,
    cmd.ChooseWeapon: _choose_weapon,
    cmd.ClaimBedroomCard: _claim_bedroom_card,
    cmd.ClaimThreeCards: _claim_three_cards,
    # Rules version 2: trades composed item by item.
    cmd.TradeWith: _trade_with,
    cmd.GiveInTrade: _give_in_trade,
    cmd.AskInTrade: _ask_in_trade,
    cmd.SendOffer: _send_offer,
}

COMMANDS: tuple[type, ...] = tuple(_HANDLERS)
