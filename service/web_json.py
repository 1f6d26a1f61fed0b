"""The Connect protocol's JSON encoding on the web port, so that `curl` or a plain `fetch` can
play without generated code (docs/api.md, "Without an SDK: JSON over HTTP").

The gateway (service/web.py) forwards binary requests as bytes it never parses. A JSON request
is converted here, at the gateway, with protobuf's own JSON mapping (google.protobuf.json_format:
lowerCamelCase names, enums by name, 64-bit integers as strings), and then forwarded as the same
bytes a binary client would have sent, so the one interceptor still authenticates, meters and
maps errors for every path; the answer's bytes are converted back on the way out.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

from google.protobuf import json_format
from google.protobuf.descriptor import MethodDescriptor
from google.protobuf.message import Message
from google.protobuf.message_factory import GetMessageClass

CODEC = "json"


class JsonCodec:
    """Connect's `json` codec over google.protobuf messages (connectrpc's own is for another
    protobuf runtime). Malformed JSON or an unknown field becomes INVALID_ARGUMENT (connectrpc
    turns a decoding error into that), never INTERNAL: a typo in a field name is the caller's."""

    def name(self) -> str:
        return CODEC

    def encode(self, message: Message) -> bytes:
        return json_format.MessageToJson(message, indent=None).encode()

    def decode(self, data: bytes | bytearray, message_class: type[Message]) -> Message:
        return json_format.Parse(bytes(data) or b"{}", message_class())


def message_classes(method: MethodDescriptor) -> tuple[type[Message], type[Message]]:
    """The request and response classes of one RPC, from the generated descriptors."""
    return GetMessageClass(method.input_type), GetMessageClass(method.output_type)


def wants_json(scope: dict[str, Any]) -> bool:
    """Whether an API request is in the JSON encoding: a JSON content type (Connect unary
    `application/json`, streaming `application/connect+json`, gRPC-Web `+json`), or a Connect GET
    with `encoding=json`."""
    for name, value in scope.get("headers", ()):
        if name == b"content-type":
            kind = value.split(b";", 1)[0].strip().lower()
            return kind == b"application/json" or kind.endswith(b"+json")
    if scope.get("method") == "GET":
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        return query.get("encoding", [""])[0] == CODEC
    return False
