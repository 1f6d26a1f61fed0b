"""Deciding and recording a command (`Ledger.play`) takes shortcuts: the cause and the events
are written by orjson alone (`canonical_json_of_encoded`: `to_json` writes no float), `chain`
puts each line and hash together from parts, the engine's decision skips calls, and each game
decides with the state it builds as it goes. Each must give what the plain definitions give, on
every decision of bot games of every game:

- each record's line is the json module's canonical bytes of the record, and its hash the
  SHA-256 of the previous hash, a newline and the body's canonical bytes (docs/log-format.md);
- each event and cause is recorded as `{"type": its registered name, "data": to_json(it)}`;
- each decision gives the events the game's plain `decide` gives (then `GameEnded` when the
  game is won), and the table those events fold to one by one (`tables.evolve`)."""

from __future__ import annotations

import enum
import hashlib
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kennel.domain.core import table as tables
from kennel.domain.core.codec import Json, JsonObject, to_json
from kennel.domain.core.rng import Rng, seed_from_text
from kennel.domain.core.rules import Game
from kennel.domain.core.undo import ENGINE_COMMANDS, decide_undo
from kennel.domain.registry import GAMES
from kennel.replay.jsonbytes import canonical_json_of_encoded
from kennel.replay.ledger import Ledger
from kennel.replay.logformat import CREATE_GAME, Record, group_by_cause
from testkit.bot_games import bot_game


def json_module_bytes(value: Json) -> bytes:
    """Canonical JSON as docs/log-format.md defines it: the json module's, keys sorted, no spaces."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def plain_records(ledger: Ledger) -> list[bytes]:
    """Every record's line, from its fields by the definitions alone (nothing `chain` kept)."""
    lines: list[bytes] = []
    prev = hashlib.sha256(json_module_bytes(ledger.header.to_json())).hexdigest()
    for record in ledger.records:
        cause = record.cause
        command = {"seat": cause.seat, "id": cause.command_id, "type": cause.type, "data": cause.data}
        body = {"version": record.version, "command": command, "event": record.event, "prev": prev}
        digest = hashlib.sha256(prev.encode("ascii") + b"\n" + json_module_bytes(body)).hexdigest()
        lines.append(json_module_bytes({**body, "hash": digest}))
        prev = digest
    return lines


def plain_encoded(registry: Any, value: Any) -> JsonObject:
    return {"type": registry.name_of(value), "data": to_json(value)}


def plain_play(table: tables.Table[Any], seat: int, command: Any, seed: bytes) -> tuple[list[Any], tables.Table[Any]]:
    """A decision as the engine first made it: the game's `decide` (or the undo rules), then
    `GameEnded` if the game is won, every event folded one by one."""
    game = table.game
    if command in ENGINE_COMMANDS:
        events = decide_undo(table, seat, command)
    else:
        events = list(game.decide(table.state, seat, command, Rng(seed, table.version)))
    folded = table
    for event in events:
        folded = tables.evolve(folded, event)
    if command not in ENGINE_COMMANDS:
        outcome = game.outcome(folded.state)
        if outcome is not None:
            ended = tables.GameEnded(outcome.winners, outcome.scores, outcome.reason, seed.hex())
            events.append(ended)
            folded = tables.evolve(folded, ended)
    return events, folded


def bot_ledgers(name: str) -> list[tuple[Ledger, bytes]]:
    game: Game[Any] = GAMES[name]
    played = []
    for seats in sorted({game.seats.minimum, min(game.seats.minimum + 1, game.seats.maximum)}):
        text = f"ledger-fast/{name}/{seats}"
        played.append((bot_game(game, text, seats), seed_from_text(text)))
    return played


@pytest.mark.parametrize("name", sorted(GAMES))
def test_recorded_lines_and_hashes_are_the_plain_definitions(name: str) -> None:
    for ledger, _ in bot_ledgers(name):
        game = ledger.game
        assert [record.to_bytes() for record in ledger.records] == plain_records(ledger)  # the lines `chain` kept
        for record, event in zip(ledger.records, ledger.events, strict=True):
            registry = tables.ENGINE_EVENTS if tables.is_engine_event(event) else game.events
            assert record.event == plain_encoded(registry, event)
            assert canonical_json_of_encoded(record.event) == json_module_bytes(record.event)
            assert canonical_json_of_encoded(record.cause.to_json()) == json_module_bytes(record.cause.to_json())


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_decision_is_the_plain_decision(name: str) -> None:
    decisions = 0
    for ledger, seed in bot_ledgers(name):
        game = ledger.game
        groups = group_by_cause(ledger.records)
        assert groups[0][0].type == CREATE_GAME
        table = tables.fold(game, ledger.events[: len(groups[0][1])])
        for cause, records in groups[1:]:
            command = tables.decode_command(game, {"type": cause.type, "data": cause.data})
            registry = ENGINE_COMMANDS if command in ENGINE_COMMANDS else game.commands
            assert {"type": cause.type, "data": cause.data} == plain_encoded(registry, command)
            events, folded = plain_play(table, cause.seat, command, seed)
            decision = tables.play_folded(table, cause.seat, command, seed)
            assert decision.events == events == ledger.events[records[0].version - 1 : records[-1].version]
            assert decision.table == folded
            table = folded
            decisions += 1
        assert table == ledger.table
    assert decisions > 40


def test_a_replayed_ledger_records_the_same_bytes() -> None:
    """`Ledger.play` over the commands of a bot game, in a fresh ledger, writes the same lines."""
    for name in sorted(GAMES):
        ledger, seed = bot_ledgers(name)[0]
        groups = group_by_cause(ledger.records)
        create = ledger.records[0].cause.data
        again = Ledger.create(ledger.game, ledger.header.game_id, create["options"], create["seats"], seed)
        for cause, _ in groups[1:]:
            command = tables.decode_command(ledger.game, {"type": cause.type, "data": cause.data})
            again.commit(again.play(cause.seat, command, cause.command_id, seed))
        assert again.log().to_bytes() == ledger.log().to_bytes()
        assert [record.to_bytes() for record in again.records] == plain_records(ledger)


# JSON as `to_json` writes it (no float), with what orjson refuses: integers past 64 bits, lone
# surrogates; and strings that look like JSON or need escapes.
_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.text(max_size=12),
    st.sampled_from(["\ud800", "é\n\"\\", "\u2028", "\x00\x1f\x7f", "null", "1e-07"]),
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(value=_VALUES)
def test_encoded_json_is_the_json_modules_bytes(value: Json) -> None:
    try:
        expected = json_module_bytes(value)
    except UnicodeEncodeError:  # a lone surrogate: neither writes it
        with pytest.raises(UnicodeEncodeError):
            canonical_json_of_encoded(value)
        return
    assert canonical_json_of_encoded(value) == expected


class _Measure(enum.Enum):
    HALF = 0.5


class _Word(enum.Enum):
    YES = "yes"


def test_to_json_never_writes_a_float() -> None:
    """What `canonical_json_of_encoded` rests on: `to_json` refuses floats, even as an enum's value."""
    with pytest.raises(TypeError):
        to_json(0.5)
    with pytest.raises(TypeError):
        to_json([1, {"a": 0.5}])
    with pytest.raises(TypeError):
        to_json(_Measure.HALF)
    assert to_json((_Word.YES, True, 2, None)) == ["yes", True, 2, None]


def test_a_record_made_here_is_made_as_parsed() -> None:
    ledger, _ = bot_ledgers("hoarders")[0]
    for record in ledger.records[:20]:
        assert Record.from_bytes(record.to_bytes()) == record
