"""Trading ("Trading" and the Gameplay Summary); rulings "How a trade is made", "What a trade may
bundle", "Trading on someone else's turn", "Trade offers per seat per turn", "Trading at any
point during a turn" and "The Poo Pizza bluff" (docs/rules/canine-kleptomaniacs.md)."""

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
    AskInTrade,
    CallOffTrade,
    DeclineTrade,
    EndTurn,
    GiveInTrade,
    OfferTrade,
    ProposeTrade,
    SendOffer,
    Source,
    TakeActionCard,
    TradeItem,
    TradeWith,
)
from kennel.domain.canine_kleptomaniacs.events import (
    BedroomCardTaken,
    PawDeclared,
    TradeCompleted,
    TradeDeclined,
    TradeItemGiven,
    TradeOfferSent,
    TradePartnerChosen,
    TradeProposed,
)
from kennel.domain.canine_kleptomaniacs.state import Place
from kennel.domain.core.rules import Prompt, PromptKind


def card(kind, face_down=False):
    return TradeItem(Source.HAND, kind=kind, face_down=face_down)


def place(number):
    return TradeItem(Source.HIDING_PLACE, place=number)


def hidden_card(number, kind):
    return TradeItem(Source.HIDDEN_CARD, kind=kind, place=number)


def bedroom(which):
    return TradeItem(Source.BEDROOM, bedroom_card=which)


TABLE = opening((SOCKS, SLIPPER, POO), (BALLS, BLOOMERS), (SOCKS,))


def offer(state, proposer, partner, gives, takes, choose_partner=True):
    """Compose and send an offer (naming the partner unless it is the only one)."""
    moves = [(proposer, ProposeTrade())]
    if choose_partner:
        moves.append((proposer, TradeWith(partner)))
    moves += [(proposer, GiveInTrade(item)) for item in gives]
    moves += [(proposer, AskInTrade(item)) for item in takes]
    return play(state, *moves, (proposer, SendOffer()))


def test_ruling_how_a_trade_is_made():
    """"You can trade with one or multiple players at any point during your turn": the offer is
    composed thing by thing, sent, and the partner accepts or declines."""
    state = given(TABLE, turn(0))
    assert when(state, 0, ProposeTrade()) == [TradeProposed(proposer=0)]
    state = after(state, 0, ProposeTrade())
    assert GAME.legal_commands(state, 0) == (TradeWith(1), TradeWith(2), CallOffTrade())
    assert GAME.pending(state) == (Prompt(0, PromptKind.CHOICE, "make your trade offer, or call it off"),)
    state = play(state, (0, TradeWith(1)), (0, GiveInTrade(card(SOCKS))), (0, GiveInTrade(card(SLIPPER))))
    then_refused(state, 0, SendOffer(), "bad_offer")  # nothing asked in return yet
    state = play(state, (0, AskInTrade(card(BLOOMERS))))
    assert when(state, 0, SendOffer()) == [TradeOfferSent(proposer=0, partner=1)]
    state = after(state, 0, SendOffer())
    assert GAME.pending(state) == (Prompt(1, PromptKind.CHOICE, "accept or decline seat 0's trade offer"),)
    assert GAME.legal_commands(state, 1) == (AcceptTrade(), DeclineTrade())
    events = when(state, 1, AcceptTrade())
    assert events == [TradeCompleted(proposer=0, partner=1, gives=(card(SOCKS), card(SLIPPER)), takes=(card(BLOOMERS),))]
    state = after(state, 1, AcceptTrade())
    assert hand(state, 0) == (BLOOMERS, POO) and hand(state, 1) == (SOCKS, BALLS, SLIPPER)
    assert state.effect is None and state.turn == 0


