"""Between the domain's JSON form and the typed protobuf messages, for every game alike.

The server writes its messages with it and the SDK reads them back with it, so both sides agree
by construction.

Each game's proto file mirrors its dataclasses by convention (docs/api.md): a message per
command, event and view type named as the type's stable name, fields named as the dataclass
fields, enums as `<ENUM>_<VALUE>` with a zero `<ENUM>_UNSPECIFIED`, tuples as repeated fields,
optionals with presence. So one converter, driven by the message descriptors, serves every game,
and adding a game needs a proto file, not code here.
"""

from __future__ import annotations

import functools
import operator
import re
from collections.abc import Callable
from typing import Any

from google.protobuf.descriptor import Descriptor, EnumDescriptor, FieldDescriptor
from google.protobuf.message import Message

# The domain's JSON form, spelled here so that the SDK needs nothing of the server's code.
Json = Any  # a JSON-ready value: None, bool, int, str, list, dict
JsonObject = dict[str, Any]


class WireError(ValueError):
    """A message that does not fit the domain's types (malformed input: the server answers
    INVALID_ARGUMENT with this code)."""

    code = "kennel/malformed"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _upper_snake(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).upper()


@functools.cache
def _enum_prefix(enum: EnumDescriptor) -> str:
    return _upper_snake(enum.name) + "_"


def enum_number(field: FieldDescriptor, value: Json) -> int:
    """The number of a domain enum value (its JSON form) in `field`'s proto enum (the server's
    compiled encoders, kennel.service.protobytes, number enums by this same rule)."""
    enum = field.enum_type
    name = _enum_prefix(enum) + str(value).upper()
    member = enum.values_by_name.get(name)
    if member is None:
        raise WireError(f"{value!r} has no {enum.name} value in the proto")
    return int(member.number)


def _enum_value(field: FieldDescriptor, number: int, strict: bool = True) -> str | None:
    enum = field.enum_type
    member = enum.values_by_number.get(number)
    if member is None or number == 0:
        if not strict:
            return None
        raise WireError(f"field {field.name!r} needs a {enum.name} value")
    return member.name[len(_enum_prefix(enum)) :].lower()


def _enum_reader(field: FieldDescriptor, strict: bool) -> Callable[[int], str | None]:
    """`_enum_value` for `field`, its values found once by number: 0 (UNSPECIFIED) and numbers
    the enum lacks go to `_enum_value`, which refuses them (or gives None, when not strict)."""
    values = {number: _enum_value(field, number) for number in field.enum_type.values_by_number if number != 0}

    def value(number: int) -> str | None:
        found = values.get(number)
        return _enum_value(field, number, strict) if found is None else found

    return value


def _is_repeated(field: FieldDescriptor) -> bool:
    return bool(field.is_repeated) if hasattr(field, "is_repeated") else field.label == FieldDescriptor.LABEL_REPEATED


def fill(message: Message, data: JsonObject) -> Message:
    """Set `message`'s fields from a domain JSON object (recursively); returns the message."""
    setters = _setters(message.DESCRIPTOR)
    for key, value in data.items():
        setter = setters.get(key)
        if setter is None:
            raise WireError(f"{message.DESCRIPTOR.full_name} has no field {key!r}")
        if value is not None:
            setter(message, value)
    return message


Setter = Callable[[Message, Any], None]


@functools.cache
def _setters(descriptor: Descriptor) -> dict[str, Setter]:
    """One setter per field of a message type, built once: `fill` then looks a key up and calls
    it, instead of asking the descriptor what kind of field each key is on every call (that
    reflection was most of the cost of turning a view into its message)."""
    return {field.name: _setter(field) for field in descriptor.fields}


def _setter(field: FieldDescriptor) -> Setter:
    name = field.name
    if _is_repeated(field):
        if field.type == FieldDescriptor.TYPE_MESSAGE:
            def add_messages(message: Message, value: Any) -> None:
                target = getattr(message, name)
                for item in value:
                    fill(target.add(), item)
            return add_messages
        if field.type == FieldDescriptor.TYPE_ENUM:
            numbers = _enum_numbers(field)
            return lambda message, value: getattr(message, name).extend([numbers(item) for item in value])
        return lambda message, value: getattr(message, name).extend(value)
    if field.type == FieldDescriptor.TYPE_MESSAGE:
        def set_message(message: Message, value: Any) -> None:
            member = getattr(message, name)
            fill(member, value)
            member.SetInParent()
        return set_message
    if field.type == FieldDescriptor.TYPE_ENUM:
        number = _enum_numbers(field)
        return lambda message, value: setattr(message, name, number(value))
    return lambda message, value: setattr(message, name, value)


def _enum_numbers(field: FieldDescriptor) -> Callable[[Json], int]:
    """The enum number of a domain value, remembered per value once found (an unknown value is
    refused each time it is asked)."""
    known: dict[Json, int] = {}

    def number(value: Json) -> int:
        if not isinstance(value, str):  # the domain's enums are strings; anything else is refused
            return enum_number(field, value)
        found = known.get(value)
        if found is None:
            found = known[value] = enum_number(field, value)
        return found

    return number


