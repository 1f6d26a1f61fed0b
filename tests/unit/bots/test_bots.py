"""The bot interface (issue 19): bots are made by kind and level, answer from a sight alone,
and the duel script's arithmetic."""

from __future__ import annotations

import pytest
from kennel.domain.bots import make_bot
from kennel.domain.core import table as tables
from kennel.domain.core.rng import seed_from_text
from kennel.domain.core.rules import RuleViolation
from kennel.domain.core.sight import sight_of
from kennel.domain.core.undo import AnswerUndo, ProposeUndo
from kennel.domain.registry import GAMES
from kennel.service.duel import ending, wilson


def opening(name: str = "hoarders") -> tuple[tables.Table, list]:
    game = GAMES[name]
    events = tables.create(game, None, ["a", "b"], seed_from_text("bots"))
    return tables.fold(game, events), events


@pytest.mark.parametrize(("kind", "level"), [("omniscient", 2), ("search", 0), ("search", 4), ("clever", 1)])
def test_only_the_random_and_search_bots_at_levels_one_to_three_can_be_made(kind: str, level: int) -> None:
    """The omniscient bot of `kennel bots duel` is never offered: it sees the state."""
    with pytest.raises(RuleViolation) as refused:
        make_bot(GAMES["hoarders"], kind, "x", level)
    assert refused.value.code == "kennel/bad_bot"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_each_bot_answers_with_one_of_the_seats_legal_commands(name: str) -> None:
    table, events = opening(name)
    seat = table.pending()[0].seat
    sight = sight_of(table, events, seat)
    for kind in ("random", "search"):
        assert make_bot(GAMES[name], kind, "legal", 1).choose(sight) in sight.legal


def test_a_bot_owing_nothing_answers_nothing() -> None:
    table, events = opening()
    sight = sight_of(table, events, 0)
    empty = type(sight)(sight.game, sight.seat, sight.history, sight.view, ())
    assert make_bot(GAMES["hoarders"], "search", "idle", 1).choose(empty) is None
    assert make_bot(GAMES["hoarders"], "random", "idle").choose(empty) is None


def test_the_search_bot_agrees_to_an_undo_it_is_asked_about_and_the_random_bot_never_proposes_one() -> None:
    table, events = opening()
    sight = sight_of(table, events, 0)
    asked = type(sight)(
        sight.game, 0, sight.history, sight.view, (AnswerUndo(agree=True), AnswerUndo(agree=False))
    )
    assert make_bot(GAMES["hoarders"], "search", "undo", 1).choose(asked) == AnswerUndo(agree=True)
    offered = type(sight)(sight.game, 0, sight.history, sight.view, (*sight.legal, ProposeUndo()))
    for number in range(30):
        assert make_bot(GAMES["hoarders"], "random", f"undo {number}").choose(offered) != ProposeUndo()


def test_the_wilson_interval_holds_the_rate_and_stays_within_zero_and_one() -> None:
    rate, low, high = wilson(8, 10)
    assert rate == 0.8 and 0.0 <= low < 0.8 < high <= 1.0
    assert wilson(10, 10)[2] == 1.0 and wilson(0, 10)[1] == 0.0


def test_endings_are_told_without_who_or_what() -> None:
    assert ending("Seat 1 gathered five acorns.") == ending("Seat 0 gathered five walnuts.")


def test_a_duel_from_game_n_plays_other_deals_than_one_from_zero(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each game number names its deal and the bots' seeds: runs that are added up in the docs
    must not overlap, and `--first` is how (two runs from 0 would count the same games twice)."""
    from kennel.service import duel as duels

    played: list[tuple[int, int]] = []
    monkeypatch.setattr(duels, "play_one", lambda _g, _s, number, focal, _p, _t: played.append((number, focal)))
    duels.duel("hoarders", 2, 3, 1, "search-random", first_game=7)
    assert played == [(7, 1), (8, 0), (9, 1)]  # the focal bot still takes every seat in turn
