"""proto/kennel/v1/canine_kleptomaniacs.proto mirrors the domain dataclasses by the conventions
of docs/api.md: same message and field names in the same order, enums as <ENUM>_<VALUE> with a
zero <ENUM>_UNSPECIFIED, optionals as proto3 `optional`, tuples as `repeated`, ints as int32.
(The same check as Hoarders' over another file: a shared checker belongs in tests/testkit.)"""

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

from domain.canine_kleptomaniacs import GAME
from domain.canine_kleptomaniacs.views import CanineView

ROOT = Path(__file__).resolve().parents[3]
PACKAGE = "kennel.v1.canine_kleptomaniacs"
Field = descriptor_pb2.FieldDescriptorProto
SCALARS = {int: Field.TYPE_INT32, str: Field.TYPE_STRING, bool: Field.TYPE_BOOL}


@pytest.fixture(scope="module")
def proto_file(tmp_path_factory: pytest.TempPathFactory) -> descriptor_pb2.FileDescriptorProto:
    out = tmp_path_factory.mktemp("proto") / "canine_kleptomaniacs.pb"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "grpc_tools.protoc",
            f"-I{ROOT / 'proto'}",
            f"--descriptor_set_out={out}",
            str(ROOT / "proto/kennel/v1/canine_kleptomaniacs.proto"),
        ],
        check=True,
    )
    (file,) = descriptor_pb2.FileDescriptorSet.FromString(out.read_bytes()).file
    assert file.package == PACKAGE and file.syntax == "proto3"
    return file


@pytest.fixture(scope="module")
def messages(proto_file) -> dict[str, descriptor_pb2.DescriptorProto]:
    return {message.name: message for message in proto_file.message_type}


@pytest.fixture(scope="module")
def enums(proto_file) -> dict[str, descriptor_pb2.EnumDescriptorProto]:
    return {e.name: e for e in proto_file.enum_type}


def snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def expected_field(name: str, hint: object) -> tuple[str, int, int, str, bool]:
    optional, label = False, Field.LABEL_OPTIONAL
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        (hint,) = [arg for arg in typing.get_args(hint) if arg is not type(None)]
        optional = True
    if typing.get_origin(hint) is tuple:
        hint, label = typing.get_args(hint)[0], Field.LABEL_REPEATED
    if hint in SCALARS:
        return name, label, SCALARS[hint], "", optional
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return name, label, Field.TYPE_ENUM, f".{PACKAGE}.{hint.__name__}", optional
    assert isinstance(hint, type) and dataclasses.is_dataclass(hint), f"{name}: no wire form for {hint!r}"
    return name, label, Field.TYPE_MESSAGE, f".{PACKAGE}.{hint.__name__}", False


def check(messages, enums, message_name: str, cls: type, seen: set) -> None:
    assert message_name in messages, f"proto has no message {message_name}"
    hints = typing.get_type_hints(cls)
    expected = [expected_field(f.name, hints[f.name]) for f in dataclasses.fields(cls)]
    actual = [(f.name, f.label, f.type, f.type_name, f.proto3_optional) for f in messages[message_name].field]
    assert actual == expected, f"{message_name} differs from {cls.__name__}"
    for hint in hints.values():
        for inner in _inner(hint):
            if inner in seen:
                continue
            seen.add(inner)
            if isinstance(inner, type) and issubclass(inner, enum.Enum):
                prefix = snake(inner.__name__).upper()
                values = [(f"{prefix}_UNSPECIFIED", 0)] + [
                    (f"{prefix}_{m.value.upper()}", n) for n, m in enumerate(inner, start=1)
                ]
                assert [(v.name, v.number) for v in enums[inner.__name__].value] == values
            elif dataclasses.is_dataclass(inner):
                check(messages, enums, inner.__name__, inner, seen)


def _inner(hint: object) -> list[object]:
    args = typing.get_args(hint)
    if not args:
        return [hint]
    return [x for arg in args if arg is not Ellipsis and arg is not type(None) for x in _inner(arg)]


def check_union(messages, enums, union: str, classes: tuple[type, ...]) -> None:
    (oneof,) = messages[union].oneof_decl
    assert oneof.name == "kind"
    assert [(f.name, f.type_name) for f in messages[union].field] == [
        (snake(c.__name__), f".{PACKAGE}.{c.__name__}") for c in classes
    ]
    seen: set = set()
    for cls in classes:
        check(messages, enums, cls.__name__, cls, seen)


def test_options_mirror_the_options_dataclass(messages, enums):
    check(messages, enums, "Options", GAME.options_type, set())


def test_commands_mirror_the_command_registry(messages, enums):
    assert GAME.commands.names == tuple(cls.__name__ for cls in GAME.commands.types)
    check_union(messages, enums, "Command", GAME.commands.types)


def test_events_mirror_the_event_registry(messages, enums):
    assert GAME.events.names == tuple(cls.__name__ for cls in GAME.events.types)
    check_union(messages, enums, "Event", GAME.events.types)


def test_the_view_mirrors_the_view_dataclass(messages, enums):
    check(messages, enums, "View", CanineView, set())
