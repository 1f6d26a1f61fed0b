"""The ledger (replay/ledger.py): create, play, commit, and the idempotency map, on High Card."""

from __future__ import annotations

import pytest
from kennel.domain.core import table as tables
from kennel.domain.core.rng import seed_from_text
from kennel.domain.core.rules import RuleViolation
from kennel.replay.ledger import Ledger
from kennel.replay.logformat import CREATE_GAME, FILL_SEAT, parse_log
from toy_game import GAME, CardRevealed, Reveal

SEED = seed_from_text("ledger tests")


def created(seats: tuple[str | None, ...] = ("Ada", "Basil")) -> Ledger:
    return Ledger.create(GAME, "g-1", {"deck_size": 6}, seats, SEED)


def test_create_records_game_created_and_the_setup_under_one_create_game_cause() -> None:
    ledger = created()
    assert ledger.version == 2
    assert [record.event["type"] for record in ledger.records] == ["kennel.GameCreated", "toy.CardsDealt"]
    cause = ledger.records[0].cause
    assert cause == ledger.records[1].cause
    assert (cause.seat, cause.command_id, cause.type) == (None, "create", CREATE_GAME)
    assert cause.data == {"game": "toy-high-card", "options": {"deck_size": 6}, "seats": ["Ada", "Basil"]}


def test_the_header_repeats_game_created() -> None:
    ledger = created(("Ada", None))
    game_created = ledger.events[0]
    assert ledger.header.game_id == "g-1"
    assert (ledger.header.game, ledger.header.rules_version) == (
        game_created.game,
        game_created.rules_version,
    )
    assert ledger.header.options == game_created.options
    assert ledger.header.seats == game_created.seats == ("Ada", None)
    assert ledger.header.seed_commitment == game_created.seed_commitment


def test_the_table_is_the_fold_of_the_events() -> None:
    ledger = created()
    ledger.commit(ledger.play(0, Reveal(), "c1", SEED))
    assert ledger.table == tables.fold(GAME, ledger.events)
    assert ledger.table.version == ledger.version == 3


def test_play_changes_nothing_until_commit() -> None:
    ledger = created()
    before = (ledger.version, ledger.table, list(ledger.records))
    appending = ledger.play(0, Reveal(), "c1", SEED)
    assert (ledger.version, ledger.table, ledger.records) == before
    assert appending.base_version == 2 and [r.version for r in appending.records] == [3]
    assert appending.records[0].prev == ledger.last_hash
    assert isinstance(appending.events[0], CardRevealed)
    ledger.commit(appending)
    assert ledger.version == 3 and ledger.last_hash == appending.records[0].hash


def test_an_illegal_command_raises_and_leaves_the_ledger_as_it_was() -> None:
    ledger = created()
    with pytest.raises(RuleViolation, match="toy/not_your_turn"):
        ledger.play(1, Reveal(), "c1", SEED)
    assert ledger.version == 2 and ledger.previous_result(1, "c1") is None


def test_an_append_prepared_on_an_older_version_is_refused() -> None:
    ledger = created()
    stale = ledger.play(0, Reveal(), "c1", SEED)
    ledger.commit(ledger.play(0, Reveal(), "c1-again", SEED))
    with pytest.raises(ValueError, match="moved on"):
        ledger.commit(stale)


def test_the_last_command_appends_game_ended_under_the_same_cause() -> None:
    ledger = created()
    ledger.commit(ledger.play(0, Reveal(), "c1", SEED))
    ledger.commit(ledger.play(1, Reveal(), "c2", SEED))
    assert [r.event["type"] for r in ledger.records[-2:]] == ["toy.CardRevealed", "kennel.GameEnded"]
    assert ledger.records[-1].cause == ledger.records[-2].cause
    assert ledger.records[-1].event["data"]["seed"] == SEED.hex()


def test_the_idempotency_map_gives_the_versions_a_command_id_appended() -> None:
    ledger = created()
    assert ledger.previous_result(None, "create") == (1, 2)
    ledger.commit(ledger.play(0, Reveal(), "c1", SEED))
    ledger.commit(ledger.play(1, Reveal(), "c1", SEED))  # the same id from another seat is another command
    assert ledger.previous_result(0, "c1") == (3, 3)
    assert ledger.previous_result(1, "c1") == (4, 5)  # CardRevealed, then GameEnded
    assert ledger.previous_result(0, "c2") is None


def test_fill_seat_records_a_fill_seat_cause() -> None:
    ledger = created(("Ada", None))
    ledger.commit(ledger.fill_seat(None, "Basil", "join-1", SEED))
    record, dealt = ledger.records[-2:]
    assert (record.cause.type, record.cause.data) == (FILL_SEAT, {"seat": None, "name": "Basil"})
    assert record.event == {"type": "kennel.SeatFilled", "data": {"seat": 1, "name": "Basil"}}
    # The last seat filled: the deal follows, under the same cause (issue 16).
    assert dealt.cause == record.cause and dealt.event["type"] == "toy.CardsDealt"
    assert ledger.table.started and ledger.previous_result(None, "join-1") == (2, 3)


def test_from_records_rebuilds_the_same_ledger() -> None:
    ledger = created()
    ledger.commit(ledger.play(0, Reveal(), "c1", SEED))
    log = parse_log(ledger.log().to_bytes())
    rebuilt = Ledger.from_records(GAME, log.header, log.records)
    assert rebuilt.table == ledger.table
    assert rebuilt.records == ledger.records and rebuilt.events == ledger.events
    assert rebuilt.accepted == ledger.accepted
    assert rebuilt.last_hash == ledger.last_hash


def test_the_same_seed_and_commands_give_byte_identical_logs() -> None:
    def run() -> bytes:
        ledger = created()
        ledger.commit(ledger.play(0, Reveal(), "c1", SEED))
        ledger.commit(ledger.play(1, Reveal(), "c2", SEED))
        return ledger.log().to_bytes()

    assert run() == run()


def test_the_first_record_links_to_the_header() -> None:
    ledger = created()
    assert ledger.records[0].prev == ledger.header.genesis_hash()
    assert (
        Ledger(game=GAME, header=ledger.header, table=ledger.table).last_hash == ledger.header.genesis_hash()
    )
