"""Rulebook "Beaver", and the ruling "A Beaver turned up on another seat's turn"
(docs/rules/hoarders.md)."""

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
    when,
)
from kennel.domain.core.rules import Prompt, PromptKind
from kennel.domain.hoarders.commands import RevealCritter
from kennel.domain.hoarders.events import BeaversRevealed, CritterRevealed, NutDrawn

FOUR_SEATS = opening(
    (WALNUT,), (HAZELNUT,), (ACORN,), (PEANUT,), deck=(PEANUT, WALNUT, ACORN, HAZELNUT, SUNFLOWER_SEED)
)


def test_a_lone_beaver_draws_three_nuts():
    """Beaver: "If only one player played a Beaver this turn, he gets to draw three cards"."""
    state = given(FOUR_SEATS, picks((BEAVER, SQUIRREL), *[(SQUIRREL, RACCOON)] * 3))
    assert when(state, 0, RevealCritter(BEAVER)) == [
        CritterRevealed(seat=0, critter=BEAVER),
        NutDrawn(seat=0, nut=PEANUT),
        NutDrawn(seat=0, nut=WALNUT),
        NutDrawn(seat=0, nut=ACORN),
    ]


def test_a_beaver_turns_every_other_beaver_face_up_and_the_others_draw_one_each():
    """Beaver: "all players who played a Beaver must reveal theirs ... every player who did NOT
    play a Beaver card draws one nut card", in turn order from the crown."""
    state = given(
        FOUR_SEATS,
        picks((SQUIRREL, GROUNDHOG), (BEAVER, SQUIRREL), (SQUIRREL, GROUNDHOG), (BEAVER, SQUIRREL)),
    )
    state = after(state, 0, RevealCritter(SQUIRREL))
    assert when(state, 1, RevealCritter(BEAVER)) == [
        CritterRevealed(seat=1, critter=BEAVER),
        BeaversRevealed(seats=(3,)),
        NutDrawn(seat=0, nut=WALNUT),
        NutDrawn(seat=2, nut=ACORN),
    ]
    state = after(state, 1, RevealCritter(BEAVER))
    assert state.hoards[3].revealed == (BEAVER,) and state.hoards[3].face_down == (SQUIRREL,)


def test_ruling_a_beaver_turned_up_on_another_seats_turn():
    """Ruling "A Beaver turned up on another seat's turn": it counts as played; on its own turn
    the seat reveals its other critter."""
    state = given(
        FOUR_SEATS, picks((SQUIRREL, GROUNDHOG), (BEAVER, SQUIRREL), (SQUIRREL, GROUNDHOG), (BEAVER, RACCOON))
    )
    for seat, critter in [(0, SQUIRREL), (1, BEAVER), (2, SQUIRREL)]:
        state = after(state, seat, RevealCritter(critter))
    assert GAME.pending(state) == (Prompt(3, PromptKind.TURN, "reveal a critter"),)
    assert {command.critter for command in GAME.legal_commands(state, 3)} == {RACCOON}


def test_a_beaver_turned_up_early_leaves_a_last_hamster_to_be_revealed_for_its_owner():
    """Ruling "A Beaver turned up on another seat's turn", with Hamster: "you only have your face
    down Hamster card remaining, you must reveal it"."""
    state = given(
        FOUR_SEATS, picks((SQUIRREL, GROUNDHOG), (BEAVER, SQUIRREL), (SQUIRREL, GROUNDHOG), (BEAVER, HAMSTER))
    )
    state = after(state, 0, RevealCritter(SQUIRREL))
    state = after(state, 1, RevealCritter(BEAVER))
    assert when(state, 2, RevealCritter(SQUIRREL))[-1] == CritterRevealed(seat=3, critter=HAMSTER)
