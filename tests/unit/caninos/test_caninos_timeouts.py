"""Ruling "Timeouts" (docs/rules/caninos.md): what the rules do for a seat whose prompt ran out
of time on a table with turn timers."""

from caninos_support import GAMBLER, GAME, QUIETO, RACCOON, UP, C, P, play, ref, rng, table
from kennel.domain.caninos.commands import Decline, EndTurn, PayWith, Steal

SIX = (C.GALGO_TRILERO, C.CANICHE_CRUPIER, C.DOBERMAN_FAROLERO, C.PUG_DE_PICAS, C.SETTER_SUERTUDO, UP)
OTHER_SIX = (C.HUSKY_BURSATIL, C.SAMOYEDO_ESPECULADOR, C.AKITA_ACCIONISTA, C.TERRIER_TIBURON, QUIETO, RACCOON)


def test_ruling_timeouts():
    """Mechanics: "During your turn you have three options: play your cards, pass your turn, or
    discard"; the one that asks nothing more of anyone is passing."""
    state = table(SIX, OTHER_SIX)
    assert GAME.timeout_command(state, 0, rng()) == EndTurn()


def test_a_reaction_not_given_in_time_is_declined():
    """Reaction!: a player "may block" a play; silence lets it be."""
    state = table((GAMBLER,), (QUIETO,), collections=[(), (P.HAM,)])
    state, _ = play(state, (0, Steal(ref(1, P.HAM))), (0, PayWith((GAMBLER,))))
    assert state.asking == (1,)
    assert GAME.timeout_command(state, 1, rng()) == Decline()


def test_a_declared_play_not_completed_in_time_takes_its_first_option():
    """Stealing Pizza: a declared steal still owes its cards; the first option listed is paid."""
    state = table((GAMBLER, C.CANICHE_CRUPIER), (QUIETO,), collections=[(), (P.HAM,)])
    state, _ = play(state, (0, Steal(ref(1, P.HAM))))
    first = GAME.legal_commands(state, 0)[0]
    assert isinstance(first, PayWith)
    assert GAME.timeout_command(state, 0, rng()) == first


def test_an_enchanted_seat_out_of_time_turns_no_plush_toy_back():
    """Ruling "Timeouts": the Dog Fairy's "may" is not taken for a seat that does nothing."""
    from kennel.domain.caninos.commands import ChooseNoMore
    from kennel.domain.caninos.state import Slice

    state = table(
        SIX, OTHER_SIX, collections=[(), (Slice(P.HAM, plush=True),)], fairies={1: C.HADA_PERRINA}
    )
    state, _ = play(state, (0, EndTurn()))
    assert GAME.timeout_command(state, 1, rng()) == ChooseNoMore()
