"""Protobuf bytes written straight from the domain's frozen dataclasses, by encoders made once
per message type and dataclass.

`kennel.wire.fill` turns a domain value's JSON form into a message by reflection, a setter call
per field, and the message is then serialised: for a view that was most of its cost. Here the
same mapping (each game's proto mirrors its dataclasses by convention, docs/api.md) is compiled,
per (message descriptor, dataclass), into straight-line Python that reads the dataclass's
attributes and writes protobuf's wire format, fields in number order as protobuf serialises
them, so that the bytes are the very bytes `SerializeToString` gives for the filled message
(tests/service/test_view_bytes.py holds them to that for every game).

What the compiler does not know how to write (a field type no game uses yet, a value that is
not a dataclass) goes through `wire.fill` and `SerializeToString` as before: slower, the same.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
from collections.abc import Callable
from typing import Any

from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message
from google.protobuf.message_factory import GetMessageClass

from kennel import wire
from kennel.domain.core.codec import to_json
from kennel.domain.core.kept import keep

Encoder = Callable[[Any], bytes]

_SMALL = 1 << 14  # varints below this are looked up, not computed
_VARINTS: tuple[bytes, ...] = ()  # filled below: the encoding of every int below _SMALL
_MASK64 = (1 << 64) - 1
_VARINT_TYPES = frozenset(
    {
        FieldDescriptor.TYPE_INT32,
        FieldDescriptor.TYPE_INT64,
        FieldDescriptor.TYPE_UINT32,
        FieldDescriptor.TYPE_UINT64,
        FieldDescriptor.TYPE_BOOL,
        FieldDescriptor.TYPE_ENUM,
    }
)


def varint(value: int) -> bytes:
    """A varint; a negative int32 or int64 is written as its 64-bit two's complement, as protobuf does."""
    if 0 <= value < _SMALL:
        return _VARINTS[value]
    return _slow_varint(value & _MASK64)


def _slow_varint(value: int) -> bytes:
    out = bytearray()
    while value > 0x7F:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


_VARINTS = tuple(_slow_varint(value) for value in range(_SMALL))


def tag(number: int, wire_type: int) -> bytes:
    key = number << 3 | wire_type
    return _VARINTS[key] if key < _SMALL else _slow_varint(key)


# The four below are called for most fields of every view and event: each looks its tag and
# length up in `_VARINTS` itself (the usual case: a field number below 2048, a length below
# 16 KiB) rather than through `tag` and `varint`, a call or two fewer per field.


def length_delimited(number: int, payload: bytes) -> bytes:
    """One length-delimited field (wire type 2: a string or a message) holding `payload`."""
    key, size = number << 3 | 2, len(payload)
    if key < _SMALL and size < _SMALL:
        return _VARINTS[key] + _VARINTS[size] + payload
    return tag(number, 2) + varint(size) + payload


def string_field(number: int, text: str) -> bytes:
    """A string field as protobuf writes it when set: nothing for an empty one (proto3)."""
    return length_delimited(number, text.encode()) if text else b""


def varint_field(number: int, value: int) -> bytes:
    """A varint field as protobuf writes it when set: nothing for zero (proto3)."""
    if not value:
        return b""
    key = number << 3
    if key < _SMALL and 0 < value < _SMALL:
        return _VARINTS[key] + _VARINTS[value]
    return tag(number, 0) + varint(value)


def with_length(head: bytes, payload: bytes) -> bytes:
    """`head` (a field's tag, made once by its caller) and `payload`, length-delimited."""
    size = len(payload)
    return head + (_VARINTS[size] if size < _SMALL else _slow_varint(size)) + payload


def encoder(descriptor: Descriptor) -> Encoder:
    """The encoder of domain values (dataclasses) as messages of type `descriptor`: it picks,
    by the value's class, the compiled encoder made for that class (made on first use)."""
    return _dispatch(descriptor)[1]


_DISPATCH: dict[Descriptor, tuple[dict[type, Encoder], Encoder]] = {}


def _dispatch(descriptor: Descriptor) -> tuple[dict[type, Encoder], Encoder]:
    """`encoder`, with its compiled encoders by class, which the compiled code looks in first
    (a call less per nested message)."""
    found = _DISPATCH.get(descriptor)
    if found is not None:
        return found
    by_class: dict[type, Encoder] = {}

    def encode(value: Any) -> bytes:
        compiled = by_class.get(value.__class__)
        if compiled is None:
            compiled = by_class[value.__class__] = _compile(descriptor, value.__class__)
        return compiled(value)

    found = _DISPATCH[descriptor] = (by_class, encode)
    return found


KEPT = 512  # nested values' encodings kept per message type and class (a bounded cost per process)


