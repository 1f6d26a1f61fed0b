"""Bots at the table through a real loopback server (issue 19): CreateGame seats the server's
bots, which play through the same path as players (their commands logged under their seat and
verified like any other); a bot takes over a seat that timed out too often or left, and gives it
back when the player returns, each recorded as an event; a caller cannot act for a bot seat nor
seat a bot the server does not run.

Waits are bounded; nothing here asserts how long anything took (design: no timing assertions).
"""

from __future__ import annotations

from collections.abc import Callable

import grpc
import pytest
from kennel.client import Bot, Kennel, KennelError, Session
from kennel.replay.logformat import EXPIRE_PROMPT, parse_log
from kennel.replay.verify import verify
from kennel.v1 import kennel_pb2 as pb

WAIT = 60.0  # seconds: a generous bound on any wait below (the machine is shared and slow)
MAX_TURNS = 2000  # the human seat's decisions before the test gives up on a game ending


def _kinds(events: list[pb.Event]) -> list[str]:
    return [event.WhichOneof("kind") or "" for event in events]


def _watch_until(session: Session, done: Callable[[list[pb.Event]], bool], after: int = 0) -> list[pb.Event]:
    """Every event the session receives after `after`, until `done` says enough (bounded by WAIT)."""
    seen: list[pb.Event] = []
    stream = session.watch(after_version=after, timeout=WAIT)
    try:
        for update in stream:
            seen.extend(update.events)
            if done(seen):
                return seen
    finally:
        stream.close()
    return seen


def _play_to_the_end(person: Session, seat: int) -> pb.View:
    """Drive one human seat with its first legal command until the game ends; bots play the rest."""
    view = person.view()
    for turn in range(MAX_TURNS):
        if view.HasField("outcome"):
            return view
        if any(prompt.seat == seat for prompt in view.pending) and view.legal_commands:
            view = person.act(view.legal_commands[0], f"person-{turn}").view
            continue
        version = view.version
        _watch_until(person, lambda seen: bool(seen), after=version)  # a bot moved (or the game ended)
        view = person.view()
    raise AssertionError("the game did not end")


def test_a_game_with_bot_seats_plays_to_its_end_and_verifies(kennel: Kennel) -> None:
    created = kennel.create_game("hoarders", ["Ada", Bot("random"), Bot("search", 1, name="Rex")])
    assert set(created.credentials) == {0}, "bot seats get no credential"
    person = kennel.session(created.game_id, created.credentials[0])
    opening = person.view()
    assert [seat.name for seat in opening.seats][1:] == ["Bot 2 (random 1)", "Rex"]
    final = _play_to_the_end(person, 0)
    assert final.HasField("outcome")

    raw = person.log()
    report = verify(raw)
    assert report.ok, report
    log = parse_log(raw)
    # The header's stream says which seats are bots, right after GameCreated, for every player.
    seating = [record for record in log.records if record.event["type"] == "kennel.SeatingSet"]
    assert len(seating) == 1 and seating[0].version <= 3
    assert {(bot["seat"], bot["kind"]) for bot in seating[0].event["data"]["bots"]} == {
        (1, "random"),
        (2, "search"),
    }
    # Each bot's commands are logged under its own seat, with a command id of its own.
    by_seat = {seat: [r for r in log.records if r.cause.seat == seat] for seat in (0, 1, 2)}
    for seat in (1, 2):
        assert by_seat[seat], f"bot seat {seat} played"
        assert all(record.cause.command_id.startswith("bot-") for record in by_seat[seat])
    assert all(record.cause.command_id.startswith("person-") for record in by_seat[0])


def test_a_caller_cannot_act_for_a_bot_seat(kennel: Kennel) -> None:
    created = kennel.create_game("caninos", [Bot("random"), "Bo"])
    spectator = kennel.session(created.game_id, created.spectator_credential)
    view = spectator.view()
    with pytest.raises(KennelError) as refused:
        spectator.act(pb.Command(engine=pb.EngineCommand(propose_undo=pb.ProposeUndo())))
    assert refused.value.status == grpc.StatusCode.PERMISSION_DENIED
    assert view.seats[0].name.startswith("Bot")
    person = kennel.session(created.game_id, created.credentials[1])
    # The person's own credential acts for its own seat only: a bot seat is not its to leave.
    with pytest.raises(KennelError) as left:
        person.leave()
    assert left.value.code == "kennel/no_takeover"


@pytest.mark.parametrize(
    ("seat", "takeover", "code"),
    [
        (Bot("telepath"), None, "kennel/bad_bot"),
        (Bot("search", 99), None, "kennel/bad_bot"),
        ("Ada", Bot("search", 99), "kennel/bad_bot"),
        ("Ada", Bot(""), "kennel/bad_bot"),
    ],
)
def test_the_server_seats_only_bots_it_runs(
    kennel: Kennel, seat: str | Bot, takeover: Bot | None, code: str
) -> None:
    with pytest.raises(KennelError) as refused:
        kennel.create_game("hoarders", ["Bo", seat], takeover=takeover)
    assert refused.value.status == grpc.StatusCode.INVALID_ARGUMENT
    assert refused.value.code == code


