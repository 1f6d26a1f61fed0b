"""Canine Kleptomaniacs' public view of a state whose only change since the last state of its
seats is what is being resolved is made from that state's view (`views._public_view`), and a
trade offer's giver sees the public view's offer while nothing in it is face down. At every
position of seeded random games, in order, in reverse and with copies, every viewer's view is
the view made from scratch (`plain_views`)."""

from __future__ import annotations

import gc
from collections.abc import Iterator

from kennel.domain.canine_kleptomaniacs import GAME, views
from kennel.domain.canine_kleptomaniacs.commands import Source, TradeItem
from kennel.domain.canine_kleptomaniacs.components import Collectable
from kennel.domain.canine_kleptomaniacs.state import CanineState, Offer
from kennel.domain.core.frozen import replaced
from plain_views import canine_view
from testkit.hidden_worlds import random_game
from testkit.trade_offers import offers_being_composed


def states(number: int, moves: int = 400) -> Iterator[CanineState]:
    seats = 2 + number % 4
    game = random_game(GAME, f"fast paths 9 {number}", seats, GAME.random_play_options, max_moves=moves)
    for table in game.tables():
        yield table.state


def _only_the_effect_changed(before: CanineState | None, after: CanineState) -> bool:
    return before is not None and all(a is b for a, b in zip(views._ALL_BUT_EFFECT(before), views._ALL_BUT_EFFECT(after)))


# ---- the public view, from the last state of the same seats ----


def test_every_view_is_the_plain_view_state_after_state() -> None:
    made_from_the_last = 0
    for number in range(8):
        before = None
        for state in states(number):
            for viewer in (None, *range(state.seat_count)):
                assert views.view(state, viewer) == canine_view(state, viewer), (number, viewer)
            made_from_the_last += _only_the_effect_changed(before, state)
            before = state
    assert made_from_the_last > 200, made_from_the_last


def test_views_asked_out_of_order_and_of_copies_are_the_plain_views() -> None:
    played = list(states(5, moves=300))
    for state in reversed(played):
        assert views.view(state, None) == canine_view(state, None)
    # Copies (the same fields, other objects) and copies dropped (ids free for new objects).
    for state in played[::7]:
        for _ in range(2):
            copy = replaced(state)
            assert views.view(copy, 0) == canine_view(copy, 0)
            del copy
            gc.collect()


def test_a_state_that_changed_beside_its_effect_is_seen_afresh() -> None:
    state = next(state for state in states(2) if isinstance(state.effect, Offer) and state.turn_number > 1)
    public = views.view(state, None)
    for changed in (
        replaced(state, took_action_card=not state.took_action_card),
        replaced(state, mr_squirrel=None if state.mr_squirrel is not None else 0),
        replaced(state, laundry=state.laundry + (Collectable.SLIPPER,)),
    ):
        seen = views.view(changed, None)
        assert seen == canine_view(changed, None) and seen != public
    # Only the effect changed: its view is the last one's with the effect's told again.
    offer = state.effect
    assert isinstance(offer, Offer)
    other = replaced(state, effect=replaced(offer, sent=not offer.sent))
    seen = views.view(other, None)
    assert seen == canine_view(other, None)
    assert seen.seats is public.seats and seen.effect != public.effect


# ---- the giver's view of its own offer ----


def test_a_giver_sees_the_public_offer_unless_something_is_face_down() -> None:
    shared = own = 0
    for number in range(10):
        for state, offer in offers_being_composed("fast paths 9 giver", number, max_moves=500):
            giver, public = views.view(state, offer.proposer), views.view(state, None)
            assert giver == canine_view(state, offer.proposer)
            if any(item.face_down for item in offer.gives):
                assert giver.effect is not public.effect and giver.effect.give_items == offer.gives
                own += 1
            else:
                assert giver.effect is public.effect and public.effect.give_items is offer.gives
                shared += 1
    assert shared > 50, shared
    state, offer = next(offers_being_composed("fast paths 9 giver", 1, max_moves=500))
    down = replaced(offer, gives=(TradeItem(Source.HAND, kind=Collectable.SLIPPER, face_down=True),))
    hidden = replaced(state, effect=down)
    giver, public = views.view(hidden, offer.proposer), views.view(hidden, None)
    assert giver.effect.give_items == down.gives and public.effect.give_items[0].kind is None
    assert giver == canine_view(hidden, offer.proposer) and public == canine_view(hidden, None)
