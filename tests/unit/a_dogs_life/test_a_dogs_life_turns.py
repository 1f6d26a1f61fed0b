"""Phases of the Game: the hunger marker, action points, the order of turns, and the pound."""

from __future__ import annotations

from a_dogs_life_support import (
    BUTCH,
    FIFI,
    GAME,
    POUND,
    POUND_EXIT,
    VAGABOND,
    after,
    at,
    card,
    deck,
    finish_turn,
    given,
    of_type,
    opening,
    placed,
    rng,
    then_refused,
    when,
)
from kennel.domain.a_dogs_life.commands import EndActions, MoveDog
from kennel.domain.a_dogs_life.dogs import Section
from kennel.domain.a_dogs_life.events import (
    BoneFound,
    CardDrawn,
    DogImpounded,
    DogKeptInPound,
    DogReleased,
    TruckRolled,
    TurnStarted,
)
from kennel.domain.a_dogs_life.options import Options
from kennel.domain.a_dogs_life.state import GroundItem, Impounded, ItemKind, Phase
from kennel.domain.core.rules import PromptKind

STAYS = card(BUTCH, exit_pound=False)
LEAVES = card(BUTCH, exit_pound=True)


def test_the_hunger_marker_moves_left_at_the_start_of_each_turn():
    """1 – Moving a dog's hunger marker."""
    state = given(opening(FIFI, BUTCH))
    state, events = finish_turn(state, 0)
    assert of_type(events, TurnStarted) == [TurnStarted(seat=1, round=1, hunger=3, action_points=7)]
    assert state.dogs[1].hunger == 3 and state.active == 1
    state, events = finish_turn(state, 1)
    assert of_type(events, TurnStarted) == [TurnStarted(seat=0, round=2, hunger=2, action_points=6)]


def test_ruling_dogs_that_starve():
    """Ruling "Dogs that starve" (reading). 1 - Moving a dog's hunger marker: "If this marker is
    already on 0 ... the dog is starving"; "The player's turn is over" and "A player whose dog
    is in the pound does not get to move the truck"."""
    street = at(13, 0)
    state = given(
        opening(FIFI, BUTCH),
        placed(None, street, active=1, hunger=0, points=7),
        [BoneFound(seat=1)],
        placed(active=0),
    )
    state, events = finish_turn(state, 0)
    assert TurnStarted(seat=1, round=1, hunger=0, action_points=0) in events
    assert DogImpounded(seat=1, reason=Impounded.STARVED) in events
    assert state.dogs[1].in_pound and state.dogs[1].pound_turn == 1
    assert GroundItem(street, ItemKind.BONE) in state.ground
    assert not any(isinstance(e, TruckRolled) and e.seat == 1 for e in events)  # no truck for seat 1
    assert state.active == 0 and state.round == 2


def test_unspent_action_points_are_lost():
    """2 – Actions of dogs: "any action points not spent in that turn may not be carried over"."""
    state = given(opening(FIFI, BUTCH))
    events = when(state, 0, EndActions())
    assert isinstance(events[0], TruckRolled)
    state, _ = finish_turn(state, 0)
    state, events = finish_turn(state, 1)
    assert of_type(events, TurnStarted)[-1].action_points == 6  # Fifi's own number, not 12


def test_the_actions_end_by_themselves_when_the_points_run_out():
    state = given(opening(FIFI, BUTCH), placed(at(13, 0), points=1))
    events = when(state, 0, MoveDog(at(14, 0)))
    assert isinstance(events[1], TruckRolled)


def test_prompts_ask_the_active_seat_only():
    state = given(opening(FIFI, BUTCH, VAGABOND))
    assert [(p.seat, p.kind) for p in GAME.pending(state)] == [(0, PromptKind.TURN)]
    assert GAME.legal_commands(state, 1) == () == GAME.legal_commands(state, 2)


def _in_pound(top: tuple[int, ...], pound_turn: int = 1):
    """Seat 1's dog (Butch) in the pound on the given pound turn, its deck topped by `top`."""
    state = given(
        opening(FIFI, BUTCH, decks=[deck(FIFI), deck(BUTCH, *top)]),
        [DogImpounded(seat=1, reason=Impounded.CAUGHT)],
        [DogKeptInPound(seat=1, pound_turn=pound_turn)] if pound_turn > 1 else [],
    )
    return finish_turn(state, 0)


