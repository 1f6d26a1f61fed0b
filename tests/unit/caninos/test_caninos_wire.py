"""proto/kennel/v1/caninos.proto mirrors the domain dataclasses by the conventions the generic
converter relies on (docs/api.md, "How game messages mirror the domain"): same message and field
names in the same order, enums as <ENUM>_<VALUE> from 1 with <ENUM>_UNSPECIFIED = 0, optionals
as proto3 `optional`, tuples as `repeated`, ints as int32. Read from the generated descriptors."""

from __future__ import annotations

import dataclasses
import enum
import re
import types
import typing

import pytest
from google.protobuf.descriptor import Descriptor, FieldDescriptor
from kennel.v1 import caninos_pb2

from domain.caninos import GAME
from domain.caninos.views import CaninosView

SCALARS = {int: FieldDescriptor.TYPE_INT32, bool: FieldDescriptor.TYPE_BOOL, str: FieldDescriptor.TYPE_STRING}


def snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def shape(hint: object) -> tuple[object, bool, bool]:
    """(inner type, repeated, optional) of a dataclass field's type hint."""
    optional = False
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        (hint,) = [arg for arg in typing.get_args(hint) if arg is not type(None)]
        optional = True
    if typing.get_origin(hint) is tuple:
        item, ellipsis = typing.get_args(hint)
        assert ellipsis is Ellipsis, "tuples are homogeneous"
        return item, True, optional
    return hint, False, optional


def mirrors(message: Descriptor, cls: type, seen: set[object]) -> None:
    hints = typing.get_type_hints(cls)
    fields = dataclasses.fields(cls)
    assert [f.name for f in message.fields] == [f.name for f in fields], f"{message.name} vs {cls.__name__}"
    for proto_field, field in zip(message.fields, fields, strict=True):
        inner, repeated, optional = shape(hints[field.name])
        where = f"{message.name}.{field.name}"
        assert proto_field.is_repeated == repeated, where
        if isinstance(inner, type) and dataclasses.is_dataclass(inner):
            assert proto_field.message_type is not None and proto_field.message_type.name == inner.__name__, (
                where
            )
            if inner not in seen:
                seen.add(inner)
                mirrors(proto_field.message_type, inner, seen)
        elif isinstance(inner, type) and issubclass(inner, enum.Enum):
            assert proto_field.enum_type is not None and proto_field.enum_type.name == inner.__name__, where
            prefix = snake(inner.__name__).upper()
            values = [(v.name, v.number) for v in proto_field.enum_type.values]
            expected = [(f"{prefix}_UNSPECIFIED", 0)] + [
                (f"{prefix}_{member.value.upper()}", number) for number, member in enumerate(inner, start=1)
            ]
            assert values == expected, where
        else:
            assert proto_field.type == SCALARS[inner], where  # type: ignore[index]
        assert proto_field.has_presence == (optional or proto_field.message_type is not None) or repeated, (
            where
        )


@pytest.mark.parametrize("union, registry", [("Command", GAME.commands), ("Event", GAME.events)])
def test_commands_and_events_mirror_their_registries(union, registry):
    message = caninos_pb2.DESCRIPTOR.message_types_by_name[union]
    assert [o.name for o in message.oneofs] == ["kind"]
    assert [(f.name, f.message_type.name) for f in message.fields] == [
        (snake(name), name) for name in registry.names
    ]
    assert registry.names == tuple(cls.__name__ for cls in registry.types)
    seen: set[object] = set()
    for cls in registry.types:
        mirrors(caninos_pb2.DESCRIPTOR.message_types_by_name[cls.__name__], cls, seen)


def test_options_and_the_view_mirror_their_dataclasses():
    mirrors(caninos_pb2.DESCRIPTOR.message_types_by_name["Options"], GAME.options_type, set())
    mirrors(caninos_pb2.DESCRIPTOR.message_types_by_name["View"], CaninosView, set())
