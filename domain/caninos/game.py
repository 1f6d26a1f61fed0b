"""¡Caninos! behind the engine's `Game` interface: this module only wires the rule modules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from kennel.domain.caninos import commands as c
from kennel.domain.caninos import decide as deciding
from kennel.domain.caninos import events as e
from kennel.domain.caninos import evolve as evolving
from kennel.domain.caninos import inventory as inventories
from kennel.domain.caninos import legal, narration, prompts, timeouts, views
from kennel.domain.caninos import outcome as outcomes
from kennel.domain.caninos import setup as setting_up
from kennel.domain.caninos.options import Options
from kennel.domain.caninos.state import CaninosState
from kennel.domain.caninos.labels import WORDS
from kennel.domain.core.codec import TypeRegistry
from kennel.domain.core.rng import Rng
from kennel.domain.core.rules import Outcome, Prompt, SeatRange


class Caninos:
    """The `kennel.domain.core.rules.Game` for ¡Caninos!, plus `inventory` for the playout checks."""

    name = "caninos"
    words = WORDS
    title = "¡Caninos!"
    rules_version = "2"  # 2: issue 17, rules as written (docs/rules/caninos.md, "Rules versions")
    seats = SeatRange(setting_up.MIN_SEATS, setting_up.MAX_SEATS)
    options_type: type = Options
    random_play_options: Mapping[str, Any] = MappingProxyType({})  # random play ends under the defaults
    commands: TypeRegistry[Any] = TypeRegistry.of(
        [
            c.Steal,
            c.PerformTrick,
            c.PayWith,
            c.ChooseSeat,
            c.ChooseSlice,
            c.ChooseNoMore,
            c.DiscardCard,
            c.EndTurn,
            c.React,
            c.Decline,
        ]
    )
    events: TypeRegistry[Any] = TypeRegistry.of(
        [
            e.DeckShuffled,
            e.PizzasShuffled,
            e.PizzaDealt,
            e.MiniDecksLaid,
            e.CardsDealt,
            e.TurnStarted,
            e.PlushTurnedBack,
            e.SpellBroken,
            e.CardDiscarded,
            e.TurnEnded,
            e.CardsDrawn,
            e.DiscardShuffled,
            e.DeckRanOut,
            e.RoundPassed,
            e.StealDeclared,
            e.TrickDeclared,
            e.SliceChosen,
            e.SeatChosen,
            e.NoMoreChosen,
            e.PlayMade,
            e.Reacted,
            e.Declined,
            e.RaccoonAdopted,
            e.ChainResolved,
            e.SliceStolen,
            e.PizzaTurnedUp,
            e.ExtraTricksGranted,
            e.HexPlaced,
            e.CardsGambled,
            e.ToppingMoved,
            e.ToppingsRedistributed,
            e.ToppingPlaced,
            e.CerberusPlaced,
            e.ToppingsSwept,
            e.LevellingStarted,
            e.SliceReturned,
            e.LevellingEnded,
            e.CollectionEnchanted,
            e.PlushKept,
        ]
    )

    def initial_state(self, options: Options, seat_count: int) -> CaninosState:
        return setting_up.initial_state(options, seat_count)

    def setup(self, options: Options, seat_count: int, rng: Rng) -> Sequence[Any]:
        return setting_up.setup(options, seat_count, rng)

    def decide(self, state: CaninosState, seat: int, command: Any, rng: Rng) -> Sequence[Any]:
        # Chance after setup: the Gamblers' unseen cards and the RESHUFFLE ending's new deck,
        # both drawn from `rng` and recorded in their events.
        return deciding.decide(state, seat, command, rng)

    def decide_folded(self, state: CaninosState, seat: int, command: Any, rng: Rng) -> tuple[Sequence[Any], CaninosState]:
        return deciding.decide_folded(state, seat, command, rng)

    def evolve(self, state: CaninosState, event: Any) -> CaninosState:
        return evolving.evolve(state, event)

    def pending(self, state: CaninosState) -> tuple[Prompt, ...]:
        return prompts.pending(state)

    def view(self, state: CaninosState, viewer: int | None) -> views.CaninosView:
        return views.view(state, viewer)

    def redact(self, event: Any, viewer: int | None) -> Any:
        return views.redact(event, viewer)

    def legal_commands(self, state: CaninosState, seat: int) -> Sequence[Any]:
        return legal.legal_commands(state, seat)

    def outcome(self, state: CaninosState) -> Outcome | None:
        return outcomes.outcome(state)

    def timeout_command(self, state: CaninosState, seat: int, rng: Rng) -> Any:
        return timeouts.timeout_command(state, seat, rng)

    def reveals(self, event: Any) -> bool:
        """Only naming a slice to steal can be taken back (docs/rules/caninos.md, "Undo"): every
        other event shows a card from a hand, draws or shuffles, moves cards in answer to one,
        may follow such an event in its decision, or (a decline) tells the next seats something
        they answer on."""
        return not isinstance(event, e.StealDeclared)

    def describe(self, event: Any, names: Sequence[str]) -> str:
        return narration.describe(event, names)

    def inventory(self, state: CaninosState) -> dict[str, int]:
        """Every component by kind, wherever it lies: constant from the first state to the last."""
        return inventories.inventory(state)