def test_in_the_pound_the_first_turn_turns_over_one_card():
    """Leaving the Pound: a dog in jail stays and moves to the "2nd Turn" space; no hunger."""
    state, events = _in_pound((STAYS,))
    assert TurnStarted(seat=1, round=1, hunger=4, action_points=0) in events
    assert of_type(events, CardDrawn) == [CardDrawn(seat=1, card=STAYS, section=Section.EXIT_POUND)]
    assert DogKeptInPound(seat=1, pound_turn=2) in events
    assert state.dogs[1].in_pound and state.dogs[1].hunger == 4
    assert not any(isinstance(e, TruckRolled) and e.seat == 1 for e in events)
    assert state.active == 0


def test_a_leash_lets_the_dog_out_with_hunger_two_for_a_normal_turn_at_once():
    """Leaving the Pound: "moved ... to the pound building on the board, ... Hunger marker is
    moved to 2 ... The dog may immediately take a normal action turn"."""
    state, events = _in_pound((LEAVES,))
    assert events[-1] == DogReleased(seat=1, hunger=2, action_points=7)
    assert state.dogs[1].position == POUND and state.dogs[1].hunger == 2
    assert state.phase is Phase.ACTIONS and state.active == 1 and state.action_points == 7
    state, events = finish_turn(state, 1)  # a dog out of the pound moves the truck
    assert TruckRolled(seat=1, roll=events[0].roll) == events[0]


def test_ruling_the_pound_track():
    """Ruling "The pound track" (reading). Leaving the Pound: "At the start of the next turn, the
    dog turns over 2 cards, and leaves if either card shows a running dog": both are turned
    over, and a leash on the second frees it."""
    state, events = _in_pound((STAYS, LEAVES), pound_turn=2)
    assert [e.card for e in of_type(events, CardDrawn)] == [STAYS, LEAVES]
    assert isinstance(events[-1], DogReleased)


def test_the_third_turn_turns_over_three_cards():
    others = [n for n in deck(BUTCH) if n != 13 and n != STAYS and not _leaves(n)][:2]
    state, events = _in_pound((STAYS, *others), pound_turn=3)
    assert len(of_type(events, CardDrawn)) == 3
    assert DogKeptInPound(seat=1, pound_turn=4) in events


def test_the_fourth_turn_frees_the_dog_without_a_card():
    state, events = _in_pound((STAYS,), pound_turn=4)
    assert not of_type(events, CardDrawn)
    assert isinstance(events[-1], DogReleased)


def test_a_released_dog_leaves_through_the_pound_exit_and_may_not_come_back():
    """Leaving the Pound; Move a Space: "A dog may never enter the pound (voluntarily anyway)"."""
    state, _ = _in_pound((LEAVES,))
    assert state.truck != POUND_EXIT  # seat 0 drove it away
    moves = [c for c in GAME.legal_commands(state, 1) if isinstance(c, MoveDog)]
    assert moves == [MoveDog(POUND_EXIT)]
    state = after(state, 1, MoveDog(POUND_EXIT))
    assert MoveDog(POUND) not in GAME.legal_commands(state, 1)
    then_refused(state, 1, MoveDog(POUND), "into_the_pound")


def test_ruling_who_begins():
    """Ruling "Who begins" (gap). "If a lady is playing, she begins the game ... In any other case,
    the youngest player begins the game": a server knows neither; seat 0 begins, then play goes
    clockwise (up the seat numbers), and rounds count."""
    state = given(GAME.setup(Options(), 3, rng("who begins")))
    assert state.active == 0 and [(p.seat, p.kind) for p in GAME.pending(state)] == [(0, PromptKind.TURN)]
    seen = []
    for _ in range(4):
        seat = state.active
        state, events = finish_turn(state, seat)
        seen += [(e.seat, e.round) for e in of_type(events, TurnStarted)]
    assert seen == [(1, 1), (2, 1), (0, 2), (1, 2)]


def _leaves(number: int) -> bool:
    from kennel.domain.a_dogs_life.dogs import chart

    return chart(BUTCH).card(number).exit_pound
