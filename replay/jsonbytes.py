"""JSON text to values and values to canonical bytes, exactly as the `json` module does, faster.

The log's canonical form is defined by the `json` module (`_json_module_canonical`): sorted
keys, no spaces, UTF-8, no escapes where UTF-8 will do. orjson reads and writes two to three
times faster and agrees with it everywhere but on a few numbers: it writes floats in another
style (1e-7 where `json` writes 1e-07, NaN and infinities as null) and reads an integer beyond
64 bits as a float. So orjson does the work only where it cannot differ: a scan of its input or
output (in C: a byte translation and substring tests, not a regular expression, which would
cost as much as the parse) sends anything that may hold such a number, and anything orjson
refuses, to the `json` module, which then decides the result, errors included. The domain
writes integers only, so in practice orjson does almost all of it.
"""

from __future__ import annotations

import json

import orjson
from collections.abc import Callable

from kennel.domain.core.codec import Json

_DIGITS = b"0123456789"
# Input: a run of 19 digits in a number (an integer orjson may read as a float) starts the text
# or follows what may come before a number's digits: `[`, `,`, `:`, white space, a sign, `.`,
# `e` or `E`. Every digit becomes 0 and each of those `:`, so that such a run is one substring
# test. Runs inside strings mostly follow a letter or a quote, and are let through: every
# record's two hashes (hex) hold one about once in a hundred records, which sent whole lines
# (and whole files, scanned at once) to the json module.
_NUMBER_MARKS = b"[,: \t\n\r-+.eE"
_DIGITS_AS_ZERO = bytes(
    0x30 if byte in _DIGITS else 0x3A if byte in _NUMBER_MARKS else 0x20 for byte in range(256)
)
_LONG_DIGIT_RUN = b"0" * 19
_LONG_NUMBER = b":" + _LONG_DIGIT_RUN


def _may_hold_long_number(raw: bytes) -> bool:
    scanned = raw.translate(_DIGITS_AS_ZERO)
    # `find`, not `in`, here and below: `in` first tries its operand as a byte value (an
    # integer), and for bytes raises and clears a TypeError each time.
    return scanned.find(_LONG_NUMBER) >= 0 or scanned.startswith(_LONG_DIGIT_RUN)
# Output: a float in orjson's compact output is `:`, `,` or `[`, maybe `-`, digits, then `.` or
# `e`. With digits and `-` deleted and `,`, `[` as `:` and `.` as `e`, it leaves `:e`, which
# nothing else leaves outside a string (a value starts with `"`, `{`, `[`, `t`, `f`, `n` or a
# number). NaN and infinities are written as `null`, so a `null` is checked (`_nulls_are_none`).
_FLOAT_MARKS = bytes.maketrans(b",[.", b"::e")
_FLOAT_LEFTOVER = b":e"
_NUMBER_START = b"-" + _DIGITS

# orjson would write dataclasses and datetimes itself, where the json module refuses them.
_ORJSON_OPTIONS = orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
ORJSON_OPTIONS = _ORJSON_OPTIONS  # for callers that ask orjson themselves and check as here (verify_fast)

_json_module_encoder = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _json_module_canonical(value: Json) -> bytes:
    return _json_module_encoder.encode(value).encode("utf-8")


def may_hold_float(text: bytes) -> bool:
    """Whether orjson's compact output `text` may hold a float (where `canonical_json` lets the
    json module write it): the scan `canonical_json` makes of it, outside a value that is a
    number itself. Text that holds such output whole (a log's lines) holds what it holds."""
    return text.translate(_FLOAT_MARKS, _NUMBER_START).find(_FLOAT_LEFTOVER) >= 0


def canonical_json(value: Json) -> bytes:
    """The exact bytes that are hashed and written: sorted keys, no spaces, UTF-8."""
    try:
        encoded = orjson.dumps(value, option=_ORJSON_OPTIONS)
    except orjson.JSONEncodeError:  # a wide integer, a non-string key, a lone surrogate, a dataclass...
        return _json_module_canonical(value)  # ...as the json module writes it, or its error
    if (
        encoded[0] in _NUMBER_START  # the value is a number itself (a byte value: no TypeError)
        or encoded.translate(_FLOAT_MARKS, _NUMBER_START).find(_FLOAT_LEFTOVER) >= 0  # `may_hold_float`
        or (encoded.find(b"null") >= 0 and not _nulls_are_none(encoded, value))
    ):
        return _json_module_canonical(value)
    return encoded


