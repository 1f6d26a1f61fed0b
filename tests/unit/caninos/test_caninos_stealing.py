"""Rulebook "Stealing Pizza": options A to D, the modified-value table, one slice per turn, steal
first, from the table or another seat; and the rulings on what may be stolen
(docs/rules/caninos.md)."""

from caninos_support import (
    ADOPTED,
    DIETER,
    DOWN,
    GAMBLER,
    GAME,
    GLUTTON,
    GLUTTON_2,
    KILLJOY,
    QUIETO,
    RACCOON,
    TANUKI,
    UP,
    C,
    P,
    declined,
    events_of,
    play,
    played_out,
    ref,
    table,
    then_refused,
    when,
)
from kennel.domain.caninos.cards import Trick
from kennel.domain.caninos.commands import Decline, DiscardCard, EndTurn, PayWith, PerformTrick, React, Steal
from kennel.domain.caninos.events import (
    ChainResolved,
    PizzaTurnedUp,
    PlayMade,
    SliceStolen,
    StealDeclared,
)
from kennel.domain.caninos.state import Action, Hex, Play, Slice
from kennel.domain.core.rules import Prompt, PromptKind

HAM_OF_1 = ref(1, P.HAM)


def test_ruling_targets_are_chosen_before_anyone_answers():
    """Option A: "a dog from any pack" steals a Normal slice; "Any player may try to stop you"."""
    state = table(
        (GLUTTON, QUIETO), (QUIETO,), (RACCOON,), collections=[(P.CHEESE,), (P.HAM,), (P.PEPPERONI,)]
    )
    assert when(state, 0, Steal(HAM_OF_1)) == [StealDeclared(seat=0, slice=HAM_OF_1)]
    state, _ = play(state, (0, Steal(HAM_OF_1)))
    assert GAME.pending(state) == (
        Prompt(0, PromptKind.CHOICE, "choose the card(s) to steal seat 1's Ham with"),
    )
    assert GAME.legal_commands(state, 0) == (PayWith((GLUTTON,)),)
    state, events = play(state, (0, PayWith((GLUTTON,))))
    play_ = Play(seat=0, action=Action.STEAL, cards=(GLUTTON,), slices=(HAM_OF_1,))
    assert events == [PlayMade(play=play_, asking=(1, 2))]
    state, events = declined(state)
    assert events[-2:] == [
        ChainResolved(succeeded=True),
        SliceStolen(thief=0, slice=HAM_OF_1, mini_deck=None, topping_lost=False),
    ]
    assert [piece.pizza for piece in state.players[0].collection] == [P.CHEESE, P.HAM]
    assert state.players[1].collection == ()
    assert state.turn is not None and state.turn.played == (GLUTTON,)  # before the player until its turn ends


def test_ruling_stealing_what_from_whom_with_what():
    """Options A for Normal and for Double pizza: one dog, or "a pair of identical dogs"."""
    state = table((GLUTTON, GLUTTON, GAMBLER), (), collections=[(), (P.HAM, P.TOMATO_AND_HAM)])
    assert GAME.legal_commands(play(state, (0, Steal(HAM_OF_1)))[0], 0) == (
        PayWith((GAMBLER,)),
        PayWith((GLUTTON,)),
    )
    double = ref(1, P.TOMATO_AND_HAM)
    assert GAME.legal_commands(play(state, (0, Steal(double)))[0], 0) == (PayWith((GLUTTON, GLUTTON)),)


def test_a_chaos_hound_or_a_raccoon_steals_a_double():
    """Options B and C: "a Chaos Hound" (the printed example is the Adopted Dog) or "a Mystic
    Raccoon", for Normal and Double pizza alike."""
    state = table((ADOPTED, RACCOON, GAMBLER), (), collections=[(), (P.TOMATO_AND_HAM,)])
    state, _ = play(state, (0, Steal(ref(1, P.TOMATO_AND_HAM))))
    assert GAME.legal_commands(state, 0) == (PayWith((ADOPTED,)), PayWith((RACCOON,)))


def test_option_d_two_different_dogs_of_a_pack_with_both_ingredients():
    """Option D: "two different dogs from the same pack, if the two ingredients of the Double
    pizza you want to steal are already among the Normal pizza slices in your collection"."""
    double = ref(None, P.STUFFED_CRUST_AND_PEPPERONI)
    with_both = table((GLUTTON, GLUTTON_2), (), collections=[(P.STUFFED_CRUST, P.PEPPERONI), ()])
    assert GAME.legal_commands(play(with_both, (0, Steal(double)))[0], 0) == (PayWith((GLUTTON, GLUTTON_2)),)
    with_one = table((GLUTTON, GLUTTON_2), (), collections=[(P.STUFFED_CRUST,), ()])
    assert Steal(double) not in GAME.legal_commands(with_one, 0)
    then_refused(with_one, 0, Steal(double), "caninos/cannot_steal")
    other_packs = table((GLUTTON, GAMBLER), (), collections=[(P.STUFFED_CRUST, P.PEPPERONI), ()])
    assert Steal(double) not in GAME.legal_commands(other_packs, 0)


