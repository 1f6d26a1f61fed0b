"""Game options. The rulebook prints no variants, so there is nothing to choose yet.

The dataclass exists so that a variant can be added later as a field with a default, without
changing how games are created or how old logs (stored with `{}` options) replay.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Options:
    """No options: every Hoarders game is played by the rulebook and docs/rules/hoarders.md."""
