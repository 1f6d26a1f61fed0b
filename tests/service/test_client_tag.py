"""A Watch stream spared its own commands' updates (`client_tag`, docs/api.md "Versions, views
and watching"), through a real loopback server and the SDK: a session's `watch(skip_own=True)`
leaves out exactly the batches of the commands that session sent (their answers carried them),
and nothing else: not another seat's command sent with the same tag (a hostile client that
learned it), not the commands a takeover bot plays for the seat, not another session's of the
same seat. A tag longer than 64 characters is refused before anything is appended.

Every stream has a deadline; nothing here asserts how long anything took.
"""

from __future__ import annotations

from collections.abc import Iterator

import grpc
import pytest
from kennel.client import Bot, Kennel, KennelError, Session
from kennel.v1 import kennel_pb2 as pb

GAME = "hoarders"
WAIT = 30.0  # seconds: each stream's deadline
MAX_STEPS = 200  # commands sent before a test gives up looking for the turn order it needs


def _sessions(kennel: Kennel, takeover: Bot | None = None) -> tuple[list[Session], Session]:
    """A session per seat (each a client of its own, with its own tag), and a spectator's."""
    created = kennel.create_game(GAME, ["Ann", "Bob", "Cy"], takeover=takeover)
    seats = [kennel.session(created.game_id, created.credentials[n]) for n in range(3)]
    return seats, kennel.session(created.game_id, created.spectator_credential)


def _move(view: pb.View) -> pb.Command | None:
    """The view's first legal command that is not the engine's (no undo proposals)."""
    return next((c for c in view.legal_commands if c.WhichOneof("game") != "engine"), None)


def _versions(answer: pb.SubmitCommandResponse) -> list[int]:
    return list(range(answer.first_version, answer.last_version + 1))


def _read_to(stream: Iterator[pb.WatchResponse], version: int) -> list[int]:
    """The versions of the events the stream sends until it reaches `version`."""
    seen: list[int] = []
    for update in stream:
        seen.extend(event.version for event in update.events)
        assert update.view.version == seen[-1]  # each update's view is the one after its batch
        if seen[-1] >= version:
            return seen
    raise AssertionError(f"the stream ended at {seen[-1:]} before version {version}")


def _opened(session: Session, start: int, skip_own: bool = True) -> Iterator[pb.WatchResponse]:
    """A stream of the session's, open on the server (the SDK opens it on the first read): it
    has sent version `start`, and follows from there."""
    stream = session.watch(after_version=start - 1, skip_own=skip_own, timeout=WAIT)
    assert next(stream).events[-1].version == start
    return stream


def _play(seats: list[Session], needed: set[int]) -> list[tuple[int, pb.SubmitCommandResponse]]:
    """Commands in turn order, each the first seat that may act sending its first move, until
    every seat in `needed` has sent one and the last was not seat 0's: (seat, answer) each."""
    sent: list[tuple[int, pb.SubmitCommandResponse]] = []
    for _ in range(MAX_STEPS):
        number, command = next((n, c) for n, s in enumerate(seats) if (c := _move(s.view())) is not None)
        sent.append((number, seats[number].act(command)))
        if needed <= {n for n, _ in sent} and number != 0:
            return sent
    raise AssertionError(f"seats {needed} never all acted")


def _sent_by(sent: list[tuple[int, pb.SubmitCommandResponse]], seat: int) -> set[int]:
    return {v for number, answer in sent if number == seat for v in _versions(answer)}


def test_a_stream_with_the_sessions_tag_leaves_out_exactly_its_own_commands(kennel: Kennel) -> None:
    created = kennel.create_game(GAME, ["Ann", "Bob", "Cy"])
    seats = [kennel.session(created.game_id, created.credentials[n]) for n in range(3)]
    start = seats[1].view().version
    spared, plain = _opened(seats[0], start), _opened(seats[0], start, skip_own=False)
    # The same seat in another session (as another browser tab would be): another tag.
    other_tab = _opened(kennel.session(created.game_id, created.credentials[0]), start)
    try:
        sent = _play(seats, needed={0, 1})
        last = sent[-1][1].last_version
        everything = list(range(start + 1, last + 1))
        assert _read_to(plain, last) == everything
        assert _read_to(other_tab, last) == everything  # its tag is not this session's
        own = _sent_by(sent, 0)
        # The answers carried those.
        assert own and _read_to(spared, last) == [v for v in everything if v not in own]
        assert all(answer.view.version == answer.last_version and answer.events
                   for number, answer in sent if number == 0)
    finally:
        for stream in (spared, plain, other_tab):
            stream.close()


def test_another_seat_sending_this_sessions_tag_does_not_hide_its_command(kennel: Kennel) -> None:
    """A hostile client that learned seat 0's tag sends its own commands with it: seat 0's
    stream still gets them (only seat 0's own commands are ever left out)."""
    seats, spectator = _sessions(kennel)
    start = spectator.view().version
    seats[1].client_tag = seats[2].client_tag = seats[0].client_tag
    spared = _opened(seats[0], start)
    try:
        sent = _play(seats, needed={1, 2})
        last = sent[-1][1].last_version
        received = _read_to(spared, last)
        assert _sent_by(sent, 1) | _sent_by(sent, 2) <= set(received)
        assert received == [v for v in range(start + 1, last + 1) if v not in _sent_by(sent, 0)]
    finally:
        spared.close()


def test_a_takeover_bots_commands_for_the_seat_are_sent(kennel: Kennel) -> None:
    seats, spectator = _sessions(kennel, takeover=Bot("random"))
    start = spectator.view().version
    spared = _opened(seats[0], start)
    left = seats[0].leave()  # the bot plays seat 0 from now on
    watching = spectator.watch(after_version=left.last_version, timeout=WAIT)  # the bot may move at once
    try:
        bot_moved = 0
        for _ in range(MAX_STEPS):  # the others play until the bot has moved for seat 0
            command = next(((s, c) for s in seats[1:] if (c := _move(s.view())) is not None), None)
            if command is not None:
                command[0].act(command[1])
            update = next(watching)  # the others' command, or the bot's
            bot_moved = max(
                (e.version for e in update.events if e.HasField("seat") and e.seat == 0), default=0
            )
            if bot_moved:
                break
        assert bot_moved, "the takeover bot never moved for seat 0"
        received = _read_to(spared, bot_moved)
        assert bot_moved in received  # the bot's command for the seat is sent
        assert received == [v for v in range(start + 1, received[-1] + 1) if v not in _versions(left)]
    finally:
        spared.close()
        watching.close()


@pytest.mark.parametrize("where", ["SubmitCommand", "Watch"])
def test_a_tag_longer_than_64_characters_is_refused(kennel: Kennel, where: str) -> None:
    seats, spectator = _sessions(kennel)
    before = spectator.view().version
    seats[0].client_tag = "t" * 65
    with pytest.raises(KennelError) as refused:
        if where == "Watch":
            next(seats[0].watch(skip_own=True, timeout=WAIT))
        else:
            number = next(n for n, s in enumerate(seats) if _move(s.view()) is not None)
            seats[number].client_tag = "t" * 65
            seats[number].act(_move(seats[number].view()))  # type: ignore[arg-type]
    assert refused.value.status == grpc.StatusCode.INVALID_ARGUMENT
    assert refused.value.code == "kennel/bad_client_tag"
    assert spectator.view().version == before