def canonical_json_of_encoded(value: Json) -> bytes:
    """`canonical_json` of a value `to_json` wrote (kennel.domain.core.codec: a command's or an
    event's fields), which holds no float. orjson's bytes are then the json module's: the checks
    `canonical_json` makes of them are all for floats (a number's style; NaN and infinities
    written as null). What orjson refuses (an integer past 64 bits, a lone surrogate) the json
    module writes, or refuses, as there. The ledger encodes each decision's cause and events with
    this (kennel.replay.ledger): the checks, and reading back every line that held a null, were
    most of the cost of encoding them."""
    try:
        return orjson.dumps(value, option=_ORJSON_OPTIONS)
    except orjson.JSONEncodeError:
        return _json_module_canonical(value)


def _nulls_are_none(encoded: bytes, value: Json) -> bool:
    """Whether every `null` orjson wrote stands for None, not for a NaN or an infinity (which the
    json module writes as NaN, Infinity): read back, a NaN or an infinity comes out as None, which
    equals neither, so the value differs. Many events hold a None (an empty optional field), and
    this costs a quarter of the json module's encoding of them. A value with a tuple also
    differs from what is read back (a list): it then goes the slower way, to the same bytes."""
    return bool(orjson.loads(encoded) == value)


def loads(raw: bytes) -> Json:
    """`json.loads(raw)`: the same value, or the same error."""
    if not _may_hold_long_number(raw):
        try:
            return orjson.loads(raw)
        except orjson.JSONDecodeError:
            pass  # not UTF-8 JSON to orjson (or NaN, a byte-order mark, 1e400...): json decides
    return json.loads(raw)


def reader(text: bytes) -> Callable[[bytes], Json]:
    """`loads` for the lines of `text`, with the scan for long numbers done once over all of
    them instead of once per line (a newline may come before a number, as at a line's start)."""
    if _may_hold_long_number(text):
        return loads
    return loads_scanned


def long_number_lines(text: bytes) -> set[int]:
    """The indexes of the lines of `text` (split at b"\\n") that `loads` would scan as maybe
    holding a long number: read those with `loads`, the others with `loads_scanned`, and each
    line reads as `loads(line)` reads it. `reader` sends every line of a file with one such line
    to `loads`, and its scan of each line again; a hex hash holds an `e` and 19 digits in about
    one file in seven. A hit at a newline (`\\n` is scanned as a mark) is a run that starts the
    next line, which `loads` finds with its `startswith`."""
    scanned = text.translate(_DIGITS_AS_ZERO)
    found: set[int] = set()
    if scanned.startswith(_LONG_DIGIT_RUN):
        found.add(0)
    line, counted = 0, 0  # lines counted up to `counted`: each newline is counted once
    at = scanned.find(_LONG_NUMBER)
    while at >= 0:
        line += text.count(b"\n", counted, at + 1)
        counted = at + 1
        found.add(line)
        at = scanned.find(_LONG_NUMBER, counted)
    return found


def loads_scanned(raw: bytes) -> Json:
    """`loads(raw)` for text already scanned: no long number in it (`reader`,
    `long_number_lines`)."""
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError:
        return json.loads(raw)


def same_canonical_json(a: Json, b: Json) -> bool:
    """`canonical_json(a) == canonical_json(b)`, quicker when they are the same (as an event the
    rules give and the one a log records nearly always are). Equal values whose orjson bytes are
    equal too have equal canonical bytes: where equal values could be written differently (1,
    1.0 and True; 0.0 and -0.0) orjson writes them differently as well, and a NaN or an
    infinity, which orjson writes as null, equals only a NaN or an infinity, written alike."""
    try:
        if a == b and orjson.dumps(a, option=_ORJSON_OPTIONS) == orjson.dumps(b, option=_ORJSON_OPTIONS):
            return True
    except orjson.JSONEncodeError:
        pass  # a value orjson does not write: the json module decides, below
    return canonical_json(a) == canonical_json(b)
