"""Rulebook "Goal of the Game" and "Beaver" (the tie-break), and the ruling "The nut deck runs
out" (docs/rules/hoarders.md)."""

from hoarders_support import (
    ACORN,
    BEAVER,
    GAME,
    GROUNDHOG,
    HAMSTER,
    HAZELNUT,
    PEANUT,
    RACCOON,
    SQUIRREL,
    SUNFLOWER_SEED,
    WALNUT,
    after,
    given,
    opening,
    picks,
    then_refused,
    when,
)
from kennel.domain.core.rules import Outcome
from kennel.domain.hoarders.commands import AllowTheft, PickCritters, RevealCritter
from kennel.domain.hoarders.events import CritterRevealed, DrawMissed, NutDrawn, NutStolen, RoundEnded

FOUR_WALNUTS = (WALNUT, WALNUT, WALNUT, WALNUT)


def test_five_identical_nuts_win_at_once():
    """Goal of the Game: "The winner is the first player to get five identical nut cards ...
    The game ends immediately"."""
    state = given(
        opening(FOUR_WALNUTS, (ACORN,), deck=(WALNUT, PEANUT)),
        picks((SQUIRREL, RACCOON), (SQUIRREL, RACCOON)),
    )
    assert GAME.outcome(state) is None
    assert when(state, 0, RevealCritter(SQUIRREL)) == [
        CritterRevealed(seat=0, critter=SQUIRREL),
        NutDrawn(seat=0, nut=WALNUT),
    ]
    state = after(state, 0, RevealCritter(SQUIRREL))
    assert GAME.outcome(state) == Outcome(winners=(0,), scores=(5, 1), reason="Seat 0 gathered five walnuts.")
    assert GAME.pending(state) == () and GAME.legal_commands(state, 1) == ()
    then_refused(state, 1, RevealCritter(SQUIRREL), "hoarders/game_over")


def test_a_stolen_fifth_nut_wins_too():
    """Goal of the Game: five identical nuts "in their nut card collection", however they came."""
    state = given(opening(FOUR_WALNUTS, (WALNUT, ACORN)), picks((SQUIRREL, RACCOON), (SQUIRREL, GROUNDHOG)))
    state = after(state, 0, RevealCritter(RACCOON, victim=1, nut=WALNUT))
    assert when(state, 1, AllowTheft()) == [NutStolen(thief=0, victim=1, nut=WALNUT)]
    assert GAME.outcome(after(state, 1, AllowTheft())).winners == (0,)


def test_ruling_several_beavers_who_draws_first():
    """Beaver: "If this results in several players getting their fifth identical nut cards on
    the same turn, the winner is the closest to the crown, in turn order"."""
    table = opening((), (), FOUR_WALNUTS, FOUR_WALNUTS, deck=(PEANUT, WALNUT, WALNUT, ACORN), crown=3)
    state = given(
        table, picks((BEAVER, SQUIRREL), (BEAVER, SQUIRREL), (SQUIRREL, RACCOON), (SQUIRREL, RACCOON))
    )
    state = after(state, 3, RevealCritter(SQUIRREL))  # draws the peanut
    events = when(state, 0, RevealCritter(BEAVER))
    assert events[-2:] == [NutDrawn(seat=3, nut=WALNUT), NutDrawn(seat=2, nut=WALNUT)]
    outcome = GAME.outcome(after(state, 0, RevealCritter(BEAVER)))
    assert outcome is not None and outcome.winners == (3,) and outcome.scores == (0, 0, 5, 5)


def test_a_draw_from_an_empty_deck_is_missed_and_the_round_goes_on():
    """Ruling "The nut deck runs out": the owed nut is missed; the round is played to its end."""
    state = given(
        opening((WALNUT,), (ACORN,), deck=(PEANUT,)), picks((SQUIRREL, GROUNDHOG), (SQUIRREL, RACCOON))
    )
    state = after(state, 0, RevealCritter(SQUIRREL))
    assert state.deck == ()
    assert when(state, 1, RevealCritter(SQUIRREL)) == [
        CritterRevealed(seat=1, critter=SQUIRREL),
        DrawMissed(seat=1),
    ]
    state = after(state, 1, RevealCritter(SQUIRREL))
    assert GAME.outcome(state) is None
    state = after(state, 0, RevealCritter(GROUNDHOG))
    assert GAME.outcome(state) is None and state.seat_in_turn == 1


