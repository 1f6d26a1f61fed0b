"""Given-state / when-command / then-events-or-error helpers for the ¡Caninos! rule tests.

A scenario starts from `table(...)`: the hands, collections and whatever lies on the table that
the test needs, every other card of the box in the main deck (or wherever the test says), so
each test states its table in a few lines and the box is always whole. (Named
`caninos_support`, not `support`: test folders have no `__init__.py`, so module names must be
unique across the repository.)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import pytest
from kennel.domain.caninos import GAME
from kennel.domain.caninos.cards import (
    Card,
    Pizza,
    box_cards,
    box_double_pizzas,
    box_normal_pizzas,
    is_double,
    sorted_cards,
    sorted_pizzas,
)
from kennel.domain.caninos.options import Options
from kennel.domain.caninos.state import CaninosState, Hex, Player, Slice, SliceRef, Turn
from kennel.domain.core.frozen import replaced
from kennel.domain.core.rng import Rng, seed_from_text
from kennel.domain.core.rules import RuleViolation

C = Card
P = Pizza
RNG_TEXT = "caninos unit tests"

# Cards the tests use often, by what they are.
GLUTTON, GLUTTON_2 = C.CHIHUAHUA_FURIOSO, C.MORDISQUITO  # Tragones
GAMBLER = C.GALGO_TRILERO  # Tahúres
BROKER = C.HUSKY_BURSATIL  # Brókers
SMART_ALECK, SMART_ALECK_2 = C.BORDER_SABELOTODO, C.PASTOR_PILLO  # Listillos
DIETER = C.WHIPPET_EN_AYUNAS  # Dietistas
KILLJOY = C.PERREMOTO  # Aguafiestas
QUIETO, RACCOON, TANUKI, ADOPTED = C.QUIETO, C.MAPACHE_MISTICO, C.TANUKI, C.PERRO_ADOPTIVO
UP, UP_2, DOWN = C.GUINDILLA, C.ALCAPARRAS, C.BROCOLI_TRISTE  # an increase, another, a reduction


def table(
    *hands: Sequence[Card],
    collections: Sequence[Sequence[Slice | Pizza]] | None = None,
    turn: int | Turn = 0,
    deck: Sequence[Card] | None = None,
    discard: Sequence[Card] = (),
    doubles: Sequence[Pizza] | None = None,
    mini_decks: Sequence[Sequence[Pizza]] | None = None,
    hexes: dict[int, Sequence[Hex]] | None = None,
    fairies: dict[int, Card] | None = None,
    options: Options | None = None,
) -> CaninosState:
    """A table with one seat per hand, seat `turn` in turn (nothing done yet).

    Collections hold slices (a bare `Pizza` is a plain slice). Every card of the box not placed
    lies in the main deck, in box order; when `deck` is given, the rest lies in the discard
    pile after `discard`. Every pizza not in a collection lies on the table: Doubles in the row,
    Normals in the two mini-decks (in box order, or as `mini_decks` says, the rest to the row's
    side of nothing: they must then all be placed)."""
    collections = collections or [()] * len(hands)
    slices = [[piece if isinstance(piece, Slice) else Slice(piece) for piece in c] for c in collections]
    placed: Counter[Card] = Counter(card for hand in hands for card in hand)
    placed.update(discard)
    placed.update(card for c in slices for piece in c for card in (piece.topping, piece.cerberus) if card)
    placed.update(hex_.card for hexes_ in (hexes or {}).values() for hex_ in hexes_)
    placed.update((fairies or {}).values())
    missing = placed - Counter(box_cards())
    assert not missing, f"more cards than the box holds: {missing}"
    rest = _take_counts(box_cards(), Counter(box_cards()) - placed)  # in box order
    if deck is None:
        deck_cards, discard_cards = tuple(rest), tuple(discard)
    else:
        assert not Counter(deck) - Counter(rest), "the deck holds cards placed elsewhere"
        leftover = Counter(rest) - Counter(deck)
        deck_cards, discard_cards = tuple(deck), (*discard, *_take_counts(box_cards(), leftover))
    in_collections = Counter(piece.pizza for c in slices for piece in c)
    pizzas_left = Counter(box_normal_pizzas()) + Counter(box_double_pizzas()) - in_collections
    if doubles is None:
        doubles = [p for p in sorted_pizzas(pizzas_left.elements()) if is_double(p)]
    if mini_decks is None:
        normals = _take_counts(
            box_normal_pizzas(), Counter({p: n for p, n in pizzas_left.items() if not is_double(p)})
        )
        half = (len(normals) + 1) // 2
        mini_decks = [normals[:half], normals[half:]]
    laid = Counter(doubles) + Counter(p for deck_ in mini_decks for p in deck_)
    assert laid == pizzas_left, "every pizza must lie somewhere"
    players = tuple(
        Player(
            hand=sorted_cards(hand),
            collection=tuple(slices[seat]),
            hexes=tuple((hexes or {}).get(seat, ())),
            fairy=(fairies or {}).get(seat),
        )
        for seat, hand in enumerate(hands)
    )
    state = GAME.initial_state(options or Options(), len(hands))
    return replaced(
        state,
        players=players,
        deck=deck_cards,
        discard=discard_cards,
        pizza_deck=(),
        doubles=sorted_pizzas(doubles),
        mini_decks=tuple(tuple(d) for d in mini_decks),
        turn=turn if isinstance(turn, Turn) else Turn(seat=turn),
    )


def _take_counts(order: Iterable[Any], counts: Counter[Any]) -> list[Any]:
    counts = Counter(counts)
    taken = []
    for item in order:
        if counts[item] > 0:
            counts[item] -= 1
            taken.append(item)
    return taken


def ref(owner: int | None, pizza: Pizza, topping: Card | None = None, plush: bool = False) -> SliceRef:
    return SliceRef(owner=owner, pizza=pizza, topping=topping, plush=plush)


def rng(text: str = RNG_TEXT) -> Rng:
    return Rng(seed_from_text(text), 0)


def when(state: CaninosState, seat: int, command: Any, text: str = RNG_TEXT) -> list[Any]:
    return list(GAME.decide(state, seat, command, rng(text)))


def after(state: CaninosState, seat: int, *commands: Any) -> CaninosState:
    """The state once the commands' events are folded in, all sent by `seat`."""
    for command in commands:
        for event in when(state, seat, command):
            state = GAME.evolve(state, event)
    return state


