"""Trading; rulings "How a trade is made", "What a trade may bundle", "Trades per turn" and
"Trading before the action" (docs/rules/canine-kleptomaniacs.md)."""

from canine_kleptomaniacs_support import (
    BALLS,
    BLOOMERS,
    GAME,
    PAW,
    POO,
    SLIPPER,
    SOCKS,
    B,
    after,
    given,
    hand,
    hidden,
    opening,
    play,
    then_refused,
    turn,
    when,
)
from kennel.domain.canine_kleptomaniacs.commands import (
    AcceptTrade,
    CallOffTrade,
    DeclineTrade,
    OfferTrade,
    ProposeTrade,
    Source,
    TakeActionCard,
    TradeItem,
)
from kennel.domain.canine_kleptomaniacs.events import (
    BedroomCardTaken,
    PawDeclared,
    TradeDeclined,
    TradeMade,
    TradeOffered,
    TradeProposed,
)
from kennel.domain.canine_kleptomaniacs.state import Place
from kennel.domain.core.rules import Prompt, PromptKind


def card(kind):
    return TradeItem(Source.HAND, kind=kind)


def place(number):
    return TradeItem(Source.HIDING_PLACE, place=number)


def bedroom(which):
    return TradeItem(Source.BEDROOM, bedroom_card=which)


TABLE = opening((SOCKS, SLIPPER, POO), (BALLS, BLOOMERS), (SOCKS,))


def test_a_trade_is_proposed_offered_and_accepted():
    """Trading: "You can trade with one or multiple players at any point during your turn";
    the other side accepts or declines (ruling "How a trade is made")."""
    state = given(TABLE, turn(0))
    assert when(state, 0, ProposeTrade()) == [TradeProposed(proposer=0)]
    state = after(state, 0, ProposeTrade())
    assert GAME.pending(state) == (Prompt(0, PromptKind.CHOICE, "make your trade offer, or call it off"),)
    offer = OfferTrade(partner=1, give=card(SLIPPER), take=card(BLOOMERS))
    assert offer in GAME.legal_commands(state, 0)
    assert when(state, 0, offer) == [TradeOffered(proposer=0, partner=1, give=card(SLIPPER), take=card(BLOOMERS))]
    state = after(state, 0, offer)
    assert GAME.pending(state) == (Prompt(1, PromptKind.CHOICE, "accept or decline seat 0's trade offer"),)
    assert GAME.legal_commands(state, 1) == (AcceptTrade(), DeclineTrade())
    assert when(state, 1, AcceptTrade()) == [TradeMade(proposer=0, partner=1, give=card(SLIPPER), take=card(BLOOMERS))]
    state = after(state, 1, AcceptTrade())
    assert hand(state, 0) == (SOCKS, BLOOMERS, POO) and hand(state, 1) == (BALLS, SLIPPER)
    assert state.turn == 0 and GAME.pending(state)[0].kind is PromptKind.TURN


def test_the_partner_declines_or_cannot_accept_without_the_card():
    """The proposer cannot see the partner's hand: it may ask any kind, and the partner can
    accept only if it holds one."""
    state = play(given(TABLE, turn(0)), (0, ProposeTrade()), (0, OfferTrade(2, card(SLIPPER), card(BALLS))))
    assert GAME.legal_commands(state, 2) == (DeclineTrade(),)
    then_refused(state, 2, AcceptTrade(), "bad_answer")
    assert when(state, 2, DeclineTrade()) == [TradeDeclined(proposer=0, partner=2)]


def test_offers_name_any_kind_of_the_partner_but_never_the_poo():
    """What may be asked for is public knowledge: the four kinds from any hand, and the Paw
    only from the seat that declared it."""
    state = after(given(TABLE, turn(0)), 0, ProposeTrade())
    offers = [c for c in GAME.legal_commands(state, 0) if isinstance(c, OfferTrade)]
    asked_of_2 = {o.take for o in offers if o.partner == 2}
    assert asked_of_2 == {card(SOCKS), card(BALLS), card(SLIPPER), card(BLOOMERS), place(0)}
    assert {o.give for o in offers if o.partner == 2} == {card(SOCKS), card(SLIPPER), card(POO), place(0)}
    assert GAME.legal_commands(state, 0)[-1] == CallOffTrade()


def test_hiding_places_go_with_their_sets_and_bedroom_cards_can_be_traded():
    """Trading: "Collectables (from your hand and Hiding Places) as well as Master's Bedroom
    cards, Hiding Places and even the Ultimate Paw card!" (ruling "What a trade may bundle")."""
    state = given(
        opening((SOCKS, SOCKS, SLIPPER), (BALLS, BLOOMERS), bedroom=[B.WACKY_EARPLUGS]),
        [BedroomCardTaken(seat=1, card=B.WACKY_EARPLUGS)],
        turn(0),
        hidden(0, 0, SOCKS, 2),
    )
    state = play(state, (0, ProposeTrade()), (0, OfferTrade(1, place(0), bedroom(B.WACKY_EARPLUGS))), (1, AcceptTrade()))
    assert state.seats[0].places == () and state.seats[0].bedroom == (B.WACKY_EARPLUGS,)
    assert state.seats[1].places == (Place(), Place(kind=SOCKS, cards=(SOCKS, SOCKS)))


def test_the_paw_is_declared_when_received_in_a_trade():
    """The Ultimate Paw: "When drawn or received from another player ... you must declare it"."""
    state = given(opening((SOCKS,), (PAW, BALLS)), turn(0))
    state = play(state, (0, ProposeTrade()))
    assert OfferTrade(1, card(SOCKS), card(PAW)) in GAME.legal_commands(state, 0)
    state = after(state, 0, OfferTrade(1, card(SOCKS), card(PAW)))
    events = when(state, 1, AcceptTrade())
    assert events[:2] == [TradeMade(proposer=0, partner=1, give=card(SOCKS), take=card(PAW)), PawDeclared(seat=0)]


def test_two_trade_proposals_a_turn():
    """Ruling "Trades per turn": two proposals a turn at most, so that a turn always ends."""
    state = given(TABLE, turn(0))
    for _ in range(2):
        state = play(state, (0, ProposeTrade()), (0, CallOffTrade()))
    assert ProposeTrade() not in GAME.legal_commands(state, 0)
    then_refused(state, 0, ProposeTrade(), "no_more_trades")
    assert TakeActionCard() in GAME.legal_commands(state, 0)


def test_trades_come_before_an_action_that_ends_the_turn():
    """Ruling "Trading before the action": the action ends the turn unless it can go on."""
    state = after(given(TABLE, turn(0)), 0, TakeActionCard())
    assert state.turn == 1
