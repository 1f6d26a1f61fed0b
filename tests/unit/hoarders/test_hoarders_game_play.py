"""Rulebook "Game Play": secret picks, reveals from the crown clockwise twice around, passing,
and the end of a round."""

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
from kennel.domain.core.rules import Prompt, PromptKind
from kennel.domain.hoarders.cards import CRITTER_SET, Nut
from kennel.domain.hoarders.commands import CancelTheft, PickCritters, RevealCritter
from kennel.domain.hoarders.events import (
    CritterRevealed,
    CrittersPicked,
    NutDrawn,
    RoundEnded,
    RoundStarted,
    TheftCancelled,
    TurnPassed,
)

THREE_SEATS = opening((WALNUT, HAZELNUT, ACORN), (ACORN, PEANUT, WALNUT), (HAZELNUT, SUNFLOWER_SEED, ACORN))
TWO_SEATS = opening((WALNUT, HAZELNUT, ACORN), (ACORN, PEANUT, WALNUT))


def test_every_seat_picks_two_critters_secretly_and_at_once():
    """Game Play: "Each player secretly picks two of their critter cards"."""
    assert GAME.pending(given(THREE_SEATS)) == tuple(
        Prompt(seat, PromptKind.SECRET_CHOICE, "pick two critters") for seat in range(3)
    )


def test_picking_places_two_critters_face_down():
    """Game Play: "... and places them face down in front of themselves"."""
    state = given(THREE_SEATS)
    assert when(state, 1, PickCritters((SQUIRREL, BEAVER))) == [
        CrittersPicked(seat=1, critters=(SQUIRREL, BEAVER))
    ]
    state = after(state, 1, PickCritters((SQUIRREL, BEAVER)))
    assert [prompt.seat for prompt in GAME.pending(state)] == [0, 2]
    assert state.hoards[1].face_down == (SQUIRREL, BEAVER)
    assert state.hoards[1].hand == (RACCOON, HAMSTER, GROUNDHOG)


def test_ruling_one_spelling_per_pick():
    """Game Play: "two of their critter cards"; ruling "One spelling per pick"."""
    state = given(THREE_SEATS)
    for critters in [
        (SQUIRREL,),
        (SQUIRREL, SQUIRREL),
        (RACCOON, SQUIRREL),
        (SQUIRREL, RACCOON, HAMSTER),
        (),
    ]:
        then_refused(state, 0, PickCritters(critters), "hoarders/bad_pick")


def test_a_seat_picks_once_a_round():
    """Game Play: each player picks two critters per round."""
    state = given(THREE_SEATS, picks((SQUIRREL, RACCOON)))
    then_refused(state, 0, PickCritters((HAMSTER, BEAVER)), "hoarders/already_picked")


def test_nobody_reveals_before_everyone_has_picked():
    """Game Play: "Once everyone has put down their two critters, the person with the crown must reveal"."""
    state = given(THREE_SEATS, picks((SQUIRREL, RACCOON), (SQUIRREL, RACCOON)))
    then_refused(state, 0, RevealCritter(SQUIRREL), "hoarders/not_revealing")


def test_once_everyone_has_picked_the_crown_reveals_first():
    """Game Play: "the person with the crown must reveal one of their face down critters"."""
    events = opening((WALNUT,), (ACORN,), (PEANUT,), crown=1)
    state = given(events, picks((SQUIRREL, RACCOON), (SQUIRREL, RACCOON)))
    state = after(state, 2, PickCritters((SQUIRREL, GROUNDHOG)))
    assert GAME.pending(state) == (Prompt(1, PromptKind.TURN, "reveal a critter"),)
    then_refused(state, 0, RevealCritter(SQUIRREL), "hoarders/not_your_turn")
    then_refused(state, 1, PickCritters((HAMSTER, BEAVER)), "hoarders/not_picking")