def play(state: CaninosState, *moves: tuple[int, Any]) -> tuple[CaninosState, list[Any]]:
    """(seat, command) moves in turn; the final state and every event they produced."""
    events: list[Any] = []
    for seat, command in moves:
        produced = when(state, seat, command)
        events += produced
        for event in produced:
            state = GAME.evolve(state, event)
    return state, events


def then_refused(state: CaninosState, seat: int, command: Any, code: str) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        when(state, seat, command)
    assert caught.value.code == code, caught.value
    return caught.value


def events_of(events: Iterable[Any], kind: type) -> list[Any]:
    return [event for event in events if isinstance(event, kind)]


def declined(state: CaninosState) -> tuple[CaninosState, list[Any]]:
    """Every seat asked declines, window after window, until the chain resolves."""
    from kennel.domain.caninos.commands import Decline

    events: list[Any] = []
    while state.asking:
        state, produced = play(state, (state.asking[0], Decline()))
        events += produced
    return state, events


def played_out(state: CaninosState, seat: int, *commands: Any) -> tuple[CaninosState, list[Any]]:
    """`seat` sends the commands; every window they open is declined by everyone."""
    events: list[Any] = []
    for command in commands:
        state, produced = play(state, (seat, command))
        events += produced
        state, produced = declined(state)
        events += produced
    return state, events
