"""Plain-text rendering of any game's views, events, commands and outcomes, for terminals.

Everything here works on the domain's plain JSON form (`kennel.domain.core.codec.to_json`, and the
`{"type": name, "data": fields}` of a registry-encoded command or event), so it serves every
game without knowing any of them. Messages from a server are first turned into that same form
by `plain`/`tagged_*`, which follow the proto conventions of docs/api.md (a message per type
named by its stable name, enums as `<ENUM>_<VALUE>`, optionals with presence).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from kennel import wire

Json = Any
NOTHING = "none"  # how an absent value, or an empty list, is shown


# Words -------------------------------------------------------------------------------------


def words(type_name: str) -> str:
    """A type's name as words: `kennel.GameCreated` -> "Game created"."""
    bare = type_name.rsplit(".", 1)[-1]
    parts = re.findall(r"[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+", bare) or [bare]
    text = " ".join(part if part.isupper() and len(part) > 1 else part.lower() for part in parts)
    return text[:1].upper() + text[1:]


def label(key: str) -> str:
    """A field name as words: "face_down" -> "face down"."""
    return key.replace("_", " ")


def inline(value: Json) -> str:
    """A value on one line: lists in brackets, objects in parentheses."""
    if value is None:
        return NOTHING
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(inline(item) for item in value) + "]"
    if isinstance(value, Mapping):
        return "(" + ", ".join(f"{key}={inline(item)}" for key, item in value.items()) + ")"
    return str(value)


def sentence(tagged: Mapping[str, Json]) -> str:
    """A command or event as a short sentence: "Reveal critter: critter=raccoon, victim=1".

    Fields without a value (None, or an empty list) are left out: an optional that does not
    apply, or a secret blanked for this reader.
    """
    data = tagged.get("data") or {}
    fields = [f"{key}={inline(value)}" for key, value in data.items() if value is not None and value != []]
    head = words(str(tagged["type"]))
    return f"{head}: {', '.join(fields)}" if fields else head


def block(value: Json, indent: int = 0) -> list[str]:
    """A view (any JSON) as indented, readable lines rather than raw JSON."""
    return list(_block(value, "  " * indent))


def _is_flat(value: Json) -> bool:
    if isinstance(value, Mapping):
        return False
    if isinstance(value, (list, tuple)):
        return all(not isinstance(item, (Mapping, list, tuple)) for item in value)
    return True


def _flat(value: Json) -> str:
    if isinstance(value, (list, tuple)):
        return ", ".join(inline(item) for item in value) if value else NOTHING
    return inline(value)


def _block(value: Json, pad: str) -> Iterator[str]:
    if isinstance(value, Mapping):
        if not value:
            yield f"{pad}{NOTHING}"
        for key, item in value.items():
            if _is_flat(item):
                yield f"{pad}{label(str(key))}: {_flat(item)}"
            else:
                yield f"{pad}{label(str(key))}:"
                yield from _block(item, pad + "  ")
    elif isinstance(value, (list, tuple)) and not _is_flat(value):
        for item in value:
            lines = list(_block(item, pad + "  "))
            if not lines:
                continue
            yield f"{pad}- {lines[0][len(pad) + 2 :]}"
            yield from lines[1:]
    else:
        yield f"{pad}{_flat(value)}"


# Fields of a view that hold a seat (shown by name), and lists of things that hold one per
# seat or name a seat in each entry. The names are the views' own across games, and what the
# lead adds with a new field falls back to the generic lines.
SEAT_FIELDS = frozenset(
    {"crown", "turn", "active", "seat", "holder", "thief", "victim", "proposer", "partner", "mr_squirrel",
     "paw_holder", "owner", "winner", "attacker", "defender", "drawer"}
)
HIDDEN_FIELDS = frozenset({"viewer"})


