"""Rulebook "Performing Tricks" and "Pack Tricks": one trick per turn (three with a Smart Aleck,
once per turn), and each pack's trick; the rulings on Gluttons, Dieters, Killjoys and Gamblers
(docs/rules/caninos.md)."""

from caninos_support import (
    BROKER,
    DIETER,
    DOWN,
    GAMBLER,
    GAME,
    GLUTTON,
    KILLJOY,
    QUIETO,
    RACCOON,
    SMART_ALECK,
    SMART_ALECK_2,
    TANUKI,
    UP,
    C,
    P,
    events_of,
    play,
    played_out,
    ref,
    table,
    then_refused,
)
from kennel.domain.caninos.cards import Trick
from kennel.domain.caninos.commands import (
    ChooseSeat,
    ChooseSlice,
    Decline,
    DiscardCard,
    EndTurn,
    PayWith,
    PerformTrick,
    React,
    Steal,
)
from kennel.domain.caninos.events import (
    CardsGambled,
    ChainResolved,
    ExtraTricksGranted,
    HexPlaced,
    SliceStolen,
    ToppingMoved,
    TurnEnded,
)
from kennel.domain.caninos.state import Hex, Slice


def gluttony(hand=(GLUTTON, C.SETTER_SUERTUDO), victims=((P.HAM, P.CHEESE), (P.BLACK_OLIVES,))):
    state = table(hand, *([(C.PUG_DE_PICAS,)] * len(victims)), collections=[(), *victims])
    return played_out(state, 0, Steal(ref(1, P.HAM)), PayWith(hand[:1]))[0]


def test_one_trick_per_turn():
    """Rulebook: "You may perform only one trick per turn": after it the turn is over."""
    state = table((GAMBLER, C.CANICHE_CRUPIER), (C.PUG_DE_PICAS, QUIETO, RACCOON))
    state, events = played_out(state, 0, PerformTrick(GAMBLER, Trick.GAMBLERS))
    assert TurnEnded(seat=0) in events and state.turn.seat == 1


def test_gluttons_steal_one_more_slice_with_the_same_card():
    """Gluttons: "Steal one additional slice of pizza with this same card"; it is the turn's trick."""
    state = gluttony()
    assert GAME.legal_commands(state, 0)[0] == PerformTrick(GLUTTON, Trick.GLUTTONS)
    state, _ = play(state, (0, PerformTrick(GLUTTON, Trick.GLUTTONS)))
    assert ChooseSlice(ref(1, P.CHEESE)) in GAME.legal_commands(state, 0)
    assert ChooseSlice(ref(2, P.BLACK_OLIVES)) in GAME.legal_commands(state, 0)
    assert ChooseSlice(ref(None, P.TOMATO_AND_HAM)) not in GAME.legal_commands(
        state, 0
    )  # one dog: Normals only
    state, events = played_out(state, 0, ChooseSlice(ref(2, P.BLACK_OLIVES)))
    assert SliceStolen(thief=0, slice=ref(2, P.BLACK_OLIVES), mini_deck=None, topping_lost=False) in events
    assert [piece.pizza for piece in state.players[0].collection] == [P.HAM, P.BLACK_OLIVES]
    assert TurnEnded(seat=0) in events  # the trick was the turn's one trick


def test_ruling_gluttons():
    """Ruling "Gluttons": "with this same card" means the Glutton that just stole."""
    other = gluttony(hand=(C.SETTER_SUERTUDO, GLUTTON))
    assert PerformTrick(GLUTTON, Trick.GLUTTONS) not in GAME.legal_commands(other, 0)
    then_refused(other, 0, PerformTrick(GLUTTON, Trick.GLUTTONS), "caninos/bad_trick")
    state = table((GLUTTON, GAMBLER), (QUIETO,), collections=[(), (P.HAM, P.CHEESE)])
    state, _ = play(state, (0, Steal(ref(1, P.HAM))), (0, PayWith((GLUTTON,))), (1, React(QUIETO)))
    assert not any(
        c.trick is Trick.GLUTTONS for c in GAME.legal_commands(state, 0) if isinstance(c, PerformTrick)
    )


