"""Canine Kleptomaniacs' hand items made for one item (`trading._hand_items` with `like`, which
`may_put_in` asks when a trade step is decided) are items of the whole list, among them every
one equal to it, and
putting an item into an offer is legal exactly when the legal commands list it, at positions of
seeded random games."""

from __future__ import annotations

from collections.abc import Iterator

from kennel.domain.canine_kleptomaniacs import GAME, trading
from kennel.domain.canine_kleptomaniacs.commands import AskInTrade, GiveInTrade, Source, TradeItem
from kennel.domain.canine_kleptomaniacs.components import Collectable, manifest
from kennel.domain.canine_kleptomaniacs.legal import legal_commands
from kennel.domain.canine_kleptomaniacs.state import CanineState
from testkit.hidden_worlds import random_game
from testkit.trade_offers import offers_being_composed


def states(number: int, moves: int = 400) -> Iterator[CanineState]:
    seats = 2 + number % 4
    game = random_game(GAME, f"fast paths 9 {number}", seats, GAME.random_play_options, max_moves=moves)
    for table in game.tables():
        yield table.state


# ---- a seat's hand items, made for one item ----


def _likes() -> list[TradeItem]:
    hand = [
        TradeItem(Source.HAND, kind=kind, face_down=down) for kind in Collectable for down in (False, True)
    ]
    return [*hand, TradeItem(Source.HAND), TradeItem(Source.HAND, kind=None, face_down=True)]


def test_hand_items_made_for_one_item_are_the_plain_ones() -> None:
    checked = 0
    for number in range(6):
        for state in list(states(number, moves=200))[::5]:
            for seat in state.seats:
                for asking in (False, True):
                    for holds_paw in (False, True):
                        every = trading._hand_items(seat, asking, holds_paw)
                        for like in _likes():
                            made = trading._hand_items(seat, asking, holds_paw, like)
                            # Items of the list (some that may equal `like`), among them every one that does.
                            assert all(item in every for item in made), (like, asking, holds_paw)
                            equal = [item for item in every if item == like]
                            assert [item for item in made if item == like] == equal, (like, asking, holds_paw)
                            checked += 1
    assert checked > 1000, checked


def test_putting_in_an_item_is_legal_exactly_when_listed() -> None:
    checked = 0
    for number in range(8):
        for state, offer in offers_being_composed("fast paths 9 put in", number, max_moves=500):
            listed = set(legal_commands(state, offer.proposer))
            for like in _likes():
                for asking, make in ((True, AskInTrade), (False, GiveInTrade)):
                    legal = make(like) in listed
                    assert trading.may_put_in(state, offer, like, asking) == legal, (like, asking)
                    checked += 1
    assert checked > 500, checked


def test_the_offers_each_seat_may_begin_are_the_manifests() -> None:
    assert trading.offers_per_turn() == manifest().rulings["trade_offers_per_seat_per_turn"]
