"""2 – Actions of dogs, other than moving: one check and one resolution per rulebook section.

A check returns the refusal of the command (`refusals.Refusal`: the pair of its code and its
sentence, written in place; or None); the resolution records the events. Every action costs one
action point (evolve counts them).
"""

from __future__ import annotations

from kennel.domain.a_dogs_life.board import Feature, SpaceKind, board
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
    PiddleOnLamppost,
    SearchTrashCan,
    TakeNewspaper,
)
from kennel.domain.a_dogs_life.dogs import Section
from kennel.domain.a_dogs_life.draws import draw_card, take_reward
from kennel.domain.a_dogs_life.events import (
    BeggedForFood,
    BoneBuried,
    BoneCollected,
    BoneDropped,
    DogAttacked,
    DogDrank,
    DogImpounded,
    DogPiddled,
    FightTied,
    GameWon,
    NewspaperCollected,
    NewspaperDelivered,
    NewspaperDropped,
    NewspaperTaken,
    TrashCanSearched,
    TrashDay,
)
from kennel.domain.a_dogs_life.refusals import Refusal, is_seat_number
from kennel.domain.a_dogs_life.resolution import Resolution
from kennel.domain.a_dogs_life.state import (
    BLADDER,
    SEARCH_MARKERS,
    ADogsLifeState,
    Impounded,
    WinReason,
)
from kennel.domain.core.rng import Rng

State = ADogsLifeState


def _here(state: State, seat: int) -> int:
    position = state.dogs[seat].position
    assert position is not None  # decide checks that the acting dog is on the board
    return position


def _hands_full(state: State, seat: int) -> Refusal | None:
    if state.dogs[seat].free_hands <= 0:
        return ("hands_full", "Your dog already carries two things, the most a dog may carry.")
    return None


# Search a Trashcan ---------------------------------------------------------------------------


# Module constants for the enum members read below as commands are decided, listed and told: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_FEATURE_TRASH_CAN = Feature.TRASH_CAN
_SECTION_TRASH_CAN = Section.TRASH_CAN
_RESTAURANT = SpaceKind.RESTAURANT
_FOUNTAIN = Feature.FOUNTAIN
_LAMPPOST = Feature.LAMPPOST
_ADDRESS = SpaceKind.ADDRESS
_SECTION_RESTAURANT, _SECTION_NEWSPAPER = Section.RESTAURANT, Section.NEWSPAPER
_SECTION_ATTACK = Section.ATTACK
_LOST_FIGHT = Impounded.LOST_FIGHT


def check_search(state: State, seat: int, command: SearchTrashCan) -> Refusal | None:
    space = _here(state, seat)
    if board().feature(space) is not _FEATURE_TRASH_CAN:
        return ("no_trash_can", "There is no trash can here.")
    if space in state.searched:
        return ("already_searched", "A search marker covers this trash can.")
    return None


def search_trash_can(resolution: Resolution, seat: int, command: SearchTrashCan, rng: Rng) -> None:
    """Draw for the Trash Can section; then the search marker goes on, and with the last of the
    15 markers placed it is Trash Day: every other marker comes off."""
    space = _here(resolution.state, seat)
    resolution.record(TrashCanSearched(seat=seat, space=space))
    card = draw_card(resolution, seat, _SECTION_TRASH_CAN, rng)
    take_reward(resolution, seat, card, _SECTION_TRASH_CAN)
    if len(resolution.state.searched) >= SEARCH_MARKERS:
        resolution.record(TrashDay(kept=space))


# Drop and collect ----------------------------------------------------------------------------


def check_drop_bone(state: State, seat: int, command: DropBone) -> Refusal | None:
    if state.dogs[seat].bones <= 0:
        return ("no_bone", "Your dog carries no bone.")
    return None


def drop_bone(resolution: Resolution, seat: int, command: DropBone, rng: Rng) -> None:
    resolution.record(BoneDropped(seat=seat, space=_here(resolution.state, seat)))


def check_drop_newspaper(state: State, seat: int, command: DropNewspaper) -> Refusal | None:
    if not is_seat_number(command.address) or command.address not in state.dogs[seat].newspapers:
        return ("no_such_newspaper", f"Your dog carries no newspaper for address {command.address}.")
    if _here(state, seat) == board().kiosk:
        return ("not_in_the_kiosk", "Newspapers may not be dropped in the newspaper kiosk.")
    return None


