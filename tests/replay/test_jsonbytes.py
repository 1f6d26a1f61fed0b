"""`kennel.replay.jsonbytes` gives exactly what the `json` module gives: the same values from every
text (or the same error) and the same canonical bytes for every value, on every golden log and
on the texts and values where orjson alone would differ."""

from __future__ import annotations

import dataclasses
import datetime
import json
import math
import random
from pathlib import Path
from typing import Any

import pytest
from kennel.replay.jsonbytes import canonical_json, loads, reader, same_canonical_json


@dataclasses.dataclass
class Point:
    x: int
    y: int


GOLDEN = sorted((Path(__file__).parent.parent / "golden").glob("*/*.jsonl"))


def json_module_canonical(value: Any) -> bytes:
    """The definition of the canonical form before orjson (kept here as the reference)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def json_module_result(call: Any, arg: Any) -> tuple[str, Any]:
    try:
        return "value", call(arg)
    except Exception as error:  # noqa: BLE001 - the comparison is of whatever happens
        return "error", (type(error), str(error))


def same_json(a: Any, b: Any) -> bool:
    """Equal values of equal types all the way down (1 and True and 1.0 are not the same here)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(same_json(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, float) and math.isnan(a):
        return math.isnan(b)
    return bool(a == b)


def test_every_golden_line_reads_and_writes_as_the_json_module_does() -> None:
    assert GOLDEN, "the golden logs are missing"
    lines = 0
    for path in GOLDEN:
        for line in path.read_bytes().splitlines():
            value = loads(line)
            assert same_json(value, json.loads(line))
            assert canonical_json(value) == json_module_canonical(value) == line
            lines += 1
    assert lines > 1000


TEXTS = [
    b'{"a":1.5}',
    b'{"a":1e-7}',
    b'{"a":1E+16}',
    b'[0.1,-2.5e3]',
    b"-0.0",
    b"1e400",
    b'{"a":NaN,"b":Infinity,"c":-Infinity}',
    b'{"big":123456789012345678901234567890}',
    b'{"big":-9223372036854775809}',
    b'{"edge":18446744073709551615}',
    b'{"hash":"ab12345678901234567890123cd","n":[1,\t-123456789012345678901]}',
    b'{"hash":"ab12345678901234567890123cd"}',
    b'"12345678901234567890123"',
    b"[0.12345678901234567890123, 1.5e+12345678901234567890, 2E-00000000000000000001]",
    b"\n\r 123456789012345678901234",
    b'{"a":1,"a":2}',
    b'"\\ud800"',
    b'"\\ud83d\\ude00"',
    b'"\xed\xa0\x80"',
    b'"\xff"',
    b"\xef\xbb\xbf{}",
    b'{"a" : [ 1 , 2 ] }',
    b'{"a":1}x',
    b'"tab\there"',
    b'"\\u0000\\u001f\\u007f"',
    b'{"name":"Rex,1.5","n":1}',
    b"",
    b"[" * 3000 + b"]" * 3000,
    '{"ü":"ß","😀":"\u2028"}'.encode(),
]


@pytest.mark.parametrize("text", TEXTS, ids=range(len(TEXTS)))
def test_texts_where_orjson_alone_would_differ_read_as_the_json_module_reads_them(text: bytes) -> None:
    # Alone, and as a line of a file scanned at once (`reader`), beside lines with no numbers.
    for read in (loads, reader(text), reader(b'{"a":"b"}\n' + text + b"\n[]")):
        mine, theirs = json_module_result(read, text), json_module_result(json.loads, text)
        assert mine[0] == theirs[0]
        if mine[0] == "value":
            assert same_json(mine[1], theirs[1])
        else:
            assert mine[1][0] is theirs[1][0]


VALUES: list[Any] = [
    {"b": 1, "a": [True, False, None]},
    {"x": 1.5, "y": 1e-7, "z": 1e16, "w": -0.0},
    [1e300, -1e-300, 5e-324, 1.7976931348623157e308, 123.456, -1e16, [0.5], {"k": [2.0]}],
    1.5,
    -1e22,
    7,
    {"nan": math.nan, "inf": math.inf, "ninf": -math.inf},
    [2**63, -(2**63), 2**64, -(2**64) - 1, 10**30],
    {1: "int key"},
    {"\ud800": "lone surrogate"},
    {"ctl": "".join(chr(c) for c in range(0x20)) + "\x7f\u2028\u2029"},
    {"é": 1, "e": 2, "😀": 3, "\uffff": 4, "z": 5},
    ("a", "tuple"),
    "just a string",
    {"name": "nullable null", "n": None},
    # A None beside a NaN or an infinity: orjson writes both as null, the json module does not.
    {"n": None, "nan": math.nan},
    [None, math.inf, {"k": None}],
    {"deep": [{"n": None}, [-math.inf]]},
    {"n": None, "pair": ("a", 1)},
    {"n": None, "text": "null, NaN and Infinity"},
    {"set": {1, 2}},
    {"when": datetime.datetime(2026, 1, 1)},
    {"dataclass": Point(1, 2)},
]


@pytest.mark.parametrize("value", VALUES, ids=range(len(VALUES)))
def test_values_where_orjson_alone_would_differ_write_as_the_json_module_writes_them(value: Any) -> None:
    mine, theirs = json_module_result(canonical_json, value), json_module_result(json_module_canonical, value)
    assert mine[0] == theirs[0]
    if mine[0] == "value":
        assert mine[1] == theirs[1]
    else:
        assert mine[1][0] is theirs[1][0]


def test_every_code_point_in_keys_and_strings_is_written_as_the_json_module_writes_it() -> None:
    for start in range(0, 0x110000, 0x1000):
        chars = [chr(c) for c in range(start, start + 0x1000) if not 0xD800 <= c <= 0xDFFF]
        value = {c: c + "x" for c in chars}
        assert canonical_json(value) == json_module_canonical(value)


def test_random_floats_in_values_and_texts_come_out_as_the_json_module_makes_them() -> None:
    rng = random.Random(9)
    for _ in range(2000):
        number = float(f"{rng.uniform(-10.0, 10.0)}e{rng.randint(-330, 310)}")
        value = {"a": [number, rng.randint(-(2**70), 2**70)], "b": {"c": number}}
        assert canonical_json(value) == json_module_canonical(value)
        text = json_module_canonical(value)
        assert same_json(loads(text), json.loads(text))


PAIRS: list[tuple[Any, Any]] = [
    ({"a": 1}, {"a": True}),
    ({"a": 1}, {"a": 1.0}),
    ([0.0], [-0.0]),
    ([None], [math.nan]),
    ([math.inf], [math.inf]),
    ([math.inf], [-math.inf]),
    ([math.nan], [math.nan]),  # one NaN object in both: equal, and written alike
    ({"a": [1, 2]}, {"a": (1, 2)}),
    ({"b": 1, "a": 2}, {"a": 2, "b": 1}),
    ([2**70], [2**70]),
    ({"a": None, "b": "x"}, {"a": None, "b": "x"}),
]


def test_same_canonical_json_says_whether_the_canonical_bytes_are_the_same() -> None:
    for a, b in [*PAIRS, *((a, b) for a in VALUES for b in VALUES)]:
        mine = json_module_result(lambda pair: same_canonical_json(*pair), (a, b))
        theirs = json_module_result(lambda pair: json_module_canonical(pair[0]) == json_module_canonical(pair[1]), (a, b))
        assert mine[0] == theirs[0], (a, b)
        if mine[0] == "value":
            assert mine[1] == theirs[1], (a, b)