def _nested(descriptor: Descriptor) -> tuple[dict[type, Encoder], Encoder]:
    """`_dispatch` for a message nested in another: a frozen dataclass's encoding is kept by
    the value's identity for the last `KEPT` values (with the value itself, so that its id is
    not another's while kept). Views share their parts: every viewer's view of a state holds
    the same public parts (kennel.domain.core.frozen.per_recent_state), and a game's view
    builds an unchanged part of its state into the same object again (`per_recent_part`)."""
    found = _NESTED.get(descriptor)
    if found is not None:
        return found
    by_class: dict[type, Encoder] = {}

    def encode(value: Any) -> bytes:
        cls = value.__class__
        compiled = by_class.get(cls)
        if compiled is None:
            compiled = _dispatch(descriptor)[0].get(cls) or _compile(descriptor, cls)
            if _frozen(cls):
                compiled = _remembered(compiled)
            by_class[cls] = compiled
        return compiled(value)

    found = _NESTED[descriptor] = (by_class, encode)
    return found


_NESTED: dict[Descriptor, tuple[dict[type, Encoder], Encoder]] = {}


def _remembered(compiled: Encoder) -> Encoder:
    kept: dict[int, tuple[Any, bytes]] = {}

    def encode(value: Any) -> bytes:
        found = kept.get(id(value))
        if found is not None and found[0] is value:
            return found[1]
        encoded = compiled(value)
        keep(kept, id(value), (value, encoded), KEPT)
        return encoded

    return encode


def union_member(descriptor: Descriptor, type_name: str, value: Any) -> bytes:
    """The member named `type_name` of a message with one oneof of messages, holding `value`,
    as that message's bytes (what `wire.fill_union` sets)."""
    member_tag, encode = union_encoder(descriptor, type_name)
    return with_length(member_tag, encode(value))


def union_encoder(descriptor: Descriptor, type_name: str) -> tuple[bytes, Encoder]:
    """The tag and the encoder of `union_member`'s member `type_name` (refused as it refuses)."""
    members = _UNIONS.get(descriptor)
    if members is None:
        members = _UNIONS[descriptor] = {
            field.message_type.name: (tag(field.number, 2), encoder(field.message_type))
            for field in descriptor.fields
            if field.message_type is not None
        }
    member = members.get(type_name)
    if member is None:
        raise wire.WireError(f"{descriptor.full_name} has no member {type_name!r}")
    return member


_UNIONS: dict[Descriptor, dict[str, tuple[bytes, Encoder]]] = {}


def _reflected(descriptor: Descriptor) -> Encoder:
    """The reflection path, for what the compiler does not cover."""
    message_class = GetMessageClass(descriptor)

    def encode(value: Any) -> bytes:
        message: Message = message_class()
        wire.fill(message, to_json(value))
        return message.SerializeToString()

    return encode


def _compile(descriptor: Descriptor, cls: type) -> Encoder:
    if not dataclasses.is_dataclass(cls) or not all(_supported(field) for field in descriptor.fields):
        return _reflected(descriptor)
    names = [field.name for field in dataclasses.fields(cls)]
    by_name = descriptor.fields_by_name
    unknown = [name for name in names if name not in by_name]
    if unknown:  # as `wire.fill` refuses it
        raise wire.WireError(f"{descriptor.full_name} has no field {unknown[0]!r}")
    env: dict[str, Any] = {"V": _VARINTS, "varint": varint, "to_json": to_json, "SMALL": _SMALL, "ZERO": b"\x00"}
    lines = ["def encode(value):", "    out = []"]
    for field in sorted(descriptor.fields, key=lambda f: f.number):
        if field.name in names:
            lines.extend("    " + line for line in _field_code(field, env))
    lines.append("    return b''.join(out)")
    namespace: dict[str, Any] = {}
    code = compile("\n".join(lines) + "\n", f"<kennel.service.protobytes {descriptor.full_name}/{cls.__name__}>", "exec")
    exec(code, env, namespace)  # noqa: S102 (our own source, made from descriptors and field names)
    compiled: Encoder = namespace["encode"]
    return compiled


def _supported(field: FieldDescriptor) -> bool:
    if field.type == FieldDescriptor.TYPE_MESSAGE:
        return not field.message_type.GetOptions().map_entry  # a map is written otherwise
    return field.type in _VARINT_TYPES or field.type == FieldDescriptor.TYPE_STRING


def _varint_of(expression: str) -> str:
    """Code for the varint of an int `expression` (a name: it is read more than once)."""
    return f"(V[{expression}] if 0 <= {expression} < SMALL else varint({expression}))"


