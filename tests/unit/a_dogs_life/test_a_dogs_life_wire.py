"""proto/kennel/v1/a_dogs_life.proto mirrors the domain dataclasses by the conventions the
generic converter relies on (docs/api.md, "How game messages mirror the domain"): same message
and field names in the same order, enums as <ENUM>_<VALUE> from 1 with <ENUM>_UNSPECIFIED = 0,
`int | None` as proto3 `optional`, tuples as `repeated`, ints as int32, and the Command and
Event unions listing the registries in order. (The round trip of real games' messages is
tests/service/test_wire.py, for every game.)"""

from __future__ import annotations

import dataclasses
import enum
import re
import subprocess
import sys
import types
import typing
from pathlib import Path

import pytest
from google.protobuf import descriptor_pb2

from domain.a_dogs_life import GAME
from domain.a_dogs_life.views import ADogsLifeView

ROOT = Path(__file__).resolve().parents[3]
PACKAGE = "kennel.v1.a_dogs_life"
Field = descriptor_pb2.FieldDescriptorProto


@pytest.fixture(scope="module")
def proto(tmp_path_factory: pytest.TempPathFactory) -> descriptor_pb2.FileDescriptorProto:
    out = tmp_path_factory.mktemp("proto") / "a_dogs_life.pb"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "grpc_tools.protoc",
            f"-I{ROOT / 'proto'}",
            f"--descriptor_set_out={out}",
            str(ROOT / "proto/kennel/v1/a_dogs_life.proto"),
        ],
        check=True,
    )
    (file,) = descriptor_pb2.FileDescriptorSet.FromString(out.read_bytes()).file
    assert file.package == PACKAGE and file.syntax == "proto3"
    return file


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def _wire_form(hint: object) -> tuple[int, int, str, bool]:
    """(label, type, type name, proto3 optional) the field of this type hint must have."""
    optional = typing.get_origin(hint) in (typing.Union, types.UnionType)
    if optional:
        (hint,) = [arg for arg in typing.get_args(hint) if arg is not type(None)]
    label = Field.LABEL_OPTIONAL
    if typing.get_origin(hint) is tuple:
        hint, label = typing.get_args(hint)[0], Field.LABEL_REPEATED
    if hint is int:
        return label, Field.TYPE_INT32, "", optional
    if hint is bool:
        return label, Field.TYPE_BOOL, "", optional
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return label, Field.TYPE_ENUM, f".{PACKAGE}.{hint.__name__}", optional
    assert isinstance(hint, type) and dataclasses.is_dataclass(hint), hint
    return label, Field.TYPE_MESSAGE, f".{PACKAGE}.{hint.__name__}", False  # messages have presence


def _nested(hint: object) -> list[object]:
    args = typing.get_args(hint)
    return (
        [hint] if not args else [t for arg in args if arg not in (Ellipsis, type(None)) for t in _nested(arg)]
    )


def _check(file: descriptor_pb2.FileDescriptorProto, name: str, cls: type, seen: set[object]) -> None:
    messages = {m.name: m for m in file.message_type}
    assert name in messages, f"the proto has no message {name}"
    hints = typing.get_type_hints(cls)
    expected = [(f.name, *_wire_form(hints[f.name])) for f in dataclasses.fields(cls)]
    actual = [(f.name, f.label, f.type, f.type_name, f.proto3_optional) for f in messages[name].field]
    assert actual == expected, f"message {name} differs from {cls.__name__}"
    for hint in hints.values():
        for inner in _nested(hint):
            if inner in seen:
                continue
            seen.add(inner)
            if isinstance(inner, type) and issubclass(inner, enum.Enum):
                enums = {e.name: e for e in file.enum_type}
                prefix = _snake(inner.__name__).upper()
                wanted = [(f"{prefix}_UNSPECIFIED", 0)] + [
                    (f"{prefix}_{member.value.upper()}", n) for n, member in enumerate(inner, start=1)
                ]
                assert [(v.name, v.number) for v in enums[inner.__name__].value] == wanted
            elif isinstance(inner, type) and dataclasses.is_dataclass(inner):
                _check(file, inner.__name__, inner, seen)


def _check_union(file: descriptor_pb2.FileDescriptorProto, union: str, classes: tuple[type, ...]) -> None:
    message = {m.name: m for m in file.message_type}[union]
    assert [o.name for o in message.oneof_decl] == ["kind"]
    assert [(f.name, f.type_name) for f in message.field] == [
        (_snake(cls.__name__), f".{PACKAGE}.{cls.__name__}") for cls in classes
    ]
    seen: set[object] = set()
    for cls in classes:
        _check(file, cls.__name__, cls, seen)


def test_options_mirror_the_options_dataclass(proto):
    _check(proto, "Options", GAME.options_type, set())


def test_commands_mirror_the_command_registry(proto):
    assert GAME.commands.names == tuple(cls.__name__ for cls in GAME.commands.types)
    _check_union(proto, "Command", GAME.commands.types)


def test_events_mirror_the_event_registry(proto):
    assert GAME.events.names == tuple(cls.__name__ for cls in GAME.events.types)
    _check_union(proto, "Event", GAME.events.types)


def test_the_view_mirrors_the_view_dataclass(proto):
    _check(proto, "View", ADogsLifeView, set())
