"""The slices named once per collection and once per pizza on the table (`slices.named_slices`,
`slices.table_slices`) hold to the plain listings they replace, at every position of seeded
random games: a collection's refs that a rule keeps are the refs `collection_slices` lists with
that rule's test, and the table's are the refs made afresh, in the same order."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from kennel.domain.caninos import GAME
from kennel.domain.caninos.cards import Card, Effect, Kind, Pizza, box, kind_of, sorted_pizzas
from kennel.domain.caninos.evolve import evolve
from kennel.domain.caninos.events import SliceStolen
from kennel.domain.caninos.scoring import slice_points
from kennel.domain.caninos.slices import (
    can_take_topping,
    collection_refs,
    collection_slices,
    named_slices,
    table_refs,
    table_slices,
)
from kennel.domain.caninos.state import CaninosState, Slice, SliceRef
from testkit.hidden_worlds import random_game

# Every test a rule asks of a slice it may name (tricks.slice_options, turns.levelling_options).
KEEPS: list[Callable[[Slice], bool]] = [
    lambda piece: True,
    can_take_topping,
    lambda piece: piece.topping is not None,
    lambda piece: not piece.plush,
    lambda piece: slice_points(piece) > 0,
]


def positions(number: int, steps: int = 300) -> Iterator[CaninosState]:
    game = random_game(GAME, f"fast paths 8 {number}", 2 + number % 5, GAME.random_play_options, max_moves=steps)
    return (table.state for table in game.tables() if table.ended is None)


def made_collections() -> Iterator[tuple[Slice, ...]]:
    """Collections where one pizza lies with and without a topping, as a plush toy and under
    Cerberus, in several orders (random play seldom makes those)."""
    toppings = [card for card in Card if kind_of(card) is Kind.TOPPING]
    increase = next(card for card in toppings if box().effects[card] is Effect.INCREASE)
    reduction = next(card for card in toppings if box().effects[card] is not Effect.INCREASE)
    pizzas, cards = [Pizza.HAM, Pizza.TOMATO_AND_HAM], [increase, reduction]
    pieces = [
        Slice(pizza, topping=topping, plush=plush, cerberus=cerberus)
        for pizza in pizzas
        for topping in (None, *cards)
        for plush in (False, True)
        for cerberus in (None, Card.CERBERO)
    ]
    for start in range(len(pieces)):
        yield tuple(pieces[start:] + pieces[:start] + pieces[::3])


def plain_table_refs(state: CaninosState) -> list[SliceRef]:
    refs = [SliceRef(owner=None, pizza=pizza) for pizza in sorted_pizzas(set(state.doubles))]
    for deck in state.mini_decks:
        if deck and SliceRef(owner=None, pizza=deck[0]) not in refs:
            refs.append(SliceRef(owner=None, pizza=deck[0]))
    return refs


def test_a_collections_kept_refs_are_the_plain_ones() -> None:
    collections = [
        (owner, player.collection)
        for number in range(5)
        for state in positions(number)
        for owner, player in enumerate(state.players)
    ]
    collections += [(1, collection) for collection in made_collections()]
    checked = 0
    for owner, collection in collections:
        for keep in KEEPS:
            plain = [ref for ref, _ in collection_slices(owner, collection, keep)]
            assert collection_refs(owner, collection, keep) == plain
        assert collection_refs(owner, collection) == [ref for ref, _ in collection_slices(owner, collection)]
        checked += len(collection) > 1
    assert checked > 100


def test_a_collections_named_slices_are_kept_per_collection() -> None:
    state = next(s for s in positions(2) if any(len(p.collection) > 1 for p in s.players))
    owner, player = next((o, p) for o, p in enumerate(state.players) if len(p.collection) > 1)
    kept = named_slices(player.collection, owner)
    assert named_slices(player.collection, owner) is kept
    assert kept == collection_slices(owner, player.collection)
    # Another collection (one slice fewer) is listed afresh.
    ref = kept[0][0]
    after = evolve(state, SliceStolen(thief=(owner + 1) % state.seat_count, slice=ref, mini_deck=None, topping_lost=False))
    changed = after.players[owner].collection
    assert changed is not player.collection
    assert named_slices(changed, owner) == collection_slices(owner, changed)
    assert named_slices(changed, owner) is not kept


def test_the_table_slices_are_the_plain_refs_one_pair_per_pizza() -> None:
    checked = 0
    for state in (state for number in range(5) for state in positions(number)):
        pairs = table_slices(state)
        assert table_refs(state) == [ref for ref, _ in pairs] == plain_table_refs(state)
        assert [piece for _, piece in pairs] == [Slice(ref.pizza) for ref, _ in pairs]
        again = table_slices(state)
        assert all(a is b for pair, other in zip(pairs, again, strict=True) for a, b in zip(pair, other, strict=True))
        checked += 1
    assert checked > 100
