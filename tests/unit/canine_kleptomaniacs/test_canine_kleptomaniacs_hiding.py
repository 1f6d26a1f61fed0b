"""Collectables and Hiding Places; Swapping (with the rulebook's worked example); the Master's
Bedroom cards in sets; rulings "A set is all of a kind", "Swaps per turn", "Swapping between
Hiding Places", "The Laundry Basket" (docs/rules/canine-kleptomaniacs.md)."""

from canine_kleptomaniacs_support import (
    BALLS,
    BLOOMERS,
    GAME,
    PAW,
    SLIPPER,
    SOCKS,
    A,
    B,
    after,
    given,
    hand,
    hidden,
    opening,
    then_refused,
    turn,
    when,
)
from kennel.domain.canine_kleptomaniacs.commands import EndTurn, HideSet, ProposeTrade, SwapPlaces, SwapSets, TakeActionCard
from kennel.domain.canine_kleptomaniacs.events import (
    BedroomCardTaken,
    HidingPlaceAdded,
    SetHidden,
    SetsSwapped,
)
from kennel.domain.canine_kleptomaniacs.state import Place

OTHER = (SLIPPER, SLIPPER, BLOOMERS)


def test_ruling_a_set_is_all_of_a_kind():
    """"a set is TWO OR MORE CARDS OF THE SAME KIND"; ruling "A set is all of a kind"."""
    state = given(opening((SOCKS, SOCKS, SOCKS, BALLS, SLIPPER), OTHER), turn(0))
    assert [c for c in GAME.legal_commands(state, 0) if isinstance(c, HideSet)] == [HideSet(0, SOCKS)]
    then_refused(state, 0, HideSet(0, BALLS), "not_a_set")
    events = when(state, 0, HideSet(0, SOCKS))
    assert events[0] == SetHidden(seat=0, place=0, kind=SOCKS, cards=(SOCKS,) * 3, bedroom_cards=())
    state = after(state, 0, HideSet(0, SOCKS))
    assert state.seats[0].places[0] == Place(kind=SOCKS, cards=(SOCKS,) * 3)
    assert hand(state, 0) == (BALLS, SLIPPER)


def test_one_kind_per_hiding_place_added_to_in_sets_of_two_or_more():
    """"You can only hide ONE TYPE of Collectables card on a Hiding Place"; "You can only add
    cards to a Hiding Place in SETS of TWO OR MORE"."""
    state = given(
        opening((SOCKS, SOCKS, BALLS, BALLS, SOCKS, SOCKS, SLIPPER), OTHER), turn(0), hidden(0, 0, SOCKS, 2)
    )
    then_refused(state, 0, HideSet(0, BALLS), "one_kind_per_place")
    state = after(state, 0, HideSet(0, SOCKS))  # two more Basic Socks: a set, added
    assert state.seats[0].places[0].cards == (SOCKS,) * 4
    single = given(opening((SOCKS, SOCKS, SOCKS, BALLS), OTHER), turn(0), hidden(0, 0, SOCKS, 2))
    then_refused(single, 0, HideSet(0, SOCKS), "not_a_set")  # "an invalid one with a single Slipper card"


def test_hidden_sets_are_safe():
    """"Once hidden your sets are safe!": blind takes come only from the hand."""
    from kennel.domain.canine_kleptomaniacs.commands import ChooseVictim  # noqa: F401 (the victim is forced)

    state = given(
        opening((SLIPPER,), (SOCKS, SOCKS, BALLS), actions=[A.PUPPY_EYES]), turn(1), hidden(1, 0, SOCKS, 2), turn(0, 3)
    )
    state = after(state, 0, TakeActionCard())
    assert state.seats[1].places[0].cards == (SOCKS, SOCKS)
    assert hand(state, 1) == () and BALLS in hand(state, 0)


