"""A side's open trade steps, kept per side of an offer (`trading._Steps.open_after`), hold to
the plain listing (every item checked with a fresh `Tally`) at every position of seeded random
games where an offer is composed, state after state as the server meets them; the same side is
answered with the very same steps, and a side that grew is listed afresh."""

from __future__ import annotations

from collections.abc import Iterator

from kennel.domain.canine_kleptomaniacs import GAME, hiding, trading, views
from kennel.domain.canine_kleptomaniacs.commands import AskInTrade, GiveInTrade
from kennel.domain.canine_kleptomaniacs.components import KINDS
from kennel.domain.canine_kleptomaniacs.state import CanineState, Offer
from kennel.domain.core.frozen import replaced
from testkit.hidden_worlds import random_game
from testkit.trade_offers import offers_being_composed


def composing(number: int) -> Iterator[tuple[CanineState, Offer]]:
    return offers_being_composed("fast paths 8", number, max_moves=500)


def plain_side(state: CanineState, offer: Offer, asking: bool) -> list[object]:
    owner = offer.partner if asking else offer.proposer
    assert owner is not None
    tally = trading._tally(state, offer, asking)
    make = AskInTrade if asking else GiveInTrade
    return [make(item) for item in trading.items_of(state, owner, asking) if tally.can_add(item)]


def test_kept_open_steps_are_the_plain_steps_state_after_state() -> None:
    kept_sides = 0
    for number in range(12):
        before: Offer | None = None
        for state, offer in composing(number):
            gives = trading.composing_commands(state, offer, GiveInTrade)
            asks = trading.composing_commands(state, offer, AskInTrade)
            assert gives == plain_side(state, offer, asking=False)
            assert asks == plain_side(state, offer, asking=True)
            if before is not None and offer.takes and before.takes is offer.takes:
                kept_sides += 1
            before = offer
    assert kept_sides > 20, kept_sides


def test_a_side_is_answered_with_the_same_steps_and_a_grown_side_afresh() -> None:
    state, offer = next(found for found in composing(3) if found[1].gives and found[1].takes)
    assert offer.partner is not None
    steps = trading._steps_of(state, offer.partner, True)
    first = steps.open_after(offer.takes, lambda: trading._tally(state, offer, asking=True))
    again = steps.open_after(offer.takes, lambda: trading._tally(state, offer, asking=True))
    assert again is first
    # An equal side that is another tuple is listed afresh (kept by the tuple itself), alike.
    copy = tuple(list(offer.takes))
    assert copy is not offer.takes
    other = replaced(offer, takes=copy)
    assert steps.open_after(copy, lambda: trading._tally(state, other, asking=True)) == first
    # A side one item longer: its steps afresh, the plain ones.
    grown = replaced(offer, takes=(*offer.takes, offer.takes[0]))
    state = replaced(state, effect=grown)
    made = steps.open_after(grown.takes, lambda: trading._tally(state, grown, asking=True))
    assert made is not first
    assert list(made) == plain_side(state, grown, asking=True)


def test_whether_a_side_is_held_is_the_plain_answer_kept_per_side() -> None:
    checked = 0
    for state, offer in (found for number in range(8) for found in composing(number)):
        steps = trading._steps_of(state, offer.proposer, False)
        held = steps.holds_all(offer.gives)
        assert held == trading.holds_all(state.seats[offer.proposer], offer.gives)
        assert steps.holds_all(offer.gives) is held
        assert trading.can_send(state, offer) == (
            bool(offer.gives) and bool(offer.takes) and trading.holds_all(state.seats[offer.proposer], offer.gives)
        )
        checked += bool(offer.gives)
    assert checked > 20, checked


# ---- the public view's seats and offers left, kept per tuple of the state's ----


def test_the_public_views_seats_and_offers_left_are_the_plain_ones() -> None:
    seen = 0
    for number in range(6):
        seed = f"fast paths 8 views {number}"
        game = random_game(GAME, seed, 2 + number % 4, GAME.random_play_options, max_moves=300)
        for table in game.tables():
            state = table.state
            public = views.view(state, None)
            assert public.seats == tuple(views._seat_view(seat, number) for number, seat in enumerate(state.seats))
            offers = trading.offers_per_turn()
            assert public.proposals_left_by_seat == tuple(
                max(0, offers - state.proposals_of(seat)) for seat in range(state.seat_count)
            )
            assert state.clockwise_from(state.turn) == tuple(
                (state.turn + step) % state.seat_count for step in range(state.seat_count)
            )
            seen += 1
    assert seen > 200, seen


def test_the_seats_view_is_kept_per_tuple_of_seats() -> None:
    state = next(state for state, _ in composing(2))
    public = views.view(state, None)
    other = replaced(state, took_action_card=not state.took_action_card)  # the same seats and offers
    assert views.view(other, None).seats is public.seats
    assert views.view(other, None).proposals_left_by_seat is public.proposals_left_by_seat
    first = replaced(state.seats[0], quiet_turns=state.seats[0].quiet_turns + 1)
    changed = replaced(state, seats=(first, *state.seats[1:]))
    seats = views.view(changed, None).seats
    assert seats is not public.seats and seats[0] != public.seats[0]
    assert seats[1] is public.seats[1]  # a seat unchanged is seen as before


# ---- a seat's new sets, found once per seat part for its hides and its swaps ----


def test_a_seats_new_sets_are_the_plain_ones_kept_per_seat_part() -> None:
    found = 0
    for number in range(6):
        game = random_game(GAME, f"fast paths 8 sets {number}", 2 + number % 4, GAME.random_play_options, max_moves=300)
        for table in game.tables():
            for own in table.state.seats:
                sets = hiding.all_new_sets(own)
                assert sets == {kind: hiding.new_sets(own, kind) for kind in KINDS}
                assert hiding.all_new_sets(own) is sets
                found += any(sets.values())
    assert found > 50, found
    changed = replaced(own, hand=own.hand[1:])
    assert hiding.all_new_sets(changed) is not hiding.all_new_sets(own)