def drop_newspaper(resolution: Resolution, seat: int, command: DropNewspaper, rng: Rng) -> None:
    space = _here(resolution.state, seat)
    resolution.record(NewspaperDropped(seat=seat, space=space, address=command.address))


def check_collect_bone(state: State, seat: int, command: CollectBone) -> Refusal | None:
    if not state.bone_on(_here(state, seat)):
        return ("nothing_to_collect", "No bone lies here.")
    return _hands_full(state, seat)


def collect_bone(resolution: Resolution, seat: int, command: CollectBone, rng: Rng) -> None:
    resolution.record(BoneCollected(seat=seat, space=_here(resolution.state, seat)))


def check_collect_newspaper(state: State, seat: int, command: CollectNewspaper) -> Refusal | None:
    here = state.newspapers_on(_here(state, seat))
    if not is_seat_number(command.index) or not 0 <= command.index < len(here):
        return (
            "nothing_to_collect", f"{len(here)} newspaper(s) lie here: name one by its place, from 0."
        )
    return _hands_full(state, seat)


def collect_newspaper(resolution: Resolution, seat: int, command: CollectNewspaper, rng: Rng) -> None:
    """The collector looks at the delivery number (the event shows it to that seat only)."""
    space = _here(resolution.state, seat)
    item = resolution.state.newspapers_on(space)[command.index]
    resolution.record(NewspaperCollected(seat=seat, space=space, index=command.index, address=item.address))


# Bury a Bone ---------------------------------------------------------------------------------


def check_bury(state: State, seat: int, command: BuryBone) -> Refusal | None:
    dog = state.dogs[seat]
    if dog.position != dog.home:
        return ("not_at_home", "Bones are buried in the dog's own starting space.")
    if dog.bones <= 0:
        return ("no_bone", "Your dog carries no bone.")
    return None


def bury_bone(resolution: Resolution, seat: int, command: BuryBone, rng: Rng) -> None:
    """One bone per action point. The first dog to bury the bones needed wins at once; in
    overtime, the first tied dog to bury one more ("Variant")."""
    state = resolution.state
    buried = state.dogs[seat].buried + 1
    resolution.record(BoneBuried(seat=seat, buried=buried))
    if buried >= state.options.bones:
        resolution.record(GameWon(winners=(seat,), reason=WinReason.BONES_BURIED))
    elif state.overtime:
        resolution.record(GameWon(winners=(seat,), reason=WinReason.OVERTIME_BONE))


# Beg for Food --------------------------------------------------------------------------------


def check_beg(state: State, seat: int, command: BegForFood) -> Refusal | None:
    space = _here(state, seat)
    if board().kind(space) is not _RESTAURANT:
        return ("not_a_restaurant", "Dogs beg for food in restaurants.")
    if space in state.begged:
        return ("already_begged", "A dog may not beg more than once per turn in the same restaurant.")
    return None


def beg_for_food(resolution: Resolution, seat: int, command: BegForFood, rng: Rng) -> None:
    resolution.record(BeggedForFood(seat=seat, space=_here(resolution.state, seat)))
    card = draw_card(resolution, seat, _SECTION_RESTAURANT, rng)
    take_reward(resolution, seat, card, _SECTION_RESTAURANT)


# Drink from a Fountain, Piddle on a Lamppost -------------------------------------------------


def check_drink(state: State, seat: int, command: DrinkFromFountain) -> Refusal | None:
    dog = state.dogs[seat]
    if board().feature(_here(state, seat)) is not _FOUNTAIN:
        return ("no_fountain", "There is no fountain here.")
    if dog.bladder >= BLADDER:
        return ("bladder_full", "Your dog's bladder is already full.")
    if dog.piddles_left <= 0:
        return ("no_piddle_markers", "All of your dog's 8 piddle markers are out.")
    return None


def drink(resolution: Resolution, seat: int, command: DrinkFromFountain, rng: Rng) -> None:
    """The bladder fills, as far as the dog's 8 piddle markers allow."""
    dog = resolution.state.dogs[seat]
    resolution.record(DogDrank(seat=seat, bladder=min(BLADDER, dog.bladder + dog.piddles_left)))


