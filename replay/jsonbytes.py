"""JSON text to values and values to canonical bytes, exactly as the `json` module does, faster.

The log's canonical form is defined by the `json` module (`_json_module_canonical`): sorted
keys, no spaces, UTF-8, no escapes where UTF-8 will do. orjson writes and reads two to three
times faster and agrees with it on every JSON text and value that has no floats and no integer
beyond 64 bits; on those it differs (it writes 1e-7 where `json` writes 1e-07, NaN as null,
and reads an integer beyond 64 bits as a float). So orjson does the work only when it cannot
differ: a cheap scan of its input or output sends anything that may hold such a number (or
that orjson refuses) to the `json` module, which then decides the result, errors included.
Every log the domain writes has integers only, so in practice orjson does all of it.
"""

from __future__ import annotations

import json
import re

import orjson

from domain.core.codec import Json

# A number token that is a float (a digit then `.`, `e` or `E`) or an integer of 19 digits or
# more, where a JSON value starts: at the beginning, or after `:`, `,` or `[` and whitespace.
# Inside a string it can match too (a name like "Rex,1.5"): that only costs the slower path.
_WIDE_NUMBER_TEXT = re.compile(rb"(?:\A|[:,\[])\s*-?(?:\d+[.eE]|\d{19})")
# In orjson's compact output: a float, or `null`, which is also how it writes NaN and infinity.
_FLOAT_OR_NULL_OUTPUT = re.compile(rb"(?:\A|[:,\[])-?\d+[.eE]|null")

# orjson would write dataclasses and datetimes itself, where the json module refuses them.
_ORJSON_OPTIONS = orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME

_json_module_encoder = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _json_module_canonical(value: Json) -> bytes:
    return _json_module_encoder.encode(value).encode("utf-8")


def canonical_json(value: Json) -> bytes:
    """The exact bytes that are hashed and written: sorted keys, no spaces, UTF-8."""
    try:
        encoded = orjson.dumps(value, option=_ORJSON_OPTIONS)
    except orjson.JSONEncodeError:  # a wide integer, a non-string key, a lone surrogate, a dataclass...
        return _json_module_canonical(value)  # ...as the json module writes it, or its error
    if _FLOAT_OR_NULL_OUTPUT.search(encoded) is not None:
        return _json_module_canonical(value)
    return encoded


def loads(raw: bytes) -> Json:
    """`json.loads(raw)`: the same value, or the same error."""
    if _WIDE_NUMBER_TEXT.search(raw) is None:
        try:
            return orjson.loads(raw)
        except orjson.JSONDecodeError:
            pass  # not UTF-8 JSON to orjson (or NaN, a byte-order mark...): json decides
    return json.loads(raw)
