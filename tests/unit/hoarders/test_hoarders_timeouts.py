"""Ruling "Timeouts" (docs/rules/hoarders.md): what the rules do for a seat whose prompt ran out
of time on a table with turn timers."""

from hoarders_support import (
    ACORN,
    GAME,
    GROUNDHOG,
    HAZELNUT,
    PEANUT,
    RACCOON,
    SQUIRREL,
    WALNUT,
    after,
    given,
    opening,
    picks,
)
from kennel.domain.core.rng import Rng, seed_from_text
from kennel.domain.hoarders.commands import AllowTheft, PickCritters, RevealCritter

RNG = Rng(seed_from_text("hoarders timeouts"), 0)
TABLE = opening((WALNUT, HAZELNUT, ACORN), (ACORN, ACORN, PEANUT), deck=(PEANUT, WALNUT))


def test_ruling_timeouts():
    """Game Play: "Each player secretly picks two of their critter cards"; the default is the
    first pair in rulebook order (Squirrel, Raccoon), whatever the others picked."""
    state = given(TABLE)
    assert GAME.timeout_command(state, 1, RNG) == PickCritters((SQUIRREL, RACCOON))


def test_a_turn_not_taken_in_time_reveals_the_first_face_down_critter_in_rulebook_order():
    """Game Play: "the person with the crown must reveal one of their face down critters"; a
    Raccoon ("Pick a player and steal one of the nut cards") takes the first victim and nut listed."""
    state = given(TABLE, picks((RACCOON, GROUNDHOG), (SQUIRREL, GROUNDHOG)))
    assert GAME.timeout_command(state, 0, RNG) == RevealCritter(RACCOON, victim=1, nut=ACORN)
    state = after(after(state, 0, RevealCritter(RACCOON, victim=1, nut=ACORN)), 1, AllowTheft())
    assert GAME.timeout_command(state, 1, RNG) == RevealCritter(SQUIRREL)


def test_a_theft_not_answered_in_time_goes_ahead():
    """Hamster: the victim "can reveal it to cancel the theft": a choice, so silence lets it be."""
    state = after(given(TABLE, picks((RACCOON, SQUIRREL), (SQUIRREL, RACCOON))), 0, RevealCritter(RACCOON, 1, ACORN))
    assert GAME.timeout_command(state, 1, RNG) == AllowTheft()
