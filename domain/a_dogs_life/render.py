"""The board as a seat sees it: plain text for terminals and SVG for pictures.

Pure functions of a view (`views.ADogsLifeView`), returning strings: no file is read or written
beyond the board and dog data the rules load anyway. The text board draws each square as
three characters; the SVG draws the city, the markers, every dog (those in the pound on the
pound chart beside the city) and the dogcatcher's truck with its heading.
"""

from __future__ import annotations

import functools
from html import escape

from kennel.domain.a_dogs_life.board import Board, Feature, Space, SpaceKind, board
from kennel.domain.a_dogs_life.dogs import chart
from kennel.domain.a_dogs_life.state import ItemKind, Phase
from kennel.domain.a_dogs_life.views import ADogsLifeView, DogView

# Text ----------------------------------------------------------------------------------------

_FEATURE_LETTER = {Feature.TRASH_CAN: "T", Feature.LAMPPOST: "L", Feature.FOUNTAIN: "~"}
_HEADING = {(1, 0): ">", (-1, 0): "<", (0, 1): "v", (0, -1): "^"}
_KIND_LETTER = {
    SpaceKind.HOME: "H",
    SpaceKind.ADDRESS: "A",
    SpaceKind.RESTAURANT: "R",
    SpaceKind.KIOSK: "K",
    SpaceKind.POUND: "P",
}

LEGEND = (
    "@n dog of seat n, TR truck (arrow: heading), T trash can (t: searched), L lamppost "
    "(Ln: seat n's marker), ~ fountain, Hn home n, An address n, Rn restaurant n, K kiosk, P pound, "
    "> < ^ v an entrance (the building is that way), * bones or newspapers lying there"
)


def text(view: ADogsLifeView) -> str:
    """The board, a legend, and one line per dog."""
    city = board()
    grid = [["   " for _ in range(city.width)] for _ in range(city.height)]
    for space in city.spaces:
        cells = [(space.x + dx, space.y + dy) for dy in range(space.h) for dx in range(space.w)]
        dogs = [dog.seat for dog in view.dogs if dog.position == space.id]
        for index, (x, y) in enumerate(cells):
            grid[y][x] = _text_cell(view, space, index, dogs[index :: len(cells)])
    lines = ["".join(row).rstrip() for row in grid]
    lines += ["", LEGEND, "", *_status_lines(view)]
    return "\n".join(lines) + "\n"


def _text_cell(view: ADogsLifeView, space: Space, index: int, dogs: list[int]) -> str:
    """Square `index` of the space (a building may cover several), with the dogs drawn there."""
    items = "*" if index == 0 and any(item.space == space.id for item in view.ground) else " "
    if dogs:
        return f"@{dogs[0]}" + ("+" if len(dogs) > 1 else items)
    if space.id == view.truck:
        return "TR" + heading(view)
    if space.kind is SpaceKind.STREET:
        if items == " ":
            items = _entrance_arrows().get(space.id, " ")
        if space.feature is None:
            return " ." + items
        letter = _FEATURE_LETTER[space.feature]
        if space.feature is Feature.TRASH_CAN and space.id in view.searched:
            letter = "t"
        owner = next((p.seat for p in view.piddles if p.space == space.id), None)
        return (letter + (str(owner) if owner is not None else " ") + items)[:3]
    if index:
        return " " + _KIND_LETTER[space.kind] + " "
    label = _KIND_LETTER[space.kind] + (str(space.number) if space.number is not None else "")
    if space.kind is SpaceKind.RESTAURANT:
        label = "R" + str(1 + city_restaurants().index(space.id))
    return f"{label:<2}{items}"[:3] if len(label) < 3 else label


