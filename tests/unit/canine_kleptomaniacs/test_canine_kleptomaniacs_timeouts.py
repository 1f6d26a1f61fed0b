"""Ruling "Timeouts" (docs/rules/canine-kleptomaniacs.md): what the rules do for a seat whose
prompt ran out of time on a table with turn timers."""

from canine_kleptomaniacs_support import (
    BALLS,
    BLOOMERS,
    GAME,
    SLIPPER,
    SOCKS,
    A,
    after,
    given,
    kept,
    opening,
    turn,
)
from kennel.domain.canine_kleptomaniacs.commands import (
    AskInTrade,
    CallOffTrade,
    ChooseWeapon,
    DeclineTrade,
    EndTurn,
    GiveInTrade,
    ProposeTrade,
    SendOffer,
    Source,
    TakeActionCard,
    TradeItem,
)
from kennel.domain.core.rng import Rng, seed_from_text

RNG = Rng(seed_from_text("canine timeouts"), 0)
TABLE = opening((SOCKS, SLIPPER), (BALLS, BLOOMERS))


def test_ruling_timeouts():
    """Gameplay Summary: "During your turn you may do ONE of the following actions: Take an
    Action card ..."; the plainest action, then the turn ends (never a trade: "you may also trade")."""
    state = given(TABLE, turn(0))
    assert ProposeTrade() in GAME.legal_commands(state, 0)
    assert GAME.timeout_command(state, 0, RNG) == TakeActionCard()
    state = after(state, 0, TakeActionCard())
    assert EndTurn() in GAME.legal_commands(state, 0) and GAME.timeout_command(state, 0, RNG) == EndTurn()


def test_a_trade_not_made_or_answered_in_time_is_called_off_or_declined():
    """Trading: "You can trade" is a choice on both sides; silence makes no trade."""
    state = after(given(TABLE, turn(0)), 0, ProposeTrade())
    assert GAME.timeout_command(state, 0, RNG) == CallOffTrade()
    state = after(state, 0, GiveInTrade(TradeItem(Source.HAND, kind=SLIPPER)))
    assert GAME.timeout_command(state, 0, RNG) == CallOffTrade()
    state = after(after(state, 0, AskInTrade(TradeItem(Source.HAND, kind=BLOOMERS))), 0, SendOffer())
    assert GAME.timeout_command(state, 1, RNG) == DeclineTrade()


def test_a_weapon_not_chosen_in_time_is_drawn_at_random():
    """Action Cards, Plundering Pooch: weapons are chosen in secret for each throw; a fixed
    default would be a known throw, so an absent fighter's weapon is drawn from the seed."""
    state = given(
        opening((SOCKS,), (BALLS, BALLS, BALLS, SLIPPER), actions=[A.PLUNDERING_POOCH, A.PLUNDERING_POOCH, A.PIGSFOOT_TREAT]),
        kept(1, A.PLUNDERING_POOCH),
        turn(0),
    )
    state = after(state, 0, TakeActionCard())
    drawn = {GAME.timeout_command(state, 1, Rng(seed_from_text(f"seed {n}"), 3)) for n in range(24)}
    assert drawn == set(c for c in GAME.legal_commands(state, 1) if isinstance(c, ChooseWeapon))
