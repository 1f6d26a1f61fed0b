"""Every game's proto file mirrors its dataclasses by the conventions the generic converter
(kennel/wire.py) relies on (docs/api.md, "How game messages mirror the domain"): the same message
and field names, enums as <ENUM>_<VALUE> after <ENUM>_UNSPECIFIED, optionals as proto3 `optional`,
tuples as `repeated`, ints as int32. Checked on the compiled descriptors, for every registered game.
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import re
import types
import typing
from typing import Any

import pytest
from google.protobuf import descriptor_pb2
from kennel.domain.core import table as tables
from kennel.domain.core.rng import seed_from_text
from kennel.domain.registry import GAMES, wire_name

FieldProto = descriptor_pb2.FieldDescriptorProto


def proto_file(game: Any) -> descriptor_pb2.FileDescriptorProto:
    module = importlib.import_module(f"kennel.v1.{wire_name(game)}_pb2")
    file = descriptor_pb2.FileDescriptorProto()
    module.DESCRIPTOR.CopyToProto(file)
    assert file.package == f"kennel.v1.{wire_name(game)}" and file.syntax == "proto3"
    return file


def view_type(game: Any) -> type:
    seats = [f"p{i}" for i in range(game.seats.minimum)]
    table = tables.fold(game, tables.create(game, None, seats, seed_from_text("mirror")))
    return type(game.view(table.state, None))


def snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def expected_field(package: str, name: str, hint: object) -> tuple[str, int, int, str, bool]:
    """(name, label, type, type name, proto3 optional) for a dataclass field's type hint."""
    optional = False
    label = FieldProto.LABEL_OPTIONAL
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        (hint,) = [arg for arg in typing.get_args(hint) if arg is not type(None)]
        optional = True
    if typing.get_origin(hint) is tuple:
        item, ellipsis = typing.get_args(hint)
        assert ellipsis is Ellipsis, "tuples are homogeneous"
        hint, label = item, FieldProto.LABEL_REPEATED
    if hint is int:
        kind, type_name = FieldProto.TYPE_INT32, ""
    elif hint is str:
        kind, type_name = FieldProto.TYPE_STRING, ""
    elif hint is bool:
        kind, type_name = FieldProto.TYPE_BOOL, ""
    elif isinstance(hint, type) and issubclass(hint, enum.Enum):
        kind, type_name = FieldProto.TYPE_ENUM, f".{package}.{hint.__name__}"
    elif isinstance(hint, type) and dataclasses.is_dataclass(hint):
        # A message field has presence already; proto3 `optional` is for scalars and enums.
        kind, type_name, optional = FieldProto.TYPE_MESSAGE, f".{package}.{hint.__name__}", False
    else:
        raise AssertionError(f"{name}: no wire form for {hint!r}")
    return name, label, kind, type_name, optional


def check_message(
    file: descriptor_pb2.FileDescriptorProto, message_name: str, cls: type, seen: set[type]
) -> None:
    messages = {message.name: message for message in file.message_type}
    assert message_name in messages, f"proto has no message {message_name}"
    hints = typing.get_type_hints(cls)
    expected = [expected_field(file.package, field.name, hints[field.name]) for field in dataclasses.fields(cls)]
    actual = [(f.name, f.label, f.type, f.type_name, f.proto3_optional) for f in messages[message_name].field]
    assert actual == expected, f"{message_name} differs from {cls.__name__}"
    for hint in hints.values():
        for inner in _types_in(hint):
            if inner in seen:
                continue
            seen.add(inner)
            if isinstance(inner, type) and issubclass(inner, enum.Enum):
                check_enum(file, inner)
            elif dataclasses.is_dataclass(inner):
                check_message(file, inner.__name__, inner, seen)


def _types_in(hint: object) -> list[object]:
    args = typing.get_args(hint)
    if not args:
        return [hint]
    return [
        inner for arg in args if arg is not Ellipsis and arg is not type(None) for inner in _types_in(arg)
    ]


def check_enum(file: descriptor_pb2.FileDescriptorProto, cls: type[enum.Enum]) -> None:
    enums = {e.name: e for e in file.enum_type}
    assert cls.__name__ in enums, f"proto has no enum {cls.__name__}"
    prefix = snake(cls.__name__).upper()
    expected = [(f"{prefix}_UNSPECIFIED", 0)] + [
        (f"{prefix}_{member.value.upper()}", number) for number, member in enumerate(cls, start=1)
    ]
    assert [(v.name, v.number) for v in enums[cls.__name__].value] == expected


def check_union(file: descriptor_pb2.FileDescriptorProto, union: str, classes: tuple[type, ...]) -> None:
    messages = {message.name: message for message in file.message_type}
    (oneof,) = messages[union].oneof_decl
    assert oneof.name == "kind"
    fields = [(f.name, f.type_name) for f in messages[union].field]
    assert fields == [(snake(cls.__name__), f".{file.package}.{cls.__name__}") for cls in classes]
    seen: set[type] = set()
    for cls in classes:
        check_message(file, cls.__name__, cls, seen)



@pytest.mark.parametrize("name", sorted(GAMES))
def test_options_commands_events_and_view_mirror_the_dataclasses(name: str) -> None:
    game = GAMES[name]
    file = proto_file(game)
    check_message(file, "Options", game.options_type, set())
    for union, registry in (("Command", game.commands), ("Event", game.events)):
        assert registry.names == tuple(cls.__name__ for cls in registry.types), "stored names are class names"
        check_union(file, union, registry.types)
    check_message(file, "View", view_type(game), set())
