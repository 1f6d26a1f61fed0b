"""What each seat sees (docs/rules/canine-kleptomaniacs.md, "What each seat sees"): hands,
face-down discards, deck orders and secret choices are blanked for those who may not see them."""

from canine_kleptomaniacs_support import (
    BALLS,
    BLOOMERS,
    GAME,
    PAW,
    SLIPPER,
    SOCKS,
    A,
    after,
    given,
    kept,
    opening,
    turn,
)
from kennel.domain.canine_kleptomaniacs import events as ev
from kennel.domain.canine_kleptomaniacs.commands import ChooseWeapon, PassCard, TakeActionCard
from kennel.domain.canine_kleptomaniacs.components import Weapon
from kennel.domain.core import table as tables
from kennel.domain.core.rng import seed_from_text


def test_deck_orders_are_blanked_for_everyone():
    """design.md: "Any deck order recorded in an event is blanked for everyone"."""
    events = tables.create(GAME, None, ["a", "b"], seed_from_text("views"))[1:]
    for viewer in (None, 0, 1):
        for event in events:
            seen = GAME.redact(event, viewer)
            if isinstance(event, (ev.ActionsShuffled, ev.CollectablesShuffled, ev.BedroomShuffled)):
                assert seen.deck == ()
            if isinstance(event, ev.HandDealt):
                assert seen.count == 5 and (seen.cards == event.cards) == (viewer == event.seat)


def test_hands_and_face_down_discards_are_seen_only_by_their_seat():
    """Hand Limit: discards go face down; Fishy Blast and the like take blind."""
    for event in (
        ev.CollectablesDrawn(seat=0, count=2, cards=(SOCKS, BALLS)),
        ev.CardsDiscarded(seat=0, count=1, cards=(SOCKS,)),
        ev.LaundryPicked(seat=0, count=1, cards=(SOCKS,)),
    ):
        assert GAME.redact(event, 0) == event
        assert GAME.redact(event, 1).cards == () and GAME.redact(event, None).cards == ()
    blind = ev.CardsStolen(thief=0, victim=1, count=1, cards=(SLIPPER,), blind=True)
    assert GAME.redact(blind, 0) == blind == GAME.redact(blind, 1)
    assert GAME.redact(blind, 2).cards == () and GAME.redact(blind, 2).count == 1
    named = ev.CardsStolen(thief=0, victim=1, count=1, cards=(SLIPPER,), blind=False)
    assert GAME.redact(named, 2) == named  # Stick Chase: the card is handed over in the open
    leftovers = ev.LeftoversReturned(count=1, cards=(PAW,), positions=(3,))
    assert GAME.redact(leftovers, 0) == ev.LeftoversReturned(count=1, cards=(), positions=())


def test_walkies_cards_are_seen_by_giver_and_receiver_only():
    passed = ev.CardsPassed(passes=(ev.PassedCard(giver=0, receiver=1, card=SOCKS),))
    assert GAME.redact(passed, 1) == passed
    assert GAME.redact(passed, 2).passes[0].card is None
    state = after(given(opening((SOCKS, BALLS), (SLIPPER, BLOOMERS), actions=[A.WALKIES, A.PIGSFOOT_TREAT]), turn(0)), 0, TakeActionCard())
    state = after(state, 0, PassCard(SOCKS))
    assert GAME.view(state, 0).walkies_card == SOCKS and GAME.view(state, 1).walkies_card is None
    assert GAME.redact(ev.WalkiesCardChosen(seat=0, card=SOCKS), 1).card is None
    assert GAME.view(state, 0).seats[0].hand_size == 1


def test_weapons_stay_secret_until_the_throw():
    state = given(
        opening((SOCKS,), (BALLS,), actions=[A.PLUNDERING_POOCH, A.PLUNDERING_POOCH, A.PIGSFOOT_TREAT]),
        kept(1, A.PLUNDERING_POOCH),
        turn(0),
    )
    state = after(after(state, 0, TakeActionCard()), 0, ChooseWeapon(Weapon.BONE))
    assert GAME.view(state, 0).weapon is Weapon.BONE and GAME.view(state, 1).weapon is None
    assert GAME.redact(ev.WeaponChosen(seat=0, weapon=Weapon.BONE), 1).weapon is None
    effect = GAME.view(state, None).effect
    assert effect.owing == (1,) and effect.others == (0, 1)


def test_a_spectator_sees_everything_face_up_and_no_hand():
    state = given(opening((SOCKS, PAW), (BALLS,)), turn(0))
    spectator, seat0 = GAME.view(state, None), GAME.view(state, 0)
    assert spectator.hand == () and seat0.hand == (SOCKS, PAW)
    assert spectator.paw_holder == 0 and [s.hand_size for s in spectator.seats] == [2, 1]
    assert spectator.viewer is None and seat0.viewer == 0
