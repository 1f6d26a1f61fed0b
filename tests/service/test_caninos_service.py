"""¡Caninos! over a real loopback server through the SDK: a whole game played to its end, the
options on the wire, and hands kept out of the other seats' views and streams."""

from __future__ import annotations

from kennel.client import Kennel, Session
from kennel.replay.verify import verify
from kennel.v1 import caninos_pb2
from kennel.v1 import kennel_pb2 as pb

GAME = "caninos"


def _seated(
    kennel: Kennel, players: int, options: pb.GameOptions | None = None
) -> tuple[list[Session], Session]:
    created = kennel.create_game(GAME, [f"p{i}" for i in range(players)], options)
    seats = [kennel.session(created.game_id, created.credentials[i]) for i in range(players)]
    return seats, kennel.session(created.game_id, created.spectator_credential)


def test_a_whole_game_plays_to_its_end_through_the_sdk_and_its_log_verifies(kennel: Kennel) -> None:
    seats, spectator = _seated(kennel, 3)
    kinds: set[str] = set()
    for step in range(3000):
        view = spectator.view()
        if view.status == pb.GAME_STATUS_FINISHED:
            break
        prompt = view.pending[0]
        options = seats[prompt.seat].view().legal_commands
        assert options, f"seat {prompt.seat} is asked but may send nothing"
        # Mostly the first command (steal, then pay, then decline: games move on), now and then another.
        command = options[step % len(options)] if step % 5 == 0 else options[0]
        kinds.add(command.caninos.WhichOneof("kind"))
        seats[prompt.seat].act(command, f"cmd-{step}")
    else:
        raise AssertionError("the game did not end")
    assert view.outcome.reason and list(view.outcome.winners)
    assert {"steal", "pay_with", "decline", "perform_trick"} <= kinds
    ended = [update for update in spectator.watch(timeout=30)][-1].events[-1]
    assert ended.WhichOneof("kind") == "game_ended" and len(ended.game_ended.seed) == 64
    report = verify(seats[0].log())
    assert report.ok and report.rules_checked, report


def test_options_travel_on_the_wire(kennel: Kennel) -> None:
    options = pb.GameOptions(
        caninos=caninos_pb2.Options(deck_runs_out=caninos_pb2.DECK_RUNS_OUT_RESHUFFLE, reshuffle_limit=2)
    )
    seats, _ = _seated(kennel, 2, options)
    game = seats[0].view().game.caninos
    assert game.options.deck_runs_out == caninos_pb2.DECK_RUNS_OUT_RESHUFFLE
    assert game.options.reshuffle_limit == 2


def test_options_left_unset_take_the_defaults(kennel: Kennel) -> None:
    """docs/api.md: an unset option (an enum left UNSPECIFIED) means the game's default."""
    seats, _ = _seated(kennel, 2, pb.GameOptions(caninos=caninos_pb2.Options(reshuffle_limit=2)))
    created = next(seats[0].watch(timeout=30)).events[0].game_created.options.caninos
    assert created.reshuffle_limit == 2
    assert created.deck_runs_out == caninos_pb2.DECK_RUNS_OUT_MOST_POINTS


def test_the_house_rule_round_of_passes_travels_on_the_wire_and_is_off_by_default(kennel: Kennel) -> None:
    """docs/rules/caninos.md, "Options": house rules are options, off by default."""
    seats, _ = _seated(kennel, 2, pb.GameOptions(caninos=caninos_pb2.Options(round_of_passes=True)))
    assert seats[0].view().game.caninos.options.round_of_passes
    seats, _ = _seated(kennel, 2, pb.GameOptions(caninos=caninos_pb2.Options()))
    options = seats[0].view().game.caninos.options
    assert not options.round_of_passes and options.reshuffle_limit == 0


def test_a_seat_sees_its_own_hand_and_only_the_size_of_the_others(kennel: Kennel) -> None:
    seats, spectator = _seated(kennel, 3)
    for number, session in enumerate(seats):
        game = session.view().game.caninos
        assert game.viewer == number and len(game.hand) == 6
        assert [player.hand_size for player in game.players] == [6, 6, 6]
    assert list(spectator.view().game.caninos.hand) == []
    first = next(seats[1].watch(timeout=30))
    dealt = [
        e.caninos.cards_dealt
        for e in first.events
        if e.WhichOneof("kind") == "caninos" and e.caninos.WhichOneof("kind") == "cards_dealt"
    ]
    assert [(d.seat, len(d.cards)) for d in dealt] == [(0, 0), (1, 6), (2, 0)]
    shuffled = [
        e.caninos.deck_shuffled
        for e in first.events
        if e.WhichOneof("kind") == "caninos" and e.caninos.WhichOneof("kind") == "deck_shuffled"
    ]
    assert len(shuffled) == 1 and list(shuffled[0].deck) == []