def test_ruling_swapping():
    """Swapping: hidden two Grotty Balls, one more in hand: (A) swap the hidden Grotty Balls
    with a set of Basic Socks from the hand; (B) next turn, with three Grotty Balls, swap back."""
    state = given(
        opening((BALLS, BALLS, BALLS, SOCKS, SOCKS), OTHER), hidden(0, 0, BALLS, 2), turn(0)
    )
    events = when(state, 0, SwapSets(0, SOCKS))
    assert events[0] == SetsSwapped(
        seat=0, place=0, kind=SOCKS, cards=(SOCKS, SOCKS), bedroom_cards=(),
        returned_cards=(BALLS, BALLS), returned_bedroom_cards=(),
    )
    state = after(state, 0, SwapSets(0, SOCKS))  # (A)
    assert state.seats[0].places[0].cards == (SOCKS, SOCKS) and hand(state, 0) == (BALLS, BALLS, BALLS)
    state = after(state, 0, EndTurn())
    state = after(after(state, 1, TakeActionCard()), 1, EndTurn())
    state = after(state, 0, SwapSets(0, BALLS))  # (B)
    assert state.seats[0].places[0].cards == (BALLS, BALLS, BALLS) and hand(state, 0) == (SOCKS, SOCKS)


def test_a_swap_needs_a_hidden_set_and_another_kind():
    state = given(opening((BALLS, BALLS, SOCKS, SOCKS), OTHER, places=2), hidden(0, 0, BALLS, 2), turn(0))
    then_refused(state, 0, SwapSets(1, SOCKS), "nothing_to_swap")
    then_refused(state, 0, SwapSets(0, BALLS), "same_kind")


def test_ruling_swaps_per_turn():
    """Ruling "Swaps per turn": otherwise a turn could swap back and forth for ever."""
    state = given(
        opening((BALLS, BALLS, SOCKS, SOCKS), OTHER), hidden(0, 0, BALLS, 2), turn(0)
    )
    state = after(state, 0, SwapSets(0, SOCKS))
    then_refused(state, 0, SwapSets(0, BALLS), "swapped_already")
    assert not [c for c in GAME.legal_commands(state, 0) if isinstance(c, SwapSets)]


def test_ruling_swapping_between_hiding_places():
    """Swapping: "swap sets between your Hiding Places"; ruling "Swapping between Hiding
    Places": only where it changes something, with an Ultimate Hiding Place."""
    state = given(
        opening((BALLS, BALLS, SOCKS, SOCKS), OTHER, places=2, bedroom=[B.ULTIMATE_HIDING_PLACE]),
        [BedroomCardTaken(seat=0, card=B.ULTIMATE_HIDING_PLACE)],
        hidden(0, 0, BALLS, 2),
        hidden(0, 1, SOCKS, 2),
        turn(0),
    )
    assert state.seats[0].places[2] == Place(ultimate=True)
    swaps = [c for c in GAME.legal_commands(state, 0) if isinstance(c, SwapPlaces)]
    assert swaps == [SwapPlaces(0, 2), SwapPlaces(1, 2)]
    state = after(state, 0, SwapPlaces(0, 2))
    places = state.seats[0].places
    assert places[0].empty and places[2].ultimate and places[2].cards == (BALLS, BALLS)


def test_masters_bedroom_cards_of_a_kind_are_ready_made_sets():
    """Master's Bedroom: "if the card has a Collectables symbol on it, you can treat it as a
    ready-made set which can be combined and hidden along with matching Collectables"."""
    state = given(
        opening((BLOOMERS, SOCKS), OTHER, places=2, bedroom=[B.WASHING_LINE, B.WACKY_EARPLUGS]),
        [BedroomCardTaken(seat=0, card=B.WASHING_LINE), BedroomCardTaken(seat=0, card=B.WACKY_EARPLUGS)],
        turn(0),
    )
    hides = [c for c in GAME.legal_commands(state, 0) if isinstance(c, HideSet)]
    assert hides == [HideSet(0, BLOOMERS, (B.WASHING_LINE,)), HideSet(1, BLOOMERS, (B.WASHING_LINE,))]
    state = after(state, 0, HideSet(0, BLOOMERS, (B.WASHING_LINE,)))
    assert state.seats[0].places[0] == Place(kind=BLOOMERS, cards=(BLOOMERS,), bedroom_cards=(B.WASHING_LINE,))
    # Wacky Earplugs show no Collectables symbol: they are never hidden.
    assert state.seats[0].bedroom == (B.WACKY_EARPLUGS,)