@functools.cache
def _entrance_arrows() -> dict[int, str]:
    """For each entrance square, an arrow pointing into its building."""
    city = board()
    arrows = {}
    for building in city.spaces:
        if building.kind is SpaceKind.STREET:
            continue
        for entrance in building.links:
            street = city.space(entrance)
            dx = min(max(street.x, building.x), building.x + building.w - 1) - street.x
            dy = min(max(street.y, building.y), building.y + building.h - 1) - street.y
            arrows[entrance] = _HEADING.get((dx, dy), " ")
    return arrows


def city_restaurants() -> tuple[int, ...]:
    return board().of_kind(SpaceKind.RESTAURANT)


def heading(view: ADogsLifeView) -> str:
    """Which way the truck's arrow points: away from the last space it occupied."""
    if view.truck_from is None:
        return " "
    city = board()
    here, there = city.space(view.truck), city.space(view.truck_from)
    return _HEADING.get((here.x - there.x, here.y - there.y), " ")


def _status_lines(view: ADogsLifeView) -> list[str]:
    city = board()
    if view.phase is Phase.OVER:
        head = f"Round {view.round}: game over; winners: seat(s) {', '.join(map(str, view.winners))}."
    else:
        doing = (
            "steering the truck"
            if view.phase is Phase.TRUCK
            else f"{view.action_points} action point(s) left"
        )
        head = f"Round {view.round}: seat {view.active}'s turn ({doing})."
    lines = [
        head + f" Truck at {city.space(view.truck).name}. Kiosk: {view.kiosk_size} newspaper(s); "
        f"bone supply {view.bone_supply}; search markers out {len(view.searched)}."
        + (f" Overtime for seats {', '.join(map(str, view.contenders))}." if view.overtime else "")
    ]
    lines += [_dog_line(dog) for dog in view.dogs]
    return lines


def _dog_line(dog: DogView) -> str:
    city = board()
    if dog.position is None:
        where = f"in the pound (turn {min(dog.pound_turn, 4)} of the pound track)"
    elif dog.position == city.pound:
        where = "just out of the pound, in the pound building"
    else:
        where = city.space(dog.position).name
    carried = ["bone"] * dog.bones + [f"newspaper #{a}" if a else "newspaper" for a in dog.newspapers]
    return (
        f"@{dog.seat} {chart(dog.dog).name}: {where}; hunger {dog.hunger}, bladder {dog.bladder} "
        f"({dog.piddles_left} marker(s) left), carries {', '.join(carried) or 'nothing'}, "
        f"buried {dog.buried}, home {city.space(dog.home).name}; deck {dog.deck_size}, "
        f"discards {list(dog.discards)}"
    )


# SVG -----------------------------------------------------------------------------------------

CELL = 36
PANEL = 330  # the pound chart and the dogs' charts, right of the city
DOG_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")
_BUILDING_FILL = {
    SpaceKind.HOME: "#fde7a8",
    SpaceKind.ADDRESS: "#dfe7f5",
    SpaceKind.RESTAURANT: "#f8d0d0",
    SpaceKind.KIOSK: "#cfe8ff",
    SpaceKind.POUND: "#b9b9b9",
}
_ARROW_COLOUR = {
    SpaceKind.HOME: "#ffffff",
    SpaceKind.ADDRESS: "#2ca02c",
    SpaceKind.RESTAURANT: "#d62728",
    SpaceKind.KIOSK: "#1f77b4",
    SpaceKind.POUND: "#444444",
}


def svg(view: ADogsLifeView) -> str:
    city = board()
    width, height = city.width * CELL + PANEL, city.height * CELL
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="10">',
        f'<rect x="0" y="0" width="{city.width * CELL}" height="{height}" fill="#cfe3c0"/>',
    ]
    parts += _svg_city(city, view)
    parts += _svg_markers(city, view)
    parts += _svg_truck(city, view)
    parts += [_svg_dog(city, view, dog) for dog in view.dogs if dog.position is not None]
    parts += _svg_panel(city, view)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _box(space: Space) -> tuple[int, int, int, int]:
    return space.x * CELL, space.y * CELL, space.w * CELL, space.h * CELL


