"""Variant (the timed game) as a round limit; docs/rules/a-dogs-life.md, "The timed variant is
the default" and "Overtime"."""

from __future__ import annotations

from a_dogs_life_support import (
    BUTCH,
    FIFI,
    GAME,
    HOME,
    VAGABOND,
    after,
    finish_turn,
    given,
    of_type,
    opening,
    placed,
    when,
)
from kennel.domain.a_dogs_life.commands import BuryBone
from kennel.domain.a_dogs_life.events import BoneBuried, BoneFound, GameWon, OvertimeStarted, TurnStarted
from kennel.domain.a_dogs_life.options import Options
from kennel.domain.a_dogs_life.state import Phase, WinReason


def _play_turns(state, turns):
    events = []
    for _ in range(turns):
        if state.phase is Phase.OVER:
            break
        state, more = finish_turn(state, state.active)
        events += more
    return state, events


def test_when_the_rounds_run_out_the_most_buried_bones_wins():
    """Variant: "The player with the largest number of bones buried ... when the time is up wins"."""
    state = given(opening(FIFI, BUTCH), [BoneBuried(seat=1, buried=1)], options=Options(round_limit=2))
    state, events = _play_turns(state, 4)
    assert events[-1] == GameWon(winners=(1,), reason=WinReason.MOST_BONES)
    assert [e.round for e in of_type(events, TurnStarted)] == [1, 2, 2]
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (1,) and outcome.scores == (0, 1)


def test_tied_dogs_play_on_alone_in_overtime():
    """Variant: "If two players are tied, they continue their turns until one buries a bone"."""
    state = given(
        opening(FIFI, BUTCH, VAGABOND),
        [BoneBuried(seat=0, buried=1), BoneBuried(seat=2, buried=1)],
        options=Options(round_limit=1),
    )
    state, events = _play_turns(state, 3)
    assert OvertimeStarted(seats=(0, 2)) in events
    state, events = _play_turns(state, 3)
    assert [(e.seat, e.round) for e in of_type(events, TurnStarted)] == [(2, 2), (0, 3), (2, 3)]


def test_in_overtime_the_first_tied_dog_to_bury_a_bone_wins():
    state = given(
        opening(FIFI, BUTCH, VAGABOND),
        [BoneBuried(seat=0, buried=1), BoneBuried(seat=2, buried=1), OvertimeStarted(seats=(0, 2))],
        [BoneFound(seat=0)],
        placed(HOME[0], round=2),
        options=Options(round_limit=1),
    )
    events = when(state, 0, BuryBone())
    assert events[-1] == GameWon(winners=(0,), reason=WinReason.OVERTIME_BONE)
    assert after(state, 0, BuryBone()).phase is Phase.OVER


def test_tied_dogs_share_the_win_when_overtime_runs_out():
    """docs: "Overtime": at most `overtime_rounds` rounds, then the tied dogs share the win."""
    state = given(opening(FIFI, BUTCH), options=Options(round_limit=1, overtime_rounds=2))
    state, events = _play_turns(state, 10)
    assert OvertimeStarted(seats=(0, 1)) in events
    assert events[-1] == GameWon(winners=(0, 1), reason=WinReason.SHARED)
    assert state.round == 3
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0, 1)


def test_without_overtime_a_tie_is_shared_at_once():
    state = given(opening(FIFI, BUTCH), options=Options(round_limit=1, overtime_rounds=0))
    state, events = _play_turns(state, 2)
    assert events[-1] == GameWon(winners=(0, 1), reason=WinReason.SHARED)


def test_a_round_limit_of_zero_plays_the_untimed_game():
    """Object of the Game: without the variant, only burying the bones ends the game."""
    state = given(opening(FIFI, BUTCH), options=Options(round_limit=0))
    state, _ = _play_turns(state, 90)
    assert state.phase is not Phase.OVER and state.round > 40


def test_the_default_limit_is_thirty_rounds():
    state = given(opening(FIFI, BUTCH))
    state, events = _play_turns(state, 200)
    assert state.phase is Phase.OVER
    assert max(e.round for e in of_type(events, TurnStarted)) <= 35
    assert any(isinstance(e, OvertimeStarted) for e in events) or events[-1].reason is WinReason.MOST_BONES
