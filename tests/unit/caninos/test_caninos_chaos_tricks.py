"""Rulebook "Chaos Tricks" and the Tanuki performing them; the rulings "Birthday Girl",
"Destroyer", "Cerberus", "Pack Leader", "Dog Fairy" and "The Adopted Dog's empty trick cell"
(docs/rules/caninos.md)."""

from caninos_support import (
    ADOPTED,
    DIETER,
    DOWN,
    GAMBLER,
    GAME,
    QUIETO,
    RACCOON,
    TANUKI,
    UP,
    UP_2,
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
    ChooseNoMore,
    ChooseSlice,
    Decline,
    DiscardCard,
    PayWith,
    EndTurn,
    PerformTrick,
    React,
    Steal,
)
from kennel.domain.caninos.events import (
    CerberusPlaced,
    ChainResolved,
    CollectionEnchanted,
    LevellingEnded,
    LevellingStarted,
    PlushKept,
    PlushTurnedBack,
    SliceReturned,
    SliceStolen,
    SpellBroken,
    ToppingsRedistributed,
    ToppingsSwept,
)
from kennel.domain.caninos.state import Hex, Slice
from kennel.domain.core.rules import PromptKind

BIRTHDAY, DESTROYER, CERBERUS = C.CUMPLEANERA, C.DESTRUCTORA, C.CERBERO
PACK_LEADER, FAIRY = C.LIDER_DE_LA_MANADA, C.HADA_PERRINA
FILLER = (C.PUG_DE_PICAS,)


def test_ruling_birthday_girl():
    """Birthday Girl: "Steal up to two slices of pizza of any type from the player or players of
    your choice. If the pizza had any topping, the topping goes to the discard pile"."""
    state = table(
        (BIRTHDAY,),
        FILLER,
        FILLER,
        collections=[(), (Slice(P.HAM, topping=DOWN), P.CHEESE), (Slice(P.BACON_AND_SPINACH, topping=UP),)],
    )
    state, _ = play(state, (0, PerformTrick(BIRTHDAY, Trick.BIRTHDAY_GIRL)))
    assert ChooseSlice(ref(None, P.TOMATO_AND_HAM)) not in GAME.legal_commands(state, 0)  # players only
    state, _ = play(state, (0, ChooseSlice(ref(1, P.HAM, DOWN))))
    assert GAME.legal_commands(state, 0)[-1] == ChooseNoMore()
    state, events = played_out(state, 0, ChooseSlice(ref(2, P.BACON_AND_SPINACH, UP)))
    stolen = events_of(events, SliceStolen)
    assert [s.topping_lost for s in stolen] == [True, True]
    assert [piece for piece in state.players[0].collection] == [Slice(P.HAM), Slice(P.BACON_AND_SPINACH)]
    assert DOWN in state.discard and UP in state.discard


def test_birthday_girl_may_take_one_slice_and_the_same_kind_twice_only_if_there_are_two():
    state = table((BIRTHDAY,), FILLER, collections=[(), (P.HAM, P.HAM)])
    state, _ = play(state, (0, PerformTrick(BIRTHDAY, Trick.BIRTHDAY_GIRL)))  # the only kind is chosen
    assert GAME.legal_commands(state, 0) == (ChooseSlice(ref(1, P.HAM)), ChooseNoMore())
    one = table((BIRTHDAY,), FILLER, collections=[(), (P.HAM,)])
    state, _ = play(one, (0, PerformTrick(BIRTHDAY, Trick.BIRTHDAY_GIRL)))
    assert state.play is not None and len(state.play.slices) == 1  # nothing else to name: no more


def test_dieters_forbid_the_birthday_girl_who_steals_with_a_dog():
    """Ruling "Dieters and Killjoys"."""
    state = table((BIRTHDAY,), FILLER, collections=[(), (P.HAM,)], hexes={0: (Hex(DIETER, Trick.DIETERS),)})
    assert not any(isinstance(c, PerformTrick) for c in GAME.legal_commands(state, 0))


def test_a_raccoon_stops_a_chaos_hound_but_quieto_does_not():
    state = table((BIRTHDAY,), (QUIETO, RACCOON), collections=[(), (P.HAM,)])
    state, _ = play(state, (0, PerformTrick(BIRTHDAY, Trick.BIRTHDAY_GIRL)))
    assert GAME.legal_commands(state, 1)[1:] == (React(RACCOON),)


