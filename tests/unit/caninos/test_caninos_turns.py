"""Rulebook "Mechanics" and "End of Turn": play, pass or discard up to three; then draw back to
six, never more than six; and the rulings "A turn ends", "A round of passes" (docs/rules/caninos.md)."""

from caninos_support import (
    GAMBLER,
    GAME,
    QUIETO,
    RACCOON,
    UP,
    C,
    P,
    events_of,
    play,
    played_out,
    ref,
    table,
    then_refused,
)
from kennel.domain.caninos.cards import HAND_SIZE, Trick
from kennel.domain.caninos.commands import (
    ChooseSlice,
    Decline,
    DiscardCard,
    EndTurn,
    PayWith,
    PerformTrick,
    Steal,
)
from kennel.domain.caninos.events import CardDiscarded, CardsDrawn, RoundPassed, TurnEnded, TurnStarted
from kennel.domain.caninos.options import Options
from kennel.domain.core.house_rules import in_force
from kennel.domain.core.rules import Prompt, PromptKind

SIX = (C.GALGO_TRILERO, C.CANICHE_CRUPIER, C.DOBERMAN_FAROLERO, C.PUG_DE_PICAS, C.SETTER_SUERTUDO, UP)
OTHER_SIX = (C.HUSKY_BURSATIL, C.SAMOYEDO_ESPECULADOR, C.AKITA_ACCIONISTA, C.TERRIER_TIBURON, QUIETO, RACCOON)


def test_passing_ends_the_turn_and_the_next_seat_plays():
    """Rulebook: "pass your turn"; "Then pass the turn to the next player"."""
    state = table(SIX, OTHER_SIX, ())
    state, events = play(state, (0, EndTurn()))
    assert events == [TurnEnded(seat=0), TurnStarted(seat=1)]  # a full hand draws nothing
    assert GAME.pending(state) == (Prompt(1, PromptKind.TURN, "play cards, pass, or discard up to three"),)


def test_discard_up_to_three_cards_one_at_a_time_then_draw_back_to_six():
    """Rulebook: "discard up to three cards from your hand and leave them on the discard pile"; "take cards
    from the main deck as needed until you have 6 in your hand"."""
    state = table(SIX, OTHER_SIX)
    state, _ = play(state, (0, DiscardCard(UP)), (0, DiscardCard(C.PUG_DE_PICAS)))
    assert state.discard[-2:] == (UP, C.PUG_DE_PICAS)
    assert GAME.pending(state)[0].label == "discard another card or end your turn"
    top = state.deck[:3]
    state, events = play(state, (0, DiscardCard(C.GALGO_TRILERO)))  # the third ends the turn
    assert events[1:3] == [TurnEnded(seat=0), CardsDrawn(seat=0, count=3, cards=top)]
    assert len(state.players[0].hand) == HAND_SIZE and state.turn.seat == 1


def test_ruling_a_turn_play_pass_or_discard():
    state = table(SIX, OTHER_SIX, collections=[(), (P.HAM,)])
    state, _ = played_out(state, 0, Steal(ref(1, P.HAM)), PayWith((GAMBLER,)))
    assert not any(isinstance(c, DiscardCard) for c in GAME.legal_commands(state, 0))
    then_refused(state, 0, DiscardCard(UP), "caninos/cannot_discard")


def test_ruling_end_of_turn_and_the_six_card_limit():
    """Rulebook: "You complete your hand only at the end of your turn. You may never have more
    than six cards"."""
    state = table(SIX, OTHER_SIX, collections=[(), (P.HAM,)])
    state, events = played_out(state, 0, Steal(ref(1, P.HAM)), PayWith((GAMBLER,)), EndTurn())
    assert events_of(events, CardsDrawn) == [
        CardsDrawn(seat=0, count=1, cards=events_of(events, CardsDrawn)[0].cards)
    ]
    assert all(len(player.hand) <= HAND_SIZE for player in state.players)


def test_ruling_a_turn_ends():
    """Ruling "A turn ends": once the steal and every trick allowed are used (public facts), the
    turn ends without a command; never because of which cards the seat holds."""
    state = table(SIX, OTHER_SIX, collections=[(P.HAM,), (P.CHEESE,)])
    state, _ = played_out(state, 0, Steal(ref(1, P.CHEESE)), PayWith((GAMBLER,)))
    assert state.turn.seat == 0  # a trick is still allowed, whatever it holds
    state, _ = play(state, (0, PerformTrick(UP, Trick.TOPPING)), (0, ChooseSlice(ref(0, P.HAM))))
    state, more = play(state, (1, Decline()))
    assert TurnEnded(seat=0) in more and state.turn.seat == 1


def test_ruling_a_round_of_passes():
    """Ruling "A round of passes" (a house rule, off by default): "The game continues until someone
    wins", so a round in which every seat passes ends nothing unless the house rule is chosen."""
    collections = [(P.HAM, P.CHEESE), (P.BLACK_OLIVES,)]
    state = table(SIX, OTHER_SIX, collections=collections)
    state, events = play(state, (0, EndTurn()), (1, EndTurn()), (0, EndTurn()))
    assert not events_of(events, RoundPassed) and GAME.outcome(state) is None
    options = Options(round_of_passes=True)
    assert in_force(options) == (
        "house rule: a round in which every seat passes ends the game, the most points winning",
    )
    state = table(SIX, OTHER_SIX, collections=collections, options=options)
    state, events = play(state, (0, EndTurn()), (1, EndTurn()))
    assert events[-1] == RoundPassed()
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == (12, 6)
    assert "passed a whole round" in outcome.reason


def test_a_discard_breaks_a_round_of_passes():
    state = table(SIX, OTHER_SIX, options=Options(round_of_passes=True))
    state, events = play(state, (0, EndTurn()), (1, DiscardCard(QUIETO)), (1, EndTurn()), (0, EndTurn()))
    assert not events_of(events, RoundPassed) and GAME.outcome(state) is None
    assert events_of(events, CardDiscarded)


def test_ruling_used_cards_lie_before_the_player_until_its_turn_ends():
    """Ruling "Used cards lie before the player until its turn ends": "When you finish playing,
    leave all used or inactive cards face up in the discard pile"."""
    from caninos_support import played_out, ref
    from kennel.domain.caninos.commands import PayWith, Steal

    state = table((GAMBLER, UP), (QUIETO,), collections=[(), (P.HAM,)])
    state, _ = played_out(state, 0, Steal(ref(1, P.HAM)), PayWith((GAMBLER,)))
    assert state.turn.played == (GAMBLER,) and GAMBLER not in state.discard
    state, events = play(state, (0, EndTurn()))
    assert TurnEnded(seat=0) in events and GAMBLER in state.discard


def test_ruling_forced_moves():
    """Ruling "Forced moves": a choice with a single public option is taken for the seat (a
    topping's only slice); the cards it pays with never are."""
    from kennel.domain.caninos.commands import PerformTrick
    from caninos_support import ref
    from kennel.domain.caninos.events import PlayMade, SliceChosen, TrickDeclared

    state = table((UP, GAMBLER), (QUIETO,), collections=[(P.HAM,), ()])
    state, events = play(state, (0, PerformTrick(UP, Trick.TOPPING)))
    assert [type(event) for event in events[:3]] == [TrickDeclared, SliceChosen, PlayMade]
    assert events[1] == SliceChosen(seat=0, slice=ref(0, P.HAM))
