"""Gameplay Summary: the first turn, one action a turn, Mr. Squirrel, the hand limit, the
game's end; rulings "A turn", "The first turn", "Ending a turn", "The end of the game" and the
Paw's (docs/rules/canine-kleptomaniacs.md)."""

from canine_kleptomaniacs_support import (
    BALLS,
    BLOOMERS,
    GAME,
    PAW,
    POO,
    SLIPPER,
    SOCKS,
    A,
    after,
    given,
    hand,
    hidden,
    of_type,
    opening,
    play,
    quiet,
    then_refused,
    turn,
    when,
)
from kennel.domain.canine_kleptomaniacs.commands import (
    AcceptTrade,
    AskInTrade,
    DiscardCard,
    EndTurn,
    GiveInTrade,
    HideSet,
    ProposeTrade,
    SendOffer,
    Source,
    SwapSets,
    TakeActionCard,
    TakeMrSquirrel,
    TradeItem,
)
from kennel.domain.canine_kleptomaniacs.events import (
    ActionCardDiscarded,
    ActionCardTaken,
    ActionDeckFormedAgain,
    ActionsFinished,
    CardsDiscarded,
    ChoiceAwaited,
    CollectablesDrawn,
    GameFinished,
    MrSquirrelTaken,
    Pile,
    Step,
    TurnEnded,
    TurnStarted,
)
from kennel.domain.canine_kleptomaniacs.options import Options
from kennel.domain.canine_kleptomaniacs.state import TurnPhase
from kennel.domain.core.rules import Prompt, PromptKind

def item(kind):
    return TradeItem(Source.HAND, kind=kind)


HANDS = ((SOCKS, SOCKS, BALLS, SLIPPER, BLOOMERS), (BALLS, BALLS, SLIPPER, SLIPPER, BLOOMERS))


def test_the_first_turn_takes_an_action_card_or_hides_one_set():
    """Gameplay Summary, the first turn: "EITHER takes an Action card OR hides a Collectables
    set from their starting hand": no swap, no Mr. Squirrel."""
    state = given(opening(*HANDS))
    assert GAME.legal_commands(state, 0) == (TakeActionCard(), HideSet(0, SOCKS), ProposeTrade())
    then_refused(state, 0, TakeMrSquirrel(), "first_turn")


def test_ruling_the_first_turn():
    """"the starting player EITHER takes an Action card OR hides a Collectables set": one set
    is the whole action; the seat may still trade, then ends its turn."""
    state = after(given(opening(*HANDS)), 0, HideSet(0, SOCKS))
    assert state.phase is TurnPhase.ACTED and state.turn == 0
    assert GAME.legal_commands(state, 0) == (EndTurn(), ProposeTrade())
    events = when(state, 0, EndTurn())
    assert of_type(events, ActionsFinished) == [ActionsFinished(seat=0)]
    assert events[-1] == TurnStarted(seat=1, number=2)


def test_taking_an_action_card_is_the_turns_action():
    """Subsequent turns: "you may do ONE of the following actions"; the card is read aloud,
    discarded and carried out at once; the turn stays open for trading until it is ended."""
    state = given(opening(*HANDS), turn(0))
    events = when(state, 0, TakeActionCard())
    assert events == [
        ActionCardTaken(seat=0, card=A.PIGSFOOT_TREAT),
        ActionCardDiscarded(seat=None, card=A.PIGSFOOT_TREAT),
        CollectablesDrawn(seat=0, count=2, cards=events[2].cards),
    ]
    state = after(state, 0, TakeActionCard())
    assert GAME.legal_commands(state, 0) == (EndTurn(), ProposeTrade())
    then_refused(state, 0, TakeActionCard(), "action_taken")
    assert when(state, 0, EndTurn())[-2:] == [TurnEnded(seat=0, quiet=False), TurnStarted(seat=1, number=3)]


