"""Rulebook "To win" and the two endings when the main deck runs out (a game option); the ruling
"When the main deck runs out" (docs/rules/caninos.md)."""

from caninos_support import (
    GAMBLER,
    GAME,
    GLUTTON,
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
)
from kennel.domain.caninos.commands import DiscardCard, EndTurn, PayWith, Steal
from kennel.domain.caninos.events import DeckRanOut, DiscardShuffled, SliceStolen
from kennel.domain.caninos.options import DeckRunsOut, Options
from kennel.domain.caninos.state import Slice
from kennel.domain.core.frozen import replaced
from kennel.domain.core.house_rules import in_force

SIX = (C.GALGO_TRILERO, C.CANICHE_CRUPIER, C.DOBERMAN_FAROLERO, C.PUG_DE_PICAS, C.SETTER_SUERTUDO, UP)
OTHER_SIX = (C.HUSKY_BURSATIL, C.SAMOYEDO_ESPECULADOR, C.AKITA_ACCIONISTA, C.TERRIER_TIBURON, QUIETO, RACCOON)


def test_ruling_winning():
    """Rulebook: "be the first to get at least 50 points in pizza cards, taking into account any Modifier
    Toppings in play": checked as soon as a play resolves, in the middle of a turn."""
    rich = (
        P.TOMATO_AND_HAM,
        P.BACON_AND_SPINACH,
        P.BELL_PEPPER_AND_ONION,
        P.CHEESE_AND_JALAPENOS,
        Slice(P.HAM, topping=C.ALCAPARRAS),
    )
    state = table((GAMBLER, GLUTTON), OTHER_SIX, collections=[rich, (P.CHEESE,)])
    assert state.players[0].points == 49 and GAME.outcome(state) is None
    state, events = played_out(state, 0, Steal(ref(1, P.CHEESE)), PayWith((GAMBLER,)))
    assert events[-1] == SliceStolen(thief=0, slice=ref(1, P.CHEESE), mini_deck=None, topping_lost=False)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == (55, 0)
    assert outcome.reason == "Seat 0 reached 55 points."
    assert GAME.pending(state) == () and GAME.legal_commands(state, 0) == ()


def test_with_most_points_the_game_ends_when_the_deck_runs_out():
    """Rulebook: "If the main deck runs out before anyone reaches 50 points, the player with the
    most points wins"."""
    state = table(SIX, OTHER_SIX, collections=[(P.HAM,), (P.CHEESE, P.BLACK_OLIVES)], deck=(C.TANUKI,))
    state, events = play(state, (0, DiscardCard(UP)), (0, EndTurn()))
    assert events[-1] == DeckRanOut()
    outcome = GAME.outcome(state)
    assert outcome.winners == (1,) and outcome.scores == (6, 12) and "ran out" in outcome.reason


def test_a_tie_for_most_points_shares_the_win():
    state = table(SIX, OTHER_SIX, collections=[(P.HAM,), (P.CHEESE,)], deck=(C.TANUKI,))
    state, _ = play(state, (0, DiscardCard(UP)), (0, EndTurn()))
    assert GAME.outcome(state).winners == (0, 1)


def test_with_reshuffle_the_discard_pile_becomes_the_deck():
    """Rulebook: "shuffle the discard pile, turn it over, and keep playing until someone wins"."""
    options = Options(DeckRunsOut.RESHUFFLE, reshuffle_limit=1)
    state = table(SIX, OTHER_SIX, deck=(C.TANUKI,), options=options)
    pile = len(state.discard)
    state, events = play(state, (0, DiscardCard(UP)), (0, DiscardCard(C.PUG_DE_PICAS)), (0, EndTurn()))
    (shuffled,) = events_of(events, DiscardShuffled)
    assert shuffled.count == len(shuffled.deck) == pile + 2  # the pile, with the two just discarded
    assert GAME.outcome(state) is None and state.reshuffles == 1 and len(state.players[0].hand) == 6
    assert not events_of(events, DeckRanOut)


def test_ruling_a_reshuffle_limit():
    """Ruling "A reshuffle limit" (a house rule): once the discard pile has become the deck
    `reshuffle_limit` times, the deck running out ends the game as with MOST_POINTS."""
    options = Options(DeckRunsOut.RESHUFFLE, reshuffle_limit=1)
    state = replaced(table(SIX, OTHER_SIX, deck=(C.TANUKI,), options=options), reshuffles=1)
    state, events = play(state, (0, DiscardCard(UP)), (0, EndTurn()))
    assert events[-1] == DeckRanOut() and GAME.outcome(state) is not None
    assert in_force(options) == (
        "house rule: the discard pile becomes the main deck at most 1 times, then the deck running "
        "out ends the game",
    )


def test_ruling_when_the_main_deck_runs_out():
    """Ruling "When the main deck runs out": with RESHUFFLE and no house rule, "keep playing until
    someone wins": the discard pile becomes the deck however often it is needed."""
    options = Options(DeckRunsOut.RESHUFFLE)
    assert options.reshuffle_limit == 0 and in_force(options) == ()
    state = replaced(table(SIX, OTHER_SIX, deck=(C.TANUKI,), options=options), reshuffles=20)
    state, events = play(state, (0, DiscardCard(UP)), (0, DiscardCard(C.PUG_DE_PICAS)), (0, EndTurn()))
    assert events_of(events, DiscardShuffled) and not events_of(events, DeckRanOut)
    assert GAME.outcome(state) is None and state.reshuffles == 21
    # The default ending is the rulebook's first: the most points win once the deck runs out.
    assert Options().deck_runs_out is DeckRunsOut.MOST_POINTS