def _centre(space: Space) -> tuple[float, float]:
    x, y, w, h = _box(space)
    return x + w / 2, y + h / 2


def _svg_city(city: Board, view: ADogsLifeView) -> list[str]:
    parts = []
    for space in city.spaces:
        x, y, w, h = _box(space)
        name = escape(space.name)
        if space.kind is SpaceKind.STREET:
            fill = "#9a9a9a" if space.id in city.crossroads else "#b4b4b4"
            parts.append(
                f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{fill}" '
                f'stroke="#8a8a8a"><title>{name}</title></rect>'
            )
            continue
        parts.append(
            f'<rect x="{x + 2}" y="{y + 2}" width="{w - 4}" height="{h - 4}" rx="4" '
            f'fill="{_BUILDING_FILL[space.kind]}" stroke="#555"><title>{name}</title></rect>'
        )
        cx, cy = _centre(space)
        parts.append(f'<text x="{cx}" y="{cy + 4}" text-anchor="middle">{escape(_short_label(space))}</text>')
        for entrance in space.links:
            parts.append(_svg_arrow(city.space(entrance), space))
    return parts


def _short_label(space: Space) -> str:
    if space.kind is SpaceKind.HOME:
        return f"Home {space.number}"
    if space.kind is SpaceKind.ADDRESS:
        return f"#{space.number}"
    if space.kind is SpaceKind.RESTAURANT:
        return "R" + str(1 + board().of_kind(SpaceKind.RESTAURANT).index(space.id))
    return space.name


def _svg_arrow(street: Space, building: Space) -> str:
    """An entrance arrow on the street square, pointing into the building."""
    sx, sy = street.x * CELL + CELL / 2, street.y * CELL + CELL / 2
    bx = min(max(sx, building.x * CELL), (building.x + building.w) * CELL)
    by = min(max(sy, building.y * CELL), (building.y + building.h) * CELL)
    colour = _ARROW_COLOUR[building.kind]
    return (
        f'<line x1="{sx}" y1="{sy}" x2="{bx}" y2="{by}" stroke="{colour}" stroke-width="3" '
        f'stroke-dasharray="6,3"/>'
    )


def _svg_markers(city: Board, view: ADogsLifeView) -> list[str]:
    parts = []
    owners = {p.space: p.seat for p in view.piddles}
    for space in city.spaces:
        if space.feature is None:
            continue
        cx, cy = _centre(space)
        if space.feature is Feature.TRASH_CAN:
            covered = space.id in view.searched
            fill, title = ("#555", "trash can (searched)") if covered else ("#6b8e23", "trash can")
            parts.append(
                f'<rect x="{cx - 7}" y="{cy - 8}" width="14" height="16" rx="2" '
                f'fill="{fill}"><title>{title}</title></rect>'
            )
        elif space.feature is Feature.LAMPPOST:
            parts.append(
                f'<line x1="{cx}" y1="{cy - 12}" x2="{cx}" y2="{cy + 10}" stroke="#333" stroke-width="3"/>'
            )
            parts.append(f'<circle cx="{cx}" cy="{cy - 12}" r="4" fill="#ffd700"/>')
            if space.id in owners:
                colour = DOG_COLOURS[owners[space.id] % len(DOG_COLOURS)]
                parts.append(
                    f'<circle cx="{cx + 8}" cy="{cy + 8}" r="5" fill="{colour}" stroke="#fff">'
                    f"<title>piddle marker of seat {owners[space.id]}</title></circle>"
                )
        else:
            parts.append(
                f'<circle cx="{cx}" cy="{cy}" r="9" fill="#4fa3e0" stroke="#fff">'
                "<title>fountain</title></circle>"
            )
    piles: dict[int, list[str]] = {}
    for item in view.ground:
        piles.setdefault(item.space, []).append("B" if item.kind is ItemKind.BONE else "N")
    for space_id, pile in piles.items():
        x, y, w, h = _box(city.space(space_id))
        parts.append(f'<text x="{x + 2}" y="{y + h - 3}" font-size="9" class="items">{"".join(pile)}</text>')
    return parts