def test_the_partner_declines_or_cannot_accept_without_the_card():
    state = offer(given(TABLE, turn(0)), 0, 1, [card(SOCKS)], [card(SLIPPER)])
    assert GAME.legal_commands(state, 1) == (DeclineTrade(),)  # seat 1 holds no Slipper
    assert when(state, 1, DeclineTrade()) == [TradeDeclined(proposer=0, partner=1)]
    assert after(state, 1, DeclineTrade()).effect is None


def test_ruling_what_a_trade_may_bundle():
    """"You can trade Collectables (from your hand and Hiding Places) as well as Master's
    Bedroom cards, Hiding Places and even the Ultimate Paw card!": single hidden cards too,
    several things each way; hand cards asked of another only as many as it holds."""
    state = given(
        opening((SOCKS, SOCKS, SOCKS, SLIPPER), (BALLS, BALLS, BALLS, BLOOMERS), places=2, bedroom=[B.WACKY_EARPLUGS]),
        hidden(0, 0, SOCKS, 3),
        hidden(1, 1, BALLS, 3),
        [BedroomCardTaken(seat=0, card=B.WACKY_EARPLUGS)],
        turn(0),
    )
    state = play(state, (0, ProposeTrade()))  # two seats: the partner is named at once
    legal = GAME.legal_commands(state, 0)
    assert GiveInTrade(hidden_card(0, SOCKS)) in legal and GiveInTrade(place(1)) in legal
    assert GiveInTrade(bedroom(B.WACKY_EARPLUGS)) in legal and GiveInTrade(card(SLIPPER, face_down=True)) in legal
    assert AskInTrade(hidden_card(1, BALLS)) in legal and AskInTrade(card(POO)) in legal
    assert AskInTrade(card(PAW)) not in legal  # seat 1 has not declared the Paw
    state = play(state, (0, GiveInTrade(hidden_card(0, SOCKS))), (0, GiveInTrade(hidden_card(0, SOCKS))))
    assert GiveInTrade(place(0)) not in GAME.legal_commands(state, 0)  # cards were taken off it
    state = play(state, (0, AskInTrade(hidden_card(1, BALLS))), (0, AskInTrade(card(BLOOMERS))), (0, SendOffer()))
    state = after(state, 1, AcceptTrade())
    assert state.seats[0].places[0] == Place(kind=SOCKS, cards=(SOCKS,))
    assert state.seats[1].places[1] == Place(kind=BALLS, cards=(BALLS, BALLS))
    assert hand(state, 0) == (BALLS, SLIPPER, BLOOMERS) and hand(state, 1) == (SOCKS, SOCKS)
    # Asking for hand cards: at most as many as the partner's hand holds (its size is public).
    state = play(given(TABLE, turn(0)), (0, ProposeTrade()), (0, TradeWith(2)), (0, AskInTrade(card(BALLS))))
    assert not [c for c in GAME.legal_commands(state, 0) if isinstance(c, AskInTrade) and c.item.source is Source.HAND]


def test_hiding_places_go_with_their_sets_and_bedroom_cards_can_be_traded():
    state = given(
        opening((SOCKS, SOCKS, SLIPPER), (BALLS, BLOOMERS), bedroom=[B.WACKY_EARPLUGS]),
        hidden(0, 0, SOCKS, 2),
        [BedroomCardTaken(seat=1, card=B.WACKY_EARPLUGS)],
        turn(0),
    )
    state = offer(state, 0, 1, [place(0)], [bedroom(B.WACKY_EARPLUGS)], choose_partner=False)
    state = after(state, 1, AcceptTrade())
    assert state.seats[0].places == () and state.seats[0].bedroom == (B.WACKY_EARPLUGS,)
    assert state.seats[1].places == (Place(), Place(kind=SOCKS, cards=(SOCKS, SOCKS)))


def test_the_paw_is_declared_when_received_in_a_trade():
    state = given(opening((SOCKS, PAW), (BALLS,)), turn(0))
    state = offer(state, 0, 1, [card(PAW)], [card(BALLS)], choose_partner=False)
    events = when(state, 1, AcceptTrade())
    assert events[-1] == PawDeclared(seat=1)


