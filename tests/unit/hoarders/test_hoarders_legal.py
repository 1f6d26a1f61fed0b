"""`legal_commands` lists every command `decide` accepts, and `decide` accepts nothing else."""

from itertools import product

from hoarders_support import ACORN, GAME, HAZELNUT, PEANUT, RACCOON, SQUIRREL, WALNUT, given, opening, picks
from kennel.domain.core import table as tables
from kennel.domain.core.bots import RandomBot
from kennel.domain.core.rng import seed_from_text
from kennel.domain.core.rules import RuleViolation
from kennel.domain.hoarders.cards import Critter, Nut
from kennel.domain.hoarders.commands import AllowTheft, CancelTheft, PickCritters, RevealCritter


def test_a_seat_may_pick_any_of_the_ten_pairs_of_critters():
    """Game Play: "picks two of their critter cards": 5 choose 2 = 10 picks."""
    state = given(opening((WALNUT,), (ACORN,)))
    pairs = [command.critters for command in GAME.legal_commands(state, 0)]
    assert len(pairs) == len(set(pairs)) == 10
    assert all(isinstance(command, PickCritters) for command in GAME.legal_commands(state, 0))


def every_candidate(seat_count: int) -> list[object]:
    """Commands of every type, with arguments good and bad."""
    critter_lists = [(a, b) for a, b in product(Critter, repeat=2)] + [
        (),
        (Critter.SQUIRREL,),
        tuple(Critter)[:3],
    ]
    victims = [None, -1, *range(seat_count), seat_count]
    reveals = [RevealCritter(c, v, n) for c, v, n in product(Critter, victims, [None, *Nut])]
    return [*(PickCritters(critters) for critters in critter_lists), *reveals, AllowTheft(), CancelTheft()]


def accepted(state: object, seat: int, command: object) -> bool:
    try:
        GAME.decide(state, seat, command, None)  # type: ignore[arg-type]
    except RuleViolation:
        return False
    return True


def test_decide_accepts_exactly_the_legal_commands():
    """design.md: legal_commands is "every command the seat may send now"."""
    checked = 0
    for game_number, seat_count in enumerate([2, 3, 4, 6]):
        seed = seed_from_text(f"legal {game_number}")
        table = tables.fold(GAME, tables.create(GAME, None, [f"p{i}" for i in range(seat_count)], seed))
        bot = RandomBot(f"legal {game_number}")
        candidates = every_candidate(seat_count)
        for step in range(400):
            if table.ended is not None:
                break
            if step % 3 == 0:
                for seat in range(seat_count):
                    legal = set(GAME.legal_commands(table.state, seat))
                    assert {c for c in candidates if accepted(table.state, seat, c)} == legal
                    checked += 1
            seat = table.pending()[step % len(table.pending())].seat
            for event in tables.play(table, seat, bot.choose(table, seat), seed):
                table = tables.evolve(table, event)
    assert checked > 100


def test_a_reveal_names_every_victim_and_every_kind_it_holds():
    """Raccoon: "Pick a player and steal one of the nut cards from their collection"."""
    state = given(opening((WALNUT,), (ACORN, ACORN, PEANUT), (HAZELNUT,)), picks(*[(SQUIRREL, RACCOON)] * 3))
    assert GAME.legal_commands(state, 0) == (
        RevealCritter(SQUIRREL),
        RevealCritter(RACCOON, victim=1, nut=ACORN),
        RevealCritter(RACCOON, victim=1, nut=PEANUT),
        RevealCritter(RACCOON, victim=2, nut=HAZELNUT),
    )
    assert GAME.legal_commands(state, 1) == ()
