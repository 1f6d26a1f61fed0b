"""A Dog's Life through the SDK on a real loopback server: a whole game, typed options on the
wire, hidden newspaper addresses in views and watched events, a refused move, and the log."""

from __future__ import annotations

from collections import deque

import grpc
import pytest
from kennel.client import Kennel, KennelError, Session
from kennel.domain.a_dogs_life.board import SpaceKind, board
from kennel.domain.core.rng import Rng, seed_from_text
from kennel.replay.explain import narrate
from kennel.replay.verify import verify
from kennel.v1 import a_dogs_life_pb2 as dogs_pb
from kennel.v1 import kennel_pb2 as pb

GAME = "a-dogs-life"


def _to_kiosk() -> dict[int, int]:
    city = board()
    distance = {city.kiosk: 0}
    queue = deque([city.kiosk])
    while queue:
        here = queue.popleft()
        for link in city.links(here):
            if link not in distance and city.kind(link) is SpaceKind.STREET:
                distance[link] = distance[here] + 1
                queue.append(link)
    return distance


def _choose(view: pb.View, chance: Rng) -> pb.Command:
    """Newspapers first, then the way to the kiosk, else any game command but ending early."""
    game_commands = [c for c in view.legal_commands if c.WhichOneof("game") == "a_dogs_life"]
    kinds = [c.a_dogs_life.WhichOneof("kind") for c in game_commands]
    for wanted in ("deliver_newspaper", "take_newspaper", "collect_newspaper"):
        if wanted in kinds:
            return game_commands[kinds.index(wanted)]
    me = view.game.a_dogs_life.dogs[view.seat]
    distance = _to_kiosk()
    if me.HasField("position") and not me.newspapers:
        here = distance.get(me.position, 99)
        closer = [
            c
            for c in game_commands
            if c.a_dogs_life.WhichOneof("kind") == "move_dog"
            and distance.get(c.a_dogs_life.move_dog.to, 99) < here
        ]
        if closer and chance.below(5):
            return chance.choice(closer)
    busy = [c for c, kind in zip(game_commands, kinds, strict=True) if kind != "end_actions"]
    return chance.choice(busy or game_commands)


def _seated(kennel: Kennel, options: dogs_pb.Options) -> tuple[list[Session], Session]:
    created = kennel.create_game(GAME, ["Ann", "Bob", "Cy"], pb.GameOptions(a_dogs_life=options))
    seats = [kennel.session(created.game_id, created.credentials[i]) for i in range(3)]
    return seats, kennel.session(created.game_id, created.spectator_credential)


def test_a_whole_game_through_the_sdk(kennel: Kennel) -> None:
    seats, spectator = _seated(kennel, dogs_pb.Options(round_limit=4, overtime_rounds=1))
    chance = Rng(seed_from_text("a dogs life service"), 0)
    carried_somewhere = False
    for _ in range(3000):
        public = spectator.view()
        if public.status == pb.GAME_STATUS_FINISHED:
            break
        (prompt,) = public.pending
        own = seats[prompt.seat].view()
        game = own.game.a_dogs_life
        assert game.viewer == prompt.seat and game.active == prompt.seat
        for other in game.dogs:
            if other.seat != prompt.seat:
                assert all(address == 0 for address in other.newspapers)  # face down to this seat
            elif other.newspapers:
                assert all(1 <= address <= 12 for address in other.newspapers)
                carried_somewhere = True
        assert all(address == 0 for address in public.game.a_dogs_life.dogs[prompt.seat].newspapers)
        seats[prompt.seat].act(_choose(own, chance))
    else:
        raise AssertionError("the game did not end")
    assert carried_somewhere, "nobody ever carried a newspaper: the hidden addresses went untested"
    final = spectator.view()
    assert final.HasField("outcome") and final.outcome.reason
    assert list(final.outcome.scores) == [dog.buried for dog in final.game.a_dogs_life.dogs]
    assert final.game.a_dogs_life.round <= 5 and final.game.a_dogs_life.phase == dogs_pb.PHASE_OVER
    raw = seats[0].log()
    report = verify(raw)
    assert report.ok and report.rules_checked, report.failure
    assert narrate(raw)


def test_watched_events_hide_other_seats_addresses(kennel: Kennel) -> None:
    seats, spectator = _seated(kennel, dogs_pb.Options(round_limit=4, overtime_rounds=0))
    chance = Rng(seed_from_text("watch"), 0)
    while spectator.view().status != pb.GAME_STATUS_FINISHED:
        (prompt,) = spectator.view().pending
        seats[prompt.seat].act(_choose(seats[prompt.seat].view(), chance))
    for number, session in enumerate(seats):
        taken = [
            event.a_dogs_life.newspaper_taken
            for update in session.watch(timeout=30)
            for event in update.events
            if event.WhichOneof("kind") == "a_dogs_life"
            and event.a_dogs_life.WhichOneof("kind") == "newspaper_taken"
        ]
        assert taken, "no newspaper was taken"
        for event in taken:
            assert (event.address != 0) == (event.seat == number)
        shuffles = [
            event.a_dogs_life.deck_shuffled
            for update in session.watch(timeout=30)
            for event in update.events
            if event.WhichOneof("kind") == "a_dogs_life"
            and event.a_dogs_life.WhichOneof("kind") == "deck_shuffled"
        ]
        assert shuffles and all(not shuffle.deck for shuffle in shuffles)


def test_unset_options_take_the_defaults_and_bad_ones_are_refused(kennel: Kennel) -> None:
    seats, _ = _seated(kennel, dogs_pb.Options())
    view = seats[0].view()
    assert view.status == pb.GAME_STATUS_IN_PROGRESS and view.game.a_dogs_life.round == 1
    with pytest.raises(KennelError) as refused:
        kennel.create_game(GAME, ["a", "b"], pb.GameOptions(a_dogs_life=dogs_pb.Options(bones_to_win=0)))
    assert (
        refused.value.status == grpc.StatusCode.INVALID_ARGUMENT
        and refused.value.code == "kennel/bad_options"
    )


def test_an_illegal_move_is_refused_and_changes_nothing(kennel: Kennel) -> None:
    seats, spectator = _seated(kennel, dogs_pb.Options())
    version = spectator.view().version
    pound = board().pound
    command = pb.Command(a_dogs_life=dogs_pb.Command(move_dog=dogs_pb.MoveDog(to=pound)))
    with pytest.raises(KennelError) as refused:
        seats[0].act(command)
    assert refused.value.status == grpc.StatusCode.FAILED_PRECONDITION
    assert refused.value.code in {"a-dogs-life/not_adjacent", "a-dogs-life/into_the_pound"}
    with pytest.raises(KennelError) as refused:
        seats[1].act(pb.Command(a_dogs_life=dogs_pb.Command(end_actions=dogs_pb.EndActions())))
    assert refused.value.code == "a-dogs-life/not_your_turn"
    assert spectator.view().version == version