def test_ruling_ending_a_turn():
    """A gap: "At any point during a turn you may also trade", so a turn ends when its seat says
    so (`EndTurn`), once it has taken its action; never before ("you may do ONE of the
    following actions" is what a turn is for)."""
    state = given(opening(*HANDS), turn(0))
    then_refused(state, 0, EndTurn(), "no_action_yet")
    state = after(state, 0, TakeMrSquirrel())
    assert state.turn == 0 and EndTurn() in GAME.legal_commands(state, 0)
    assert after(state, 0, EndTurn()).turn == 1


def test_ruling_a_turn():
    """"During your turn you may do ONE of the following actions": take an Action card, OR
    hide sets, OR swap sets: hiding is not followed by a swap, nor a swap by hiding."""
    hands = ((SOCKS, SOCKS, BALLS, BALLS, SLIPPER, SLIPPER), HANDS[1])
    state = given(opening(*hands, places=3), hidden(0, 0, SOCKS, 2), turn(0))
    hid = after(state, 0, HideSet(1, BALLS))
    legal = GAME.legal_commands(hid, 0)
    assert HideSet(2, SLIPPER) in legal and not [c for c in legal if isinstance(c, SwapSets)]
    then_refused(hid, 0, SwapSets(0, SLIPPER), "action_taken")
    swapped = after(state, 0, SwapSets(0, BALLS))
    assert swapped.phase is TurnPhase.SWAPPING
    legal = GAME.legal_commands(swapped, 0)
    assert not [c for c in legal if isinstance(c, HideSet)] and TakeActionCard() not in legal
    then_refused(swapped, 0, HideSet(1, SLIPPER), "action_taken")


def test_ruling_the_ultimate_paw():
    """The Paw's holder "can: Take an Action card AND hide and swap on their turn" and "Hide
    and swap their own cards at any time"."""
    hands = ((SOCKS, SOCKS, BALLS, BALLS, SLIPPER, SLIPPER, PAW), HANDS[1])
    state = given(opening(*hands, places=3), hidden(0, 0, SOCKS, 2), turn(0))
    state = play(state, (0, HideSet(1, BALLS)), (0, SwapSets(0, SLIPPER)))
    assert TakeActionCard() in GAME.legal_commands(state, 0)
    state = after(state, 0, TakeActionCard())
    legal = GAME.legal_commands(state, 0)
    assert HideSet(2, SOCKS) in legal and TakeActionCard() not in legal and EndTurn() in legal
    state = after(state, 0, EndTurn())
    assert HideSet(2, SOCKS) in GAME.legal_commands(state, 0)  # out of turn, too


def test_ruling_the_paw_gained_or_lost_during_a_turn():
    """A gap: the rulebook does not say when a Paw received during a turn starts to count. From
    the moment it is in the hand ("When drawn or received ... you must declare it
    immediately"): a seat that has hidden may then take an Action card (never a second one);
    one that took an Action card may then hide and swap. A seat that loses it keeps the action
    it began and nothing more."""
    hands = ((SOCKS, SOCKS, BALLS, BALLS), (PAW, SLIPPER))
    state = given(opening(*hands, places=2), turn(0))
    state = after(state, 0, HideSet(0, SOCKS))
    assert TakeActionCard() not in GAME.legal_commands(state, 0)
    state = play(
        state,
        (0, ProposeTrade()),
        (0, GiveInTrade(item(BALLS))),
        (0, AskInTrade(item(PAW))),
        (0, SendOffer()),
        (1, AcceptTrade()),
    )
    assert state.paw_holder == 0 and TakeActionCard() in GAME.legal_commands(state, 0)
    state = after(state, 0, TakeActionCard())
    assert TakeActionCard() not in GAME.legal_commands(state, 0)
    # Losing it: a seat that swapped as its action, then gave the Paw away, only swaps on.
    hands = ((SOCKS, SOCKS, BALLS, BALLS, PAW), (SLIPPER,))
    state = given(opening(*hands, places=2), hidden(0, 0, SOCKS, 2), turn(0))
    state = play(
        state,
        (0, SwapSets(0, BALLS)),
        (0, ProposeTrade()),
        (0, GiveInTrade(item(PAW))),
        (0, AskInTrade(item(SLIPPER))),
        (0, SendOffer()),
        (1, AcceptTrade()),
    )
    legal = GAME.legal_commands(state, 0)
    assert TakeActionCard() not in legal and not [c for c in legal if isinstance(c, HideSet)]


