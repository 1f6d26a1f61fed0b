"""What the rules do for a seat whose prompt runs out of time (docs/rules/caninos.md, "Timeouts")."""

from __future__ import annotations

from typing import Any

from kennel.domain.caninos.commands import ChooseNoMore, Decline, EndTurn
from kennel.domain.caninos.legal import legal_commands
from kennel.domain.caninos.state import CaninosState
from kennel.domain.core.rng import Rng
from kennel.domain.core.timeouts import default_answer


def timeout_command(state: CaninosState, seat: int, rng: Rng) -> Any:
    """A turn is passed, an answer declined, a play's optional extra slice not taken; a choice
    still owed (the cards or the target of a declared play, a slice to give back to the Pack
    Leader) takes the first option in the game's stable order. No chance is drawn."""
    return default_answer(legal_commands(state, seat), preferred=(EndTurn, Decline, ChooseNoMore))
