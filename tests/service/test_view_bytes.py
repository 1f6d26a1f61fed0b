"""A view written as bytes part by part (kennel.service.viewbytes, with encoders compiled from
the protos) is byte for byte the message built field by field by reflection (`wire.fill`, the
way views were built before) and serialised: for every game, every seat and the spectator, at
every version of random games (finished ones, one with a seat joining late, a fork), settled
or inside a decision, with and without deadlines."""

from __future__ import annotations

import dataclasses
import random
import uuid
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from kennel import wire
from kennel.domain.core import table as tables
from kennel.domain.core import telling
from kennel.domain.core.codec import to_json
from kennel.domain.core.rng import seed_from_text
from kennel.domain.core.rules import Seat, Viewer
from kennel.domain.registry import GAMES, wire_name
from kennel.replay.ledger import Ledger
from kennel.replay.logformat import Parent, mid_decision
from kennel.service import viewbytes
from kennel.service.live import LiveGame
from kennel.service.projections import build_view, event_bytes, event_message
from kennel.service.storage import Desk
from kennel.service.viewbytes import command_message
from kennel.v1 import kennel_pb2 as pb
from testkit.bot_games import bot_game


def reference_view(
    live: LiveGame, viewer: Viewer, table: tables.Table[Any], settled: bool, due: Mapping[Seat, int]
) -> pb.View:
    """The view as the server built it before, field by field (the independent construction)."""
    game = live.game
    status = "finished" if table.ended is not None else ("playing" if table.started else "waiting")
    statuses = {"waiting": pb.GAME_STATUS_WAITING_FOR_PLAYERS, "playing": pb.GAME_STATUS_IN_PROGRESS,
                "finished": pb.GAME_STATUS_FINISHED}
    message = pb.View(
        game_id=str(live.id), game_type=game.name, version=table.version, status=statuses[status],
        seats=[pb.SeatInfo(seat=seat, name=name) for seat, name in enumerate(table.seats)],
    )
    if viewer is not None:
        message.seat = viewer
    names = telling.names_of(table)
    for prompt in table.pending() if settled else ():
        added = message.pending.add(
            seat=prompt.seat, kind=pb.PromptKind.Value("PROMPT_KIND_" + prompt.kind.value.upper()),
            label=telling.named(prompt.label, names),
        )
        if prompt.seat in due:
            added.deadline_unix_ms = due[prompt.seat]
    message.prompt_limit_ms = table.prompt_limit_ms
    message.headline = telling.headline(table, viewer, names) if settled else "A move is being resolved."
    parent = live.ledger.header.parent
    if parent is not None:
        message.forked_from.CopyFrom(pb.ForkOrigin(
            game_id=parent.game_id, version=parent.version,
            notice=f"A fork of game {parent.game_id} at version {parent.version}: it replays a known deal.",
        ))
    if viewer is not None and settled:
        for command in tables.legal_commands(table, viewer):
            command_message(game.name, tables.encode_command(game, command), message.legal_commands.add())
            label = telling.label(table, viewer, command, names)
            message.legal_labels.add(text=label.text, group=label.group)
    member = getattr(message.game, wire_name(game))
    wire.fill(member, to_json(game.view(table.state, viewer)))
    member.SetInParent()
    outcome = table.outcome()
    if outcome is not None:
        reason = telling.named(outcome.reason, names)
        message.outcome.CopyFrom(pb.Outcome(winners=outcome.winners, scores=outcome.scores, reason=reason))
    return message


def _live(ledger: Ledger) -> LiveGame:
    return LiveGame(id=uuid.uuid4(), ledger=ledger, desk=Desk(header=ledger.header, seed=b""))


def _played(name: str, seed_text: str, steps: int, **create: Any) -> Ledger:
    """A game of three created with `create`'s arguments (a time limit, a parent), and `steps`
    commands of its first owing seat, chosen at random."""
    game, seed = GAMES[name], seed_from_text(seed_text)
    ledger = Ledger.create(game, f"test/{seed_text}", dict(game.random_play_options), ["Ada", "Bo", "Cy"], seed, **create)
    choose = random.Random(seed_text)
    for step in range(steps):
        if not ledger.table.pending():
            break
        seat = ledger.table.pending()[0].seat
        command = choose.choice(tables.legal_commands(ledger.table, seat))
        ledger.commit(ledger.play(seat, command, f"step-{step}", seed))
    return ledger


