"""Rulebook "Groundhog", and the rulings "A Groundhog before its partner", "A Groundhog with a
Hamster" and "A Groundhog after a cancelled Raccoon" (docs/rules/hoarders.md)."""

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
from kennel.domain.hoarders.commands import AllowTheft, CancelTheft, RevealCritter
from kennel.domain.hoarders.events import CritterRevealed, NutDrawn, TheftAttempted

TABLE = opening(
    (WALNUT, HAZELNUT, ACORN),
    (ACORN, ACORN, PEANUT),
    (HAZELNUT, SUNFLOWER_SEED, ACORN),
    deck=(PEANUT, WALNUT, ACORN, HAZELNUT),
)


def test_a_groundhog_repeats_a_squirrel():
    """Groundhog: "repeats the effect of the other card you played this turn"."""
    state = given(TABLE, picks((SQUIRREL, GROUNDHOG), (SQUIRREL, RACCOON), (SQUIRREL, RACCOON)))
    state = after(state, 0, RevealCritter(SQUIRREL))
    state = after(state, 1, RevealCritter(SQUIRREL))
    state = after(state, 2, RevealCritter(SQUIRREL))
    deck_top = state.deck[0]
    assert when(state, 0, RevealCritter(GROUNDHOG)) == [
        CritterRevealed(seat=0, critter=GROUNDHOG),
        NutDrawn(seat=0, nut=deck_top),
    ]


def test_ruling_a_groundhog_before_its_partner():
    """Ruling "A Groundhog before its partner": it repeats the other card's printed effect."""
    state = given(TABLE, picks((SQUIRREL, GROUNDHOG), (SQUIRREL, RACCOON), (SQUIRREL, RACCOON)))
    assert when(state, 0, RevealCritter(GROUNDHOG)) == [
        CritterRevealed(seat=0, critter=GROUNDHOG),
        NutDrawn(seat=0, nut=PEANUT),
    ]


def test_a_groundhog_repeating_a_raccoon_may_rob_another_seat():
    """Groundhog: "If it was a Raccoon, you may target a different player"."""
    state = given(TABLE, picks((RACCOON, GROUNDHOG), (SQUIRREL, HAMSTER), (SQUIRREL, RACCOON)))
    state = after(state, 0, RevealCritter(RACCOON, victim=1, nut=ACORN))
    state = after(state, 1, AllowTheft())
    state = after(state, 1, RevealCritter(SQUIRREL))
    state = after(state, 2, RevealCritter(SQUIRREL))
    victims = {command.victim for command in GAME.legal_commands(state, 0)}
    assert victims == {1, 2}
    assert when(state, 0, RevealCritter(GROUNDHOG, victim=2, nut=SUNFLOWER_SEED)) == [
        CritterRevealed(seat=0, critter=GROUNDHOG),
        TheftAttempted(thief=0, victim=2, nut=SUNFLOWER_SEED),
    ]
    then_refused(state, 0, RevealCritter(GROUNDHOG), "hoarders/bad_victim")


def test_ruling_a_groundhog_after_a_cancelled_raccoon():
    """Ruling "A Groundhog after a cancelled Raccoon": it repeats the effect, not its result."""
    state = given(TABLE, picks((RACCOON, GROUNDHOG), (SQUIRREL, HAMSTER), (SQUIRREL, RACCOON)))
    state = after(state, 0, RevealCritter(RACCOON, victim=1, nut=ACORN))
    state = after(state, 1, CancelTheft())
    state = after(state, 1, RevealCritter(SQUIRREL))
    state = after(state, 2, RevealCritter(SQUIRREL))
    assert when(state, 0, RevealCritter(GROUNDHOG, victim=1, nut=ACORN))[1] == TheftAttempted(
        thief=0, victim=1, nut=ACORN
    )


def test_a_groundhog_after_a_beaver_has_no_effect():
    """Groundhog: "If you played a Beaver first, the Groundhog is revealed and has no effect"."""
    state = given(TABLE, picks((BEAVER, GROUNDHOG), (SQUIRREL, RACCOON), (SQUIRREL, RACCOON)))
    state = after(state, 0, RevealCritter(BEAVER))
    state = after(state, 1, RevealCritter(SQUIRREL))
    state = after(state, 2, RevealCritter(SQUIRREL))
    assert when(state, 0, RevealCritter(GROUNDHOG)) == [CritterRevealed(seat=0, critter=GROUNDHOG)]


def test_ruling_a_groundhog_and_a_beaver():
    """Groundhog: "The Beaver card cannot be repeated" (whichever is revealed first)."""
    state = given(TABLE, picks((BEAVER, GROUNDHOG), (SQUIRREL, RACCOON), (SQUIRREL, RACCOON)))
    assert when(state, 0, RevealCritter(GROUNDHOG)) == [CritterRevealed(seat=0, critter=GROUNDHOG)]
    assert after(state, 0, RevealCritter(GROUNDHOG)).hoards[0].face_down == (BEAVER,)


def test_ruling_a_groundhog_with_a_hamster():
    """Ruling "A Groundhog with a Hamster": a Hamster revealed on its owner's turn has no effect,
    so repeating it has none either."""
    state = given(TABLE, picks((HAMSTER, GROUNDHOG), (SQUIRREL, RACCOON), (SQUIRREL, RACCOON)))
    assert when(state, 0, RevealCritter(GROUNDHOG)) == [CritterRevealed(seat=0, critter=GROUNDHOG)]
    then_refused(state, 0, RevealCritter(GROUNDHOG, victim=1, nut=ACORN), "hoarders/steals_nothing")
