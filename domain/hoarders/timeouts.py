"""What the rules do for a seat whose prompt runs out of time (docs/rules/hoarders.md, "Timeouts")."""

from __future__ import annotations

from typing import Any

from kennel.domain.core.rng import Rng
from kennel.domain.core.timeouts import default_answer
from kennel.domain.hoarders.commands import AllowTheft
from kennel.domain.hoarders.legal import legal_commands
from kennel.domain.hoarders.state import HoardersState


def timeout_command(state: HoardersState, seat: int, rng: Rng) -> Any:
    """A theft goes ahead (the Hamster is a "can", "Hamster"); a pick takes the first two
    critters in rulebook order and a turn reveals the first face-down critter in that order,
    at the first victim and nut listed ("Game Play", "Raccoon"). No chance is drawn."""
    return default_answer(legal_commands(state, seat), preferred=(AllowTheft,))
