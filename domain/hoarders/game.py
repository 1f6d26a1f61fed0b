"""Hoarders behind the engine's `Game` interface: this module only wires the rule modules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from kennel.domain.core.codec import TypeRegistry
from kennel.domain.core.rng import Rng
from kennel.domain.core.rules import Outcome, Prompt, SeatRange
from kennel.domain.hoarders import decide as deciding
from kennel.domain.hoarders import evolve as evolving
from kennel.domain.hoarders import inventory as inventories
from kennel.domain.hoarders import legal, narration, prompts, timeouts, views
from kennel.domain.hoarders.words import WORDS
from kennel.domain.hoarders import outcome as outcomes
from kennel.domain.hoarders import setup as setting_up
from kennel.domain.hoarders.commands import AllowTheft, CancelTheft, PickCritters, RevealCritter
from kennel.domain.hoarders.events import (
    BeaversRevealed,
    CritterRevealed,
    CrittersPicked,
    DrawMissed,
    NutDrawn,
    NutsDealt,
    NutsShuffled,
    NutStolen,
    RoundEnded,
    RoundStarted,
    TheftAttempted,
    TheftCancelled,
    TurnPassed,
)
from kennel.domain.hoarders.options import Options
from kennel.domain.hoarders.state import HoardersState


class Hoarders:
    """The `kennel.domain.core.rules.Game` for Hoarders, plus `inventory` for the playout checks."""

    name = "hoarders"
    title = "Hoarders"
    rules_version = "2"  # 2: a lone Beaver stops drawing at a win (docs/rules/hoarders.md)
    seats = SeatRange(setting_up.MIN_SEATS, setting_up.MAX_SEATS)
    options_type: type = Options
    random_play_options: Mapping[str, Any] = MappingProxyType({})  # random play ends under the defaults
    commands: TypeRegistry[Any] = TypeRegistry.of([PickCritters, RevealCritter, AllowTheft, CancelTheft])
    words = WORDS
    events: TypeRegistry[Any] = TypeRegistry.of(
        [
            NutsShuffled,
            NutsDealt,
            RoundStarted,
            CrittersPicked,
            CritterRevealed,
            TurnPassed,
            NutDrawn,
            DrawMissed,
            TheftAttempted,
            TheftCancelled,
            NutStolen,
            BeaversRevealed,
            RoundEnded,
        ]
    )

    def initial_state(self, options: Options, seat_count: int) -> HoardersState:
        return setting_up.initial_state(options, seat_count)

    def setup(self, options: Options, seat_count: int, rng: Rng) -> Sequence[Any]:
        return setting_up.setup(options, seat_count, rng)

    def decide(self, state: HoardersState, seat: int, command: Any, rng: Rng) -> Sequence[Any]:
        # Every chance outcome was settled by the shuffle at setup: no decision draws from `rng`.
        return deciding.decide(state, seat, command)

    def decide_folded(self, state: HoardersState, seat: int, command: Any, rng: Rng) -> tuple[Sequence[Any], HoardersState]:
        return deciding.decide_folded(state, seat, command)

    def evolve(self, state: HoardersState, event: Any) -> HoardersState:
        return evolving.evolve(state, event)

    def pending(self, state: HoardersState) -> tuple[Prompt, ...]:
        return prompts.pending(state)

    def view(self, state: HoardersState, viewer: int | None) -> views.HoardersView:
        return views.view(state, viewer)

    def redact(self, event: Any, viewer: int | None) -> Any:
        return views.redact(event, viewer)

    def legal_commands(self, state: HoardersState, seat: int) -> Sequence[Any]:
        return legal.legal_commands(state, seat)

    def outcome(self, state: HoardersState) -> Outcome | None:
        return outcomes.outcome(state)

    def timeout_command(self, state: HoardersState, seat: int, rng: Rng) -> Any:
        return timeouts.timeout_command(state, seat, rng)

    def reveals(self, event: Any) -> bool:
        """Only a secret pick can be taken back (docs/rules/hoarders.md, "Undo"): every other
        event shows a card, draws from the shuffled deck, or follows one in its decision."""
        return not isinstance(event, CrittersPicked)

    def describe(self, event: Any, names: Sequence[str]) -> str:
        return narration.describe(event, names)

    def inventory(self, state: HoardersState) -> dict[str, int]:
        """Every component by kind, wherever it lies: constant from the first state to the last."""
        return inventories.inventory(state)
