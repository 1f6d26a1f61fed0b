"""Canine Kleptomaniacs behind the engine's `Game` interface: this module only wires the rule modules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from kennel.domain.canine_kleptomaniacs import decide as deciding
from kennel.domain.canine_kleptomaniacs import events as ev
from kennel.domain.canine_kleptomaniacs import evolve as evolving
from kennel.domain.canine_kleptomaniacs import inventory as inventories
from kennel.domain.canine_kleptomaniacs import legal, narration, prompts, scoring, timeouts, views
from kennel.domain.canine_kleptomaniacs import setup as setting_up
from kennel.domain.canine_kleptomaniacs.options import Options
from kennel.domain.canine_kleptomaniacs.state import CanineState
from kennel.domain.canine_kleptomaniacs.words import WORDS
from kennel.domain.core.codec import TypeRegistry
from kennel.domain.core.rng import Rng
from kennel.domain.core.rules import Outcome, Prompt, SeatRange

EVENT_TYPES: tuple[type, ...] = (
    ev.HidingPlacesDealt,
    ev.ActionsShuffled,
    ev.CollectablesShuffled,
    ev.HandDealt,
    ev.DogsDealt,
    ev.BedroomShuffled,
    ev.TurnStarted,
    ev.ActionsFinished,
    ev.TurnEnded,
    ev.ActionDeckFormedAgain,
    ev.GameFinished,
    ev.ActionCardTaken,
    ev.ActionCardKept,
    ev.ActionCardDiscarded,
    ev.HidingPlaceAdded,
    ev.CollectablesDrawn,
    ev.DrawMissed,
    ev.PawDeclared,
    ev.CardsDiscarded,
    ev.BedroomCardTaken,
    ev.BedroomCardMissed,
    ev.SetHidden,
    ev.SetsSwapped,
    ev.PlacesSwapped,
    ev.MrSquirrelTaken,
    ev.TradeProposed,
    ev.TradeOffered,
    ev.TradeCalledOff,
    ev.TradeMade,
    ev.TradeDeclined,
    ev.ChoiceAwaited,
    ev.VictimChosen,
    ev.LaundrySniffed,
    ev.LaundryPicked,
    ev.CollectableAskedFor,
    ev.TheftAttempted,
    ev.CharmOffensiveUsed,
    ev.TheftAllowed,
    ev.CardsStolen,
    ev.KeyRolled,
    ev.RollingStopped,
    ev.LeafStormEnded,
    ev.BadgerPooPassed,
    ev.WalkiesCardChosen,
    ev.CardsPassed,
    ev.SquirrelChase,
    ev.RumbleImmunityChosen,
    ev.HandsRedealt,
    ev.LeftoversReturned,
    ev.BattleStarted,
    ev.WeaponChosen,
    ev.ThrowMade,
    ev.BattleEnded,
    ev.SpoilsChosen,
    ev.CheesyDistractionPlayed,
    # Rules version 2: trades composed item by item.
    ev.TradePartnerChosen,
    ev.TradeItemGiven,
    ev.TradeItemAsked,
    ev.TradeOfferSent,
    ev.TradeCompleted,
)


# Events that show nothing hidden and record no chance, and that only ever open a decision.
UNDOABLE: frozenset[type] = frozenset(
    {
        ev.SetHidden,
        ev.SetsSwapped,
        ev.PlacesSwapped,
        ev.MrSquirrelTaken,
        ev.TradeProposed,
        ev.TradeOffered,
        ev.TradeCalledOff,
        ev.TradePartnerChosen,
        ev.TradeItemGiven,
        ev.TradeItemAsked,
        ev.TradeOfferSent,
        ev.CollectableAskedFor,
        ev.WeaponChosen,
    }
)


class CanineKleptomaniacs:
    """The `kennel.domain.core.rules.Game` for Canine Kleptomaniacs."""

    name = "canine-kleptomaniacs"
    words = WORDS
    title = "Canine Kleptomaniacs"
    rules_version = "2"
    seats = SeatRange(setting_up.MIN_SEATS, setting_up.MAX_SEATS)
    options_type: type = Options
    random_play_options: Mapping[str, Any] = MappingProxyType({})  # random play ends under the defaults
    commands: TypeRegistry[Any] = TypeRegistry.of(deciding.COMMANDS)
    events: TypeRegistry[Any] = TypeRegistry.of(EVENT_TYPES)

    def initial_state(self, options: Options, seat_count: int) -> CanineState:
        return setting_up.initial_state(options, seat_count)

    def setup(self, options: Options, seat_count: int, rng: Rng) -> Sequence[Any]:
        return setting_up.setup(options, seat_count, rng)

    def decide(self, state: CanineState, seat: int, command: Any, rng: Rng) -> Sequence[Any]:
        return deciding.decide(state, seat, command, rng)

    def decide_folded(self, state: CanineState, seat: int, command: Any, rng: Rng) -> tuple[Sequence[Any], CanineState]:
        return deciding.decide_folded(state, seat, command, rng)

    def evolve(self, state: CanineState, event: Any) -> CanineState:
        return evolving.evolve(state, event)

    def pending(self, state: CanineState) -> tuple[Prompt, ...]:
        return prompts.pending(state)

    def view(self, state: CanineState, viewer: int | None) -> views.CanineView:
        return views.view(state, viewer)

    def redact(self, event: Any, viewer: int | None) -> Any:
        return views.redact(event, viewer)

    def legal_commands(self, state: CanineState, seat: int) -> Sequence[Any]:
        return legal.legal_commands(state, seat)

    def outcome(self, state: CanineState) -> Outcome | None:
        return scoring.outcome(state)

    def timeout_command(self, state: CanineState, seat: int, rng: Rng) -> Any:
        return timeouts.timeout_command(state, seat, rng)

    def reveals(self, event: Any) -> bool:
        """Undo may go back over a hide, a swap, Mr. Squirrel, a trade offer being made or not yet
        answered, a Stick Chase kind named, and a secret weapon (docs/rules, "Undo"); every
        other event shows a card, records chance, or follows one in its decision."""
        return type(event) not in UNDOABLE

    def describe(self, event: Any, names: Sequence[str]) -> str:
        return narration.describe(event, names)

    def inventory(self, state: CanineState) -> dict[str, int]:
        """Every component by kind, wherever it lies: constant from the first state to the last."""
        return inventories.inventory(state)
