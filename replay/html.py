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
import html
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
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
        "STYLE": _STYLE,
        "SCRIPT": _SCRIPT,
        "DATA": embed_json(data),
    }
    # One pass, so that nothing inserted (a game id from the log, say) is read as a placeholder.
    return _PLACEHOLDER.sub(lambda match: parts[match.group(1)], _TEMPLATE)


_PLACEHOLDER = re.compile(r"%%(TITLE|STYLE|SCRIPT|DATA)%%")

_TEMPLATE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="kennel replay html">
<title>%%TITLE%%</title>
<style>%%STYLE%%</style>
</head>
<body>
<header id="top">
  <div class="brand">Kennel replay</div>
  <h1 id="title"></h1>
  <div id="facts" class="facts"></div>
  <div id="seatline" class="seatline"></div>
  <div id="final" class="final"></div>
</header>
<nav id="timeline" aria-label="timeline">
  <button type="button" id="first" title="first version (Home)">&laquo; First</button>
  <button type="button" id="prev" title="previous version (&#x2190;)">&#x25C0; Prev</button>
  <input type="range" id="slider" min="0" max="0" value="0" aria-label="version">
  <button type="button" id="next" title="next version (&#x2192;)">Next &#x25B6;</button>
  <button type="button" id="last" title="last version (End)">Last &raquo;</button>
  <button type="button" id="play" title="play / pause (space)">Play</button>
  <span id="step" class="step" aria-live="polite"></span>
</nav>
<div id="now" class="now"></div>
<main>
  <aside id="story">
    <div class="story-head">
      <h2>Narration</h2>
      <label>as <select id="perspective"></select></label>
    </div>
    <ol id="narration"></ol>
    <p class="hint">&#x2190; &#x2192; step &middot; PgUp PgDn &plusmn;10 &middot; Home End &middot; click a line to jump</p>
  </aside>
  <section id="panels"></section>