def test_ruling_the_nut_deck_runs_out():
    """Ruling "The nut deck runs out": no new round starts; most identical nuts wins."""
    table = opening((WALNUT, HAZELNUT), (ACORN, ACORN, PEANUT), deck=(SUNFLOWER_SEED,))
    state = given(table, picks((SQUIRREL, GROUNDHOG), (SQUIRREL, GROUNDHOG)))
    for seat, critter in [(0, SQUIRREL), (1, SQUIRREL), (0, GROUNDHOG)]:
        state = after(state, seat, RevealCritter(critter))
    assert when(state, 1, RevealCritter(GROUNDHOG))[-1] == RoundEnded(round=1)
    state = after(state, 1, RevealCritter(GROUNDHOG))
    assert GAME.outcome(state) == Outcome(
        winners=(1,), scores=(1, 2), reason="The nut deck ran out; seat 1 holds the most identical nuts (2)."
    )
    then_refused(state, 0, PickCritters((SQUIRREL, RACCOON)), "hoarders/game_over")


def test_when_the_deck_runs_out_a_tie_goes_to_the_seat_closest_to_the_crown():
    """Ruling "The nut deck runs out": ties go to the seat closest to the crown, as in "Beaver"."""
    table = opening((WALNUT, WALNUT), (ACORN, ACORN), deck=(), crown=1)
    state = given(table, picks((SQUIRREL, GROUNDHOG), (SQUIRREL, GROUNDHOG)))
    for seat, critter in [(1, SQUIRREL), (0, SQUIRREL), (1, GROUNDHOG), (0, GROUNDHOG)]:
        state = after(state, seat, RevealCritter(critter))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (1,) and outcome.scores == (2, 2)


def test_ruling_when_the_game_is_won():
    """Ruling "When the game is won": "The game ends immediately and that player wins the game",
    so a lone Beaver stops drawing at the fifth identical nut: no score of 6, no record after."""
    state = given(
        opening(FOUR_WALNUTS, (ACORN,), deck=(WALNUT, WALNUT, HAZELNUT, PEANUT)),
        picks((BEAVER, SQUIRREL), (SQUIRREL, RACCOON)),
    )
    assert when(state, 0, RevealCritter(BEAVER)) == [
        CritterRevealed(seat=0, critter=BEAVER),
        NutDrawn(seat=0, nut=WALNUT),
    ]
    state = after(state, 0, RevealCritter(BEAVER))
    assert state.deck == (WALNUT, HAZELNUT, PEANUT)
    assert GAME.outcome(state) == Outcome(winners=(0,), scores=(5, 1), reason="Seat 0 gathered five walnuts.")
    assert GAME.pending(state) == ()


def test_a_lone_beaver_that_wins_on_its_second_draw_makes_no_third():
    """Ruling "When the game is won": the win is checked after every single draw."""
    state = given(
        opening((WALNUT, WALNUT, WALNUT), (ACORN,), deck=(WALNUT, WALNUT, WALNUT)),
        picks((BEAVER, SQUIRREL), (SQUIRREL, RACCOON)),
    )
    assert when(state, 0, RevealCritter(BEAVER))[1:] == [NutDrawn(seat=0, nut=WALNUT)] * 2
    assert GAME.outcome(after(state, 0, RevealCritter(BEAVER))).scores == (5, 1)


def test_ruling_a_game_where_nobody_draws():
    """Ruling "A game where nobody draws": a round with no draw leaves the deck as it was, and
    the next round ("a new turn starts") begins all the same: no rule of ours ends the game."""
    state = given(opening((WALNUT,), (ACORN,), deck=(PEANUT,)), picks((RACCOON, HAMSTER), (RACCOON, HAMSTER)))
    state = after(state, 0, RevealCritter(RACCOON, victim=1, nut=ACORN))
    state = after(state, 1, AllowTheft())
    events = when(state, 1, RevealCritter(RACCOON, victim=0, nut=WALNUT))
    state = after(state, 1, RevealCritter(RACCOON, victim=0, nut=WALNUT))
    state = after(state, 0, AllowTheft())
    # Both seats are left with a last Hamster, revealed for them; the round ends, the next starts.
    assert events[0] == CritterRevealed(seat=1, critter=RACCOON)
    assert state.deck == (PEANUT,) and state.round == 2
    assert GAME.outcome(state) is None
    assert {prompt.seat for prompt in GAME.pending(state)} == {0, 1}
