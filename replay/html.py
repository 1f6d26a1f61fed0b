"""`kennel replay html`: one self-contained page to scrub through a logged game.

`render_page(raw)` folds the log once, event by event, and records for every version 0..N what
the page shows there: the whole state (omniscient), the public view, each seat's view with the
event as that seat saw it, its legal commands, the prompts open, the outcome, and the game's
picture when it draws one (`game.picture(state, viewer) -> svg | None`, optional), and beside
them the narration (`kennel.replay.explain.narrate`), omniscient and as each seat saw it. Nothing is
game-specific: views are rendered generically as nested tables and lists in the browser.

The page needs no network and no server (it works from `file://`): CSS and JavaScript are
inline, and the data is one JSON document in a `<script type="application/json">` tag.

Size. A naive dump repeats every view at every step, which for a game of a few thousand events
and six seats runs to tens of megabytes. The data is instead *hash-consed*: every distinct JSON
value (scalar, list, object) is stored once in a pool and referred to by its index, so a step
only adds the nodes on the paths from the root to what changed. Pictures are stored as lists of
their SVG tags, so a board that moves one piece shares every other tag with the step before.
Any step can still be decoded directly (no replay of diffs in the browser), and comparing two
steps' references is how the page marks what changed since the previous step.

The page trusts the log (as `show` does): verify it first.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import html
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

from kennel.domain.core import table as tables
from kennel.domain.core.codec import DecodeError, Json, JsonObject, to_json
from kennel.domain.core.rules import Game
from kennel.domain.registry import GAMES
from kennel.replay.explain import narrate
from kennel.replay.logformat import Log, Record, mid_decision, parse_log
from kennel.replay.show import ShowError

Viewer = int | None


def _read(raw: bytes) -> tuple[Log, Game[Any], list[Any]]:
    """The parsed log, its game and its decoded events; ShowError when they cannot be had."""
    log = parse_log(raw)
    game = GAMES.get(log.header.game)
    if game is None:
        raise ShowError(f"unknown game {log.header.game!r}")
    events = []
    for record in log.records:
        try:
            events.append(tables.decode_event(game, record.event))
        except DecodeError as error:
            raise ShowError(
                f"record {record.version} is not a {game.name} event ({error}); check it with verify"
            ) from None
    if not events or not isinstance(events[0], tables.GameCreated):
        raise ShowError("the log does not open with kennel.GameCreated; check it with verify")
    return log, game, events


# Narration ------------------------------------------------------------------------------------


def narration_lines(raw: bytes, viewer: Viewer) -> list[JsonObject]:
    """The game told as `viewer` saw it (None: omniscient): `kennel.replay.explain.narrate`, one
    sentence per event and one per refused attempt the viewer may know of."""
    return [
        {
            "version": int(line.version),
            "text": str(line.text),
            "attempt": bool(getattr(line, "attempt", False)),
        }
        for line in narrate(raw, viewer)
    ]


# The data: every step, hash-consed ------------------------------------------------------------

LIST, OBJECT, SHAPE, ROPE = 0, 1, 2, 3  # tags of the pool's composite entries (scalars are bare)

# Long lists are cut into pieces where their content says (content-defined chunking, as rsync
# and backup tools do), not at fixed positions: a deck that loses its top card, or a picture that
# moves one piece, then shares every piece but one with the step before.
SHORT_LIST = 32  # a list this long or shorter is one node
_MIN_PIECE, _MAX_PIECE, _CUT_MASK = 4, 64, 15  # pieces of 4..64 items, 16 on average


def _pieces(items: tuple[int, ...]) -> list[tuple[int, ...]]:
    """`items` cut after each item whose window of the last three says so (one in 16), keeping
    every piece between 4 and 64 items long."""
    if len(items) < 3:
        return [items]
    # hash() of a tuple of ints is the same in every process (only str hashes are salted).
    cuts = [i + 2 for i, h in enumerate(map(hash, zip(items, items[1:], items[2:]))) if not h & _CUT_MASK]
    pieces, start = [], 0
    for cut in [*cuts, len(items) - 1]:
        while cut - start + 1 > _MAX_PIECE:
            pieces.append(items[start : start + _MAX_PIECE])
            start += _MAX_PIECE
        if cut - start + 1 >= _MIN_PIECE:
            pieces.append(items[start : cut + 1])
            start = cut + 1
    if start < len(items):
        pieces.append(items[start:])
    return pieces


@dataclass(frozen=True)
class Interned:
    """A value already in the pool, by its reference (`Pool.ref` returns it as is)."""

    ref: int


class _Scalars(dict[Any, int]):
    """Refs of one kind of scalar by value; a new value is added to the pool on first sight."""

    def __init__(self, entries: list[Json]) -> None:
        super().__init__()
        self._entries = entries

    def __missing__(self, value: Any) -> int:
        ref = self[value] = len(self._entries)
        self._entries.append(value)
        return ref


class Pool:
    """Every distinct JSON value once. A reference is an index into `entries`:

    - a scalar (string, number, boolean, null) is stored as itself;
    - a list is `[0, ref, ref, ...]`, or, when long, `[3, part, part, ...]`: the concatenation
      of its parts, each a list (`[0, ...]` or `[3, ...]` again);
    - an object is `[1, shape, ref, ref, ...]`, where `shape` refers to `[2, key, key, ...]`.

    `ref` takes JSON, or domain values encoded on the way exactly as `codec.to_json` would
    (dataclasses as objects of their fields, enums by value, tuples as lists), which spares
    building each step's JSON first.
    """

    def __init__(self) -> None:
        self.entries: list[Json] = []
        self._index: dict[Any, int] = {}
        # One table per type: True == 1 and 1 == 1.0 in Python, not in JSON.
        self._scalars: dict[type, _Scalars] = {
            kind: _Scalars(self.entries) for kind in (str, int, bool, float)
        }
        self._null = -1
        self._fields: dict[type, tuple[str, ...]] = {}

    def _add(self, key: Any, entry: Json) -> int:
        ref = self._index.get(key)
        if ref is None:
            ref = self._index[key] = len(self.entries)
            self.entries.append(entry)
        return ref

    def ref(self, value: Any) -> int:
        kind = type(value)
        if kind in self._scalars:
            return self._scalars[kind][value]
        if value is None:
            if self._null < 0:
                self._null = len(self.entries)
                self.entries.append(None)
            return self._null
        if kind is tuple or kind is list:
            kinds = set(map(type, value))
            if len(kinds) == 1 and (only := kinds.pop()) in self._scalars:
                items = tuple(map(self._scalars[only].__getitem__, value))
            else:
                items = tuple(map(self.ref, value))
            known = self._index.get(("L", items))
            if known is None:
                known = self._index[("L", items)] = self._list(items)
            return known
        if isinstance(value, Interned):
            return value.ref
        if kind is dict:
            return self._object(tuple(map(str, value)), tuple(map(self.ref, value.values())))
        if isinstance(value, enum.Enum):
            return self.ref(value.value)
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            names = self._fields.get(kind)
            if names is None:
                names = self._fields[kind] = tuple(f.name for f in dataclasses.fields(value))
            return self._object(names, tuple(self.ref(getattr(value, name)) for name in names))
        if isinstance(value, (tuple, list)):
            return self.ref(list(value))
        if isinstance(value, Mapping):
            return self.ref({str(key): item for key, item in value.items()})
        for scalar in (bool, int, float, str):  # subclasses of the scalars
            if isinstance(value, scalar):
                return self.ref(scalar(value))
        raise TypeError(f"cannot encode {kind.__name__} as JSON")

    def _object(self, keys: tuple[str, ...], children: tuple[int, ...]) -> int:
        shape = self._add(("k", keys), [SHAPE, *keys])
        return self._add(("o", shape, children), [OBJECT, shape, *children])

    def _list(self, items: tuple[int, ...]) -> int:
        if len(items) <= SHORT_LIST:
            return self._add(("l", items), [LIST, *items])
        level = tuple(self._add(("l", piece), [LIST, *piece]) for piece in _pieces(items))
        while len(level) > SHORT_LIST:
            level = tuple(self._add(("r", piece), [ROPE, *piece]) for piece in _pieces(level))
        return self._add(("r", level), [ROPE, *level])


def decode(entries: list[Json], ref: int) -> Json:
    """The value a reference stands for (what the page's script does): for tests and tools."""
    entry = entries[ref]
    if not isinstance(entry, list):
        return entry
    if entry[0] == LIST:
        return [decode(entries, item) for item in entry[1:]]
    if entry[0] == ROPE:
        return [item for part in entry[1:] for item in decode(entries, part)]
    if entry[0] == OBJECT:
        keys = entries[entry[1]][1:]
        return {key: decode(entries, item) for key, item in zip(keys, entry[2:], strict=True)}
    raise ValueError(f"entry {ref} is a shape, not a value")


_TAG = re.compile(r"[^>]*>|[^>]+$")


def svg_chunks(svg: str) -> list[str]:
    """An SVG text cut after every `>`: pictures of consecutive steps share most chunks."""
    return _TAG.findall(svg)


class Pictures:
    """The game's pictures, each cut into SVG tags and pooled once however often it recurs."""

    def __init__(self, game: Game[Any], pool: Pool) -> None:
        self.draw: Callable[[Any, Viewer], str | None] | None = getattr(game, "picture", None)
        self._pool = pool
        self._seen: dict[str, Interned] = {}

    def __call__(self, state: Any, viewer: Viewer) -> Interned | None:
        if self.draw is None:
            return None
        svg = self.draw(state, viewer)
        if svg is None:
            return None
        known = self._seen.get(svg)
        if known is None:
            known = self._seen[svg] = Interned(self._pool.ref(svg_chunks(svg)))
        return known


def page_data(raw: bytes) -> JsonObject:
    """Everything the page shows, for versions 0 (the header alone) to N, folded once."""
    log, game, events = _read(raw)
    pool = Pool()
    picture = Pictures(game, pool)
    header = log.header.to_json()
    steps = [
        pool.ref(
            {
                "version": 0,
                "seats": list(log.header.seats),
                "event": None,
                "command": None,
                "pending": [],
                "outcome": None,
                "state": None,
                "picture": None,
                "public": None,
                "viewers": [],
            }
        )
    ]
    table = tables.open_table(game, events[0])
    for index, (record, event) in enumerate(zip(log.records, events, strict=True)):
        if index:  # GameCreated opens the table; every later event is folded into it
            table = tables.evolve(table, event)
        settled = not mid_decision(log.records, index + 1)  # mid-decision nobody owes anything
        steps.append(pool.ref(_step(game, picture, table, record, event, settled)))
    narration = [
        [
            [line["version"], pool.ref(line["text"]), int(line["attempt"])]
            for line in narration_lines(raw, viewer)
        ]
        for viewer in [None, *range(len(table.seats))]
    ]
    outcome = table.outcome()
    return {
        "meta": {
            "game": game.name,
            "title": game.title,
            "game_id": log.header.game_id,
            "rules_version": log.header.rules_version,
            "header": header,
            "last_version": len(events),
            "seats": list(table.seats),
            "outcome": to_json(outcome),
        },
        "pool": pool.entries,
        "steps": steps,
        # [omniscient, seat 0, seat 1, ...], each [[version, text ref, 1 for a refused attempt], ...]
        "narration": narration,
    }


def _step(
    game: Game[Any], picture: Pictures, table: tables.Table[Any], record: Record, event: Any, settled: bool = True
) -> JsonObject:
    """What the page shows at one version: domain values, encoded as they are pooled."""
    state = table.state
    cause = record.cause
    return {
        "version": table.version,
        "seats": table.seats,
        "event": record.event,
        "command": cause.to_json(),
        "pending": table.pending() if settled else (),
        "outcome": table.outcome(),
        "state": state,
        "picture": picture(state, None),
        "public": {
            "view": game.view(state, None),
            "event": tables.encode_event(game, tables.redact(table, event, None)),
        },
        "viewers": [
            {
                "view": game.view(state, seat),
                "event": tables.encode_event(game, tables.redact(table, event, seat)),
                # A seat never receives another seat's command; the engine's are public.
                "command": cause.to_json() if cause.seat is None or cause.seat == seat else None,
                "legal": [tables.encode_command(game, c) for c in tables.legal_commands(table, seat)] if settled else [],
                "picture": picture(state, seat),
            }
            for seat in range(len(table.seats))
        ],
    }


# The page -------------------------------------------------------------------------------------


def embed_json(value: Json) -> str:
    """JSON safe inside `<script type="application/json">`: no `</` or `<!--` can end or
    confuse the script element (both become JSON escapes inside strings, parsed back as is)."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text.replace("</", "<\\/").replace("<!--", "\\u003c!--")


def render_page(raw: bytes) -> str:
    """The whole page for the log in `raw`: one HTML document, nothing to fetch."""
    data = page_data(raw)
    meta = data["meta"]
    parts = {
        "TITLE": html.escape(f"{meta['title']} · game {meta['game_id']} · Kennel replay"),
        "STYLE": _asset("replay.css"),
        "SCRIPT": _asset("replay.js"),
        "DATA": embed_json(data),
    }
    # One pass, so that nothing inserted (a game id from the log, say) is read as a placeholder.
    return _PLACEHOLDER.sub(lambda match: parts[match.group(1)], _asset("replay.html"))


@functools.cache
def _asset(name: str) -> str:
    """The page's template, style and script: files of their own (replay/page/), so that editors
    and linters know them for what they are; read once, from the installed package."""
    return (resources.files("kennel.replay") / "page" / name).read_text(encoding="utf-8")


_PLACEHOLDER = re.compile(r"%%(TITLE|STYLE|SCRIPT|DATA)%%")