def _positions(live: LiveGame) -> Iterator[tuple[tables.Table[Any], bool]]:
    """Every version's table, and whether it lies between two decisions."""
    table = None
    for version, event in enumerate(live.ledger.events, start=1):
        table = tables.open_table(live.game, event) if table is None else tables.evolve(table, event)
        yield table, not mid_decision(live.ledger.records, version)


def _check(live: LiveGame, table: tables.Table[Any], settled: bool, due: Mapping[Seat, int]) -> None:
    for viewer in (None, *range(len(table.seats))):
        built = viewbytes.build_view_bytes(live, viewer, table, settled, due)
        expected = reference_view(live, viewer, table, settled, due)
        assert pb.View.FromString(built) == expected, (live.game.name, table.version, viewer)
        assert built == expected.SerializeToString(), (live.game.name, table.version, viewer)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_view_of_random_games_is_the_message_built_field_by_field(name: str) -> None:
    game = GAMES[name]
    for index, (seats, open_seats) in enumerate(((3, 1), (2, 0), (game.seats.maximum, 0))):
        live = _live(bot_game(game, f"view-bytes-{name}-{index}", seats, open_seats=open_seats))
        assert live.table.outcome() is not None  # finished: the outcome is in its last views
        # Every position of the first game; of the longer ones, every third (the suite's time).
        for table, settled in list(_positions(live))[:: 1 if index == 0 else 3]:
            # Deadlines for some owing seats (the others' clocks are held), from the table's version.
            due = {prompt.seat: 1_700_000_000_000 + table.version for prompt in table.pending()[::2]}
            _check(live, table, settled, due if table.version % 3 else {})


class _NoPromptsNow:
    """A game whose prompts may not be asked for (a state inside a decision may be half-made:
    Caninos's was, issue 16)."""

    def __init__(self, game: Any) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def pending(self, state: Any) -> Any:
        raise AssertionError("a view inside a decision asked for its prompts")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_view_inside_a_decision_never_asks_for_prompts(name: str) -> None:
    live = _live(bot_game(GAMES[name], f"view-bytes-inside-{name}", 3))
    inside = [table for table, settled in _positions(live) if not settled]
    assert inside
    for table in inside:
        table = dataclasses.replace(table, game=_NoPromptsNow(table.game))
        _check(live, table, False, {})


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_timed_fork_says_so_in_every_view(name: str) -> None:
    parent = Parent(game_id=str(uuid.uuid4()), version=7, head="0" * 64)
    live = _live(_played(name, f"view-bytes-fork-{name}", 60, parent=parent, prompt_limit_ms=60_000))
    for table, settled in _positions(live):
        _check(live, table, settled, {prompt.seat: 1_700_000_000_000 for prompt in table.pending()})


def test_the_current_view_reads_as_a_message() -> None:
    live = _live(_played("canine-kleptomaniacs", "view-bytes-now", 40))
    due = {prompt.seat: 1_700_000_000_000 + prompt.seat for prompt in live.table.pending()}
    assert due
    for viewer in (None, *range(3)):
        expected = reference_view(live, viewer, live.table, True, due)
        assert viewbytes.build_view_bytes(live, viewer, due=due) == expected.SerializeToString()
        assert build_view(live, viewer, due=due) == expected
        assert build_view(live, viewer) == reference_view(live, viewer, live.table, True, {})  # no clocks: no deadlines


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_event_as_every_viewer_sees_it_is_the_message_built_field_by_field(name: str) -> None:
    live = _live(bot_game(GAMES[name], f"event-bytes-{name}", 3, open_seats=1))
    ledger = live.ledger
    for version, (record, event) in enumerate(zip(ledger.records, ledger.events, strict=True), start=1):
        for viewer in (None, 0, 1, 2):
            seen = tables.redact(ledger.table, event, viewer)
            expected = event_message(live, version, record.cause.seat, seen).SerializeToString()
            assert event_bytes(live, version, record.cause.seat, seen) == expected, (name, version, viewer)
