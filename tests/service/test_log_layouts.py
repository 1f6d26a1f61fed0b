"""A JSON log line written by the renderer compiled for its layout (logs.render_json: its keys,
then its values' types) is byte for byte the line structlog's JSONRenderer writes."""

from __future__ import annotations

import random

import structlog
from kennel.service import logs


def test_lines_rendered_by_their_layouts_are_structlogs() -> None:
    """logs.render_json's renderers compiled per layout write what structlog's JSONRenderer
    writes: random lines of string keys (some needing escapes) and str, int, bool and None values,
    each layout met several times with other values, and 1 / True / None in one field in turn."""
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