def test_hiding_is_a_turns_action_and_may_hide_several_sets():
    """Hide sets: "You can hide multiple sets on multiple Hiding Places on your turn"; hiding
    is the action, so no Action card follows, and the seat ends its turn when done."""
    state = given(opening((SOCKS, SOCKS, BALLS, BALLS, SLIPPER), HANDS[1], places=2), turn(0))
    state = after(state, 0, HideSet(0, SOCKS))
    assert state.phase is TurnPhase.HIDING and state.turn == 0
    legal = GAME.legal_commands(state, 0)
    assert HideSet(1, BALLS) in legal and EndTurn() in legal and TakeActionCard() not in legal
    then_refused(state, 0, TakeActionCard(), "action_taken")
    state = after(state, 0, HideSet(1, BALLS))
    assert hand(state, 0) == (SLIPPER,)
    assert when(state, 0, EndTurn())[0] == ActionsFinished(seat=0)


def test_end_turn_needs_an_action_first():
    state = given(opening(*HANDS), turn(0))
    then_refused(state, 0, EndTurn(), "no_action_yet")


def test_only_the_seat_in_turn_takes_a_turn():
    state = given(opening(*HANDS), turn(0))
    then_refused(state, 1, TakeActionCard(), "not_your_turn")
    assert GAME.legal_commands(state, 1) == (ProposeTrade(),)
    assert GAME.pending(state) == (Prompt(0, PromptKind.TURN, "take an Action card, hide, swap, or take Mr. Squirrel"),)


def test_mr_squirrel_is_taken_instead_of_the_usual_action():
    """Mr. Squirrel: "Instead of taking one of the usual actions ... you can take the Mr.
    Squirrel stand up token"; "Any player can take Mr. Squirrel from any other player"."""
    state = given(opening(*HANDS), turn(0))
    events = when(state, 0, TakeMrSquirrel())
    assert events == [MrSquirrelTaken(seat=0, previous=None)]
    state = play(state, (0, TakeMrSquirrel()), (0, EndTurn()))
    assert state.mr_squirrel == 0
    assert when(state, 1, TakeMrSquirrel())[0] == MrSquirrelTaken(seat=1, previous=0)
    state = given(opening(*HANDS), turn(0), [MrSquirrelTaken(seat=0, previous=None)], turn(0, 4))
    then_refused(state, 0, TakeMrSquirrel(), "have_mr_squirrel")


def test_no_rule_forces_an_action_card_after_quiet_turns():
    """Rules version 1 made a seat take an Action card after two turns without one; the
    rulebook has no such rule ("you may do ONE of the following actions"), so it is gone."""
    state = given(opening(*HANDS), quiet(0, 5), turn(0))
    assert TakeMrSquirrel() in GAME.legal_commands(state, 0)
    state = play(state, (0, TakeMrSquirrel()), (0, EndTurn()))
    assert state.seats[0].quiet_turns == 6


