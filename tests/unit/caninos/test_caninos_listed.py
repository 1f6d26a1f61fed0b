"""The lists kept per state and seat (`listed`), the slices named per collection (`stealing`)
and the commands made once per slice named (`legal`) hold to the plain computations, at every
position of seeded random games."""

from __future__ import annotations

from collections.abc import Iterator

from kennel.domain.caninos import GAME
from kennel.domain.caninos.commands import ChooseSlice, Steal
from kennel.domain.caninos.evolve import evolve
from kennel.domain.caninos.events import TurnEnded
from kennel.domain.caninos.legal import legal_commands
from kennel.domain.caninos.listed import payments_of, seats_of, slices_of, steals_of, tricks_of
from kennel.domain.caninos.phases import PHASE_TURN, phase
from kennel.domain.caninos.slices import collection_slices, table_refs
from kennel.domain.caninos.state import CaninosState, Slice
from kennel.domain.caninos.stealing import every_other_slice_named, steal_targets
from kennel.domain.caninos.tricks import card_options, seat_options, slice_options, trick_choices
from kennel.domain.core.frozen import replaced
from testkit.hidden_worlds import random_game


def positions(number: int, steps: int = 300) -> Iterator[CaninosState]:
    game = random_game(GAME, f"listed {number}", 2 + number % 5, GAME.random_play_options, max_moves=steps)
    return (table.state for table in game.tables() if table.ended is None)


def test_kept_lists_are_the_plain_lists_and_are_kept_per_state_and_seat() -> None:
    turns = 0
    for state in (state for number in range(6) for state in positions(number)):
        if phase(state) is not PHASE_TURN:
            continue
        assert state.turn is not None
        for seat in range(state.seat_count):
            assert steals_of(state, seat) == steal_targets(state, seat)
            assert steals_of(state, seat) is steals_of(state, seat)
        seat = state.turn.seat
        assert tricks_of(state, seat) == trick_choices(state, seat)
        assert tricks_of(state, seat) is tricks_of(state, seat)
        turns += 1
    assert turns > 100


def test_a_new_state_lists_afresh() -> None:
    state = next(
        s for s in positions(1) if phase(s) is PHASE_TURN and s.turn is not None and s.turn.may_steal
    )
    assert state.turn is not None
    seat = state.turn.seat
    before = steals_of(state, seat)
    after = evolve(state, TurnEnded(seat=seat))
    assert after is not state
    assert steals_of(after, seat) is not before
    assert steals_of(after, seat) == steal_targets(after, seat)


def test_steals_and_slice_choices_are_one_object_per_slice_named() -> None:
    named = 0
    for state in (state for number in range(6) for state in positions(number)):
        for seat in range(state.seat_count):
            first, again = legal_commands(state, seat), legal_commands(state, seat)
            assert first == again
            for command, other in zip(first, again):
                if isinstance(command, (Steal, ChooseSlice)):
                    assert command is other
                    assert command == type(command)(slice=command.slice)
                    named += 1
            steals = [command.slice for command in first if isinstance(command, Steal)]
            if steals:
                assert steals == steal_targets(state, seat)
    assert named > 100


def test_the_draft_steps_options_are_the_plain_options_kept_per_state() -> None:
    drafts = 0
    for state in (state for number in range(8) for state in positions(number)):
        draft = state.draft
        if draft is None:
            continue
        assert slices_of(state, draft) == slice_options(state, draft)
        assert seats_of(state, draft) == seat_options(state, draft)
        assert payments_of(state, draft) == card_options(state, draft)
        assert slices_of(state, draft) is slices_of(state, draft)
        assert payments_of(state, draft) is payments_of(state, draft)
        # Another draft than the state's own (a trick's, asked whether it may start) is not kept.
        other = replaced(draft, closed=not draft.closed)
        assert slices_of(state, other) == slice_options(state, other)
        drafts += 1
    assert drafts > 20, drafts


def test_every_other_slice_named_is_the_plain_listing() -> None:
    for state in (state for number in range(4) for state in positions(number)):
        for seat in range(state.seat_count):
            plain = [(ref, Slice(ref.pizza)) for ref in table_refs(state)]
            for owner, player in enumerate(state.players):
                if owner != seat:
                    plain.extend(collection_slices(owner, player.collection))
            assert every_other_slice_named(state, seat) == plain