def test_a_pair_of_gluttons_steals_again_a_double_or_a_normal():
    """Ruling "Gluttons": the same cards steal again by the same rules; a pair also takes
    whatever one of its dogs could."""
    state = table((GLUTTON, GLUTTON), (C.PUG_DE_PICAS,), collections=[(), (P.BACON_AND_SPINACH, P.HAM)])
    state, _ = played_out(state, 0, Steal(ref(1, P.BACON_AND_SPINACH)), PayWith((GLUTTON, GLUTTON)))
    state, _ = play(state, (0, PerformTrick(GLUTTON, Trick.GLUTTONS)))
    options = GAME.legal_commands(state, 0)
    assert ChooseSlice(ref(1, P.HAM)) in options and ChooseSlice(ref(None, P.TOMATO_AND_HAM)) in options


def test_quieto_stops_the_gluttons_trick():
    """The Gluttons' trick is made by a pack dog, so a ¡QUIETO! stops it."""
    state = table((GLUTTON,), (QUIETO,), collections=[(), (P.HAM, P.BLACK_OLIVES)])
    state, _ = played_out(state, 0, Steal(ref(1, P.HAM)), PayWith((GLUTTON,)))
    state, _ = play(
        state, (0, PerformTrick(GLUTTON, Trick.GLUTTONS)), (0, ChooseSlice(ref(1, P.BLACK_OLIVES)))
    )
    assert state.asking == (1,) and GAME.legal_commands(state, 1)[1] == React(QUIETO)
    state, events = play(state, (1, React(QUIETO)))
    assert ChainResolved(succeeded=False) in events
    assert state.players[1].collection == (Slice(P.BLACK_OLIVES),)


def test_ruling_smart_alecks():
    """Smart Alecks: "Perform two additional tricks using two more cards ... only once per turn"."""
    state = table(
        (SMART_ALECK, SMART_ALECK_2, UP, DOWN, BROKER),
        (C.PUG_DE_PICAS,),
        collections=[(P.HAM, P.CHEESE), (P.BLACK_OLIVES,)],
    )
    state, events = played_out(state, 0, PerformTrick(SMART_ALECK, Trick.SMART_ALECKS))
    assert ExtraTricksGranted(seat=0, tricks=2) in events and state.turn.trick_limit == 3
    assert PerformTrick(SMART_ALECK_2, Trick.SMART_ALECKS) not in GAME.legal_commands(state, 0)
    then_refused(state, 0, PerformTrick(SMART_ALECK_2, Trick.SMART_ALECKS), "caninos/bad_trick")
    state, _ = played_out(state, 0, PerformTrick(UP, Trick.TOPPING), ChooseSlice(ref(0, P.HAM)))
    state, events = played_out(
        state, 0, PerformTrick(DOWN, Trick.TOPPING), ChooseSlice(ref(1, P.BLACK_OLIVES))
    )
    assert TurnEnded(seat=0) in events  # three tricks: the Smart Aleck's and two more
    assert (state.players[0].points, state.players[1].points) == (9 + 6, 3)


def test_a_stopped_smart_aleck_grants_nothing_and_is_not_performed():
    """Ruling "A stopped play is not used up": the stopped Smart Aleck performed no trick, so
    the turn's one trick is still to come ("You may do this only once per turn": it did not)."""
    state = table((SMART_ALECK, SMART_ALECK_2, UP), (QUIETO,), collections=[(P.HAM,), ()])
    state, events = play(state, (0, PerformTrick(SMART_ALECK, Trick.SMART_ALECKS)), (1, React(QUIETO)))
    assert ChainResolved(succeeded=False) in events and TurnEnded(seat=0) not in events
    assert state.turn.trick_limit == 1 and state.turn.tricks == ()
    assert state.turn.tried == (Trick.SMART_ALECKS,)
    commands = GAME.legal_commands(state, 0)
    assert PerformTrick(SMART_ALECK_2, Trick.SMART_ALECKS) in commands
    assert PerformTrick(UP, Trick.TOPPING) in commands


def test_ruling_dieters_and_killjoys():
    """Dieters: "Prevent your opponent from stealing pizza with any dog during their turn";
    "the player leaves the card in their collection area; they may discard it at the end of their turn"."""
    state = table(
        (DIETER, GAMBLER), (GLUTTON, C.PUG_DE_PICAS), (C.SETTER_SUERTUDO,), collections=[(P.HAM,), (), ()]
    )
    state, _ = play(state, (0, PerformTrick(DIETER, Trick.DIETERS)))
    assert GAME.legal_commands(state, 0) == (ChooseSeat(1), ChooseSeat(2))
    state, events = played_out(state, 0, ChooseSeat(1))
    assert HexPlaced(seat=1, card=DIETER, trick=Trick.DIETERS) in events
    assert state.turn.seat == 1 and state.players[1].hexes == (Hex(DIETER, Trick.DIETERS),)
    assert not any(isinstance(c, Steal) for c in GAME.legal_commands(state, 1))
    state, events = played_out(state, 1, EndTurn())
    assert state.players[1].hexes == () and DIETER in state.discard