</main>
<noscript><p class="noscript">This replay page needs JavaScript to show the game.</p></noscript>
<script type="application/json" id="kennel-data">%%DATA%%</script>
<script>%%SCRIPT%%</script>
</body>
</html>
"""

_STYLE = """
:root {
  --bg: #f5f3ee; --card: #ffffff; --ink: #1f2328; --muted: #6b7280; --line: #e3ded3;
  --accent: #2f6f5e; --accent-soft: #dcefe8; --warn: #fff1b8; --chip: #eef1f5; --win: #d9f2d0;
}
* { box-sizing: border-box; }
html, body { margin: 0; background: var(--bg); color: var(--ink);
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
header { padding: 14px 20px 10px; background: #24423a; color: #f3f7f5; }
header .brand { font-size: 11px; letter-spacing: .12em; text-transform: uppercase; opacity: .7; }
header h1 { margin: 2px 0 4px; font-size: 22px; font-weight: 650; }
.facts { font-size: 12px; opacity: .85; word-break: break-all; }
.seatline { margin-top: 8px; display: flex; flex-wrap: wrap; gap: 6px; }
.seatline .seat { background: rgba(255,255,255,.12); border-radius: 999px; padding: 2px 10px; font-size: 13px; }
.seatline .seat.won { background: #f4d35e; color: #2b2b2b; font-weight: 600; }
.final { margin-top: 6px; font-size: 13px; }
nav#timeline { position: sticky; top: 0; z-index: 5; display: flex; align-items: center; gap: 8px;
  padding: 8px 20px; background: #fffdf8; border-bottom: 1px solid var(--line); box-shadow: 0 1px 4px rgba(0,0,0,.05); }
nav#timeline input[type=range] { flex: 1; min-width: 120px; accent-color: var(--accent); }
button { font: inherit; border: 1px solid #c9c3b5; background: #fff; border-radius: 6px; padding: 3px 10px; cursor: pointer; }
button:hover { background: var(--accent-soft); }
button:disabled { opacity: .4; cursor: default; }
.step { font-variant-numeric: tabular-nums; font-weight: 600; min-width: 12em; text-align: right; }
.now { padding: 8px 20px; background: #fbf8f0; border-bottom: 1px solid var(--line); min-height: 2.4em; }
.now .told { font-weight: 600; }
.now .raw { margin-top: 2px; font-size: 12px; color: var(--muted); word-break: break-word; }
.now .raw .cause { color: var(--muted); }
.now .tag { display: inline-block; background: var(--accent); color: #fff; border-radius: 4px; padding: 0 6px;
  margin-right: 6px; font-size: 12px; }
main { display: flex; gap: 16px; padding: 14px 20px 30px; align-items: flex-start; }
aside#story { position: sticky; top: 52px; width: 340px; flex: none; max-height: calc(100vh - 70px);
  display: flex; flex-direction: column; background: var(--card); border: 1px solid var(--line); border-radius: 10px; }
.story-head { display: flex; align-items: center; justify-content: space-between; padding: 8px 12px;
  border-bottom: 1px solid var(--line); }
.story-head h2 { margin: 0; font-size: 15px; }
.story-head select { font: inherit; max-width: 170px; }
ol#narration { list-style: none; margin: 0; padding: 4px 0; overflow-y: auto; flex: 1; }
ol#narration li { padding: 3px 12px 3px 8px; border-left: 4px solid transparent; cursor: pointer; display: flex; gap: 8px; }
ol#narration li:hover { background: #f4f6f8; }
ol#narration li .v { color: var(--muted); font-variant-numeric: tabular-nums; min-width: 2.6em; text-align: right; flex: none; }
ol#narration li.future { color: #a3a7ad; }
ol#narration li.attempt .t { color: #9b2c2c; font-style: italic; }
ol#narration li.attempt .t::before { content: "refused: "; font-weight: 600; }
ol#narration li.current { background: var(--warn); border-left-color: #d4a000; font-weight: 600; color: var(--ink); }
.hint { margin: 0; padding: 6px 12px; font-size: 11px; color: var(--muted); border-top: 1px solid var(--line); }
section#panels { flex: 1; min-width: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(400px, 1fr)); gap: 14px; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 10px 14px 12px; min-width: 0; overflow-x: auto; }
.card.wide { grid-column: 1 / -1; }
.card h3 { margin: 0 0 6px; font-size: 15px; display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
.card h4 { margin: 10px 0 4px; font-size: 12px; text-transform: uppercase; letter-spacing: .06em; color: var(--muted); }
.card.omni { border-top: 4px solid #24423a; }
.card.seatcard { border-top: 4px solid #7a9cc6; }
.card.seatcard.acting { border-top-color: #d4a000; }
.card.seatcard.winner { border-top-color: #3a9d3a; }
.card.public { border-top: 4px solid #b9b2a3; }
.badge { font-size: 11px; font-weight: 600; border-radius: 999px; padding: 1px 8px; background: var(--chip); color: var(--ink); }
.badge.act { background: #ffe58a; }
.badge.win { background: var(--win); }
.picture { text-align: center; }
.picture svg { max-width: 100%; height: auto; max-height: 70vh; }
table.kv, table.rows { border-collapse: collapse; width: 100%; margin: 2px 0; }
table.kv > tbody > tr > th { text-align: left; vertical-align: top; font-weight: 500; color: var(--muted);
  padding: 2px 10px 2px 0; white-space: nowrap; width: 1%; }
table.kv > tbody > tr > td { padding: 2px 0; vertical-align: top; }
table.kv > tbody > tr + tr > * { border-top: 1px dotted var(--line); }
table.rows th { text-align: left; font-weight: 500; color: var(--muted); border-bottom: 1px solid var(--line); padding: 2px 8px 2px 0; }
table.rows td { vertical-align: top; padding: 2px 8px 2px 0; border-bottom: 1px dotted var(--line); }
table.rows .ix { color: #a3a7ad; width: 1%; font-variant-numeric: tabular-nums; }
input[type=range]:focus-visible, button:focus-visible, select:focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }
ol.items { margin: 0; padding-left: 1.6em; }
.chip { display: inline-block; background: var(--chip); border-radius: 4px; padding: 0 6px; margin: 1px 3px 1px 0; }
.nil { color: #a3a7ad; }
.num { font-variant-numeric: tabular-nums; }
.type { font-weight: 600; color: var(--accent); }
.chg { background: var(--warn) !important; box-shadow: 0 0 0 1px #e5c44c; border-radius: 3px; }
details.rest { display: inline; }
details.rest > summary { display: inline; text-transform: none; letter-spacing: 0; font-size: 12px; }
details > summary { cursor: pointer; color: var(--muted); font-size: 12px; text-transform: uppercase; letter-spacing: .06em; margin-top: 8px; }
.noscript { padding: 20px; }
@media (max-width: 900px) { main { flex-direction: column; } aside#story { position: static; width: 100%; max-height: 40vh; } }
"""

_SCRIPT = r"""
"use strict";
(function () {
  const DATA = JSON.parse(document.getElementById("kennel-data").textContent);
  const POOL = DATA.pool, META = DATA.meta, STEPS = DATA.steps;
  const LAST = STEPS.length - 1;
  const LIST = 0, OBJECT = 1, SHAPE = 2, ROPE = 3;
  const LONG_LIST = 120, LONG_LIST_HEAD = 60;  // longer lists of scalars show their head as chips
  const $ = (id) => document.getElementById(id);

  // The pool: every distinct value once (see replay/html.py). Refs compare like values.
  const isNode = (ref, tag) => ref >= 0 && Array.isArray(POOL[ref]) && POOL[ref][0] === tag;
  const isList = (ref) => isNode(ref, LIST) || isNode(ref, ROPE);
  const shapeKeys = (ref) => POOL[POOL[ref][1]].slice(1);
  const children = (ref) => POOL[ref].slice(2);  // an object's values, in its shape's order
  const flat = new Map();
  function items(ref) {  // a list's item refs, its parts joined when it is a rope
    if (isNode(ref, LIST)) return POOL[ref].slice(1);
    if (!flat.has(ref)) flat.set(ref, [].concat(...POOL[ref].slice(1).map(items)));
    return flat.get(ref);
  }
  const decoded = new Map();
  function value(ref) {
    if (ref === undefined || ref === null || ref < 0) return undefined;
    if (decoded.has(ref)) return decoded.get(ref);
    let out;
    if (isList(ref)) out = items(ref).map(value);
    else if (isNode(ref, OBJECT)) {
      out = {}; const keys = shapeKeys(ref), kids = children(ref);
      keys.forEach((k, i) => { out[k] = value(kids[i]); });
    } else out = POOL[ref];
    decoded.set(ref, out);
    return out;
  }
  function field(ref, key) {  // the ref of `key` in the object at `ref`, or -1
    if (ref === undefined || !isNode(ref, OBJECT)) return -1;
    const i = shapeKeys(ref).indexOf(key);
    return i < 0 ? -1 : POOL[ref][2 + i];
  }
  function item(ref, i) {  // the ref of item i of the list at `ref`, or -1
    if (ref === undefined || !isList(ref)) return -1;
    const all = items(ref);
    return i < all.length ? all[i] : -1;
  }

  function isTagged(ref) {
    if (!isNode(ref, OBJECT)) return false;
    const keys = shapeKeys(ref);
    return keys.length === 2 && keys.includes("type") && keys.includes("data") && typeof POOL[field(ref, "type")] === "string";
  }
  // One line for a value: Type(key=value, ...), [a, b].
  function inline(v) {
    if (Array.isArray(v)) return "[" + v.map(inline).join(", ") + "]";
    if (v !== null && typeof v === "object") {
      const keys = Object.keys(v);
      if (keys.length === 2 && typeof v.type === "string" && "data" in v) {
        const inner = inline(v.data);
        return v.type + "(" + (v.data !== null && typeof v.data === "object" && !Array.isArray(v.data) ? inner.slice(1, -1) : inner) + ")";
      }
      return "{" + keys.map((k) => `${k}=${inline(v[k])}`).join(", ") + "}";
    }
    return v === null ? "null" : String(v);
  }

  // Elements -------------------------------------------------------------------------------
  function el(tag, attrs, ...kids) {
    const node = document.createElement(tag);
    if (attrs) for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      if (k === "class") node.className = v; else if (k === "text") node.textContent = v;
      else if (k.startsWith("on")) node.addEventListener(k.slice(2), v); else node.setAttribute(k, v);
    }
    for (const kid of kids) if (kid !== undefined && kid !== null && kid !== false)
      node.append(typeof kid === "string" ? document.createTextNode(kid) : kid);
    return node;
  }
  const human = (key) => String(key).replace(/_/g, " ");
  const seatName = (seats, s) => (seats && seats[s] != null) ? seats[s] : "(open)";

  // Any JSON value, readably; what differs from `prev` (the same place one step earlier) is marked.
  function render(ref, prev) {
    const changed = prev !== undefined && prev !== ref;
    const mark = (node) => { if (changed) node.classList.add("chg"); return node; };
    const v = POOL[ref];
    if (!Array.isArray(v)) {
      if (v === null) return mark(el("span", { class: "nil", text: "\u2014" }));
      if (typeof v === "boolean") return mark(el("span", { text: v ? "yes" : "no" }));
      if (typeof v === "number") return mark(el("span", { class: "num", text: String(v) }));
      return mark(el("span", { text: v === "" ? "\u201c\u201d" : v }));
    }
    const same = prev === ref;  // unchanged subtree: nothing inside is marked
    const sub = (childRef, prevRef) => render(childRef, same ? childRef : (prev === undefined ? undefined : prevRef));
    if (v[0] === LIST || v[0] === ROPE) {
      const kids = items(ref);
      if (!kids.length) return mark(el("span", { class: "nil", text: "none" }));
      if (kids.every((k) => !Array.isArray(POOL[k]))) {  // scalars: chips
        const span = el("span", { class: "chips" });
        const shown = kids.length > LONG_LIST ? LONG_LIST_HEAD : kids.length;
        kids.slice(0, shown).forEach((k, i) => {
          const chip = sub(k, item(prev, i));
          chip.classList.add("chip");
          span.append(chip);
        });
        if (shown < kids.length) {  // thousands of chips would make every step slow; the rest as text
          const rest = el("details", { class: "rest" }, el("summary", { text: `\u2026 ${kids.length - shown} more (${kids.length} in all)` }));
          rest.addEventListener("toggle", () => {
            if (rest.open && rest.childNodes.length === 1)
              rest.append(el("div", { text: kids.slice(shown).map((k) => inline(POOL[k])).join(", ") }));
          }, { once: true });
          span.append(rest);
        }
        if (!same && prev !== undefined && isList(prev) && items(prev).length > kids.length)
          span.append(el("span", { class: "nil chg", text: ` (${items(prev).length - kids.length} fewer)` }));
        return span;
      }
      const shape = isNode(kids[0], OBJECT) ? POOL[kids[0]][1] : -1;
      if (shape >= 0 && kids.every((k) => isNode(k, OBJECT) && POOL[k][1] === shape)) {  // records: a table
        const keys = POOL[shape].slice(1);
        const table = el("table", { class: "rows" },
          el("thead", null, el("tr", null, el("th", { class: "ix", text: "#" }), ...keys.map((k) => el("th", { text: human(k) })))));
        const body = el("tbody");
        kids.forEach((k, i) => {
          const prevRow = item(prev, i), cells = children(k);
          body.append(el("tr", null, el("td", { class: "ix", text: String(i) }), ...cells.map((c, j) =>
            el("td", null, sub(c, prevRow < 0 ? (prev === undefined ? undefined : -1) : field(prevRow, keys[j]))))));
        });
        table.append(body);
        return table;
      }
      return el("ol", { class: "items", start: "0" },
        ...kids.map((k, i) => el("li", null, sub(k, item(prev, i)))));
    }
    if (v[0] === OBJECT) {
      const keys = shapeKeys(ref), kids = children(ref);
      if (isTagged(ref)) {  // {"type": ..., "data": ...}: a command or an event
        const typeRef = field(ref, "type"), dataRef = field(ref, "data");
        const line = inline(value(ref));
        if (line.length <= 90) return mark(el("span", null, el("span", { class: "type", text: POOL[typeRef] }),
          line.slice(POOL[typeRef].length)));
        const wrap = el("span", null, mark(el("span", { class: "type", text: POOL[typeRef] })));
        if (isNode(dataRef, OBJECT) && shapeKeys(dataRef).length === 0) return wrap;
        wrap.append(" ", sub(dataRef, field(prev, "data")));
        return wrap;
      }
      if (!keys.length) return mark(el("span", { class: "nil", text: "(nothing)" }));
      return el("table", { class: "kv" }, el("tbody", null, ...keys.map((k, i) =>
        el("tr", null, el("th", { text: human(k) }), el("td", null, sub(kids[i], field(prev, k)))))));
    }
    return el("span", { text: JSON.stringify(value(ref)) });
  }

  function picture(ref) {
    const chunks = value(ref);
    if (!Array.isArray(chunks)) return null;
    const box = el("div", { class: "picture" });
    box.innerHTML = chunks.join("");  // SVG drawn by the game's own code
    return box;
  }

  // The chrome that does not change with the step --------------------------------------------
  $("title").textContent = META.title;
  const header = META.header;
  $("facts").textContent = [
    `game ${META.game_id}`, `${META.game} rules v${META.rules_version}`,
    `${META.last_version} events`, `seed commitment ${header.seed_commitment}`,
  ].concat(header.parent ? [`forked from ${header.parent.game_id} at version ${header.parent.version}`] : []).join(" \u00b7 ");
  const outcome = META.outcome;
  const winners = new Set(outcome ? outcome.winners : []);
  META.seats.forEach((name, s) => $("seatline").append(el("span", {
    class: "seat" + (winners.has(s) ? " won" : ""),
    text: `${s}: ${name == null ? "(open)" : name}` + (outcome ? ` \u2014 ${outcome.scores[s]}` : ""),
  })));
  if (outcome) {
    $("final").append(el("strong", { text: "Outcome: " }),
      (outcome.winners.length ? outcome.winners.map((s) => seatName(META.seats, s)).join(", ") + " won" : "nobody won")
      + ` (${outcome.reason}). `,
      el("a", { href: "#v=" + LAST, style: "color:#f4d35e", text: "jump to the end" }));
  } else $("final").textContent = "The game was still running when this log was exported.";

  // Narration ----------------------------------------------------------------------------------
  const perspectives = [["omniscient", "everything (omniscient)"]].concat(
    META.seats.map((name, s) => [String(s), `as ${name == null ? `seat ${s} (open)` : name} saw it`]));
  for (const [val, label] of perspectives) $("perspective").append(el("option", { value: val, text: label }));
  let linesByVersion = new Map();
  function fillNarration() {
    const which = $("perspective").value === "omniscient" ? 0 : Number($("perspective").value) + 1;
    const list = $("narration");
    list.replaceChildren();
    linesByVersion = new Map();
    for (const [version, textRef, attempt] of DATA.narration[which] || []) {
      const li = el("li", { "data-version": String(version), class: attempt ? "attempt" : null, onclick: () => go(version) },
        el("span", { class: "v", text: String(version) }), el("span", { class: "t", text: POOL[textRef] }));
      list.append(li);
      if (!linesByVersion.has(version)) linesByVersion.set(version, []);
      linesByVersion.get(version).push(li);
    }
  }
  $("perspective").addEventListener("change", () => { fillNarration(); show(current, true); });

  // One step ----------------------------------------------------------------------------------
  let current = -1;
  function cardFor(title, cls, ...kids) {
    return el("div", { class: "card " + cls }, el("h3", null, ...title), ...kids);
  }
  function section(label, node) { return [el("h4", { text: label }), node]; }

  function show(step, force) {
    step = Math.max(0, Math.min(LAST, step | 0));
    if (step === current && !force) return;
    const prevStep = current;
    current = step;
    const ref = STEPS[step];
    const before = step > 1 ? STEPS[step - 1] : undefined;  // marks: what changed with this step's event (none at v1)
    const s = value(ref);
    $("slider").value = String(step);
    $("step").textContent = `version ${step} of ${LAST}`;
    $("prev").disabled = $("first").disabled = step === 0;
    $("next").disabled = $("last").disabled = step === LAST;
    try {  // the step in the address, to link to it; some browsers refuse this for local files
      if (location.hash !== "#v=" + step) history.replaceState(null, "", "#v=" + step);
    } catch (e) { /* the page works without it */ }

    // "as" a seat, every panel shows what that seat saw: its event, its view, its board and the
    // public facts about the others; never the whole state, nor another seat's view.
    const as = $("perspective").value === "omniscient" ? null : Number($("perspective").value);
    const viewersNow = field(ref, "viewers");
    const mine = as === null ? -1 : item(viewersNow, as);
    document.body.dataset.perspective = as === null ? "omniscient" : String(as);

    // The event of this step, and its cause; this step's sentences from the narration.
    const now = $("now");
    now.replaceChildren();
    now.append(el("span", { class: "tag", text: "v" + step }));
    if (step === 0) now.append("Before the first event: only the log's header.");
    else {
      const told = (linesByVersion.get(step) || []).map((li) =>
        (li.classList.contains("attempt") ? "Refused: " : "") + li.querySelector(".t").textContent);
      if (told.length) now.append(el("span", { class: "told", text: told.join(" ") }));
      const cmd = as === null ? s.command : value(field(mine, "command"));
      const shown = as === null ? s.event : value(field(mine, "event"));
      const who = cmd == null ? "" : cmd.seat == null ? "the engine" : seatName(s.seats, cmd.seat);
      now.append(el("div", { class: "raw" },
        el("span", { class: "type", text: shown.type }), el("span", { text: inline(shown).slice(shown.type.length) }),
        cmd == null ? null : el("span", { class: "cause", text: ` \u2190 ${who}: ${inline({ type: cmd.type, data: cmd.data })} [${cmd.id}]` })));
    }

    // Narration: highlight this step's lines, grey out what has not happened yet.
    const list = $("narration");
    for (const li of list.children) {
      const v = Number(li.dataset.version);
      li.classList.toggle("current", v === step);
      li.classList.toggle("future", v > step);
    }
    const lines = linesByVersion.get(step);
    if (lines && lines.length) {
      // Into the part of the list on screen (the page may hide its bottom), a third of the way down.
      const box = list.getBoundingClientRect(), r = lines[0].getBoundingClientRect();
      const top = Math.max(box.top, 0), bottom = Math.min(box.bottom, window.innerHeight);
      if (r.top < top || r.bottom > bottom) list.scrollTop += r.top - top - (bottom - top) / 3;
    }

    // Panels.
    const panels = $("panels");
    panels.replaceChildren();
    const pending = s.pending || [];
    const owes = (seat) => pending.filter((p) => p.seat === seat);
    const won = s.outcome ? new Set(s.outcome.winners) : new Set();

    const ownPicture = mine < 0 ? -1 : field(mine, "picture");
    if (as !== null && ownPicture >= 0 && POOL[ownPicture] !== null) {
      panels.append(cardFor([el("span", { text: "Board" }), el("span", { class: "badge", text: `as ${seatName(s.seats, as)} saw it` })],
        "wide", picture(ownPicture)));
    } else if (s.picture) panels.append(cardFor([el("span", { text: "Board" }), el("span", { class: "badge", text: "public" })],
      "wide", picture(field(ref, "picture"))));

    // The omniscient view: every seat, what is owed, the event with its cause, the whole state.
    const omni = [];
    const seatRows = el("table", { class: "rows" }, el("thead", null, el("tr", null,
      el("th", { text: "seat" }), el("th", { text: "player" }), el("th", { text: "owes" }),
      s.outcome ? el("th", { text: "score" }) : null)));
    const seatBody = el("tbody");
    s.seats.forEach((name, i) => seatBody.append(el("tr", null, el("td", { text: String(i) }),
      el("td", { text: name == null ? "(open)" : name }),
      el("td", { text: owes(i).map((p) => `${p.label} (${p.kind.replace(/_/g, " ")})`).join("; ") || "\u2014" }),
      s.outcome ? el("td", { text: String(s.outcome.scores[i]) + (won.has(i) ? " \u2605" : "") }) : null)));
    seatRows.append(seatBody);
    omni.push(...section("Seats", seatRows));
    if (s.outcome) omni.push(...section("Outcome", render(field(ref, "outcome"))));
    if (as !== null) {  // what every seat knows: who sits where, who owes what, the outcome
      panels.append(cardFor([el("span", { text: "Table" }), el("span", { class: "badge", text: "public" })], "table", ...omni));
    } else if (step === 0) {
      omni.push(...section("Header", renderPlain(header)));
    } else {
      const state = el("details", { open: "" }, el("summary", { text: "State (the whole truth)" }),
        render(field(ref, "state"), before === undefined ? undefined : field(before, "state")));
      omni.push(state);
    }
    if (as === null) panels.append(cardFor([el("span", { text: "Omniscient" }), el("span", { class: "badge", text: "everything" })],
      "omni wide", ...omni));

    if (step > 0 && as === null) {
      const pub = field(ref, "public"), pubBefore = before === undefined ? -1 : field(before, "public");
      panels.append(cardFor([el("span", { text: "Spectator" }), el("span", { class: "badge", text: "public view" })],
        "public", ...section("Saw", render(field(pub, "event"))),
        ...section("View", render(field(pub, "view"), pubBefore < 0 ? undefined : field(pubBefore, "view")))));
    }

    const viewers = field(ref, "viewers"), viewersBefore = before === undefined ? -1 : field(before, "viewers");
    const pubPicture = field(ref, "picture");
    s.seats.forEach((name, i) => {
      const seat = item(viewers, i);
      if (seat < 0 || (as !== null && i !== as)) return;
      const seatBefore = item(viewersBefore, i);
      const title = [el("span", { text: `Seat ${i} \u00b7 ${name == null ? "(open)" : name}` })];
      for (const p of owes(i)) title.push(el("span", { class: "badge act", text: p.label }));
      if (won.has(i)) title.push(el("span", { class: "badge win", text: "won" }));
      const kids = [];
      const cmd = value(field(seat, "command"));
      kids.push(...section("Saw", render(field(seat, "event"))));
      if (cmd && cmd.seat === i) kids.push(...section("Sent", render(field(seat, "command"))));
      const pic = field(seat, "picture");
      if (POOL[pic] !== null && pic !== pubPicture) kids.push(...section("Board as this seat sees it", picture(pic)));
      kids.push(...section("View", render(field(seat, "view"), seatBefore < 0 ? undefined : field(seatBefore, "view"))));
      const legal = field(seat, "legal"), n = items(legal).length;
      kids.push(el("details", null, el("summary", { text: `Legal commands (${n})` }), render(legal)));
      panels.append(cardFor(title, "seatcard" + (owes(i).length ? " acting" : "") + (won.has(i) ? " winner" : ""), ...kids));
    });
  }

  function renderPlain(value) {  // a value that is not in the pool (the header)
    if (value === null || typeof value !== "object") return el("span", { text: value === null ? "\u2014" : String(value) });
    if (Array.isArray(value)) return value.length ? el("span", null, ...value.map((v) => {
      const c = renderPlain(v); c.classList.add("chip"); return c; })) : el("span", { class: "nil", text: "none" });
    const keys = Object.keys(value);
    if (!keys.length) return el("span", { class: "nil", text: "(nothing)" });
    return el("table", { class: "kv" }, el("tbody", null, ...keys.map((k) =>
      el("tr", null, el("th", { text: human(k) }), el("td", null, renderPlain(value[k]))))));
  }

  // Controls ----------------------------------------------------------------------------------
  function go(step) { stop(); show(step); }
  let timer = null;
  function stop() { if (timer) { clearInterval(timer); timer = null; $("play").textContent = "Play"; } }
  $("play").addEventListener("click", () => {
    if (timer) return stop();
    if (current >= LAST) show(0);
    $("play").textContent = "Pause";
    timer = setInterval(() => { if (current >= LAST) stop(); else show(current + 1); }, 500);
  });
  $("slider").max = String(LAST);
  $("slider").addEventListener("input", (e) => go(Number(e.target.value)));
  $("prev").addEventListener("click", () => go(current - 1));
  $("next").addEventListener("click", () => go(current + 1));
  $("first").addEventListener("click", () => go(0));
  $("last").addEventListener("click", () => go(LAST));
  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const t = e.target;
    if (t && (t.tagName === "SELECT" || t.tagName === "TEXTAREA" || (t.tagName === "INPUT" && t.type !== "range"))) return;
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1, PageUp: -10, PageDown: 10 };
    if (e.key in moves) go(current + moves[e.key]);
    else if (e.key === "Home") go(0);
    else if (e.key === "End") go(LAST);
    else if (e.key === " " && t.tagName !== "BUTTON") $("play").click();
    else return;
    e.preventDefault();
  });
  window.addEventListener("hashchange", () => {
    const m = /^#v=(\d+)$/.exec(location.hash);
    if (m) go(Number(m[1]));
  });

  fillNarration();
  const start = /^#v=(\d+)$/.exec(location.hash);
  show(start ? Number(start[1]) : 0);
  document.body.dataset.ready = "true";
})();
"""
