"""`wire.read` and `wire.read_union` read through readers built once per message type; held here
to their plain definitions (the descriptor asked field by field on every call, as they were
written first): the same objects, or the same refusal, for every message of random games of
every game, for every message type left empty, strict or not."""

from __future__ import annotations

import importlib
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message
from kennel import wire
from kennel.domain.core import table as tables
from kennel.domain.core.bots import RandomBot
from kennel.domain.core.rng import seed_from_text
from kennel.domain.registry import GAMES, wire_name
from kennel.replay.ledger import Ledger
from kennel.service.live import LiveGame
from kennel.service.projections import event_message
from kennel.service.storage import Desk
from kennel.service.viewbytes import build_view_bytes, command_message
from kennel.v1 import kennel_pb2 as pb


def _plain_read(message: Message, strict: bool = True) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for field in message.DESCRIPTOR.fields:
        value = getattr(message, field.name)
        if wire._is_repeated(field):
            if field.type == FieldDescriptor.TYPE_MESSAGE:
                result[field.name] = [_plain_read(item, strict) for item in value]
            elif field.type == FieldDescriptor.TYPE_ENUM:
                result[field.name] = [wire._enum_value(field, item, strict) for item in value]
            else:
                result[field.name] = list(value)
        elif field.has_presence and not message.HasField(field.name):
            result[field.name] = None
        elif field.type == FieldDescriptor.TYPE_MESSAGE:
            result[field.name] = _plain_read(value, strict)
        elif field.type == FieldDescriptor.TYPE_ENUM:
            result[field.name] = wire._enum_value(field, value, strict)
        else:
            result[field.name] = value
    return result


def _plain_read_union(message: Message, strict: bool = True) -> dict[str, Any]:
    oneofs = message.DESCRIPTOR.oneofs
    if len(oneofs) != 1:
        raise wire.WireError(f"{message.DESCRIPTOR.full_name} is not a union")
    which = message.WhichOneof(oneofs[0].name)
    if which is None:
        raise wire.WireError(f"{message.DESCRIPTOR.full_name} is empty: choose one of its kinds")
    member = getattr(message, which)
    return {"type": member.DESCRIPTOR.name, "data": _plain_read(member, strict)}


def _outcome(read: Any, message: Message, strict: bool) -> Any:
    try:
        return ("read", read(message, strict))
    except Exception as error:  # a refusal (WireError), or what reading a non-union raised
        return (type(error), str(error))


def _same(message: Message) -> None:
    for strict in (True, False):
        assert _outcome(wire.read, message, strict) == _outcome(_plain_read, message, strict), message
        assert _outcome(wire.read_union, message, strict) == _outcome(_plain_read_union, message, strict), message


def _within(message: Message) -> Iterator[Message]:
    """The message and every message inside it."""
    yield message
    for field, value in message.ListFields():
        if field.type == FieldDescriptor.TYPE_MESSAGE:
            for item in value if wire._is_repeated(field) else (value,):
                yield from _within(item)


def _messages_of_a_random_game(name: str) -> Iterator[Message]:
    game = GAMES[name]
    seed_text = f"wire-readers:{name}"
    seed = seed_from_text(seed_text)
    ledger = Ledger.create(game, str(uuid.uuid4()), None, ["Ann", "Bob", "Cy"], seed)
    bots = [RandomBot(f"{seed_text}:{seat}") for seat in range(3)]
    for step in range(150):
        pending = ledger.table.pending()
        if not pending:
            break
        seat = pending[step % len(pending)].seat
        command = bots[seat].choose(ledger.table, seat)
        assert command is not None
        yield command_message(game.name, tables.encode_command(game, command))
        ledger.commit(ledger.play(seat, command, f"c{step}", seed))
    live = LiveGame(id=uuid.uuid4(), ledger=ledger, desk=Desk(header=ledger.header, seed=b""))
    for version, event in enumerate(ledger.events, start=1):
        yield event_message(live, version, ledger.records[version - 1].cause.seat, event)
    for viewer in (None, 0, 1, 2):
        yield pb.View.FromString(build_view_bytes(live, viewer))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_message_of_a_random_game_reads_as_by_the_plain_definition(name: str) -> None:
    for message in _messages_of_a_random_game(name):
        for inner in _within(message):
            _same(inner)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_message_type_left_empty_reads_as_by_the_plain_definition(name: str) -> None:
    """Empty: unset optionals and messages, enums left UNSPECIFIED (refused when strict), empty
    unions; and a union whose member is set but empty."""
    module = importlib.import_module(f"kennel.v1.{wire_name(GAMES[name])}_pb2")
    types = [*module.DESCRIPTOR.message_types_by_name.values(), pb.Command.DESCRIPTOR, pb.Event.DESCRIPTOR]
    for descriptor in types:
        message_class = _message_class(descriptor)
        _same(message_class())
        for oneof in descriptor.oneofs:
            for field in oneof.fields:
                if field.message_type is not None:
                    message = message_class()
                    getattr(message, field.name).SetInParent()
                    _same(message)


def _message_class(descriptor: Any) -> Any:
    from google.protobuf import message_factory

    return message_factory.GetMessageClass(descriptor)
