"""Rulebook "Hamster", and the rulings "Who is asked about a theft" and "A Hamster against a
Groundhog's theft" (docs/rules/hoarders.md)."""

from hoarders_support import (
    ACORN,
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
from kennel.domain.core.rules import Prompt, PromptKind
from kennel.domain.hoarders.commands import AllowTheft, CancelTheft, RevealCritter
from kennel.domain.hoarders.events import (
    CritterRevealed,
    NutDrawn,
    NutStolen,
    RoundEnded,
    RoundStarted,
    TheftCancelled,
)

TABLE = opening(
    (WALNUT, HAZELNUT, ACORN),
    (ACORN, ACORN, PEANUT),
    (HAZELNUT, SUNFLOWER_SEED, ACORN),
    deck=(PEANUT, WALNUT),
)
STEAL_ACORN_FROM_1 = RevealCritter(RACCOON, victim=1, nut=ACORN)


def test_ruling_who_is_asked_about_a_theft():
    """Ruling "Who is asked about a theft": every victim with a face-down critter is asked, so
    that being asked tells nobody whether it holds a Hamster."""
    state = after(
        given(TABLE, picks((RACCOON, SQUIRREL), (SQUIRREL, GROUNDHOG), (SQUIRREL, RACCOON))),
        0,
        STEAL_ACORN_FROM_1,
    )
    assert GAME.pending(state) == (
        Prompt(1, PromptKind.REACTION, "answer seat 0's theft of one of your acorns"),
    )
    assert GAME.legal_commands(state, 1) == (AllowTheft(),)
    then_refused(state, 1, CancelTheft(), "hoarders/no_hamster")


def test_a_face_down_hamster_cancels_the_theft_and_stays_face_up():
    """Hamster: "reveal it to cancel the theft: the opponent's Raccoon card remains revealed and
    has no effect, and the Hamster card remains face up"."""
    state = after(
        given(TABLE, picks((RACCOON, SQUIRREL), (SQUIRREL, HAMSTER), (SQUIRREL, RACCOON))),
        0,
        STEAL_ACORN_FROM_1,
    )
    assert GAME.legal_commands(state, 1) == (AllowTheft(), CancelTheft())
    assert when(state, 1, CancelTheft()) == [TheftCancelled(thief=0, victim=1)]
    state = after(state, 1, CancelTheft())
    assert state.hoards[1].revealed == (HAMSTER,) and state.hoards[1].face_down == (SQUIRREL,)
    assert state.hoards[0].revealed == (RACCOON,)
    assert state.hoards[0].nuts == (WALNUT, HAZELNUT, ACORN) and state.hoards[1].nuts == (
        ACORN,
        ACORN,
        PEANUT,
    )
    assert state.seat_in_turn == 1


def test_ruling_a_hamster_cancels_once_per_round():
    """Hamster: "cannot be used to cancel further thieving attempts this turn"."""
    table = opening((WALNUT, HAZELNUT), (ACORN, PEANUT), (HAZELNUT, ACORN))
    state = given(table, picks((RACCOON, SQUIRREL), (SQUIRREL, RACCOON), (SQUIRREL, HAMSTER)))
    state = after(state, 0, RevealCritter(RACCOON, victim=2, nut=ACORN))
    state = after(state, 2, CancelTheft())
    state = after(state, 1, RevealCritter(RACCOON, victim=2, nut=HAZELNUT))
    assert GAME.pending(state)[0].kind is PromptKind.REACTION
    assert GAME.legal_commands(state, 2) == (AllowTheft(),)
    then_refused(state, 2, CancelTheft(), "hoarders/no_hamster")


def test_only_the_victim_answers_a_theft_and_nothing_else_happens_meanwhile():
    """Hamster: the victim, and only the victim, may reveal a Hamster against a theft."""
    state = after(
        given(TABLE, picks((RACCOON, SQUIRREL), (SQUIRREL, HAMSTER), (SQUIRREL, RACCOON))),
        0,
        STEAL_ACORN_FROM_1,
    )
    then_refused(state, 2, AllowTheft(), "hoarders/no_theft_to_answer")
    then_refused(state, 0, RevealCritter(SQUIRREL), "hoarders/theft_pending")
    then_refused(state, 1, RevealCritter(SQUIRREL), "hoarders/theft_pending")


def test_there_is_no_theft_to_answer_when_nobody_steals():
    """Hamster: it answers "when someone tries to steal one of your nut cards"."""
    state = given(TABLE, picks((RACCOON, SQUIRREL), (SQUIRREL, HAMSTER), (SQUIRREL, RACCOON)))
    then_refused(state, 1, CancelTheft(), "hoarders/no_theft_to_answer")


def test_ruling_revealing_a_hamster_on_ones_own_turn():
    """Hamster: revealed on your turn "it has no effect"."""
    state = given(TABLE, picks((HAMSTER, SQUIRREL), (SQUIRREL, HAMSTER), (SQUIRREL, RACCOON)))
    assert when(state, 0, RevealCritter(HAMSTER)) == [CritterRevealed(seat=0, critter=HAMSTER)]


def test_a_last_face_down_hamster_is_revealed_for_its_owner_with_no_effect():
    """Hamster: "If it is your turn to play and you only have your face down Hamster card
    remaining, you must reveal it and it has no effect" (played automatically)."""
    table = opening((WALNUT,), (ACORN,), deck=(PEANUT, HAZELNUT, ACORN, WALNUT))
    state = given(table, picks((SQUIRREL, GROUNDHOG), (SQUIRREL, HAMSTER)))
    state = after(state, 0, RevealCritter(SQUIRREL))
    state = after(state, 1, RevealCritter(SQUIRREL))
    assert when(state, 0, RevealCritter(GROUNDHOG)) == [
        CritterRevealed(seat=0, critter=GROUNDHOG),
        NutDrawn(seat=0, nut=ACORN),
        CritterRevealed(seat=1, critter=HAMSTER),
        RoundEnded(round=1),
        RoundStarted(round=2, crown=1),
    ]


def test_ruling_a_hamster_against_a_groundhogs_theft():
    """Ruling "A Hamster against a Groundhog's theft": it is a thieving attempt like any other."""
    state = given(TABLE, picks((RACCOON, GROUNDHOG), (SQUIRREL, HAMSTER), (SQUIRREL, RACCOON)))
    state = after(state, 0, RevealCritter(GROUNDHOG, victim=1, nut=PEANUT))
    assert state.theft is not None and state.theft.victim == 1
    assert when(state, 1, CancelTheft()) == [TheftCancelled(thief=0, victim=1)]


def test_an_allowed_theft_takes_the_nut():
    """Hamster: a victim may keep its Hamster face down and let the theft happen."""
    state = after(
        given(TABLE, picks((RACCOON, SQUIRREL), (SQUIRREL, HAMSTER), (SQUIRREL, RACCOON))),
        0,
        STEAL_ACORN_FROM_1,
    )
    assert when(state, 1, AllowTheft()) == [NutStolen(thief=0, victim=1, nut=ACORN)]
    assert after(state, 1, AllowTheft()).hoards[1].face_down == (SQUIRREL, HAMSTER)
