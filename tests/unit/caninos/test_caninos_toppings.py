"""Rulebook "Modifier Toppings": on a slice already stolen, yours or another player's, one per
slice, +50% or -50% (the modified-value table); a topping is a trick, but no dog."""

from caninos_support import (
    DOWN,
    GAME,
    KILLJOY,
    RACCOON,
    UP,
    UP_2,
    C,
    P,
    events_of,
    play,
    played_out,
    ref,
    table,
)
from kennel.domain.caninos.cards import Trick
from kennel.domain.caninos.commands import ChooseSlice, PerformTrick
from kennel.domain.caninos.events import ToppingPlaced, TurnEnded
from kennel.domain.caninos.scoring import slice_points
from kennel.domain.caninos.state import Hex, Slice


def test_the_modified_values():
    """The table: 9 and 15 points with an increase, 3 and 5 with a reduction."""
    assert [slice_points(Slice(P.HAM, topping=t)) for t in (None, UP, DOWN)] == [6, 9, 3]
    assert [slice_points(Slice(P.TOMATO_AND_HAM, topping=t)) for t in (None, UP, DOWN)] == [10, 15, 5]


def test_ruling_toppings():
    """Rulebook: "Place a topping on a slice of pizza, yours or another player's ... only one
    topping per slice"."""
    state = table(
        (UP, UP_2),
        (C.PUG_DE_PICAS,),
        collections=[(P.HAM, Slice(P.CHEESE, topping=DOWN)), (P.TOMATO_AND_HAM,)],
    )
    state, _ = play(state, (0, PerformTrick(UP, Trick.TOPPING)))
    assert GAME.legal_commands(state, 0) == (
        ChooseSlice(ref(0, P.HAM)),
        ChooseSlice(ref(1, P.TOMATO_AND_HAM)),
    )
    state, events = played_out(state, 0, ChooseSlice(ref(1, P.TOMATO_AND_HAM)))
    assert ToppingPlaced(card=UP, slice=ref(1, P.TOMATO_AND_HAM)) in events
    assert state.players[1].points == 15 and TurnEnded(seat=0) in events


def test_killjoys_do_not_stop_a_topping():
    """A topping is no dog: Killjoys forbid "performing tricks with any dog"."""
    state = table((UP,), (RACCOON,), collections=[(P.HAM,), ()], hexes={0: (Hex(KILLJOY, Trick.KILLJOYS),)})
    assert PerformTrick(UP, Trick.TOPPING) in GAME.legal_commands(state, 0)
    state, events = play(state, (0, PerformTrick(UP, Trick.TOPPING)))  # the only slice, chosen for the seat
    assert state.asking == (1,) and not events_of(events, ToppingPlaced)


def test_no_slice_without_a_topping_no_topping_trick():
    full = table((UP,), (), collections=[(Slice(P.HAM, topping=DOWN),), ()])
    assert PerformTrick(UP, Trick.TOPPING) not in GAME.legal_commands(full, 0)
