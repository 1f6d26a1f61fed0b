"""`legal_commands` lists every command `decide` accepts, and `decide` accepts nothing else;
the lists stay small; a dog with nothing left to do ends its actions by itself."""

from __future__ import annotations

from a_dogs_life_support import (
    BUTCH,
    CITY,
    FIFI,
    GAME,
    LUCKY,
    POUND,
    VAGABOND,
    after,
    at,
    card,
    deck,
    given,
    opening,
    placed,
    when,
)
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
    DogImpounded,
    DogKeptInPound,
    DogReleased,
    NewspaperTaken,
    TruckRolled,
)
from kennel.domain.a_dogs_life.state import Impounded
from kennel.domain.core import table as tables
from kennel.domain.core.bots import RandomBot
from kennel.domain.core.rng import Rng, seed_from_text
from kennel.domain.core.rules import RuleViolation

PLAIN = [
    SearchTrashCan(),
    DropBone(),
    CollectBone(),
    BuryBone(),
    BegForFood(),
    DrinkFromFountain(),
    PiddleOnLamppost(),
    TakeNewspaper(),
    DeliverNewspaper(),
    EndActions(),
]


def every_candidate(seat_count: int) -> list[object]:
    """Commands of every type, with arguments good and bad."""
    spaces = [-1, *range(len(CITY.spaces)), len(CITY.spaces), True]
    return [
        *PLAIN,
        *(MoveDog(space) for space in spaces),
        *(SteerTruck(space) for space in spaces),
        *(DropNewspaper(address) for address in range(-1, 14)),
        *(CollectNewspaper(index) for index in range(-1, 4)),
        *(AttackDog(seat) for seat in range(-1, seat_count + 1)),
    ]


def accepted(state: object, seat: int, command: object) -> bool:
    try:
        GAME.decide(state, seat, command, Rng(seed_from_text("probe"), 0))  # type: ignore[arg-type]
    except RuleViolation:
        return False
    return True


def test_decide_accepts_exactly_the_legal_commands():
    """design.md: legal_commands is "every command the seat may send now"."""
    checked = 0
    for game_number, seat_count in enumerate([2, 3, 4, 6]):
        seed = seed_from_text(f"legal {game_number}")
        table = tables.fold(
            GAME, tables.create(GAME, {"round_limit": 6}, [f"p{i}" for i in range(seat_count)], seed)
        )
        bot = RandomBot(f"legal {game_number}")
        candidates = every_candidate(seat_count)
        for step in range(400):
            if table.ended is not None:
                break
            if step % 7 == 0:
                for seat in range(seat_count):
                    legal = set(GAME.legal_commands(table.state, seat))
                    assert {c for c in candidates if accepted(table.state, seat, c)} == legal
                    checked += 1
            seat = table.pending()[0].seat
            for event in tables.play(table, seat, bot.choose(table, seat), seed):
                table = tables.evolve(table, event)
    assert checked > 100


def test_legal_lists_stay_small():
    """The brief: "Keep legal_commands finite and reasonably small"."""
    longest = 0
    for game_number in range(6):
        seat_count = 2 + game_number % 5
        seed = seed_from_text(f"small {game_number}")
        table = tables.fold(GAME, tables.create(GAME, None, [f"p{i}" for i in range(seat_count)], seed))
        bot = RandomBot(f"small {game_number}")
        # The rulebook's game may never end; a few hundred commands show every kind of list.
        for _ in range(400):
            if table.ended is not None:
                break
            seat = table.pending()[0].seat
            longest = max(longest, len(GAME.legal_commands(table.state, seat)))
            for event in tables.play(table, seat, bot.choose(table, seat), seed):
                table = tables.evolve(table, event)
    assert 3 <= longest <= 24


def test_unknown_commands_are_refused():
    state = given(opening(FIFI, BUTCH))
    try:
        when(state, 0, object())
    except RuleViolation as error:
        assert error.code == "a-dogs-life/unknown_command"
    else:
        raise AssertionError("accepted an unknown command")


def test_only_the_active_seat_acts():
    state = given(opening(FIFI, BUTCH))
    for command in [EndActions(), MoveDog(at(0, 3)), SteerTruck(at(0, 6))]:
        try:
            when(state, 1, command)
        except RuleViolation as error:
            assert error.code == "a-dogs-life/not_your_turn"
        else:
            raise AssertionError(f"seat 1 sent {command}")


def test_ruling_actions_end_by_themselves():
    """Ruling "Actions end by themselves" (gap). "A player is never required to use all of their
    available action points on a turn". Vagabond leaves the pound with the truck at its exit
    and opponents on both sides of the truck: he cannot step out, and nothing else is possible."""
    state = given(
        opening(
            FIFI,
            VAGABOND,
            BUTCH,
            LUCKY,
            decks=[
                deck(FIFI, card(FIFI, attack=0)),
                deck(VAGABOND),
                deck(BUTCH, card(BUTCH, attack=4)),
                deck(LUCKY),
            ],
        ),
        [DogImpounded(seat=1, reason=Impounded.CAUGHT), DogKeptInPound(seat=1, pound_turn=4)],
        placed(at(7, 9), None, at(7, 8), at(7, 6)),
    )
    events = when(state, 0, AttackDog(2))  # Fifi loses, so the truck stays at the pound's exit
    assert DogImpounded(seat=0, reason=Impounded.LOST_FIGHT) in events
    released = events.index(DogReleased(seat=1, hunger=2, action_points=7))
    assert events[released + 1] == TruckRolled(seat=1, roll=events[released + 1].roll)
    assert after(state, 0, AttackDog(2)).dogs[1].position == POUND


def test_delivering_is_never_the_only_thing_a_dog_could_do():
    """Why the actions may end by themselves without a leak: wherever a dog may deliver, it may
    also drop its newspaper."""
    for address, space in CITY.addresses.items():
        state = given(
            opening(FIFI, BUTCH),
            [NewspaperTaken(seat=0, address=address)],
            placed(space),
        )
        legal = GAME.legal_commands(state, 0)
        assert DeliverNewspaper() in legal and DropNewspaper(address) in legal


def test_candidates_cover_every_command_type():
    assert {type(c) for c in every_candidate(3)} == set(GAME.commands.types)
