"""The whole truth of an A Dog's Life table: every deck order and newspaper address included."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from kennel.domain.a_dogs_life.dogs import Dog
from kennel.domain.a_dogs_life.options import Options

HUNGER_AT_START = 4  # "A Hunger marker on space 4 of the hunger indicator"
MAX_FOOD = 4  # "No dog may keep more than 4 days' worth of food"
HUNGER_ON_RELEASE = 2  # "its Hunger marker is moved to 2"
BLADDER = 2  # "the two Bladder spaces"
PIDDLE_MARKERS = 8  # "Each dog has only 8 piddle markers"
CARRY = 2  # "A dog may carry up to, but never more than, two objects at a time"
BONE_MARKERS = 30
NEWSPAPERS = 12  # one marker per delivery address
SEARCH_MARKERS = 15
FREED_ON_POUND_TURN = 4  # "At the start of the 4th turn, the dog leaves the Pound automatically"


class Phase(enum.Enum):
    SETUP = "setup"  # before the first turn
    ACTIONS = "actions"  # the active dog spends action points
    TRUCK = "truck"  # the active seat moves the dogcatcher's truck
    TURN_OVER = "turn_over"  # the active seat's turn is done (never seen between decisions)
    OVER = "over"


# The phases that deciding, legal commands and prompts check, as module constants: an enum
# class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), where a module constant is a dict look-up.
ACTIONS, TRUCK, OVER = Phase.ACTIONS, Phase.TRUCK, Phase.OVER


class ItemKind(enum.Enum):
    BONE = "bone"
    NEWSPAPER = "newspaper"


_BONE, _NEWSPAPER = ItemKind.BONE, ItemKind.NEWSPAPER  # module constants: see `ACTIONS`


class Impounded(enum.Enum):
    """Why a dog went to the pound."""

    STARVED = "starved"  # its hunger marker was on 0 at the start of its turn
    LOST_FIGHT = "lost_fight"
    CAUGHT = "caught"  # the truck ended its move on the dog's space
    NETTED = "netted"  # beside the truck, it drew the dog's head under a net


class WinReason(enum.Enum):
    BONES_BURIED = "bones_buried"  # the first to bury the bones needed
    MOST_BONES = "most_bones"  # the round limit came, and one dog had buried the most
    OVERTIME_BONE = "overtime_bone"  # tied at the limit, it buried a bone first
    SHARED = "shared"  # the house rule overtime_rounds: still tied when overtime ran out


@dataclass(frozen=True)
class GroundItem:
    """A bone or newspaper lying on a space; a newspaper lies face down (its address is hidden)."""

    space: int
    kind: ItemKind
    address: int = 0  # a newspaper's delivery address; 0 for a bone, or when hidden from the viewer


@dataclass(frozen=True)
class Piddle:
    """A piddle marker on a lamppost (one marker per lamppost)."""

    space: int
    seat: int


@dataclass(frozen=True)
class DogState:
    dog: Dog
    home: int  # the space of its Home Space card
    position: int | None  # None while the dog is on the pound chart
    hunger: int = HUNGER_AT_START
    bladder: int = 1  # "A Piddle marker on the first of the two Bladder spaces"
    piddles_left: int = PIDDLE_MARKERS - 1  # markers next to the chart, neither drunk nor on a lamppost
    bones: int = 0  # bones carried
    newspapers: tuple[int, ...] = ()  # addresses of the newspapers carried, in the order taken
    buried: int = 0
    deck: tuple[int, ...] = ()  # card numbers, top first (nobody sees this order)
    discards: tuple[int, ...] = ()  # face up, in the order drawn since the last shuffle
    pound_turn: int = 0  # 0: not in the pound; n: cards to turn over next turn (4: free)
    sniffed: int | None = None  # the opponent's lamppost it sniffed on its latest turn, till its next

    @property
    def carried(self) -> int:
        return self.bones + len(self.newspapers)

    @property
    def free_hands(self) -> int:
        return CARRY - self.carried

    @property
    def in_pound(self) -> bool:
        return self.position is None


@dataclass(frozen=True)
class ADogsLifeState:
    options: Options
    dogs: tuple[DogState, ...]  # by seat
    truck: int
    truck_from: int | None = None  # the space the truck last left: it may not go back there
    truck_steps: int = 0  # still to drive this turn
    phase: Phase = Phase.SETUP
    round: int = 0
    active: int = 0  # the seat whose turn it is
    action_points: int = 0  # left this turn
    begged: tuple[int, ...] = ()  # restaurants begged at this turn
    sniffed: int | None = None  # the lamppost the active dog sniffed on its last turn: piddle over it now
    searched: tuple[int, ...] = ()  # trash cans under a search marker, in the order covered
    ground: tuple[GroundItem, ...] = ()  # in the order dropped
    piddles: tuple[Piddle, ...] = ()  # sorted by space
    kiosk: tuple[int, ...] = ()  # addresses of the newspapers in the kiosk stack, sorted
    bone_supply: int = BONE_MARKERS
    contenders: tuple[int, ...] = ()  # seats still taking turns (the tied seats in overtime)
    overtime: bool = False
    winners: tuple[int, ...] = ()
    win_reason: WinReason | None = None

    @property
    def seat_count(self) -> int:
        return len(self.dogs)

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER

    def dog_at(self, space: int) -> int | None:
        """The seat whose dog stands on `space` (two figures never remain in one space)."""
        for seat, dog in enumerate(self.dogs):
            if dog.position == space:
                return seat
        return None

    def piddle_on(self, space: int) -> int | None:
        """The seat whose piddle marker is on this lamppost."""
        for piddle in self.piddles:
            if piddle.space == space:
                return piddle.seat
        return None

    def bone_on(self, space: int) -> bool:
        """Whether a bone lies on `space`. A loop over the ground, not `GroundItem(space, BONE) in
        ground`: that made an item and called the generated `__eq__` once per item lying
        anywhere (about 2k instructions a check, made for every listing of a dog's actions)."""
        for item in self.ground:
            if item.space == space and item.kind is _BONE:
                return True
        return False

    def items_on(self, space: int) -> tuple[GroundItem, ...]:
        return tuple(item for item in self.ground if item.space == space)

    def newspapers_on(self, space: int) -> tuple[GroundItem, ...]:
        """The newspapers lying on a space, in the order dropped (what CollectNewspaper indexes)."""
        return tuple([item for item in self.ground if item.space == space and item.kind is _NEWSPAPER])