def test_ruling_option_d():
    """Ruling "Option D": an upgraded Normal has one ingredient, so only A, B and C steal it."""
    upgraded = Slice(P.HAM, topping=UP)
    state = table((GLUTTON, GLUTTON_2), (), collections=[(P.HAM, P.TOMATO), (upgraded,)])
    assert Steal(ref(1, P.HAM, UP)) not in GAME.legal_commands(state, 0)


def test_an_increased_normal_is_stolen_as_a_double_and_loses_the_increase():
    """Modified-value table: "With increase: 9 points. Steal as a Double pizza; loses the increase"."""
    upgraded = Slice(P.HAM, topping=UP)
    state = table((GLUTTON, GLUTTON), (), collections=[(), (upgraded,)])
    assert state.players[1].points == 9
    target = ref(1, P.HAM, UP)
    state, events = played_out(state, 0, Steal(target), PayWith((GLUTTON, GLUTTON)))
    assert SliceStolen(thief=0, slice=target, mini_deck=None, topping_lost=True) in events
    assert state.players[0].collection == (Slice(P.HAM),) and state.players[0].points == 6
    assert state.discard[-1] == UP


def test_an_increased_double_is_stolen_only_by_a_mystic_raccoon_and_loses_the_increase():
    """Modified-value table: "With increase: 15 points. Steal with a Mystic Raccoon; loses the increase"."""
    upgraded = Slice(P.BACON_AND_SPINACH, topping=UP)
    hounds = table((C.CERBERO, GLUTTON, GLUTTON), (), collections=[(), (upgraded,)])
    assert hounds.players[1].points == 15
    assert Steal(ref(1, P.BACON_AND_SPINACH, UP)) not in GAME.legal_commands(hounds, 0)
    state = table((RACCOON, C.CERBERO), (), collections=[(), (upgraded,)])
    state, _ = play(state, (0, Steal(ref(1, P.BACON_AND_SPINACH, UP))))
    assert GAME.legal_commands(state, 0) == (PayWith((RACCOON,)),)
    state, _ = play(state, (0, PayWith((RACCOON,))))
    state, _ = declined(state)
    assert state.players[0].collection == (Slice(P.BACON_AND_SPINACH),) and state.players[0].points == 10


def test_reduced_slices_are_stolen_as_normals_and_keep_the_reduction():
    """Modified-value table: 3 and 5 points; "Steal as a Normal pizza; keeps the reduction"."""
    reduced = (Slice(P.HAM, topping=DOWN), Slice(P.BACON_AND_SPINACH, topping=C.RODAJA_DE_PINA))
    state = table((GAMBLER, GLUTTON), (), collections=[(), reduced])
    assert state.players[1].points == 3 + 5
    state, events = played_out(
        state, 0, Steal(ref(1, P.BACON_AND_SPINACH, C.RODAJA_DE_PINA)), PayWith((GAMBLER,))
    )
    assert events_of(events, SliceStolen)[0].topping_lost is False
    assert state.players[0].collection == (reduced[1],) and state.players[0].points == 5


def test_ruling_the_table():
    """Setup: the mini-decks lie face up; "You may steal pizza from the table"."""
    decks = [(P.HAM, P.BLACK_OLIVES), (P.CHEESE,)]
    rest = table((), ()).mini_decks  # every Normal, for the test to lay out its own decks
    normals = [p for deck in rest for p in deck]
    for pizza in (P.HAM, P.BLACK_OLIVES, P.CHEESE):
        normals.remove(pizza)
    state = table((GAMBLER,), (), mini_decks=[(*decks[0], *normals), decks[1]])
    state, events = played_out(state, 0, Steal(ref(None, P.HAM)), PayWith((GAMBLER,)))
    assert SliceStolen(thief=0, slice=ref(None, P.HAM), mini_deck=0, topping_lost=False) in events
    assert PizzaTurnedUp(mini_deck=0, pizza=P.BLACK_OLIVES) in events
    assert state.mini_decks[0][0] is P.BLACK_OLIVES