def test_a_seat_reveals_only_a_face_down_critter_of_its_own():
    """Game Play: "reveal one of their face down critters"."""
    state = given(THREE_SEATS, picks((SQUIRREL, RACCOON), (SQUIRREL, RACCOON), (SQUIRREL, RACCOON)))
    then_refused(state, 0, RevealCritter(BEAVER), "hoarders/no_such_critter")


def test_reveals_go_clockwise_from_the_crown_twice_around():
    """Game Play: "Play proceeds clockwise ... The turn will go around the table twice"."""
    state = given(THREE_SEATS, picks(*[(SQUIRREL, GROUNDHOG)] * 3))
    turns = []
    for critter in (SQUIRREL, SQUIRREL, SQUIRREL, GROUNDHOG, GROUNDHOG):
        seat = state.seat_in_turn
        turns.append(seat)
        state = after(state, seat, RevealCritter(critter))
    turns.append(state.seat_in_turn)
    assert turns == [0, 1, 2, 0, 1, 2]


def test_a_seat_with_no_face_down_critter_left_passes():
    """Game Play: "If an action causes a player to have no more face down cards when their turn
    comes they must pass"."""
    state = given(TWO_SEATS, picks((SQUIRREL, RACCOON), (SQUIRREL, HAMSTER)))
    state = after(state, 0, RevealCritter(RACCOON, victim=1, nut=ACORN))
    assert when(state, 1, CancelTheft()) == [TheftCancelled(thief=0, victim=1)]
    state = after(state, 1, CancelTheft())
    state = after(state, 1, RevealCritter(SQUIRREL))
    events = when(state, 0, RevealCritter(SQUIRREL))
    assert events[:3] == [
        CritterRevealed(seat=0, critter=SQUIRREL),
        NutDrawn(seat=0, nut=state.deck[0]),
        TurnPassed(seat=1),
    ]


def test_after_the_round_critters_return_to_hand_and_the_crown_moves_left():
    """Game Play: "each player takes their critter cards back into their hands, the crown is
    moved to the player to the left, and a new turn starts"."""
    state = given(THREE_SEATS, picks(*[(SQUIRREL, GROUNDHOG)] * 3))
    for seat, critter in [(0, SQUIRREL), (1, SQUIRREL), (2, SQUIRREL), (0, GROUNDHOG), (1, GROUNDHOG)]:
        state = after(state, seat, RevealCritter(critter))
    assert when(state, 2, RevealCritter(GROUNDHOG))[-2:] == [
        RoundEnded(round=1),
        RoundStarted(round=2, crown=1),
    ]
    state = after(state, 2, RevealCritter(GROUNDHOG))
    assert all(hoard.hand == CRITTER_SET and not hoard.played for hoard in state.hoards)
    assert [prompt.kind for prompt in GAME.pending(state)] == [PromptKind.SECRET_CHOICE] * 3


def test_the_crown_moves_from_the_last_seat_back_to_seat_0():
    """Game Play: "the crown is moved to the player to the left" (seat numbers grow clockwise)."""
    state = given(
        TWO_SEATS[:-1], [RoundStarted(round=4, crown=1)], picks((SQUIRREL, GROUNDHOG), (SQUIRREL, GROUNDHOG))
    )
    for seat, critter in [(1, SQUIRREL), (0, SQUIRREL), (1, GROUNDHOG)]:
        state = after(state, seat, RevealCritter(critter))
    assert when(state, 0, RevealCritter(GROUNDHOG))[-1] == RoundStarted(round=5, crown=0)


def test_ruling_undo():
    """Ruling "Undo": only a secret pick ("Each player secretly picks two of their critter
    cards") may be taken back; every other event shows something or moves a nut."""
    from kennel.domain.hoarders.events import NutDrawn, NutsShuffled, TheftCancelled

    assert not GAME.reveals(CrittersPicked(seat=0, critters=(SQUIRREL, RACCOON)))
    for event in (
        NutsShuffled(deck=()),
        CritterRevealed(seat=0, critter=SQUIRREL),
        NutDrawn(seat=0, nut=Nut.WALNUT),
        TheftCancelled(thief=0, victim=1),
    ):
        assert GAME.reveals(event), event