def test_ruling_destroyer():
    """Destroyer: "Remove as many Modifier Toppings as you like and redistribute them as you
    prefer"; lifting first lets two toppings swap slices."""
    state = table(
        (DESTROYER,),
        FILLER,
        collections=[(Slice(P.HAM, topping=DOWN),), (Slice(P.BLACK_OLIVES, topping=UP),)],
    )
    assert state.players[0].points == 3 and state.players[1].points == 9
    state, _ = play(
        state,
        (0, PerformTrick(DESTROYER, Trick.DESTROYER)),
        (0, ChooseSlice(ref(0, P.HAM, DOWN))),
        (0, ChooseSlice(ref(1, P.BLACK_OLIVES, UP))),  # every topping lifted: no more to choose
    )
    assert GAME.legal_commands(state, 0) == (ChooseSlice(ref(0, P.HAM)), ChooseSlice(ref(1, P.BLACK_OLIVES)))
    state, events = played_out(state, 0, ChooseSlice(ref(1, P.BLACK_OLIVES)))  # the reduction to seat 1...
    assert (
        ToppingsRedistributed(
            lifted=(ref(0, P.HAM, DOWN), ref(1, P.BLACK_OLIVES, UP)),
            onto=(ref(1, P.BLACK_OLIVES), ref(0, P.HAM)),
        )
        in events
    )  # ...and the increase, with one slice left, to seat 0
    assert (state.players[0].points, state.players[1].points) == (9, 3)


def test_the_destroyer_needs_a_topping_in_play():
    assert PerformTrick(DESTROYER, Trick.DESTROYER) not in GAME.legal_commands(table((DESTROYER,), FILLER), 0)


def test_ruling_cerberus():
    """Cerberus: "Place this card on top of another player's pizza to permanently remove all of
    its value ... If the pizza had any topping, the topping goes to the discard pile"."""
    state = table((CERBERUS,), FILLER, collections=[(P.CHEESE,), (Slice(P.BACON_AND_SPINACH, topping=UP),)])
    state, events = played_out(state, 0, PerformTrick(CERBERUS, Trick.CERBERUS))
    assert CerberusPlaced(card=CERBERUS, slice=ref(1, P.BACON_AND_SPINACH, UP)) in events
    assert state.players[1].collection == (Slice(P.BACON_AND_SPINACH, cerberus=CERBERUS),)
    assert state.players[1].points == 0 and UP in state.discard and CERBERUS not in state.discard


def test_the_tanuki_as_cerberus_stays_on_the_slice():
    """Tanuki: "perform any trick, whether a Pack Trick or a Chaos Trick"."""
    state = table((TANUKI,), FILLER, collections=[(), (P.HAM,)])
    assert PerformTrick(TANUKI, Trick.CERBERUS) in GAME.legal_commands(state, 0)
    assert PerformTrick(TANUKI, Trick.GLUTTONS) not in GAME.legal_commands(state, 0)
    state, _ = played_out(state, 0, PerformTrick(TANUKI, Trick.CERBERUS))
    assert state.players[1].collection == (Slice(P.HAM, cerberus=TANUKI),)


def test_ruling_pack_leader():
    """Pack Leader: toppings to the discard pile; then "every player except the one with the
    fewest points must discard pizzas ... until everyone has as many points as the player with
    the fewest points, or fewer. The discarded pizza returns to the table"."""
    state = table(
        (PACK_LEADER,),
        FILLER,
        FILLER,
        collections=[
            (Slice(P.HAM, topping=UP), P.TOMATO_AND_HAM, P.BLACK_OLIVES),
            (P.CHEESE,),
            (P.PEPPERONI, P.BACON_AND_SPINACH),
        ],
    )
    state, events = play(
        state, (0, PerformTrick(PACK_LEADER, Trick.PACK_LEADER)), (1, Decline()), (2, Decline())
    )
    assert ToppingsSwept() in events and LevellingStarted(level=6) in events
    prompts = GAME.pending(state)
    assert [(p.seat, p.kind) for p in prompts] == [(0, PromptKind.CHOICE), (2, PromptKind.CHOICE)]
    state, events = play(state, (2, ChooseSlice(ref(2, P.BACON_AND_SPINACH))))
    assert SliceReturned(seat=2, slice=ref(2, P.BACON_AND_SPINACH), mini_deck=None) in events
    assert P.BACON_AND_SPINACH in state.doubles and [p.seat for p in GAME.pending(state)] == [0]
    state, _ = play(state, (0, ChooseSlice(ref(0, P.TOMATO_AND_HAM))))
    shorter = min(range(2), key=lambda i: len(state.mini_decks[i]))
    state, events = play(state, (0, ChooseSlice(ref(0, P.HAM))))
    assert SliceReturned(seat=0, slice=ref(0, P.HAM), mini_deck=shorter) in events
    assert LevellingEnded() in events and state.mini_decks[shorter][0] is P.HAM
    assert [p.points for p in state.players] == [6, 6, 6]