def test_ruling_the_laundry_basket():
    """Laundry Basket: "This 'wild card' acts as TWO of any kind of Collectable" (ruling "The
    Laundry Basket": alone it is a set of two; it takes its Hiding Place's kind)."""
    state = given(
        opening((SOCKS, SLIPPER), OTHER, bedroom=[B.LAUNDRY_BASKET]),
        [BedroomCardTaken(seat=0, card=B.LAUNDRY_BASKET)],
        turn(0),
    )
    hides = {c for c in GAME.legal_commands(state, 0) if isinstance(c, HideSet)}
    assert hides == {
        HideSet(0, SOCKS, (B.LAUNDRY_BASKET,)),
        HideSet(0, BALLS, (B.LAUNDRY_BASKET,)),
        HideSet(0, SLIPPER, (B.LAUNDRY_BASKET,)),
        HideSet(0, BLOOMERS, (B.LAUNDRY_BASKET,)),
    }
    state = after(state, 0, HideSet(0, SLIPPER, (B.LAUNDRY_BASKET,)))
    assert state.seats[0].places[0] == Place(kind=SLIPPER, cards=(SLIPPER,), bedroom_cards=(B.LAUNDRY_BASKET,))


def test_ruling_masters_bedroom_cards():
    """Master's Bedroom: "they can never be held with your hand of Collectables"."""
    state = given(
        opening((SOCKS, SOCKS, BLOOMERS), OTHER, bedroom=[B.WASHING_LINE]),
        [BedroomCardTaken(seat=0, card=B.WASHING_LINE)],
        hidden(0, 0, BLOOMERS, 1, (B.WASHING_LINE,)),
        turn(0),
    )
    state = after(state, 0, SwapSets(0, SOCKS))
    assert state.seats[0].bedroom == (B.WASHING_LINE,) and hand(state, 0) == (BLOOMERS,)


def test_a_hiding_place_drawn_goes_face_up_in_the_playing_area():
    """Collectables and Hiding Places: "When you draw one, place it face up in your playing area"."""
    state = given(opening((SOCKS,), OTHER, actions=[A.HIDING_PLACE, A.PIGSFOOT_TREAT]), turn(0))
    assert HidingPlaceAdded(seat=0, from_box=False) in when(state, 0, TakeActionCard())
    assert len(after(state, 0, TakeActionCard()).seats[0].places) == 2


def test_the_paw_holder_takes_an_action_card_and_also_hides_and_swaps():
    """The Ultimate Paw: its holder can "Take an Action card AND hide and swap on their turn"
    and "Hide and swap their own cards at any time"."""
    state = given(opening((PAW, SOCKS, SOCKS, BALLS, BALLS), OTHER, places=2), turn(0))
    state = after(state, 0, HideSet(0, SOCKS))
    assert TakeActionCard() in GAME.legal_commands(state, 0)
    state = after(state, 0, TakeActionCard())
    assert state.turn == 0  # still its turn: it may hide more
    assert HideSet(1, BALLS) in GAME.legal_commands(state, 0)
    state = after(state, 0, EndTurn())
    assert state.turn == 1
    # Out of turn, the Paw's holder may still hide.
    assert HideSet(1, BALLS) in GAME.legal_commands(state, 0)
    state = after(state, 0, HideSet(1, BALLS))
    assert state.turn == 1 and PAW in hand(state, 0) and BALLS not in hand(state, 0)


def test_ruling_sets_formed_in_a_trade_on_anothers_turn():
    """Trading: "if, as a result, you are able to form new sets in your hand, you must wait
    until your next turn to hide them" (but for the Paw's holder, which hides "at any time")."""
    state = given(opening((SOCKS, SOCKS), (BALLS, BALLS)), turn(0))
    assert GAME.legal_commands(state, 1) == (ProposeTrade(),)
    then_refused(state, 1, HideSet(0, BALLS), "not_your_turn")
