"""Object of the Game and the rulebook's Variant (the timed game, its time counted in rounds);
docs/rules/a-dogs-life.md, "Winning", "Games without an end", "The timed variant", "Ties in the
timed variant" and the house rule "Overtime rounds"."""

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
from kennel.domain.core.house_rules import in_force


def _play_turns(state, turns):
    events = []
    for _ in range(turns):
        if state.phase is Phase.OVER:
            break
        state, more = finish_turn(state, state.active)
        events += more
    return state, events


def test_ruling_the_timed_variant():
    """docs: "The timed variant" (gap): Variant: "play for a set amount of time. The player with
    the largest number of bones buried ... when the time is up wins", the time counted in rounds."""
    state = given(opening(FIFI, BUTCH), [BoneBuried(seat=1, buried=1)], options=Options(round_limit=2))
    state, events = _play_turns(state, 4)
    assert events[-1] == GameWon(winners=(1,), reason=WinReason.MOST_BONES)
    assert [e.round for e in of_type(events, TurnStarted)] == [1, 2, 2]
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (1,) and outcome.scores == (0, 1)


def test_ruling_ties_in_the_timed_variant():
    """docs: "Ties in the timed variant" (reading): Variant: "If two players are tied, they
    continue their turns until one buries a bone": only they, and with no bound."""
    state = given(
        opening(FIFI, BUTCH, VAGABOND),
        [BoneBuried(seat=0, buried=1), BoneBuried(seat=2, buried=1)],
        options=Options(round_limit=1),
    )
    state, events = _play_turns(state, 3)
    assert OvertimeStarted(seats=(0, 2)) in events
    state, events = _play_turns(state, 3)
    assert [(e.seat, e.round) for e in of_type(events, TurnStarted)] == [(2, 2), (0, 3), (2, 3)]
    state, events = _play_turns(state, 60)  # thirty more rounds of overtime: nobody shares a win
    assert state.phase is not Phase.OVER and state.round > 30
    assert not of_type(events, GameWon)


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


def test_ruling_overtime_rounds():
    """docs: "Overtime rounds" (house rule, off by default): with `overtime_rounds` set, the
    tied dogs share the win when that many overtime rounds bring no bone; the header states it
    (`in_force` is what `kennel replay explain` names), and only when it is set."""
    assert Options().overtime is None and in_force(Options(round_limit=5)) == ()
    assert in_force(Options(round_limit=1, overtime_rounds=2)) == (
        "house rule: dogs tied when the rounds run out share the win after 2 overtime rounds",
    )
    state = given(opening(FIFI, BUTCH), options=Options(round_limit=1, overtime_rounds=2))
    state, events = _play_turns(state, 10)
    assert OvertimeStarted(seats=(0, 1)) in events
    assert events[-1] == GameWon(winners=(0, 1), reason=WinReason.SHARED)
    assert state.round == 3
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0, 1)


def test_the_house_rule_at_zero_shares_a_tie_at_once():
    state = given(opening(FIFI, BUTCH), options=Options(round_limit=1, overtime_rounds=0))
    state, events = _play_turns(state, 2)
    assert events[-1] == GameWon(winners=(0, 1), reason=WinReason.SHARED)


def test_ruling_games_without_an_end():
    """docs: "Games without an end" (gap): Object of the Game: "The first dog to arrive back home
    and bury the bones wins the game": nothing else ends the rulebook's game, however long."""
    for options in (Options(), Options(round_limit=0)):
        state = given(opening(FIFI, BUTCH), options=options)
        state, _ = _play_turns(state, 90)
        assert state.phase is not Phase.OVER and state.round > 40


def test_ruling_winning():
    """docs: "Winning" (reading): "Find 4 bones and bury them in your home space. The first dog
    to arrive back home and bury the bones wins the game": bones buried on earlier trips count,
    and the fourth wins at once, whatever the round."""
    state = given(
        opening(FIFI, BUTCH),
        [BoneBuried(seat=0, buried=1), BoneBuried(seat=0, buried=2), BoneBuried(seat=0, buried=3)],
        [BoneFound(seat=0), BoneFound(seat=0)],
        placed(HOME[0], round=7),
    )
    events = when(state, 0, BuryBone())
    assert events == [BoneBuried(seat=0, buried=4), GameWon(winners=(0,), reason=WinReason.BONES_BURIED)]
    outcome = GAME.outcome(after(state, 0, BuryBone()))
    assert outcome is not None and outcome.winners == (0,) and outcome.scores == (4, 0)
