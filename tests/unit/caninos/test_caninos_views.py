"""What each seat sees (design.md "Hidden information"): collections, the table, the discard pile
and the chain are public; a hand is its seat's alone; nobody sees the order of the main deck or
of the pizzas under the mini-deck tops."""

from caninos_support import GAMBLER, GAME, QUIETO, RACCOON, UP, C, P, play, ref, rng, table
from kennel.domain.caninos.commands import PayWith, Steal
from kennel.domain.caninos.events import CardsDealt, CardsDrawn, DeckShuffled, DiscardShuffled, PizzasShuffled
from kennel.domain.caninos.options import Options
from kennel.domain.caninos.views import MiniDeckView, PlayerView, redact


def test_a_seat_sees_its_own_hand_and_only_the_size_of_the_others():
    state = table((GAMBLER, UP), (QUIETO, RACCOON, C.TANUKI), collections=[(P.HAM,), ()])
    mine = GAME.view(state, 0)
    assert mine.viewer == 0 and mine.hand == (GAMBLER, UP)
    assert mine.players[1] == PlayerView(seat=1, collection=(), points=0, hand_size=3, hexes=(), fairy=None)
    assert mine.players[0].points == 6 and mine.deck_size == len(state.deck)
    assert mine.mini_decks == tuple(MiniDeckView(top=deck[0], size=len(deck)) for deck in state.mini_decks)


def test_a_spectator_sees_only_what_is_public():
    state = table((GAMBLER,), (QUIETO,), collections=[(), (P.HAM,)])
    public = GAME.view(state, None)
    assert public.viewer is None and public.hand == ()
    state, _ = play(state, (0, Steal(ref(1, P.HAM))), (0, PayWith((GAMBLER,))))
    public = GAME.view(state, None)
    assert public.play is not None and public.play.cards == (GAMBLER,) and public.asking == (1,)


def test_the_deck_orders_are_blanked_for_everyone_and_hands_for_the_others():
    """Any deck order recorded in an event is blanked for everyone, the dealt seat included."""
    events = GAME.setup(Options(), 3, rng())
    for viewer in (None, 0, 1, 2):
        seen = [redact(event, viewer) for event in events]
        assert all(e.deck == () for e in seen if isinstance(e, DeckShuffled))
        assert all(e.pizzas == () for e in seen if isinstance(e, PizzasShuffled))
        for event in seen:
            if isinstance(event, CardsDealt):
                assert event.count == 6 and (event.cards != ()) == (event.seat == viewer)
    assert redact(DiscardShuffled(count=2, deck=(UP, QUIETO)), 0) == DiscardShuffled(count=2, deck=())
    assert redact(CardsDrawn(seat=1, count=1, cards=(UP,)), 0) == CardsDrawn(seat=1, count=1, cards=())
    assert redact(CardsDrawn(seat=1, count=1, cards=(UP,)), 1) == CardsDrawn(seat=1, count=1, cards=(UP,))