def humane(value: Json, names: Sequence[str | None], me: int | None = None) -> Json:
    """A view's plain JSON for a person: seats by name, repeated things counted ("walnut x2"),
    words instead of snake_case, and nothing a player does not need (the viewer's number)."""
    if isinstance(value, Mapping):
        out: dict[str, Json] = {}
        for key, item in value.items():
            if key in HIDDEN_FIELDS:
                continue
            if key in SEAT_FIELDS and isinstance(item, int) and not isinstance(item, bool):
                out[key] = seat_name(names, item, me)
            elif key in SEAT_FIELDS and isinstance(item, list) and all(isinstance(i, int) for i in item):
                out[key] = [seat_name(names, i, me) for i in item]
            else:
                out[key] = humane(item, names, me)
        return out
    if isinstance(value, (list, tuple)):
        if value and all(isinstance(item, Mapping) and isinstance(item.get("seat"), int) for item in value):
            return {seat_name(names, item["seat"], me): humane(
                {k: v for k, v in item.items() if k != "seat"}, names, me) for item in value}
        if value and all(isinstance(item, str) for item in value):
            counts: dict[str, int] = {}
            for item in value:
                counts[item] = counts.get(item, 0) + 1
            return [label(item) + (f" x{count}" if count > 1 else "") for item, count in counts.items()]
        return [humane(item, names, me) for item in value]
    if isinstance(value, str):
        return label(value)
    return value


def seat_name(names: Sequence[str | None], seat: int | None, me: int | None = None) -> str:
    if seat is None:
        return "the table"
    known = names[seat] if 0 <= seat < len(names) else None
    name = known or f"seat {seat}"
    return f"{name} (you)" if seat == me else name


def outcome_lines(
    names: Sequence[str | None],
    winners: Sequence[int],
    scores: Sequence[int],
    reason: str,
    me: int | None = None,
) -> list[str]:
    won = ", ".join(seat_name(names, seat, me) for seat in winners) or "nobody"
    lines = [f"Game over. Winner{'s' if len(winners) > 1 else ''}: {won}."]
    if scores:
        lines.append(
            "Scores: " + ", ".join(f"{seat_name(names, s, me)} {score}" for s, score in enumerate(scores))
        )
    if reason:
        lines.append(f"Why: {reason}")
    return lines


# From protobuf messages to the plain form -------------------------------------------------


def plain(message: Any) -> dict[str, Json]:
    """A message's fields as the domain's JSON (kennel.wire), lenient about unset enums."""
    return wire.read(message, strict=False)


def _member(message: Any, oneof: str) -> Any:
    which = message.WhichOneof(oneof)
    if which is None:
        raise ValueError(f"{message.DESCRIPTOR.full_name} has no {oneof} set")
    return getattr(message, which)


def tagged_union(message: Any) -> dict[str, Json]:
    """A game's union message (its Command or Event) as `{"type": stable name, "data": fields}`."""
    oneofs = message.DESCRIPTOR.oneofs
    if len(oneofs) != 1:
        raise ValueError(f"{message.DESCRIPTOR.full_name} is not a union of types")
    return wire.read_union(message, strict=False)


def tagged_command(command: Any) -> dict[str, Json]:
    """A `kennel.v1.Command` as its game's tagged command (the engine's own named `kennel.*`)."""
    tagged = tagged_union(_member(command, "game"))
    if command.WhichOneof("game") == "engine":
        return {**tagged, "type": f"kennel.{tagged['type']}"}
    return tagged


def tagged_event(event: Any) -> dict[str, Json]:
    """A `kennel.v1.Event`: the engine's own kinds as they are, a game's event unwrapped."""
    member = _member(event, "kind")
    if member.DESCRIPTOR.file is event.DESCRIPTOR.file:  # GameCreated, SeatFilled, GameEnded, undo
        return {"type": f"kennel.{member.DESCRIPTOR.name}", "data": plain(member)}
    return tagged_union(member)


def game_view(view: Any) -> dict[str, Json]:
    """The game's own part of a `kennel.v1.View`, as plain JSON."""
    return plain(_member(view.game, "game"))
