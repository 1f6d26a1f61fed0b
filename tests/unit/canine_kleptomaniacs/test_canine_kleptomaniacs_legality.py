"""`legality.is_legal` answers exactly as a search of `legal_commands` would (the reference, kept
for this test), and `decide` refuses what it rejects with `refusals.explain`'s code, in many
positions of seeded random games, for every seat, for commands legal and not."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product
from typing import Any

from canine_kleptomaniacs_support import GAME
from kennel.domain.canine_kleptomaniacs import commands as cmd
from kennel.domain.canine_kleptomaniacs.components import BedroomCard, Collectable
from kennel.domain.canine_kleptomaniacs.legal import legal_commands
from kennel.domain.canine_kleptomaniacs.legality import is_legal
from kennel.domain.canine_kleptomaniacs.refusals import explain
from kennel.domain.canine_kleptomaniacs.state import Offer
from kennel.domain.core import table as tables
from kennel.domain.core.bots import RandomBot
from kennel.domain.core.rng import Rng, seed_from_text
from kennel.domain.core.rules import RuleViolation

Source = cmd.Source
KINDS: list[Collectable | None] = [None, *Collectable]
PLACES: list[Any] = [None, -1, 0, 1, 2, 3, 9]


def trade_items() -> Iterator[Any]:
    """Items of every source, with the fields each source needs and with ones it does not; and
    things that are not quite items (a bool for a place number, no TradeItem at all)."""
    for kind, face_down in product(KINDS, (False, True)):
        yield cmd.TradeItem(Source.HAND, kind=kind, face_down=face_down)
    yield cmd.TradeItem(Source.HAND, kind=Collectable.BASIC_SOCKS, place=0)
    yield cmd.TradeItem(Source.HAND, kind=Collectable.BASIC_SOCKS, bedroom_card=BedroomCard.WASHING_LINE)
    for kind, place in product(KINDS, PLACES):
        yield cmd.TradeItem(Source.HIDDEN_CARD, kind=kind, place=place)
    yield cmd.TradeItem(Source.HIDDEN_CARD, kind=Collectable.SLIPPER, place=0, face_down=True)
    yield cmd.TradeItem(Source.HIDDEN_CARD, kind=Collectable.SLIPPER, place=True)  # equal to place 1
    for place in PLACES:
        yield cmd.TradeItem(Source.HIDING_PLACE, place=place)
    yield cmd.TradeItem(Source.HIDING_PLACE, place=0, kind=Collectable.SLIPPER)
    yield cmd.TradeItem(Source.HIDING_PLACE, place=0, face_down=True)
    yield cmd.TradeItem(Source.HIDING_PLACE, place=False)  # equal to place 0
    for card in [None, *BedroomCard]:
        yield cmd.TradeItem(Source.BEDROOM, bedroom_card=card)
    yield cmd.TradeItem(Source.BEDROOM, bedroom_card=BedroomCard.LAUNDRY_BASKET, place=0)
    yield cmd.TradeItem(Source.BEDROOM, bedroom_card=BedroomCard.LAUNDRY_BASKET, kind=Collectable.SLIPPER)
    yield "hand"
    yield None


# Every command of a type `is_legal` checks directly that has no fields (or one, TradeWith's,
# probed with every partner in `probes`), so that each is asked in every position, for every seat.
TURN_AND_OFFER: list[Any] = [
    cmd.EndTurn(),
    cmd.ProposeTrade(),
    cmd.TakeActionCard(),
    cmd.TakeMrSquirrel(),
    cmd.CallOffTrade(),
    cmd.SendOffer(),
    cmd.DeclineTrade(),
    cmd.AcceptTrade(),
]
CHECKED_DIRECTLY = (cmd.GiveInTrade, cmd.AskInTrade, cmd.TradeWith, *(type(command) for command in TURN_AND_OFFER))


def probes(state: Any, seat_count: int) -> list[Any]:
    """Every seat's legal commands (legal for one seat, maybe not for another), and, while an
    offer is being composed, every trade step of `trade_items`."""
    found: list[Any] = [cmd.GiveInTrade(cmd.TradeItem(Source.HAND, kind=Collectable.BASIC_SOCKS)), *TURN_AND_OFFER]
    # Partners out of range and not quite seats (True equals seat 1) as well as every seat.
    found.extend(cmd.TradeWith(partner) for partner in [-1, *range(seat_count + 1), True])
    for seat in range(seat_count):
        found.extend(legal_commands(state, seat))
    if isinstance(state.effect, Offer):
        found.extend(step(item) for item in trade_items() for step in (cmd.GiveInTrade, cmd.AskInTrade))
    return found


def refusal(state: Any, seat: int, command: Any) -> str | None:
    try:
        GAME.decide(state, seat, command, Rng(seed_from_text("probe"), 0))
    except RuleViolation as violation:
        return violation.code
    return None


def test_is_legal_answers_as_the_legal_list_does_and_refusals_keep_their_codes() -> None:
    checked = composing = 0
    for number, seat_count in enumerate([2, 3, 4, 5]):
        seed = seed_from_text(f"legality {number}")
        players = [f"p{i}" for i in range(seat_count)]
        table = tables.fold(GAME, tables.create(GAME, GAME.random_play_options, players, seed))
        bot = RandomBot(f"legality {number}", undo=False)
        step = 0
        while table.ended is None and step < 350:
            state = table.state
            found = probes(state, seat_count)
            composing += isinstance(state.effect, Offer)
            for seat in range(seat_count):
                lists: dict[type, tuple[Any, ...]] = {}
                for command in found:
                    kind = type(command)
                    if kind not in lists:
                        lists[kind] = legal_commands(state, seat, only=kind)
                    expected = command in lists[kind]
                    assert is_legal(state, seat, command) == expected, (step, seat, command)
                    # Refused through `decide`, as `explain` says (sampled: this is slow, and the
                    # same whichever way legality was found).
                    if not expected and step % 8 == 0 and type(command) in CHECKED_DIRECTLY:
                        assert refusal(state, seat, command) == explain(state, seat, command).code
                    checked += 1
            seat = table.pending()[step % len(table.pending())].seat
            table = tables.fold_into(table, tables.play(table, seat, bot.choose(table, seat), seed))
            step += 1
    assert composing > 100, "too few positions with an offer being composed"
    assert checked > 50_000
    print(f"{checked} checks, {composing} positions with an offer being composed")
