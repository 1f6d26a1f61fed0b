"""What the rules do for a seat whose prompt runs out of time
(docs/rules/canine-kleptomaniacs.md, "Timeouts")."""

from __future__ import annotations

from typing import Any

from kennel.domain.canine_kleptomaniacs.commands import (
    AllowTheft,
    CallOffTrade,
    ChooseWeapon,
    DeclineTrade,
    EndLeafStorm,
    EndTurn,
    PlayCheesyDistraction,
    ProposeTrade,
    StopRolling,
    TakeActionCard,
)
from kennel.domain.canine_kleptomaniacs.legal import legal_commands
from kennel.domain.canine_kleptomaniacs.state import CanineState
from kennel.domain.core.rng import Rng
from kennel.domain.core.timeouts import default_answer

# Ending what may end, declining what may be declined; a turn that must act takes an Action card.
PREFERRED: tuple[type, ...] = (
    EndTurn,
    StopRolling,
    EndLeafStorm,
    AllowTheft,
    CallOffTrade,
    DeclineTrade,
    TakeActionCard,
)
# What a seat may send without being asked; never an answer to a prompt.
UNPROMPTED: frozenset[type] = frozenset({PlayCheesyDistraction, ProposeTrade})


def timeout_command(state: CanineState, seat: int, rng: Rng) -> Any:
    """See the module: a weapon is drawn at random (a fixed one would be a known throw), every
    other owed choice takes the first option in the game's stable order."""
    legal = legal_commands(state, seat)
    weapons = [command for command in legal if isinstance(command, ChooseWeapon)]
    if weapons:
        return rng.choice(weapons)
    return default_answer(legal, preferred=PREFERRED, unprompted=UNPROMPTED)
