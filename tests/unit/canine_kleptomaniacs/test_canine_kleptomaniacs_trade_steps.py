"""The trade steps kept per seat part (`trading._seat_steps`) and the shortcut for a side of an
offer that names nothing yet hold to the plain listing (every item of `items_of`, checked with
`Tally.can_add`), at every position of seeded random games where an offer is being composed;
and so do a seat's hides and swaps, kept per seat part (`legal._hides`, `legal._swaps`)."""

from __future__ import annotations

from collections.abc import Iterator

from kennel.domain.canine_kleptomaniacs import GAME, hiding, legal, trading, words
from kennel.domain.canine_kleptomaniacs.commands import AskInTrade, GiveInTrade
from kennel.domain.canine_kleptomaniacs.state import CanineState, Offer
from kennel.domain.core.frozen import replaced
from testkit.hidden_worlds import random_game
from testkit.trade_offers import offers_being_composed


def composing(number: int) -> Iterator[tuple[CanineState, Offer]]:
    return offers_being_composed("trade steps", number, max_moves=400)


def plain(state: CanineState, offer: Offer) -> list[object]:
    assert offer.partner is not None
    own, other = trading._tally(state, offer, asking=False), trading._tally(state, offer, asking=True)
    mine = trading.items_of(state, offer.proposer, False)
    gives = [GiveInTrade(item) for item in mine if own.can_add(item)]
    asks = [AskInTrade(item) for item in trading.items_of(state, offer.partner, True) if other.can_add(item)]
    return [*gives, *asks]


def test_trade_steps_are_the_plain_steps() -> None:
    positions = empty_sides = 0
    for state, offer in (found for number in range(12) for found in composing(number)):
        steps = trading.composing_commands(state, offer)
        assert steps == plain(state, offer)
        assert steps == [
            *trading.composing_commands(state, offer, GiveInTrade),
            *trading.composing_commands(state, offer, AskInTrade),
        ]
        again = trading.composing_commands(state, offer)
        assert all(first is second for first, second in zip(steps, again))  # one object per step
        positions += 1
        empty_sides += not offer.gives or not offer.takes
    assert positions > 50 and empty_sides > 20, (positions, empty_sides)


def test_a_changed_seat_part_lists_its_steps_afresh() -> None:
    state, offer = next(composing(1))
    seat = state.seats[offer.proposer]
    kept = trading._seat_steps(seat, False, False)
    assert trading._seat_steps(seat, False, False) is kept
    changed = trading._seat_steps(replaced(seat, hand=seat.hand[1:]), False, False)
    assert changed is not kept


def test_hides_and_swaps_kept_per_seat_part_are_the_plain_lists() -> None:
    seen = 0
    for number in range(6):
        game = random_game(GAME, f"hides {number}", 2 + number % 4, GAME.random_play_options, max_moves=300)
        for table in game.tables():
            for own in table.state.seats:
                assert list(legal._hides(own)) == hiding.hide_commands(own)
                assert list(legal._swaps(own)) == hiding.swap_commands(own)
                assert legal._hides(own) is legal._hides(own)
                seen += bool(legal._hides(own)) + bool(legal._swaps(own))
    assert seen > 50, seen


def test_offer_sides_told_once_per_side_are_told_as_plainly() -> None:
    told = 0
    for number in range(8):
        game = random_game(GAME, f"sides {number}", 2 + number % 4, GAME.random_play_options, max_moves=400)
        for table in game.tables():
            offer = table.state.effect
            if not isinstance(offer, Offer):
                continue
            for items in (offer.gives, offer.takes):
                for whose, unseen in (("your", False), ("their", True), ("their", False)):
                    plain = words._things.__wrapped__(items, whose, unseen)
                    assert words._things(items, whose, unseen) == plain
                    told += 1
    assert told > 100, told