def test_takeover_after_timeouts_needs_a_bounded_count(kennel: Kennel) -> None:
    with pytest.raises(KennelError) as refused:
        kennel.create_game("hoarders", ["Ada", "Bo"], takeover=Bot("random"), takeover_after=1000)
    assert refused.value.status == grpc.StatusCode.INVALID_ARGUMENT
    assert refused.value.code == "kennel/bad_seating"


def test_a_bot_takes_over_after_timeouts_and_the_player_gets_the_seat_back(kennel: Kennel) -> None:
    created = kennel.create_game(
        "hoarders", ["Ada", "Bo"], prompt_limit_ms=150, takeover=Bot("random"), takeover_after=2
    )
    bo = kennel.session(created.game_id, created.credentials[1])
    spectator = kennel.session(created.game_id, created.spectator_credential)
    # Nobody answers: each seat runs out of time twice, then a bot plays it.
    events = _watch_until(spectator, lambda seen: _kinds(seen).count("seat_taken_over") >= 2)
    kinds = _kinds(events)
    taken = [event for event in events if event.WhichOneof("kind") == "seat_taken_over"]
    assert {event.seat_taken_over.seat for event in taken} == {0, 1}
    assert all(event.seat_taken_over.reason == "timed_out" for event in taken)
    assert kinds[: kinds.index("seat_taken_over")].count("prompt_expired") >= 2
    assert "bot" in taken[0].sentence, "every player reads that a bot plays the seat now"

    # Bo sends a command, any command, from Bo's credential: the seat is Bo's again, first,
    # as an event of its own (whether the rules then take the command or not).
    try:
        bo.act(pb.Command(engine=pb.EngineCommand(propose_undo=pb.ProposeUndo())), "bo-is-back")
    except KennelError as refused:
        assert refused.status == grpc.StatusCode.FAILED_PRECONDITION
    # Bo then walks away again: the count starts afresh and the bots finish the game.
    _watch_until(spectator, lambda seen: "game_ended" in _kinds(seen), after=spectator.view().version)

    raw = spectator.log()
    assert verify(raw).ok, "takeovers and returns replay from the log like any other cause"
    records = parse_log(raw).records
    returned = [r for r in records if r.event["type"] == "kennel.SeatReturned"]
    assert [(r.cause.seat, r.cause.command_id) for r in returned][:1] == [(1, "bo-is-back/return")]
    takeovers = [r for r in records if r.event["type"] == "kennel.SeatTakenOver"]
    assert {r.cause.type for r in takeovers} == {EXPIRE_PROMPT}, "a timeout's takeover is the server's cause"
    assert [r.event["data"]["seat"] for r in takeovers].count(1) >= 2, "Bo timed out again after returning"


def test_a_player_who_leaves_is_replaced_and_returns_and_the_log_verifies(kennel: Kennel) -> None:
    created = kennel.create_game("hoarders", ["Ada", "Bo"], takeover=Bot("random"))
    ada = kennel.session(created.game_id, created.credentials[0])
    bo = kennel.session(created.game_id, created.credentials[1])
    left = bo.leave("bo-leaves")
    assert "seat_taken_over" in _kinds(list(left.events))
    with pytest.raises(KennelError) as again:
        bo.leave("bo-leaves-twice")
    assert again.value.code == "kennel/seat_away"
    # Ada plays; Bo's seat is the bot's until Bo says it is back.
    view = ada.view()
    for turn in range(4):
        if view.HasField("outcome"):
            break
        if any(p.seat == 0 for p in view.pending) and view.legal_commands:
            view = ada.act(view.legal_commands[0], f"ada-{turn}").view
        else:
            _watch_until(ada, lambda seen: bool(seen), after=view.version)
            view = ada.view()
    back = bo.come_back("bo-returns")
    assert _kinds(list(back.events)) == ["seat_returned"]
    with pytest.raises(KennelError) as twice:
        bo.come_back("bo-returns-twice")
    assert twice.value.code == "kennel/seat_not_away"
    # The whole game, bot moves and seat changes included, replays from the log.
    final = _play_both(ada, bo)
    assert final.HasField("outcome")
    raw = ada.log()
    assert verify(raw).ok
    log = parse_log(raw)
    bot_moves = [r for r in log.records if r.cause.seat == 1 and r.cause.command_id.startswith("bot-")]
    assert bot_moves, "the takeover bot played Bo's seat while Bo was away"
    assert EXPIRE_PROMPT not in {r.cause.type for r in log.records}


def _play_both(ada: Session, bo: Session) -> pb.View:
    view = ada.view()
    for turn in range(MAX_TURNS):
        if view.HasField("outcome"):
            return view
        for seat, session in ((0, ada), (1, bo)):
            if any(p.seat == seat for p in view.pending):
                mine = session.view()
                if mine.legal_commands:
                    session.act(mine.legal_commands[0], f"both-{seat}-{turn}")
        view = ada.view()
    raise AssertionError("the game did not end")