def _field_code(field: FieldDescriptor, env: dict[str, Any]) -> list[str]:
    """Lines that append `field`'s encoding of `value.<name>` to `out` (nothing when unset: None,
    a proto3 default without presence, an empty repeated field), `i` being the value or each of
    its items, `b` an item's encoding."""
    n = field.number
    key = f"f{n}"
    packed = field.is_repeated and field.is_packed
    env[key] = tag(n, 2 if field.type in _LENGTH_DELIMITED or packed else 0)
    if field.type == FieldDescriptor.TYPE_MESSAGE:
        env[f"c{n}"], env[f"m{n}"] = _nested(field.message_type)
        encode = [f"b = (c{n}.get(i.__class__) or m{n})(i)", "k = len(b)"]
        item = [*encode, f"out.append({key} + {_varint_of('k')} + b)"]
    elif field.type == FieldDescriptor.TYPE_STRING:
        encode = ["b = (i if i.__class__ is str else to_json(i)).encode()", "k = len(b)"]
        item = [*encode, f"out.append({key} + {_varint_of('k')} + b)"]
    else:  # a varint: an int, a bool, or an enum (numbered by the value's name, as `wire.fill` does)
        if field.type == FieldDescriptor.TYPE_ENUM:
            env[f"n{n}"], env[f"e{n}"] = _enum_varints(field)
            varint_code = f"(n{n}.get(id(i)) or e{n}(i))"
        else:
            varint_code = _varint_of("i")
        if packed:
            # An enum's items are looked up in C (`map`) while every one is known; a None from
            # the lookup (an item not yet seen) makes `join` refuse, and they go one by one.
            items = [f"b = b''.join([{varint_code} for i in x])"]
            if field.type == FieldDescriptor.TYPE_ENUM:
                items = ["try:", f"    b = b''.join(map(n{n}.get, map(id, x)))", "except TypeError:", *_indent(items)]
            return [
                f"x = value.{field.name}",
                "if x:",
                *_indent(items),
                "    k = len(b)",
                f"    out.append({key} + {_varint_of('k')} + b)",
            ]
        item = [f"out.append({key} + {varint_code})"]
        if not field.is_repeated and not field.has_presence:
            # Without presence a zero is not written: a false bool, a 0, an enum's UNSPECIFIED.
            if field.type != FieldDescriptor.TYPE_ENUM:
                return [f"i = value.{field.name}", "if i:", *_indent(item)]
            return [f"i = value.{field.name}", "if i is not None:", f"    b = {varint_code}", "    if b != ZERO:", f"        out.append({key} + b)"]
    if field.is_repeated and field.type == FieldDescriptor.TYPE_MESSAGE:
        # A run of messages is kept whole by the identity of its tuple (`_kept_run`): every
        # viewer's view of a state shares its public tuples (a game view made by `replaced`
        # from the public one holds the same `seats`), so each viewer after the first finds
        # the run's bytes in one look-up instead of a look-up per item.
        env[f"r{n}"], env["kept_run"] = {}, _kept_run
        return [
            f"x = value.{field.name}",
            "if x:",
            f"    r = r{n}.get(id(x))",
            "    if r is not None and r[0] is x:",
            "        out.append(r[1])",
            "    else:",
            "        start = len(out)",
            "        for i in x:",
            *_indent(_indent(_indent(item))),
            f"        kept_run(r{n}, x, out, start)",
        ]
    if field.is_repeated:
        return [f"x = value.{field.name}", "if x:", "    for i in x:", *_indent(_indent(item))]
    # A message or a field with presence is written when set, whatever its value; a string
    # without presence only when not empty.
    test = "i" if field.type == FieldDescriptor.TYPE_STRING and not field.has_presence else "i is not None"
    return [f"i = value.{field.name}", f"if {test}:", *_indent(item)]


def _kept_run(kept: dict[int, tuple[Any, bytes]], run: Any, out: list[bytes], start: int) -> None:
    """Keep the encoding of `run` (the items `out` holds from `start` on, joined in place) by
    the run's identity, with the run itself (so that its id is not another's while kept), when
    the run cannot change: a tuple of frozen dataclasses (whose encodings `_nested` keeps by
    identity too)."""
    if run.__class__ is not tuple or not all(map(_frozen, map(type, run))):
        return
    encoded = out[start] if len(out) == start + 1 else b"".join(out[start:])
    del out[start:]
    out.append(encoded)
    keep(kept, id(run), (run, encoded), KEPT)


@functools.cache
def _frozen(cls: type) -> bool:
    return dataclasses.is_dataclass(cls) and bool(cls.__dataclass_params__.frozen)  # type: ignore[attr-defined]


_LENGTH_DELIMITED = frozenset({FieldDescriptor.TYPE_STRING, FieldDescriptor.TYPE_MESSAGE})


def _indent(lines: list[str]) -> list[str]:
    return ["    " + line for line in lines]


def _enum_varints(field: FieldDescriptor) -> tuple[dict[int, bytes], Callable[[Any], bytes]]:
    """The varint of a domain enum value's number in the field's proto enum, found as
    `wire.fill` finds it (from the value's JSON form). Enum members' are remembered by identity
    (a member lives as long as its class, and hashing one by value runs Python code), in the
    dict returned with the function, which the compiled code reads first."""
    known: dict[int, bytes] = {}

    def number(value: Any) -> bytes:
        found = varint(wire.enum_number(field, to_json(value)))
        if isinstance(value, enum.Enum):
            known[id(value)] = found
        return found

    return known, number
