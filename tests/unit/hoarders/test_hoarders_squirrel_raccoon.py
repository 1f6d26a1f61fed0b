"""Rulebook "Squirrel" and "Raccoon", and the rulings "A Raccoon with nobody to rob" and
"Stealing from oneself" (docs/rules/hoarders.md)."""

from hoarders_support import (
    ACORN,
    BEAVER,
    GAME,
    GROUNDHOG,
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
from kennel.domain.core.rules import Prompt, PromptKind
from kennel.domain.hoarders.commands import AllowTheft, RevealCritter
from kennel.domain.hoarders.events import CritterRevealed, NutDrawn, NutStolen, TheftAttempted

TABLE = opening(
    (WALNUT, HAZELNUT, ACORN),
    (ACORN, ACORN, PEANUT),
    (HAZELNUT, SUNFLOWER_SEED, ACORN),
    deck=(PEANUT, WALNUT),
)


def test_squirrel_draws_the_top_nut_card_into_the_collection():
    """Squirrel: "Draw the top nut card from the deck and add it to your collection"."""
    state = given(TABLE, picks(*[(SQUIRREL, RACCOON)] * 3))
    assert when(state, 0, RevealCritter(SQUIRREL)) == [
        CritterRevealed(seat=0, critter=SQUIRREL),
        NutDrawn(seat=0, nut=PEANUT),
    ]
    state = after(state, 0, RevealCritter(SQUIRREL))
    assert PEANUT in state.hoards[0].nuts and state.deck == (WALNUT,)


def test_raccoon_steals_the_named_nut_from_the_named_seat():
    """Raccoon: "Pick a player and steal one of the nut cards from their collection. Add it to yours"."""
    state = given(TABLE, picks(*[(SQUIRREL, RACCOON)] * 3))
    assert when(state, 0, RevealCritter(RACCOON, victim=1, nut=ACORN)) == [
        CritterRevealed(seat=0, critter=RACCOON),
        TheftAttempted(thief=0, victim=1, nut=ACORN),
    ]
    state = after(state, 0, RevealCritter(RACCOON, victim=1, nut=ACORN))
    assert GAME.pending(state) == (
        Prompt(1, PromptKind.REACTION, "answer seat 0's theft of one of your acorns"),
    )
    assert when(state, 1, AllowTheft()) == [NutStolen(thief=0, victim=1, nut=ACORN)]
    state = after(state, 1, AllowTheft())
    assert state.hoards[0].nuts == (WALNUT, HAZELNUT, ACORN, ACORN)
    assert state.hoards[1].nuts == (ACORN, PEANUT)
    assert state.seat_in_turn == 1


def test_raccoon_steals_at_once_from_a_seat_with_no_face_down_critter():
    """Raccoon, with Hamster: a seat with nothing face down cannot hold a Hamster, so it is not asked."""
    two_seats = opening((WALNUT, HAZELNUT, ACORN), (ACORN, ACORN, PEANUT))
    state = given(two_seats, picks((BEAVER, RACCOON), (BEAVER, SQUIRREL)))
    state = after(state, 0, RevealCritter(BEAVER))  # turns seat 1's Beaver face up too
    state = after(state, 1, RevealCritter(SQUIRREL))
    assert when(state, 0, RevealCritter(RACCOON, victim=1, nut=PEANUT))[:3] == [
        CritterRevealed(seat=0, critter=RACCOON),
        TheftAttempted(thief=0, victim=1, nut=PEANUT),
        NutStolen(thief=0, victim=1, nut=PEANUT),
    ]


def test_ruling_stealing_from_oneself():
    """Ruling "Stealing from oneself": "Pick a player" means another player."""
    state = given(TABLE, picks(*[(SQUIRREL, RACCOON)] * 3))
    then_refused(state, 0, RevealCritter(RACCOON, victim=0, nut=WALNUT), "hoarders/bad_victim")


def test_a_raccoon_names_an_existing_seat_holding_the_named_nut():
    """Raccoon: "steal one of the nut cards from their collection"."""
    state = given(TABLE, picks(*[(SQUIRREL, RACCOON)] * 3))
    then_refused(state, 0, RevealCritter(RACCOON), "hoarders/bad_victim")
    then_refused(state, 0, RevealCritter(RACCOON, victim=3, nut=ACORN), "hoarders/bad_victim")
    then_refused(state, 0, RevealCritter(RACCOON, victim=-1, nut=ACORN), "hoarders/bad_victim")
    then_refused(state, 0, RevealCritter(RACCOON, victim=1), "hoarders/bad_nut")
    error = then_refused(state, 0, RevealCritter(RACCOON, victim=1, nut=WALNUT), "hoarders/bad_nut")
    assert error.message == "Seat 1 has no walnut."


def test_ruling_what_a_thief_names():
    """Raccoon: "Pick a player and steal one of the nut cards"."""
    state = given(TABLE, picks(*[(SQUIRREL, RACCOON)] * 3))
    thefts = {(c.victim, c.nut) for c in GAME.legal_commands(state, 0) if c.critter is RACCOON}
    assert thefts == {(1, ACORN), (1, PEANUT), (2, HAZELNUT), (2, SUNFLOWER_SEED), (2, ACORN)}


def test_ruling_a_raccoon_with_nobody_to_rob():
    """Ruling "A Raccoon with nobody to rob": it is revealed and does nothing."""
    state = given(opening((WALNUT, WALNUT), (), ()), picks(*[(SQUIRREL, RACCOON)] * 3))
    assert GAME.legal_commands(state, 0) == (RevealCritter(SQUIRREL), RevealCritter(RACCOON))
    then_refused(state, 0, RevealCritter(RACCOON, victim=1, nut=WALNUT), "hoarders/bad_victim")
    assert when(state, 0, RevealCritter(RACCOON)) == [CritterRevealed(seat=0, critter=RACCOON)]


def test_a_critter_that_does_not_steal_names_no_victim():
    """The Critter Cards: only a Raccoon (or a Groundhog repeating one) steals."""
    state = given(TABLE, picks(*[(SQUIRREL, GROUNDHOG)] * 3))
    then_refused(state, 0, RevealCritter(SQUIRREL, victim=1, nut=ACORN), "hoarders/steals_nothing")
    then_refused(state, 0, RevealCritter(GROUNDHOG, nut=ACORN), "hoarders/steals_nothing")