def test_ruling_dog_fairy():
    """Dog Fairy: "All affected pizza cards must be turned over, and their toppings (if any) sent
    to the discard pile ... they have no point value"; a slice under Cerberus stays as it is."""
    state = table(
        (FAIRY, GAMBLER),
        FILLER,
        collections=[
            (),
            (Slice(P.HAM, topping=UP), P.TOMATO_AND_HAM, Slice(P.BLACK_OLIVES, cerberus=CERBERUS)),
        ],
    )
    state, events = played_out(state, 0, PerformTrick(FAIRY, Trick.DOG_FAIRY))
    assert CollectionEnchanted(seat=1, card=FAIRY) in events
    assert state.players[1].collection == (
        Slice(P.HAM, plush=True),
        Slice(P.TOMATO_AND_HAM, plush=True),
        Slice(P.BLACK_OLIVES, cerberus=CERBERUS),
    )
    assert state.players[1].points == 0 and state.players[1].fairy is FAIRY and UP in state.discard


def test_ruling_dog_fairy_turning_plush_toys_back():
    """Ruling "Dog Fairy: turning plush toys back": "The affected player may gradually undo the
    spell and recover their pizza by turning over one plush toy per turn (every turn counts)":
    asked at the start of every turn, its own and the others', it may turn one back or none;
    once none is left, the Dog Fairy goes to the discard pile."""
    state = table((FAIRY, GAMBLER), FILLER, collections=[(), (P.HAM, P.TOMATO_AND_HAM)])
    state, events = played_out(state, 0, PerformTrick(FAIRY, Trick.DOG_FAIRY))
    # Seat 0's one trick ended its turn; seat 1's turn starts with seat 1's choice, not a move.
    assert not events_of(events, PlushTurnedBack) and state.turn.seat == 1
    assert [(p.seat, p.kind) for p in GAME.pending(state)] == [(1, PromptKind.CHOICE)]
    assert GAME.legal_commands(state, 1) == (
        ChooseSlice(ref(1, P.TOMATO_AND_HAM, plush=True)),
        ChooseSlice(ref(1, P.HAM, plush=True)),
        ChooseNoMore(),
    )
    then_refused(state, 1, EndTurn(), "caninos/unspelling")
    then_refused(state, 0, ChooseNoMore(), "caninos/not_enchanted")
    state, events = play(state, (1, ChooseNoMore()))  # "may": it keeps them this turn
    assert PlushKept(seat=1) in events and state.players[1].points == 0
    state, events = played_out(state, 1, EndTurn())
    # Seat 0's turn counts too ("every turn counts").
    assert state.turn.seat == 0 and GAME.legal_commands(state, 0) == ()
    state, events = play(state, (1, ChooseSlice(ref(1, P.HAM, plush=True))))
    assert PlushTurnedBack(seat=1, pizza=P.HAM) in events and state.players[1].points == 6
    state, events = played_out(state, 0, DiscardCard(GAMBLER), EndTurn())
    state, events = play(state, (1, ChooseSlice(ref(1, P.TOMATO_AND_HAM, plush=True))))
    assert SpellBroken(seat=1) in events
    assert state.players[1].fairy is None and FAIRY in state.discard and state.players[1].points == 16
    assert GAME.pending(state)[0].kind is PromptKind.TURN


def test_a_dog_fairy_whose_plush_toys_were_all_stolen_goes_at_the_next_turn():
    """Dog Fairy: "If you steal a plush toy, it turns back into pizza as soon as you add it to your
    collection"; with none left by it, the Dog Fairy goes to the discard pile."""
    state = table((RACCOON,), FILLER, collections=[(), (Slice(P.HAM, plush=True),)], fairies={1: FAIRY})
    state, events = played_out(state, 0, Steal(ref(1, P.HAM, plush=True)), PayWith((RACCOON,)))
    assert state.players[0].collection == (Slice(P.HAM),)
    assert SpellBroken(seat=1) in events and state.players[1].fairy is None and FAIRY in state.discard


def test_plush_toys_take_no_topping():
    toys = (Slice(P.HAM, plush=True),)
    state = table((UP,), FILLER, collections=[(), toys], fairies={1: FAIRY})
    assert PerformTrick(UP, Trick.TOPPING) not in GAME.legal_commands(state, 0)


def test_ruling_the_adopted_dogs_empty_trick_cell():
    """Ruling "The Adopted Dog's empty trick cell": it steals (option B) and answers Raccoons."""
    state = table((ADOPTED,), FILLER, collections=[(), (P.HAM,)])
    commands = GAME.legal_commands(state, 0)
    assert not any(isinstance(c, PerformTrick) for c in commands)
    assert Steal(ref(1, P.HAM)) in commands


def test_a_chaos_trick_stopped_by_a_raccoon_does_nothing():
    state = table((PACK_LEADER,), (RACCOON,), collections=[(Slice(P.HAM, topping=UP_2),), ()])
    state, events = play(state, (0, PerformTrick(PACK_LEADER, Trick.PACK_LEADER)), (1, React(RACCOON)))
    assert ChainResolved(succeeded=False) in events and not events_of(events, ToppingsSwept)
    assert state.players[0].collection == (Slice(P.HAM, topping=UP_2),)