def read(message: Message, strict: bool = True) -> JsonObject:
    """A domain JSON object from a message: unset optionals and messages become None.

    `strict` (the server reading input) refuses an enum left UNSPECIFIED; a client reading what
    the server wrote passes strict=False and gets None there.
    """
    return _reader(message.DESCRIPTOR, strict)(message)


FieldReader = Callable[[Message], Any]


@functools.cache
def _reader(descriptor: Descriptor, strict: bool) -> Callable[[Message], JsonObject]:
    """`read` for one message type, built once: one reader per field, in the descriptor's order,
    instead of asking the descriptor what kind of field each is on every call (as `_setters`
    does for `fill`). Every command a server takes is read so."""
    fields = tuple((field.name, _field_reader(field, strict)) for field in descriptor.fields)

    def read_message(message: Message) -> JsonObject:
        result: JsonObject = {}
        for name, read_field in fields:  # a loop, not a comprehension: that is a call more
            result[name] = read_field(message)
        return result

    return read_message


def _field_reader(field: FieldDescriptor, strict: bool) -> FieldReader:
    """What `read` gives for `field`: a message's by its own type's reader, found when read
    (a message type may hold itself), an enum's by its name, an unset optional's None."""
    name = field.name
    message_type = field.type == FieldDescriptor.TYPE_MESSAGE
    if field.type == FieldDescriptor.TYPE_ENUM:
        value = _enum_reader(field, strict)
        if _is_repeated(field):
            return lambda message: list(map(value, getattr(message, name)))
        if field.has_presence:
            return lambda message: value(getattr(message, name)) if message.HasField(name) else None
        return lambda message: value(getattr(message, name))
    if _is_repeated(field):
        if message_type:
            return lambda message: [read(item, strict) for item in getattr(message, name)]
        return lambda message: list(getattr(message, name))
    if message_type:
        return lambda message: read(getattr(message, name), strict) if message.HasField(name) else None
    if field.has_presence:
        return lambda message: getattr(message, name) if message.HasField(name) else None
    return operator.attrgetter(name)


def read_options(message: Message) -> JsonObject:
    """A game's Options: a field left unset (or an enum left UNSPECIFIED) is left out, so it
    takes the game's default, and an empty `Options()` on the wire means the defaults."""
    result: JsonObject = {}
    for field in message.DESCRIPTOR.fields:
        value = getattr(message, field.name)
        if _is_repeated(field):
            if len(value):
                result[field.name] = read(message)[field.name]
        elif field.has_presence and not message.HasField(field.name):
            continue
        elif field.type == FieldDescriptor.TYPE_MESSAGE:
            result[field.name] = read(value)
        elif field.type == FieldDescriptor.TYPE_ENUM:
            if value != 0:
                result[field.name] = _enum_value(field, value)
        else:
            result[field.name] = value
    return result


@functools.cache
def _union_fields(descriptor: Descriptor) -> dict[str, str]:
    """For a message with one oneof of messages: the member type's name -> field name."""
    return {field.message_type.name: field.name for field in descriptor.fields if field.message_type is not None}


def fill_union(message: Message, tagged: JsonObject) -> Message:
    """Set the oneof member of `message` named by `{"type": name, "data": fields}`."""
    field_name = _union_fields(message.DESCRIPTOR).get(tagged["type"])
    if field_name is None:
        raise WireError(f"{message.DESCRIPTOR.full_name} has no member {tagged['type']!r}")
    member = getattr(message, field_name)
    fill(member, tagged["data"])
    member.SetInParent()
    return message


def read_union(message: Message, strict: bool = True) -> JsonObject:
    """`{"type": name, "data": fields}` from a message with one oneof of messages."""
    oneof, members = _union(message.DESCRIPTOR)
    which = message.WhichOneof(oneof)
    if which is None:
        raise WireError(f"{message.DESCRIPTOR.full_name} is empty: choose one of its kinds")
    found = members.get(which)
    if found is None:  # not a message: as read before members were found once (it has no DESCRIPTOR)
        member = getattr(message, which)
        return {"type": member.DESCRIPTOR.name, "data": read(member, strict)}
    type_name, descriptor = found
    return {"type": type_name, "data": _reader(descriptor, strict)(getattr(message, which))}


@functools.cache
def _union(descriptor: Descriptor) -> tuple[str, dict[str, tuple[str, Descriptor]]]:
    """A union's oneof, and its members of message type: field name -> (type name, type), found
    once (asked of the descriptor on every command, they cost more than reading the command's
    fields). A message that is not a union is refused each time (exceptions are not cached)."""
    oneofs = descriptor.oneofs
    if len(oneofs) != 1:
        raise WireError(f"{descriptor.full_name} is not a union")
    members = {
        field.name: (field.message_type.name, field.message_type)
        for field in oneofs[0].fields
        if field.message_type is not None
    }
    return oneofs[0].name, members


def decode_or_invalid(decode: Any, *args: Any) -> Any:
    """Run a domain decoder, turning its complaints into WireError (malformed input)."""
    try:
        return decode(*args)
    except (TypeError, ValueError) as error:  # the domain's DecodeError is a ValueError
        raise WireError(str(error)) from None
