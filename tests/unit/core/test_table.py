"""The table around every game's stream (domain/core/table.py), on the toy game High Card."""

from __future__ import annotations

from typing import Any

import pytest
from kennel.domain.core import lobby
from kennel.domain.core import table as tables
from kennel.domain.core.rng import Rng, seed_commitment, seed_from_text
from kennel.domain.core.rules import Outcome, RuleViolation
from toy_game import GAME, CardRevealed, CardsDealt, Reveal

SEED = seed_from_text("table tests")


def opened(seats: tuple[str | None, ...] = ("Ada", "Basil"), options: dict[str, Any] | None = None) -> Any:
    return tables.fold(GAME, tables.create(GAME, options, seats, SEED))


def played(table: tables.Table[Any], seat: int) -> tables.Table[Any]:
    for event in tables.play(table, seat, Reveal(), SEED):
        table = tables.evolve(table, event)
    return table


def refused(code: str) -> Any:
    return pytest.raises(RuleViolation, match=f"^{code}:")


def test_create_opens_with_game_created_committing_to_the_seed_then_the_setup() -> None:
    created, *setup = tables.create(GAME, {"deck_size": 5}, ("Ada", "Basil"), SEED)
    assert created == tables.GameCreated(
        game="toy-high-card",
        rules_version="1",
        options={"deck_size": 5},
        seats=("Ada", "Basil"),
        seed_commitment=seed_commitment(SEED),
    )
    # Set-up draws from stream 1: the stream numbered by the one event (GameCreated) before it.
    assert setup == [CardsDealt(cards=Rng(SEED, 1).shuffled(range(1, 6))[:2])]


def test_with_open_seats_the_deal_waits_for_the_last_seat() -> None:
    """Issue 16 (hand shopping): a creator waiting for players sees no hand of its own; the
    set-up comes with the last SeatFilled, from the same seed stream as at a full creation."""
    created, *rest = tables.create(GAME, {"deck_size": 5}, ("Ada", None, None), SEED)
    assert rest == [] and created.seats == ("Ada", None, None)
    table = tables.fold(GAME, [created])
    first = lobby.fill_seat(table, None, "Basil", seed=SEED)
    assert first == [tables.SeatFilled(seat=1, name="Basil")]
    table = tables.fold_into(table, first)
    filled, *setup = lobby.fill_seat(table, None, "Clover", seed=SEED)
    assert filled == tables.SeatFilled(seat=2, name="Clover")
    assert setup == tables.create(GAME, {"deck_size": 5}, ("Ada", "Basil", "Clover"), SEED)[1:]


def test_the_setup_s_refusals_come_at_creation_even_with_open_seats() -> None:
    with refused("toy/deck_too_small"):
        tables.create(GAME, {"deck_size": 2}, ("A", None, None), SEED)


def test_an_unfilled_table_is_closed_with_no_winners_and_its_seed() -> None:
    table = opened(("Ada", None))
    (ended,) = lobby.close_lobby(table, SEED)
    assert ended == tables.GameEnded(winners=(), scores=(0, 0), reason=lobby.LOBBY_CLOSED, seed=SEED.hex())
    assert tables.evolve(table, ended).ended == ended
    with refused("kennel/game_started"):
        lobby.close_lobby(opened(), SEED)
    with refused("kennel/game_over"):
        lobby.close_lobby(tables.evolve(table, ended), SEED)


def test_options_are_stored_whole_with_their_defaults() -> None:
    created = tables.create(GAME, None, ("Ada", "Basil"), SEED)[0]
    assert created.options == {"deck_size": 10}


@pytest.mark.parametrize("seats", [("Ada",), ("A", "B", "C", "D", "E"), ()])
def test_a_seat_count_outside_the_game_s_range_is_refused(seats: tuple[str, ...]) -> None:
    with refused("kennel/bad_seat_count"):
        tables.create(GAME, None, seats, SEED)


def test_options_that_do_not_decode_are_refused() -> None:
    with refused("kennel/bad_options"):
        tables.create(GAME, {"deck_size": "big"}, ("Ada", "Basil"), SEED)
    with refused("kennel/bad_options"):
        tables.create(GAME, {"jokers": 2}, ("Ada", "Basil"), SEED)


def test_the_game_s_own_setup_refusals_come_through() -> None:
    with refused("toy/deck_too_small"):
        tables.create(GAME, {"deck_size": 2}, ("A", "B", "C"), SEED)


def test_a_seed_must_be_32_bytes() -> None:
    with pytest.raises(ValueError):
        tables.create(GAME, None, ("Ada", "Basil"), b"short")