def _svg_truck(city: Board, view: ADogsLifeView) -> list[str]:
    cx, cy = _centre(city.space(view.truck))
    arrow = heading(view).strip()
    return [
        f'<g id="truck" class="truck"><rect x="{cx - 14}" y="{cy - 10}" width="28" height="20" rx="3" '
        f'fill="#222" stroke="#ff0"/><text x="{cx}" y="{cy + 4}" text-anchor="middle" fill="#ff0">'
        f"{escape(arrow or 'TRK')}</text><title>dogcatcher's truck</title></g>"
    ]


def _svg_dog(city: Board, view: ADogsLifeView, dog: DogView) -> str:
    assert dog.position is not None
    cx, cy = _centre(city.space(dog.position))
    sharing = [d.seat for d in view.dogs if d.position == dog.position]
    cx += 8 * sharing.index(dog.seat) - 4 * (len(sharing) - 1)
    return _dog_token(dog, cx, cy)


def _dog_token(dog: DogView, cx: float, cy: float) -> str:
    colour = DOG_COLOURS[dog.seat % len(DOG_COLOURS)]
    name = chart(dog.dog).name
    return (
        f'<g id="dog-{dog.seat}" class="dog"><circle cx="{cx}" cy="{cy}" r="12" fill="{colour}" '
        f'stroke="#fff" stroke-width="2"/><text x="{cx}" y="{cy + 4}" text-anchor="middle" fill="#fff" '
        f'font-weight="bold">{escape(name[:2])}</text><title>{escape(name)} (seat {dog.seat})</title></g>'
    )


def _svg_panel(city: Board, view: ADogsLifeView) -> list[str]:
    left = city.width * CELL + 10
    parts = [f'<text x="{left}" y="16" font-size="13" font-weight="bold">{escape(_headline(view))}</text>']
    top = 30
    parts.append(f'<rect x="{left}" y="{top}" width="{PANEL - 20}" height="44" fill="#b9b9b9" rx="4"/>')
    parts.append(f'<text x="{left + 4}" y="{top + 12}">Pound chart</text>')
    in_pound = [dog for dog in view.dogs if dog.position is None]
    for index, dog in enumerate(in_pound):
        parts.append(_dog_token(dog, left + 20 + 34 * index, top + 28))
    top += 56
    for dog in view.dogs:
        colour = DOG_COLOURS[dog.seat % len(DOG_COLOURS)]
        carried = ["bone"] * dog.bones + [f"paper #{a}" if a else "paper" for a in dog.newspapers]
        lines = [
            f"Seat {dog.seat}: {chart(dog.dog).name} — buried {dog.buried}",
            f"hunger {dog.hunger}, bladder {dog.bladder}, markers left {dog.piddles_left}",
            f"carries: {', '.join(carried) or 'nothing'}; deck {dog.deck_size}",
        ]
        if dog.position is None:
            lines[-1] += f"; pound turn {min(dog.pound_turn, 4)}"
        parts.append(f'<rect x="{left}" y="{top}" width="6" height="40" fill="{colour}"/>')
        for row, line in enumerate(lines):
            parts.append(f'<text x="{left + 10}" y="{top + 11 + 13 * row}">{escape(line)}</text>')
        top += 50
    return parts


def _headline(view: ADogsLifeView) -> str:
    if view.phase is Phase.OVER:
        return f"Round {view.round}: over; won by seat(s) {', '.join(map(str, view.winners))}"
    if view.phase is Phase.TRUCK:
        return f"Round {view.round}: seat {view.active} steers the truck"
    return f"Round {view.round}: seat {view.active}, {view.action_points} action point(s)"
