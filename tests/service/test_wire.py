"""Every game's proto file mirrors its dataclasses exactly (docs/api.md, 'How game messages
mirror the domain'): every command, event (as each viewer sees it) and view of random games
goes to its protobuf message and back unchanged."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from kennel import wire
from kennel.domain.core import table as tables
from kennel.domain.core.bots import RandomBot
from kennel.domain.core.codec import from_json, to_json
from kennel.domain.core.rng import seed_from_text
from kennel.domain.registry import GAMES, wire_name
from kennel.replay.ledger import Ledger
from kennel.service.live import LiveGame
from kennel.service.projections import event_message
from kennel.service.storage import Desk
from kennel.service.viewbytes import command_message
from kennel.v1 import kennel_pb2 as pb

MAX_COMMANDS = 600


def _random_game(game: Any, seats: int, seed_text: str) -> Ledger:
    seed = seed_from_text(seed_text)
    ledger = Ledger.create(game, str(uuid.uuid4()), None, [f"p{i}" for i in range(seats)], seed)
    bots = [RandomBot(f"{seed_text}:{i}") for i in range(seats)]
    # Rules as written allow games that never end (A Dog's Life): a stretch of this many commands
    # carries every kind of message there is.
    for step in range(MAX_COMMANDS):
        pending = ledger.table.pending()
        if not pending:
            break
        seat = pending[step % len(pending)].seat
        command = bots[seat].choose(ledger.table, seat)
        assert command is not None
        ledger.commit(ledger.play(seat, command, f"c{step}", seed))
    return ledger


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_has_a_member_in_each_wrapper(name: str) -> None:
    member = wire_name(GAMES[name])
    for wrapper in (pb.GameOptions, pb.Command, pb.GameView, pb.Event):
        assert member in wrapper.DESCRIPTOR.fields_by_name, f"{wrapper.DESCRIPTOR.name} lacks {member}"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_commands_events_and_views_survive_the_wire(name: str) -> None:
    game = GAMES[name]
    for seats in (game.seats.minimum, game.seats.maximum):
        ledger = _random_game(game, seats, f"wire:{name}:{seats}")
        live = LiveGame(id=uuid.uuid4(), ledger=ledger, desk=Desk(header=ledger.header, seed=b""))
        viewers: list[int | None] = [None, *range(seats)]
        for viewer in viewers:
            for version, event in enumerate(ledger.events, start=1):
                seen = tables.redact(ledger.table, event, viewer)
                message = event_message(live, version, None, seen)
                if tables.is_engine_event(seen):
                    continue  # built field by field in projections, checked by the service tests
                back = game.events.decode(wire.read_union(getattr(message, wire_name(game))))
                assert back == seen
        table = ledger.table
        replayed = tables.open_table(game, ledger.events[0])
        for event in ledger.events[1:]:
            replayed = tables.evolve(replayed, event)
            for viewer in viewers:
                view = game.view(replayed.state, viewer)
                message = wire.fill(getattr(pb.GameView(), wire_name(game)), to_json(view))
                assert from_json(type(view), wire.read(message)) == view
            for seat in range(seats):
                for command in replayed.game.legal_commands(replayed.state, seat) if not replayed.ended else ():
                    message = command_message(game.name, game.commands.encode(command))
                    assert game.commands.decode(wire.read_union(getattr(message, wire_name(game)))) == command
        assert replayed.state == table.state