def test_a_table_with_open_seats_waits_for_players() -> None:
    table = opened(("Ada", None))
    assert not table.started and table.open_seats == (1,)
    assert table.pending() == () and tables.legal_commands(table, 0) == ()
    with refused("kennel/waiting_for_players"):
        tables.play(table, 0, Reveal(), SEED)


def test_fill_seat_takes_the_first_open_seat_and_starts_the_game() -> None:
    table = opened(("Ada", None, None))
    events = lobby.fill_seat(table, None, "  Basil ", seed=SEED)
    assert events == [tables.SeatFilled(seat=1, name="Basil")]
    table = tables.evolve(table, events[0])
    table = tables.fold_into(table, lobby.fill_seat(table, 2, "Clover", seed=SEED))
    assert table.seats == ("Ada", "Basil", "Clover") and table.started
    assert [prompt.seat for prompt in table.pending()] == [0]


@pytest.mark.parametrize(
    ("seat", "name", "code"),
    [(0, "Basil", "kennel/seat_taken"), (5, "Basil", "kennel/no_such_seat"), (1, "  ", "kennel/bad_name")],
)
def test_fill_seat_refusals(seat: int, name: str, code: str) -> None:
    with refused(code):
        lobby.fill_seat(opened(("Ada", None)), seat, name, seed=SEED)


def test_fill_seat_on_a_full_table_is_refused() -> None:
    with refused("kennel/no_open_seat"):
        lobby.fill_seat(opened(), None, "Clover", seed=SEED)


def test_play_draws_from_the_stream_numbered_by_the_table_version() -> None:
    table = opened()
    (revealed,) = tables.play(table, 0, Reveal(), SEED)
    assert revealed == CardRevealed(seat=0, card=table.state.cards[0], bonus=Rng(SEED, table.version).die(6))


def test_the_last_command_ends_the_game_and_reveals_the_seed() -> None:
    table = played(opened(), 0)
    *_, ended = tables.play(table, 1, Reveal(), SEED)
    assert isinstance(ended, tables.GameEnded)
    assert ended.seed == SEED.hex()
    table = played(table, 1)
    assert table.outcome() == Outcome(ended.winners, ended.scores, ended.reason)
    assert table.pending() == () and tables.legal_commands(table, 0) == ()


def test_nothing_may_be_played_or_filled_once_the_game_is_over() -> None:
    table = played(played(opened(), 0), 1)
    with refused("kennel/game_over"):
        tables.play(table, 0, Reveal(), SEED)
    with refused("kennel/game_over"):
        lobby.fill_seat(table, None, "Late", seed=SEED)


def test_play_refuses_unknown_seats_and_commands_and_passes_the_game_s_refusals() -> None:
    table = opened()
    with refused("kennel/no_such_seat"):
        tables.play(table, 2, Reveal(), SEED)
    with refused("kennel/unknown_command"):
        tables.play(table, 0, "reveal", SEED)
    with refused("toy/not_your_turn"):
        tables.play(table, 1, Reveal(), SEED)


def test_fold_rebuilds_any_prefix_and_needs_game_created_first() -> None:
    events = tables.create(GAME, None, ("Ada", "Basil"), SEED)
    assert tables.fold(GAME, events[:1]).version == 1
    assert tables.fold(GAME, events).version == 2
    with pytest.raises(ValueError):
        tables.fold(GAME, events[1:])
    with pytest.raises(ValueError):
        tables.evolve(tables.fold(GAME, events), events[0])


def test_engine_events_are_public_and_game_events_go_through_the_game_s_redact() -> None:
    table = opened()
    dealt = tables.create(GAME, None, ("Ada", "Basil"), SEED)[1]
    assert tables.redact(table, tables.SeatFilled(seat=1, name="B"), 0) == tables.SeatFilled(seat=1, name="B")
    assert tables.redact(table, dealt, 1).cards == (None, dealt.cards[1])
    assert tables.redact(table, dealt, None).cards == (None, None)


def test_events_encode_under_stable_names_and_decode_back() -> None:
    for event in [*tables.create(GAME, None, ("Ada", "Basil"), SEED), tables.SeatFilled(1, "B")]:
        encoded = tables.encode_event(GAME, event)
        assert tables.decode_event(GAME, encoded) == event
    assert tables.encode_event(GAME, tables.SeatFilled(1, "B"))["type"] == "kennel.SeatFilled"
    assert tables.encode_event(GAME, CardsDealt(cards=(1, 2)))["type"] == "toy.CardsDealt"
