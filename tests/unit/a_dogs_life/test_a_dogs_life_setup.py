"""Setting up the Game, and the options (docs/rules/a-dogs-life.md, "Options")."""

from __future__ import annotations

import pytest
from a_dogs_life_support import CITY, GAME, given, rng
from kennel.domain.a_dogs_life.dogs import chart
from kennel.domain.a_dogs_life.events import DeckShuffled, DogChosen, TurnStarted
from kennel.domain.a_dogs_life.options import Options
from kennel.domain.a_dogs_life.state import Phase
from kennel.domain.core import table as tables
from kennel.domain.core.rng import seed_from_text
from kennel.domain.core.rules import RuleViolation


@pytest.mark.parametrize("seats", range(2, 7))
def test_ruling_setting_up(seats):
    """Ruling "Setting up" (gap). Setting up the Game, steps 1 to 6: "Takes 1 dog chart at random"
    and "Takes a random Home Space card", dealt from the game's seed, one event per seat."""
    events = list(GAME.setup(Options(), seats, rng(f"setup {seats}")))
    chosen = [e for e in events if isinstance(e, DogChosen)]
    assert [e.seat for e in chosen] == list(range(seats))
    assert len({e.dog for e in chosen}) == seats and len({e.home for e in chosen}) == seats
    assert all(e.home in CITY.homes for e in chosen)
    shuffled = [e for e in events if isinstance(e, DeckShuffled)]
    assert [sorted(e.deck) for e in shuffled] == [list(range(1, 14))] * seats
    assert events[-1] == TurnStarted(
        seat=0, round=1, hunger=3, action_points=chart(chosen[0].dog).action_points
    )
    state = given(events)
    for seat, dog in enumerate(state.dogs):
        assert dog.position == dog.home == chosen[seat].home
        assert (dog.bladder, dog.piddles_left, dog.bones, dog.newspapers, dog.buried) == (1, 7, 0, (), 0)
        assert dog.hunger == (3 if seat == 0 else 4)  # seat 0's marker already moved left
    assert state.truck == CITY.truck_start and state.truck_from is None
    assert state.kiosk == tuple(range(1, 13)) and state.bone_supply == 30 and not state.searched
    assert state.phase is Phase.ACTIONS and state.active == 0


def test_the_deal_is_random():
    deals = {
        tuple((e.dog, e.home) for e in GAME.setup(Options(), 3, rng(f"deal {n}")) if isinstance(e, DogChosen))
        for n in range(10)
    }
    assert len(deals) > 5


@pytest.mark.parametrize(
    "options",
    [
        {"bones_to_win": 0},
        {"bones_to_win": 11},
        {"round_limit": -1},
        {"round_limit": 1001},
        {"overtime_rounds": -2},
    ],
)
def test_options_out_of_range_are_refused(options):
    """Options: bones_to_win 1 to 10; round_limit 0 (none) to 1000; overtime_rounds 0 to 1000."""
    with pytest.raises(RuleViolation) as caught:
        tables.create(GAME, options, ["a", "b"], seed_from_text("bad options"))
    assert caught.value.code == "kennel/bad_options"


def test_options_default_to_the_rulebooks_game():
    """Object of the Game ("Find 4 bones and bury them"), untimed, with no house rule on."""
    options = Options()
    assert (options.bones, options.rounds, options.overtime) == (4, 0, None)
    assert Options(round_limit=0).rounds == 0
    header = tables.create(GAME, None, ["a", "b"], seed_from_text("defaults"))[0]
    assert header.rules_version == GAME.rules_version
    assert header.options == {"bones_to_win": None, "round_limit": None, "overtime_rounds": None}
    # a house rule that is on is named in the header, so that a replay states it
    ruled = tables.create(GAME, {"round_limit": 20, "overtime_rounds": 3}, ["a", "b"], seed_from_text("h"))[0]
    assert ruled.options["overtime_rounds"] == 3


@pytest.mark.parametrize("seats", [1, 7])
def test_two_to_six_players(seats):
    """Number of Players: 2 to 6."""
    with pytest.raises(RuleViolation) as caught:
        tables.create(GAME, None, [f"p{n}" for n in range(seats)], seed_from_text("seats"))
    assert caught.value.code == "kennel/bad_seat_count"