def check_piddle(state: State, seat: int, command: PiddleOnLamppost) -> Refusal | None:
    space = _here(state, seat)
    if board().feature(space) is not _LAMPPOST:
        return ("no_lamppost", "There is no lamppost here.")
    if state.dogs[seat].bladder <= 0:
        return ("bladder_empty", "Your dog's bladder is empty.")
    owner = state.piddle_on(space)
    if owner == seat:
        return ("already_marked", "Your dog's marker is already on this lamppost.")
    if owner is not None and state.sniffed != space:
        return (
            "not_the_next_turn",
            "A dog piddles over an opponent's marker only on the turn after it sniffed that lamppost.",
        )
    return None


def piddle(resolution: Resolution, seat: int, command: PiddleOnLamppost, rng: Rng) -> None:
    """A marker from the bladder onto the lamppost; an opponent's marker there (the dog sniffed
    it on its last turn, and this is the next) goes back to its owner."""
    space = _here(resolution.state, seat)
    resolution.record(DogPiddled(seat=seat, space=space, replaced=resolution.state.piddle_on(space)))


# Newspapers ----------------------------------------------------------------------------------


def check_take_newspaper(state: State, seat: int, command: TakeNewspaper) -> Refusal | None:
    if _here(state, seat) != board().kiosk:
        return ("not_at_the_kiosk", "Newspapers are given out at the newspaper kiosk.")
    if not state.kiosk:
        return ("no_newspapers", "The kiosk has no newspaper left to give out.")
    return _hands_full(state, seat)


def take_newspaper(resolution: Resolution, seat: int, command: TakeNewspaper, rng: Rng) -> None:
    """ "The player takes a newspaper marker at random": only the taker sees the address."""
    resolution.record(NewspaperTaken(seat=seat, address=rng.choice(resolution.state.kiosk)))


def check_deliver(state: State, seat: int, command: DeliverNewspaper) -> Refusal | None:
    space = board().space(_here(state, seat))
    if space.kind is not _ADDRESS:
        return ("not_an_address", "Newspapers are delivered at the numbered delivery addresses.")
    if space.number not in state.dogs[seat].newspapers:
        return ("no_such_newspaper", f"Your dog carries no newspaper for address {space.number}.")
    return None


def deliver_newspaper(resolution: Resolution, seat: int, command: DeliverNewspaper, rng: Rng) -> None:
    """The marker goes back into the kiosk's stack; the reward is on the Newspaper section."""
    address = board().space(_here(resolution.state, seat)).number or 0
    resolution.record(NewspaperDelivered(seat=seat, address=address))
    card = draw_card(resolution, seat, _SECTION_NEWSPAPER, rng)
    take_reward(resolution, seat, card, _SECTION_NEWSPAPER)


# Attack an Opposing Dog ----------------------------------------------------------------------


def check_attack(state: State, seat: int, command: AttackDog) -> Refusal | None:
    defender = command.defender
    if not is_seat_number(defender) or not 0 <= defender < len(state.dogs) or defender == seat:
        return ("no_such_dog", "Name the seat of an opponent's dog to attack.")
    target = state.dogs[defender].position
    if target is None or target not in board().reach(_here(state, seat)):
        return (
            "not_adjacent", f"Seat {defender}'s dog is not on an adjacent space (through an entrance)."
        )
    return None


def attack_dog(resolution: Resolution, seat: int, command: AttackDog, rng: Rng) -> None:
    """Both dogs draw for the Attack section; fewer claws goes to the pound, leaving what it
    carried on its space; equal claws, nothing happens (the attacker may attack again)."""
    defender = command.defender
    resolution.record(DogAttacked(attacker=seat, defender=defender))
    claws = draw_card(resolution, seat, _SECTION_ATTACK, rng).attack
    defence = draw_card(resolution, defender, _SECTION_ATTACK, rng).attack
    if claws > defence:
        resolution.record(DogImpounded(seat=defender, reason=_LOST_FIGHT))
    elif claws < defence:
        resolution.record(DogImpounded(seat=seat, reason=_LOST_FIGHT))
    else:
        resolution.record(FightTied(attacker=seat, defender=defender))