def test_ruling_trading_on_someone_elses_turn():
    """"You can also participate in a trade on someone else's turn": another seat may make the
    seat in turn an offer (and only it), besides answering one."""
    state = given(TABLE, turn(0))
    assert GAME.legal_commands(state, 1) == (ProposeTrade(),)
    events = when(state, 1, ProposeTrade())
    assert events == [TradeProposed(proposer=1), TradePartnerChosen(proposer=1, partner=0)]
    state = offer(state, 1, 0, [card(BLOOMERS)], [card(SLIPPER)], choose_partner=False)
    assert GAME.pending(state) == (Prompt(0, PromptKind.CHOICE, "accept or decline seat 1's trade offer"),)
    state = after(state, 0, AcceptTrade())
    assert hand(state, 0) == (SOCKS, BLOOMERS, POO) and hand(state, 1) == (BALLS, SLIPPER)


def test_ruling_trade_offers_per_seat_per_turn():
    """A gap: the rulebook sets no number, but an offer holds up the table until it is made and
    answered; two offers begun per seat per turn (called off ones count)."""
    state = given(TABLE, turn(0))
    for _ in range(2):
        state = play(state, (0, ProposeTrade()), (0, CallOffTrade()))
    assert ProposeTrade() not in GAME.legal_commands(state, 0)
    then_refused(state, 0, ProposeTrade(), "no_more_trades")
    assert ProposeTrade() in GAME.legal_commands(state, 1)  # each seat has its own
    state = play(state, (0, TakeActionCard()), (0, EndTurn()))
    assert ProposeTrade() in GAME.legal_commands(state, 1)  # a new turn, a new count


def test_ruling_trading_at_any_point_during_a_turn():
    """"At any point during a turn you may also trade": after the action too, until the seat
    ends its turn; the turn stays open after an Action card for that."""
    state = given(TABLE, turn(0))
    state = after(state, 0, TakeActionCard())
    assert state.turn == 0 and GAME.legal_commands(state, 0) == (EndTurn(), ProposeTrade())
    state = offer(state, 0, 1, [card(SOCKS)], [card(BALLS)])
    state = after(state, 1, AcceptTrade())
    assert BALLS in hand(state, 0)
    assert after(state, 0, EndTurn()).turn == 1


def test_ruling_the_poo_pizza():
    """The Poo Pizza: "you'll be trying to bluff other players into taking it from you": a hand
    card may be offered face down; only its giver knows it until the partner takes it."""
    state = given(TABLE, turn(0))
    state = play(state, (0, ProposeTrade()), (0, TradeWith(1)))
    assert GiveInTrade(card(PAW, face_down=True)) not in GAME.legal_commands(state, 0)
    events = when(state, 0, GiveInTrade(card(POO, face_down=True)))
    assert GAME.redact(events[0], 1) == TradeItemGiven(proposer=0, item=TradeItem(Source.HAND, face_down=True))
    assert GAME.redact(events[0], 0) == events[0]
    state = play(state, (0, GiveInTrade(card(POO, face_down=True))), (0, AskInTrade(card(BLOOMERS))), (0, SendOffer()))
    assert GAME.view(state, 1).effect.give_items == (TradeItem(Source.HAND, face_down=True),)
    assert GAME.view(state, 0).effect.give_items == (card(POO, face_down=True),)
    completed = when(state, 1, AcceptTrade())[0]
    assert GAME.redact(completed, 1) == completed  # the partner sees what it took
    assert GAME.redact(completed, 2).gives == (TradeItem(Source.HAND, face_down=True),)
    assert POO in hand(after(state, 1, AcceptTrade()), 1)


def test_one_for_one_offers_of_rules_version_1_are_refused():
    state = play(given(TABLE, turn(0)), (0, ProposeTrade()))
    then_refused(state, 0, OfferTrade(1, card(SOCKS), card(BALLS)), "bad_offer")
