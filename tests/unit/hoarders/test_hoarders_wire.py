"""proto/kennel/v1/hoarders.proto mirrors the domain dataclasses by the conventions a generic
converter relies on: same message and field names, enums as <ENUM>_<VALUE>, optionals as proto3
`optional`, tuples as `repeated`, ints as int32."""

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

from domain.hoarders import GAME
from domain.hoarders.views import HoardersView

ROOT = Path(__file__).resolve().parents[3]
PACKAGE = "kennel.v1.hoarders"
FieldProto = descriptor_pb2.FieldDescriptorProto


@pytest.fixture(scope="module")
def proto_file(tmp_path_factory: pytest.TempPathFactory) -> descriptor_pb2.FileDescriptorProto:
    out = tmp_path_factory.mktemp("proto") / "hoarders.pb"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "grpc_tools.protoc",
            f"-I{ROOT / 'proto'}",
            f"--descriptor_set_out={out}",
            str(ROOT / "proto/kennel/v1/hoarders.proto"),
        ],
        check=True,
    )
    files = descriptor_pb2.FileDescriptorSet.FromString(out.read_bytes())
    (file,) = files.file
    assert file.package == PACKAGE and file.syntax == "proto3"
    return file


def snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def expected_field(name: str, hint: object) -> tuple[str, int, int, str, bool]:
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
        kind, type_name = FieldProto.TYPE_ENUM, f".{PACKAGE}.{hint.__name__}"
    elif isinstance(hint, type) and dataclasses.is_dataclass(hint):
        # A message field has presence already; proto3 `optional` is for scalars and enums.
        kind, type_name, optional = FieldProto.TYPE_MESSAGE, f".{PACKAGE}.{hint.__name__}", False
    else:
        raise AssertionError(f"{name}: no wire form for {hint!r}")
    return name, label, kind, type_name, optional


def check_message(
    file: descriptor_pb2.FileDescriptorProto, message_name: str, cls: type, seen: set[type]
) -> None:
    messages = {message.name: message for message in file.message_type}
    assert message_name in messages, f"proto has no message {message_name}"
    hints = typing.get_type_hints(cls)
    expected = [expected_field(field.name, hints[field.name]) for field in dataclasses.fields(cls)]
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
    assert fields == [(snake(cls.__name__), f".{PACKAGE}.{cls.__name__}") for cls in classes]
    seen: set[type] = set()
    for cls in classes:
        check_message(file, cls.__name__, cls, seen)


def test_options_mirror_the_options_dataclass(proto_file):
    check_message(proto_file, "Options", GAME.options_type, set())


def test_commands_mirror_the_command_registry(proto_file):
    assert GAME.commands.names == tuple(cls.__name__ for cls in GAME.commands.types)
    check_union(proto_file, "Command", GAME.commands.types)


def test_events_mirror_the_event_registry(proto_file):
    assert GAME.events.names == tuple(cls.__name__ for cls in GAME.events.types)
    check_union(proto_file, "Event", GAME.events.types)


def test_the_view_mirrors_the_view_dataclass(proto_file):
    check_message(proto_file, "View", HoardersView, set())