def test_one_dieter_at_a_time_on_a_seat():
    """Ruling "Dieters and Killjoys": a second one of a kind would change nothing."""
    hexed = {1: (Hex(C.DALMATA_DETOX, Trick.DIETERS),)}
    state = table((DIETER,), (GLUTTON,), collections=[(), ()], hexes=hexed)
    assert PerformTrick(DIETER, Trick.DIETERS) not in GAME.legal_commands(state, 0)


def test_killjoys_forbid_tricks_with_dogs_but_not_toppings():
    """Killjoys: "Prevent your opponent from performing tricks with any dog during their turn"."""
    hexed = {0: (Hex(KILLJOY, Trick.KILLJOYS),)}
    state = table(
        (GAMBLER, C.LIDER_DE_LA_MANADA, TANUKI, UP),
        (C.PUG_DE_PICAS,),
        collections=[(P.HAM,), ()],
        hexes=hexed,
    )
    tricks = [c for c in GAME.legal_commands(state, 0) if isinstance(c, PerformTrick)]
    assert tricks == [PerformTrick(UP, Trick.TOPPING)]


def test_ruling_gamblers():
    """Gamblers: "Remove two cards from one of your opponents without looking at them, and place
    them face up on the discard pile"."""
    victim = (C.PUG_DE_PICAS, QUIETO, RACCOON, UP)
    state = table((GAMBLER,), victim)
    state, events = played_out(state, 0, PerformTrick(GAMBLER, Trick.GAMBLERS))  # the only target
    (gambled,) = events_of(events, CardsGambled)
    assert gambled.seat == 1 and len(gambled.cards) == 2 and set(gambled.cards) <= set(victim)
    # Seat 0's turn ended with its one trick; seat 1's begins two cards short (it draws at its end).
    assert state.turn.seat == 1 and len(state.players[1].hand) == 2


def test_gamblers_take_what_there_is_and_aim_only_at_seats_holding_cards():
    state = table((GAMBLER,), (QUIETO,), ())
    state, _ = play(state, (0, PerformTrick(GAMBLER, Trick.GAMBLERS)))
    assert state.draft is None  # one seat holds cards: it is chosen for the player
    assert state.asking == (1,)
    state, events = play(state, (1, Decline()))
    assert CardsGambled(seat=1, cards=(QUIETO,)) in events


def test_ruling_brokers():
    """Brokers: "Remove a Modifier Topping and place it on another slice of pizza of your choice,
    yours or another player's"."""
    state = table(
        (BROKER,), (C.PUG_DE_PICAS,), collections=[(P.HAM,), (Slice(P.BLACK_OLIVES, topping=UP), P.CHEESE)]
    )
    state, _ = play(state, (0, PerformTrick(BROKER, Trick.BROKERS)))  # the only topping is chosen
    assert GAME.legal_commands(state, 0) == (ChooseSlice(ref(0, P.HAM)), ChooseSlice(ref(1, P.CHEESE)))
    state, events = played_out(state, 0, ChooseSlice(ref(0, P.HAM)))
    assert ToppingMoved(source=ref(1, P.BLACK_OLIVES, UP), destination=ref(0, P.HAM)) in events
    assert state.players[0].collection == (Slice(P.HAM, topping=UP),)
    assert state.players[1].collection == (Slice(P.BLACK_OLIVES), Slice(P.CHEESE))


def test_a_discard_turn_plays_nothing():
    """Rulebook: "three options: play your cards, pass your turn, or discard up to three cards"."""
    state = table((GAMBLER, UP), (C.PUG_DE_PICAS,), collections=[(P.HAM,), ()])
    state, _ = play(state, (0, DiscardCard(GAMBLER)))
    assert GAME.legal_commands(state, 0) == (DiscardCard(UP), EndTurn())
    then_refused(state, 0, PerformTrick(UP, Trick.TOPPING), "caninos/discarding")
