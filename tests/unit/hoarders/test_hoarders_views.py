"""What each seat sees (design.md "Hidden information"): collections are face up, picks and the
deck order are secret."""

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
    WALNUT,
    after,
    given,
    opening,
    picks,
)
from kennel.domain.hoarders.commands import RevealCritter
from kennel.domain.hoarders.events import CrittersPicked, NutDrawn, NutsShuffled
from kennel.domain.hoarders.state import Phase, Theft
from kennel.domain.hoarders.views import SeatView

TABLE = opening((WALNUT, HAZELNUT, ACORN), (ACORN, ACORN, PEANUT), deck=(PEANUT, WALNUT, ACORN))


def test_a_seat_sees_its_own_critters_and_only_counts_of_the_others():
    """Game Play: critters are picked "secretly" and placed "face down"."""
    state = given(TABLE, picks((SQUIRREL, RACCOON), (HAMSTER, BEAVER)))
    mine = GAME.view(state, 0)
    assert (
        mine.viewer == 0
        and mine.face_down == (SQUIRREL, RACCOON)
        and mine.hand == (HAMSTER, GROUNDHOG, BEAVER)
    )
    assert mine.seats[1] == SeatView(seat=1, nuts=(ACORN, ACORN, PEANUT), face_down=2, revealed=())
    assert GAME.view(state, 1).face_down == (HAMSTER, BEAVER)


def test_a_spectator_sees_only_what_is_public():
    """design.md: viewer None is the public view."""
    state = given(TABLE, picks((SQUIRREL, RACCOON), (HAMSTER, BEAVER)))
    public = GAME.view(state, None)
    assert public.viewer is None and public.hand == () and public.face_down == ()
    assert public.phase is Phase.REVEALING and public.turn == 0 and public.crown == 0 and public.round == 1
    assert public.deck_size == 3


def test_a_waiting_theft_and_revealed_critters_are_public():
    """Raccoon and Hamster: a theft and its answer happen in the open."""
    state = given(TABLE, picks((SQUIRREL, RACCOON), (HAMSTER, BEAVER)))
    state = after(state, 0, RevealCritter(RACCOON, victim=1, nut=ACORN))
    public = GAME.view(state, None)
    assert public.theft == Theft(thief=0, victim=1, nut=ACORN) and public.turn == 0
    assert public.seats[0].revealed == (RACCOON,) and public.seats[0].face_down == 1


def test_picks_are_hidden_from_every_other_seat():
    """Game Play: "Each player secretly picks two of their critter cards"."""
    picked = CrittersPicked(seat=1, critters=(SQUIRREL, RACCOON))
    assert GAME.redact(picked, 1) == picked
    assert GAME.redact(picked, 0) == CrittersPicked(seat=1, critters=())
    assert GAME.redact(picked, None) == CrittersPicked(seat=1, critters=())


def test_the_deck_order_is_hidden_from_everyone():
    """Setup: the nut deck is shuffled face down; nobody, not even the next to draw, sees it."""
    shuffled = TABLE[0]
    assert isinstance(shuffled, NutsShuffled)
    for viewer in (0, 1, None):
        assert GAME.redact(shuffled, viewer) == NutsShuffled(deck=())


def test_drawn_nuts_are_public():
    """Setup: "Players place their nut card collection face up in front of them"."""
    drawn = NutDrawn(seat=0, nut=PEANUT)
    assert all(GAME.redact(drawn, viewer) == drawn for viewer in (0, 1, None))
