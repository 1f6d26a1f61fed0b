"""`Ledger.commit` notes the versions each command id appended (`Ledger.previous_result`) once
per decision when all its records have the one cause object (as `chain` makes them), and record
by record otherwise. Either way the table must be the plain one: for every (seat, command id), the
version of the first record it ever appended and of the last."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kennel.domain.core import table as tables
from kennel.domain.core.rng import seed_from_text
from kennel.domain.core.rules import Game
from kennel.domain.registry import GAMES
from kennel.replay.ledger import Appending, Ledger
from kennel.replay.logformat import Cause, Record, group_by_cause
from testkit.bot_games import bot_game


def plain_accepted(records: Sequence[Record]) -> dict[tuple[int | None, str], tuple[int, int]]:
    accepted: dict[tuple[int | None, str], tuple[int, int]] = {}
    for record in records:
        key = (record.cause.seat, record.cause.command_id)
        accepted[key] = (accepted.get(key, (record.version,))[0], record.version)
    return accepted


def played(name: str) -> tuple[Ledger, bytes]:
    game: Game[Any] = GAMES[name]
    text = f"ledger-commit/{name}"
    return bot_game(game, text, game.seats.minimum), seed_from_text(text)


def test_a_played_game_notes_every_command_as_the_plain_table_does() -> None:
    for name in sorted(GAMES):
        ledger, _ = played(name)
        assert ledger.accepted == plain_accepted(ledger.records), name


def test_a_command_id_sent_again_keeps_its_first_version() -> None:
    """A seat that sends a second command under an id it used before (a client's bug, not a
    retry of the same command): the first version stays the first one that id appended."""
    for name in sorted(GAMES):
        ledger, seed = played(name)
        groups = group_by_cause(ledger.records)
        create = ledger.records[0].cause.data
        again = Ledger.create(ledger.game, ledger.header.game_id, create["options"], create["seats"], seed)
        reused = {}
        for cause, _ in groups[1:]:
            command = tables.decode_command(ledger.game, {"type": cause.type, "data": cause.data})
            command_id = reused.setdefault(cause.seat, cause.command_id)  # every seat's first id, always
            again.commit(again.play(cause.seat, command, command_id, seed))
        assert again.accepted == plain_accepted(again.records), name
        assert any(first != last for first, last in again.accepted.values())


def test_records_of_several_decisions_committed_at_once_are_noted_one_by_one() -> None:
    """As a replica folds in what another wrote (kennel.service.replication): records read back,
    each with its own cause object, several decisions in one `Appending`; and a decision's
    records read back alone (first and last of one cause, but not the same object)."""
    for name in sorted(GAMES):
        ledger, _ = played(name)
        records = [Record.from_bytes(record.to_bytes()) for record in ledger.records]  # causes of their own
        groups = group_by_cause(records)
        split = len(groups[0][1]) + len(groups[1][1])
        for upto in (split, len(groups[0][1])):
            behind = Ledger.from_records(ledger.game, ledger.header, records[:upto])
            rest = records[upto:]
            table = behind.table
            events = [tables.decode_event(ledger.game, record.event) for record in rest]
            for event in events:
                table = tables.evolve(table, event)
            behind.commit(Appending(base_version=behind.version, records=rest, events=events, table=table))
            assert behind.accepted == plain_accepted(records), name


def test_one_cause_at_both_ends_with_another_between_is_noted_one_by_one() -> None:
    """The once-per-decision form asks that every record has the one cause object, not only the
    first and the last."""
    ledger, _ = played("hoarders")
    records = ledger.records
    behind = Ledger.from_records(ledger.game, ledger.header, records[:-3])
    first, other = Cause(0, "same", "t", {}), Cause(1, "between", "t", {})
    rest = [Record(r.version, cause, r.event, r.prev, r.hash) for r, cause in zip(records[-3:], (first, other, first))]
    behind.commit(Appending(base_version=behind.version, records=rest, events=ledger.events[-3:], table=ledger.table))
    assert behind.accepted == plain_accepted([*records[:-3], *rest])
