"""The shortcuts `legal_commands` takes hold to the slow, plain answers they replace, at every
position of seeded random games: `Means.may_pay` says what `payments` would find, and
`steal_targets` and `trick_choices` list what asking every slice and every card would."""

from __future__ import annotations

from collections.abc import Iterator

from kennel.domain.caninos import GAME
from kennel.domain.caninos.cards import Trick, distinct
from kennel.domain.caninos.drafts import declared_trick
from kennel.domain.caninos.slices import slice_named
from kennel.domain.caninos.state import CaninosState
from kennel.domain.caninos.stealing import Means, every_other_slice, payments, steal_as, steal_targets
from kennel.domain.caninos.tricks import can_start, glutton_cards, may_perform, trick_choices, tricks_of
from testkit.hidden_worlds import random_game


def positions(number: int, steps: int = 400) -> Iterator[CaninosState]:
    """Every state of a seeded random game of 2 to 6 seats, until it ends."""
    game = random_game(GAME, f"fast paths {number}", 2 + number % 5, GAME.random_play_options, max_moves=steps)
    return (table.state for table in game.tables() if table.ended is None)


def slow_steal_targets(state: CaninosState, seat: int) -> list[object]:
    hand = state.players[seat].hand
    return [
        ref
        for ref in every_other_slice(state, seat)
        if (piece := slice_named(state, ref)) is not None and payments(state, seat, piece, hand)
    ]


def slow_trick_choices(state: CaninosState, seat: int) -> list[object]:
    turn = state.turn
    assert turn is not None
    choices = []
    glutton = glutton_cards(state)
    if (
        glutton
        and may_perform(state, seat, glutton[0], Trick.GLUTTONS)
        and can_start(state, declared_trick(seat, glutton[0], Trick.GLUTTONS, turn.stolen_with))
    ):
        choices.append((glutton[0], Trick.GLUTTONS))
    for card in distinct(state.players[seat].hand):
        for trick in tricks_of(card):
            if may_perform(state, seat, card, trick) and can_start(
                state, declared_trick(seat, card, trick, turn.stolen_with)
            ):
                choices.append((card, trick))
    return choices


def test_the_shortcuts_give_the_slow_answers() -> None:
    checked = option_d = 0
    for state in (state for number in range(8) for state in positions(number)):
        for seat in range(state.seat_count):
            hand = state.players[seat].hand
            means = Means.of(state, seat, hand)
            for _, piece in [(ref, slice_named(state, ref)) for ref in every_other_slice(state, seat)]:
                assert piece is not None
                ways = payments(state, seat, piece, hand)
                assert means.may_pay(piece) == bool(ways), (piece, hand)
                checked += steal_as(piece) is not None
                option_d += any(len(way) == 2 and way[0] is not way[1] for way in ways)
            assert steal_targets(state, seat) == slow_steal_targets(state, seat)
            if state.turn is not None and state.turn.seat == seat:
                assert trick_choices(state, seat) == slow_trick_choices(state, seat)
    assert checked > 500
    assert option_d > 5, option_d  # two different dogs of one pack (option D) came up