def test_ruling_a_stopped_play_is_not_used_up():
    """Ruling "A stopped play is not used up": "You may steal only one slice of pizza per turn"
    limits slices stolen; a stopped steal stole none, so the player may try again with another
    card; once a slice is stolen, no more."""
    state = table((GAMBLER, GLUTTON, C.PUG_DE_PICAS), (QUIETO,), collections=[(), (P.HAM, P.CHEESE)])
    state, _ = play(state, (0, Steal(HAM_OF_1)), (0, PayWith((GAMBLER,))), (1, React(QUIETO)))
    assert state.players[1].collection == (Slice(P.HAM), Slice(P.CHEESE))
    assert not state.turn.stole and Steal(HAM_OF_1) in GAME.legal_commands(state, 0)
    then_refused(state, 0, DiscardCard(C.PUG_DE_PICAS), "caninos/cannot_discard")  # it played
    state, events = played_out(state, 0, Steal(HAM_OF_1), PayWith((GLUTTON,)))
    assert state.players[0].collection == (Slice(P.HAM),) and state.turn.stole
    assert not any(isinstance(c, Steal) for c in GAME.legal_commands(state, 0))
    then_refused(state, 0, Steal(ref(1, P.CHEESE)), "caninos/already_stole")


def test_steal_first_then_tricks():
    """Rulebook: "If you plan to do both, you must always steal pizza first"."""
    state = table((C.SCHNAUZER_EMPOLLON, GAMBLER), (), collections=[(), (P.HAM,)])
    state, _ = played_out(state, 0, PerformTrick(C.SCHNAUZER_EMPOLLON, Trick.SMART_ALECKS))
    then_refused(state, 0, Steal(HAM_OF_1), "caninos/steal_first")


def test_under_dieters_no_dog_may_steal_but_a_raccoon_or_the_tanuki_may():
    """Dieters: "Prevent your opponent from stealing pizza with any dog during their turn"."""
    hexed = {0: (Hex(DIETER, Trick.DIETERS),)}
    state = table((GAMBLER, C.CERBERO, RACCOON, TANUKI), (), collections=[(), (P.HAM,)], hexes=hexed)
    state, _ = play(state, (0, Steal(HAM_OF_1)))
    assert GAME.legal_commands(state, 0) == (PayWith((RACCOON,)), PayWith((TANUKI,)))
    dogs_only = table((GAMBLER, C.CERBERO), (), collections=[(), (P.HAM,)], hexes=hexed)
    assert not any(isinstance(c, Steal) for c in GAME.legal_commands(dogs_only, 0))


def test_killjoys_do_not_stop_stealing():
    """Killjoys forbid tricks, not steals."""
    state = table((GAMBLER,), (), collections=[(), (P.HAM,)], hexes={0: (Hex(KILLJOY, Trick.KILLJOYS),)})
    assert Steal(HAM_OF_1) in GAME.legal_commands(state, 0)


def test_nothing_steals_a_slice_under_cerberus_and_nobody_steals_from_themselves():
    """Ruling "Cerberus": the card lies on the slice for good, so the slice stays where it is."""
    doomed = Slice(P.HAM, cerberus=C.CERBERO)
    state = table((RACCOON, TANUKI), (), collections=[(P.CHEESE,), (doomed,)])
    assert [
        c for c in GAME.legal_commands(state, 0) if isinstance(c, Steal) and c.slice.owner is not None
    ] == []
    then_refused(state, 0, Steal(ref(1, P.HAM)), "caninos/no_such_slice")
    then_refused(state, 0, Steal(ref(0, P.CHEESE)), "caninos/no_such_slice")


def test_a_plush_toy_turns_back_into_pizza_when_stolen():
    """Dog Fairy: "If you steal a plush toy, it turns back into pizza as soon as you add it"."""
    toy = Slice(P.HAM, plush=True)
    state = table((GAMBLER,), (), (), collections=[(), (toy,), ()], fairies={1: C.HADA_PERRINA})
    state, _ = played_out(state, 0, Steal(ref(1, P.HAM, plush=True)), PayWith((GAMBLER,)))
    assert state.players[0].collection == (Slice(P.HAM),) and state.players[0].points == 6


def test_the_turn_goes_on_after_a_steal_until_the_seat_ends_it():
    state = table((GAMBLER, GLUTTON), (), collections=[(), (P.HAM,)])
    state, _ = played_out(state, 0, Steal(HAM_OF_1), PayWith((GAMBLER,)))
    assert GAME.pending(state) == (Prompt(0, PromptKind.TURN, "play on or end your turn"),)
    assert GAME.legal_commands(state, 0)[-1] == EndTurn()


def test_a_decline_is_the_first_answer_offered():
    state = table((GAMBLER,), (QUIETO, RACCOON), collections=[(), (P.HAM,)])
    state, _ = play(state, (0, Steal(HAM_OF_1)), (0, PayWith((GAMBLER,))))
    assert GAME.legal_commands(state, 1) == (Decline(), React(QUIETO), React(RACCOON))
