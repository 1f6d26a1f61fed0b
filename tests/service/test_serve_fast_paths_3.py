"""A game view written from the game's last view (protobytes.encode_after: a field holding the
very object it held there keeps its bytes) is byte for byte the view written whole: every game,
every viewer and the spectator, position after position of random games, the views of two games
of one type written through one `last` in turn (their fields are seldom the same objects), and a
value of another class in between."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from kennel.domain.core import table as tables
from kennel.domain.core.frozen import replaced
from kennel.domain.registry import GAMES, wire_name
from kennel.service import protobytes
from kennel.service.protobytes import encode_after, encoder
from kennel.v1 import kennel_pb2 as pb
from testkit.bot_games import bot_game


def _descriptor(name: str) -> Any:
    return pb.GameView.DESCRIPTOR.fields_by_name[wire_name(GAMES[name])].message_type


def _states(name: str, seed: str) -> list[Any]:
    game = GAMES[name]
    ledger = bot_game(game, seed, 3, must_end=False, max_steps=300)
    table, states = None, []
    for event in ledger.events:
        table = tables.open_table(game, event) if table is None else tables.evolve(table, event)
        states.append(table.state)
    return states


@pytest.mark.parametrize("name", sorted(GAMES))
def test_views_written_from_the_last_are_the_views_written_whole(name: str) -> None:
    game, descriptor = GAMES[name], _descriptor(name)
    whole = encoder(descriptor)
    first, second = _states(name, f"fast-3-{name}-a"), _states(name, f"fast-3-{name}-b")
    one: Any = None  # one game's own `last`
    shared: Any = None  # both games' views in turn through this one
    kept = 0
    for index in range(max(len(first), len(second))):
        for states in (first, second):
            if index >= len(states):
                continue
            for viewer in (0, None, 2, 1):
                view = game.view(states[index], viewer)
                expected = whole(view)
                written, shared = encode_after(descriptor, view, shared)
                assert written == expected, (name, index, viewer)
                if states is first:
                    before = one
                    written, one = encode_after(descriptor, view, one)
                    assert written == expected, (name, index, viewer)
                    kept += before is not None and one is not None and any(a is b for a, b in zip(one[2], before[2]))
    assert kept > 50  # fields' bytes were taken from the last view, not all written again


def test_a_changed_field_is_written_again_and_a_value_of_another_class_whole() -> None:
    name = "hoarders"
    game, descriptor = GAMES[name], _descriptor(name)
    state = _states(name, "fast-3-changed")[-1]
    view = game.view(state, 0)
    _, last = encode_after(descriptor, view, None)
    assert last is not None
    other = replaced(view, viewer=1)  # equal elsewhere, the very same objects
    written, after = encode_after(descriptor, other, last)
    assert written == encoder(descriptor)(other) != encoder(descriptor)(view)
    assert after is not None and after[2][1:] == last[2][1:] and after[2][0] != last[2][0]

    # Not a frozen dataclass (its fields could change under a kept encoding): written whole, nothing kept.
    NotFrozen = dataclasses.make_dataclass("NotFrozen", [field.name for field in dataclasses.fields(view)])
    loose = NotFrozen(**{field.name: getattr(view, field.name) for field in dataclasses.fields(view)})
    written, kept = encode_after(descriptor, loose, last)
    assert kept is None and written == encoder(descriptor)(loose)
    assert protobytes._layers(descriptor, NotFrozen) is None


def test_lines_rendered_by_their_layouts_are_structlogs() -> None:
    """logs.render_json's renderers compiled per layout write what structlog's JSONRenderer
    writes: random lines of string keys (some needing escapes) and str, int, bool and None values,
    each layout met several times with other values, and 1 / True / None in one field in turn."""
    import random

    import structlog
    from kennel.service import logs

    reference = structlog.processors.JSONRenderer()
    choose = random.Random("fast-3-logs")
    keys = ["event", "first", "seat", "game_id", "quo\"te", "zoë", "back\\slash", "tab\t", ""]
    values = [lambda: choose.randint(-(10**20), 10**20), lambda: choose.randint(0, 9), lambda: choose.random() < 0.5,
              lambda: None, lambda: "".join(choose.choice("ab\"\\\n\x01é🐕 ") for _ in range(choose.randint(0, 6)))]
    for _ in range(400):
        line = {choose.choice(keys): choose.choice(values)() for _ in range(choose.randint(0, 6))}
        assert logs.render_json(None, "info", dict(line)) == reference(None, "info", dict(line))
    for value in (1, True, None, 0, False, "1"):
        assert logs.render_json(None, "info", {"event": "e", "x": value}) == reference(None, "info", {"event": "e", "x": value})
