"""`legal_commands` lists every command `decide` accepts, and `decide` accepts nothing else;
every refusal carries a code and a sentence."""

from __future__ import annotations

from itertools import product
from typing import Any

from canine_kleptomaniacs_support import GAME, Dice
from kennel.domain.canine_kleptomaniacs import commands as cmd
from kennel.domain.canine_kleptomaniacs.components import KINDS, BedroomCard, Collectable, Weapon
from kennel.domain.core import table as tables
from kennel.domain.core.bots import RandomBot
from kennel.domain.core.rng import Rng, seed_from_text
from kennel.domain.core.rules import RuleViolation


def candidates(state: Any, seat_count: int) -> list[Any]:
    """Commands of every type, with arguments good and bad, and every seat's legal commands."""
    seats = [-1, *range(seat_count), seat_count]
    places = [-1, 0, 1, 2, 5]
    kinds = list(Collectable)
    bedroom_sets = [(), (BedroomCard.LAUNDRY_BASKET,), (BedroomCard.WASHING_LINE,), (BedroomCard.WACKY_EARPLUGS,)]
    items = [
        cmd.TradeItem(cmd.Source.HAND, kind=Collectable.BASIC_SOCKS),
        cmd.TradeItem(cmd.Source.HAND, kind=Collectable.POO_PIZZA),
        cmd.TradeItem(cmd.Source.HIDING_PLACE, place=0),
        cmd.TradeItem(cmd.Source.HIDING_PLACE, place=7),
        cmd.TradeItem(cmd.Source.BEDROOM, bedroom_card=BedroomCard.WACKY_EARPLUGS),
    ]
    found: list[Any] = [
        cmd.TakeActionCard(), cmd.TakeMrSquirrel(), cmd.EndTurn(), cmd.ProposeTrade(), cmd.CallOffTrade(),
        cmd.AcceptTrade(), cmd.DeclineTrade(), cmd.PlayCheesyDistraction(), cmd.SniffLaundryPile(),
        cmd.UseCharmOffensive(), cmd.AllowTheft(), cmd.StopRolling(), cmd.EndLeafStorm(), cmd.ClaimImmunity(),
        cmd.JoinRumble(), cmd.ClaimBedroomCard(), cmd.ClaimThreeCards(), cmd.LoseCollectables(None),
        *(cmd.HideSet(p, k, b) for p, k, b in product(places, KINDS, bedroom_sets)),
        *(cmd.SwapSets(p, k) for p, k in product(places, KINDS)),
        *(cmd.SwapPlaces(a, b) for a, b in product(places, places)),
        *(cmd.OfferTrade(s, g, t) for s, g, t in product(seats, items, items)),
        *(cmd.ChooseVictim(s) for s in seats),
        *(c(k) for c in (cmd.AskForCollectable, cmd.RollAgain, cmd.DiscardCard, cmd.LoseCollectables, cmd.PassCard) for k in kinds),
        *(cmd.PickFromLaundry(p) for p in [(), (Collectable.BASIC_SOCKS,) * 3, (Collectable.SLIPPER, Collectable.BASIC_SOCKS)]),
        *(cmd.DiscardTwo(p) for p in [(), (Collectable.BASIC_SOCKS,) * 2, (Collectable.POO_PIZZA,)]),
        *(cmd.ChooseWeapon(w) for w in Weapon),
    ]
    for seat in range(seat_count):
        found.extend(GAME.legal_commands(state, seat))
    return found


def accepted(state: Any, seat: int, command: Any) -> bool:
    try:
        GAME.decide(state, seat, command, Rng(seed_from_text("probe"), 0))
    except RuleViolation as refusal:
        assert refusal.code.startswith("canine-kleptomaniacs/") and refusal.message
        return False
    return True


def test_decide_accepts_exactly_the_legal_commands():
    """design.md: legal_commands is "every command the seat may send now"."""
    checked = 0
    for number, seat_count in enumerate([2, 3, 5, 7, 10]):
        seed = seed_from_text(f"legal {number}")
        table = tables.fold(GAME, tables.create(GAME, None, [f"p{i}" for i in range(seat_count)], seed))
        bot = RandomBot(f"legal {number}")
        step = 0
        while table.ended is None and step < 400:
            if step % 7 == 0:
                probes = candidates(table.state, seat_count)
                for seat in range(seat_count):
                    legal = GAME.legal_commands(table.state, seat)
                    assert len(set(legal)) == len(legal)
                    assert {c for c in probes if accepted(table.state, seat, c)} == set(legal)
                    checked += 1
            seat = table.pending()[step % len(table.pending())].seat
            for event in tables.play(table, seat, bot.choose(table, seat), seed):
                table = tables.evolve(table, event)
            step += 1
    assert checked > 200


def test_a_game_over_refuses_everything():
    state = GAME.initial_state(GAME.options_type(), 2)
    assert GAME.legal_commands(state, 0) == ()
    events = tables.create(GAME, None, ["a", "b"], seed_from_text("over"))
    table = tables.fold(GAME, events)
    try:
        GAME.decide(table.state, 5, cmd.TakeActionCard(), Dice())
    except RuleViolation as refusal:
        assert refusal.code == "canine-kleptomaniacs/no_such_seat"