def test_ruling_the_hand_limit():
    """Hand Limit: "Once you have had your turn and carried out all actions, excess cards ...
    must be discarded face down beneath the Laundry Pile token"."""
    big = (SOCKS,) * 4 + (BALLS,) * 4 + (SLIPPER,) * 2 + (POO,)
    state = given(opening(big, HANDS[1], actions=[A.PIGSFOOT_TREAT] * 3), turn(0))
    state = after(state, 0, TakeActionCard())
    events = when(state, 0, EndTurn())
    assert events[-1] == ChoiceAwaited(step=Step.HAND_LIMIT, card=None, seat=0, owing=(0,), count=3)
    state = after(state, 0, EndTurn())
    assert GAME.pending(state) == (Prompt(0, PromptKind.CHOICE, "discard down to ten cards"),)
    # The Poo Pizza cannot be discarded ("The Poo Pizza card cannot be discarded into the laundry pile").
    assert DiscardCard(POO) not in GAME.legal_commands(state, 0)
    state = after(state, 0, DiscardCard(SOCKS))
    state = after(state, 0, DiscardCard(SOCKS))
    events = when(state, 0, DiscardCard(BALLS))
    assert events[0] == CardsDiscarded(seat=0, count=1, cards=(BALLS,))
    assert events[1:] == [TurnEnded(seat=0, quiet=False), TurnStarted(seat=1, number=3)]
    state = after(state, 0, DiscardCard(BALLS))
    assert len(hand(state, 0)) == 10 and POO in hand(state, 0)
    assert state.laundry == (SOCKS, SOCKS, BALLS)


def test_the_hand_limit_is_checked_only_for_the_seat_whose_turn_ends():
    """Hand Limit: "Once you have had your turn": other seats' hands may exceed ten meanwhile."""
    state = given(opening(HANDS[0], (SOCKS,) * 11), turn(0))
    events = when(after(state, 0, TakeActionCard()), 0, EndTurn())
    assert not [e for e in events if isinstance(e, ChoiceAwaited)]


def test_ruling_the_end_of_the_game():
    """Game's end: "The game ends when the Action card draw pile runs out" (at the end of the
    turn that took the last card: ruling "The end of the game")."""
    state = after(given(opening(*HANDS, actions=[A.PIGSFOOT_TREAT]), turn(0)), 0, TakeActionCard())
    assert state.finished is None  # the seat may still trade
    events = when(state, 0, EndTurn())
    assert events[-2:] == [TurnEnded(seat=0, quiet=False), GameFinished(pile=Pile.ACTION)]
    state = after(state, 0, EndTurn())
    assert GAME.outcome(state) is not None and GAME.pending(state) == ()


def test_ruling_the_longer_game():
    """Game's end, "For a longer game": all Action cards, those in playing areas too, with ONE
    more Hiding Place per player; then the game ends when either draw pile runs out."""
    events = [*opening(*HANDS, actions=[A.PIGSFOOT_TREAT, A.CHARM_OFFENSIVE]), *turn(0)]
    state = given(events, options=Options(longer_game=True))
    state = play(state, (0, TakeActionCard()), (0, EndTurn()))  # Pigsfoot Treat
    state = play(state, (1, TakeActionCard()), (1, EndTurn()))  # Charm Offensive, kept by seat 1: the deck is empty
    assert state.reformed and state.turn == 0
    assert sorted(c.value for c in state.actions) == sorted(["pigsfoot_treat", "charm_offensive", "hiding_place", "hiding_place"])
    assert state.seats[1].kept == ()
    assert state.finished is None
    # Once formed again, the game ends when the Collectables deck runs out, too.
    short = given(
        opening(*HANDS, actions=[A.PIGSFOOT_TREAT] * 3, deck=(SOCKS, SOCKS)), turn(0), options=Options(longer_game=True)
    )
    assert when(after(short, 0, TakeActionCard()), 0, EndTurn())[-1] == GameFinished(pile=Pile.COLLECTABLES)


def test_the_longer_game_adds_hiding_places_from_the_box():
    events = when(
        after(given(opening(*HANDS, actions=[A.PIGSFOOT_TREAT]), turn(0), options=Options(longer_game=True)), 0, TakeActionCard()),
        0,
        EndTurn(),
    )
    formed = of_type(events, ActionDeckFormedAgain)
    assert formed and formed[0].hiding_places_added == 2
