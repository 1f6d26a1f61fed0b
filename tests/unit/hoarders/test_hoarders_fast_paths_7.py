"""The seventh pass's fast paths of Hoarders give what the plain paths give, at every position
of seeded random games:

- each seat's most identical nuts (`outcome._scores`) are kept by the nut collections
  themselves: the scores counted afresh, the same object for equal collections, and other
  scores once a collection changes;
- `seat_in_turn` and `has_picked`, spelled out without the properties they were written with,
  say what those say;
- a seat's view sorts its face-down critters only when there are two: it equals the view
  written plainly.
"""

from __future__ import annotations

from collections.abc import Iterator

from kennel.domain.core.frozen import replaced
from kennel.domain.hoarders import GAME
from kennel.domain.hoarders import outcome as outcomes
from kennel.domain.hoarders import views
from kennel.domain.hoarders.cards import CRITTERS_PICKED, WINNING_COUNT, Nut, most_identical, sorted_critters
from kennel.domain.hoarders.state import HoardersState, Phase
from testkit.hidden_worlds import random_game


def positions(number: int, players: int) -> Iterator[HoardersState]:
    game = random_game(GAME, f"fast paths 7 {number}", players, GAME.random_play_options)
    return (table.state for table in game.tables())


def _states() -> Iterator[HoardersState]:
    for number in range(8):
        yield from positions(number, 2 + number % 5)


def test_scores_kept_by_collections_are_counted_afresh() -> None:
    seen = 0
    for state in _states():
        scores = outcomes._scores(state)
        assert scores == tuple(most_identical(hoard.nuts) for hoard in state.hoards)
        assert outcomes._scores(replaced(state, round=state.round)) is scores  # equal collections: kept
        if state.hoards:
            hoards = list(state.hoards)
            gained = replaced(hoards[0], nuts=(*hoards[0].nuts, Nut.WALNUT))
            hoards[0] = gained
            other = outcomes._scores(replaced(state, hoards=tuple(hoards)))
            assert other[0] == most_identical(gained.nuts) and other[1:] == scores[1:]
        holders = tuple(seat for seat in state.seats_from_crown() if scores[seat] >= WINNING_COUNT)
        assert outcomes.five_of_a_kind_holders(state) == holders
        seen += 1
    assert seen > 300 and len(outcomes._SCORES) <= outcomes.SCORES_KEPT


def test_seat_in_turn_and_has_picked_say_what_the_properties_said() -> None:
    for state in _states():
        plain = None
        if state.phase is Phase.REVEALING:
            if state.theft is not None:
                plain = state.theft.thief
            elif state.turns_taken < state.turns_per_round:
                plain = (state.crown + state.turns_taken) % state.seat_count
        assert state.seat_in_turn == plain
        for hoard in state.hoards:
            assert hoard.has_picked == (len(hoard.played) == CRITTERS_PICKED)


def test_seat_views_equal_the_views_written_plainly() -> None:
    sorted_here = 0
    for state in _states():
        public = views._public_view(state)
        for viewer in range(state.seat_count):
            own = state.hoards[viewer]
            plain = replaced(public, viewer=viewer, hand=own.hand, face_down=sorted_critters(own.face_down))
            seen = views.view(state, viewer)
            assert seen == plain and repr(seen) == repr(plain)
            sorted_here += len(own.face_down) == 2
        assert views.view(state, None) is public
    assert sorted_here > 100
