"""A Dog's Life behind the engine's `Game` interface: this module only wires the rule modules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from kennel.domain.a_dogs_life import decide as deciding
from kennel.domain.a_dogs_life import evolve as evolving
from kennel.domain.a_dogs_life import inventory as inventories
from kennel.domain.a_dogs_life import legal, narration, prompts, render, timeouts, views
from kennel.domain.a_dogs_life import outcome as outcomes
from kennel.domain.a_dogs_life import setup as setting_up
from kennel.domain.a_dogs_life.commands import (
    AttackDog,
    BegForFood,
    BuryBone,
    CollectBone,
    CollectNewspaper,
    DeliverNewspaper,
    DrinkFromFountain,
    DropBone,
    DropNewspaper,
    EndActions,
    MoveDog,
    PiddleOnLamppost,
    SearchTrashCan,
    SteerTruck,
    TakeNewspaper,
)
from kennel.domain.a_dogs_life.events import (
    BeggedForFood,
    BoneBuried,
    BoneCollected,
    BoneDropped,
    BoneFound,
    CardDrawn,
    DeckShuffled,
    DogAttacked,
    DogChosen,
    DogDrank,
    DogEscaped,
    DogImpounded,
    DogKeptInPound,
    DogMoved,
    DogPiddled,
    DogReleased,
    FightTied,
    FoodEaten,
    GameWon,
    LamppostSniffed,
    NewspaperCollected,
    NewspaperDelivered,
    NewspaperDropped,
    NewspaperTaken,
    NothingFound,
    OvertimeStarted,
    TrashCanSearched,
    TrashDay,
    TruckDriven,
    TruckRolled,
    TurnStarted,
)
from kennel.domain.a_dogs_life.options import Options
from kennel.domain.a_dogs_life.refusals import GAME_NAME
from kennel.domain.a_dogs_life.state import ADogsLifeState
from kennel.domain.a_dogs_life.words import WORDS
from kennel.domain.core.codec import TypeRegistry
from kennel.domain.core.rng import Rng
from kennel.domain.core.rules import SeatRange

# Events that show nobody anything hidden and record no chance. None of them ever follows a
# revealing event within one decision (each opens its decision), as the engine requires.
UNDOABLE: frozenset[type] = frozenset(
    {
        DogMoved,
        LamppostSniffed,
        BoneDropped,
        NewspaperDropped,
        BoneCollected,
        BoneBuried,
        DogDrank,
        DogPiddled,
    }
)


class ADogsLife:
    """The `kennel.domain.core.rules.Game` for A Dog's Life, plus `inventory` and `picture`."""

    name = GAME_NAME
    words = WORDS
    title = "A Dog's Life"
    rules_version = "2"
    seats = SeatRange(setting_up.MIN_SEATS, setting_up.MAX_SEATS)
    options_type: type = Options
    # The rules as written end only when a dog buries its bones, which random play almost never
    # does: random play uses the rulebook's timed variant (docs/rules/a-dogs-life.md).
    random_play_options: Mapping[str, Any] = MappingProxyType({"round_limit": 30, "overtime_rounds": 5})
    commands: TypeRegistry[Any] = TypeRegistry.of(
        [
            MoveDog,
            SearchTrashCan,
            DropBone,
            DropNewspaper,
            CollectBone,
            CollectNewspaper,
            BuryBone,
            BegForFood,
            DrinkFromFountain,
            PiddleOnLamppost,
            TakeNewspaper,
            DeliverNewspaper,
            AttackDog,
            EndActions,
            SteerTruck,
        ]
    )
    events: TypeRegistry[Any] = TypeRegistry.of(
        [
            DogChosen,
            DeckShuffled,
            TurnStarted,
            CardDrawn,
            DogImpounded,
            DogKeptInPound,
            DogReleased,
            DogMoved,
            LamppostSniffed,
            TrashCanSearched,
            TrashDay,
            BeggedForFood,
            FoodEaten,
            BoneFound,
            NothingFound,
            BoneDropped,
            NewspaperDropped,
            BoneCollected,
            NewspaperCollected,
            BoneBuried,
            DogDrank,
            DogPiddled,
            NewspaperTaken,
            NewspaperDelivered,
            DogAttacked,
            FightTied,
            TruckRolled,
            TruckDriven,
            DogEscaped,
            OvertimeStarted,
            GameWon,
        ]
    )

    def initial_state(self, options: Options, seat_count: int) -> ADogsLifeState:
        return setting_up.initial_state(options, seat_count)

    def setup(self, options: Options, seat_count: int, rng: Rng) -> Sequence[Any]:
        return setting_up.setup(options, seat_count, rng)

    def decide(self, state: ADogsLifeState, seat: int, command: Any, rng: Rng) -> Sequence[Any]:
        # Chance is drawn only for reshuffles, die rolls and newspapers taken at the kiosk.
        return deciding.decide(state, seat, command, rng)

    # What the engine asks of every version (a command's decision, the prompts, each seat's view
    # and legal commands, the outcome) is the rule module's function itself, not a method that
    # calls it: a Python call fewer each time.
    decide_folded = staticmethod(deciding.decide_folded)  # (state, seat, command, rng)
    pending = staticmethod(prompts.pending)  # (state) -> tuple[Prompt, ...]
    view = staticmethod(views.view)  # (state, viewer) -> ADogsLifeView
    legal_commands = staticmethod(legal.legal_commands)  # (state, seat) -> tuple[Any, ...]
    outcome = staticmethod(outcomes.outcome)  # (state) -> Outcome | None

    def evolve(self, state: ADogsLifeState, event: Any) -> ADogsLifeState:
        return evolving.evolve(state, event)

    def redact(self, event: Any, viewer: int | None) -> Any:
        return views.redact(event, viewer)

    def timeout_command(self, state: ADogsLifeState, seat: int, rng: Rng) -> Any:
        return timeouts.timeout_command(state, seat, rng)

    def reveals(self, event: Any) -> bool:
        """Undo may take back only plain moves and actions without chance since the last draw,
        roll or reveal (docs/rules/a-dogs-life.md, "Undo")."""
        return type(event) not in UNDOABLE

    def describe(self, event: Any, names: Sequence[str]) -> str:
        return narration.describe(event, names)

    def inventory(self, state: ADogsLifeState) -> dict[str, int]:
        """Every component by kind, wherever it lies: constant from the first state to the last."""
        return inventories.inventory(state)

    def picture(self, state: ADogsLifeState, viewer: int | None) -> str:
        """The board as `viewer` sees it, in SVG (the replay page draws it)."""
        return render.svg(views.view(state, viewer))
