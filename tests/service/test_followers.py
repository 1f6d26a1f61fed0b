"""Watch streams waiting on a game (`kennel.service.live.LiveGame.notify`, `Follower`): a stream
whose only news is its own tagged command (the answer carried it) is passed over, not woken,
and its cursor moves past those versions; every other stream with news is woken: another
seat's, another tag's, one that is behind, and any stream when the command ended the game. A
wait that is cancelled leaves nothing behind in the game, so a client that opens streams on an
idle game and abandons them (a real server, through the SDK) leaves it holding nothing.

Every wait has a deadline; nothing here asserts how long anything took."""

from __future__ import annotations

import asyncio
import random
import uuid
from pathlib import Path

import grpc
import pytest
from kennel.client import Kennel, KennelError
from kennel.domain.core import table as tables
from kennel.domain.core.rng import seed_from_text
from kennel.domain.registry import GAMES
from kennel.replay.ledger import Ledger
from kennel.service.live import Follower, LiveGame
from kennel.service.storage import Desk
from testkit.bot_games import bot_game
from testkit.servers import ServerThread

SEED = seed_from_text("followers")
TAG = "session-a"


def _game() -> LiveGame:
    game = GAMES["hoarders"]
    ledger = Ledger.create(game, "test/followers", dict(game.random_play_options), ["A", "B", "C"], SEED)
    return LiveGame(id=uuid.uuid4(), ledger=ledger, desk=Desk(header=ledger.header, seed=b""))


def _commit(live: LiveGame, tag: str = "", seat: int | None = None) -> int:
    """A command of `seat` (the first that owes one by default) committed as the hub commits one:
    the ledger folds it, `tagged` notes a tagged one, the waiting streams hear of it. Its seat."""
    owing = [prompt.seat for prompt in live.table.pending()]
    seat = owing[0] if seat is None else seat
    assert seat in owing
    command = random.Random(live.ledger.version).choice(tables.legal_commands(live.table, seat))
    appending = live.ledger.play(seat, command, f"c{live.ledger.version}", SEED)
    live.ledger.commit(appending)
    if tag:
        live.tagged = (appending.records[0].version, appending.records[-1].version, seat, tag)
    live.notify()
    return seat


async def _settle() -> None:
    for _ in range(5):  # a woken waiter resumes within a turn or two of the loop
        await asyncio.sleep(0)


def test_a_stream_whose_only_news_is_its_own_command_is_passed_over_not_woken() -> None:
    async def body() -> None:
        live = _game()
        seat = live.table.pending()[0].seat
        mine, theirs = Follower(live.ledger.version, (seat, TAG)), Follower(live.ledger.version, None)
        waits = [asyncio.ensure_future(live.wait_beyond(f)) for f in (mine, theirs)]
        await _settle()
        before = live.ledger.version
        _commit(live, TAG, seat)
        await _settle()
        assert not waits[0].done()  # its own command: the answer carried it
        assert mine.cursor == live.ledger.version > before  # and it is past those versions
        assert waits[1].done()  # a spectator's stream has news
        other = next(p.seat for p in live.table.pending() if p.seat != seat)
        _commit(live, seat=other)  # another seat's command (untagged): news for it too
        await asyncio.wait_for(waits[0], 10)
        assert mine.cursor < live.ledger.version
        assert live._waiting is None

    asyncio.run(body())


@pytest.mark.parametrize("case", ["another tag", "another seat", "behind"])
def test_a_stream_with_other_news_is_woken(case: str) -> None:
    async def body() -> None:
        live = _game()
        seat = live.table.pending()[0].seat
        others = {"another tag": (seat, "session-b"), "another seat": ((seat + 1) % 3, TAG)}
        own = others.get(case, (seat, TAG))
        # Behind: the version before the command is news to it as well (a stream that was
        # woken and has not read yet, say): it must be sent, so it must wake.
        follower = Follower(live.ledger.version - (1 if case == "behind" else 0), own)
        woken = asyncio.get_running_loop().create_future()
        live._waiting = {follower: woken}  # waiting, as `wait_beyond` leaves it
        _commit(live, TAG, seat)
        assert woken.done()
        assert live._waiting == {}

    asyncio.run(body())


def test_a_stream_is_woken_by_its_own_command_when_that_ended_the_game() -> None:
    async def body() -> None:
        ledger = bot_game(GAMES["hoarders"], "followers-ended", 3)
        live = LiveGame(id=uuid.uuid4(), ledger=ledger, desk=Desk(header=ledger.header, seed=b""))
        last = ledger.records[-1]
        first = next(r.version for r in ledger.records if r.cause is last.cause or r.cause == last.cause)
        seat = last.cause.seat
        assert seat is not None and live.table.ended is not None
        follower = Follower(first - 1, (seat, TAG))
        woken = asyncio.get_running_loop().create_future()
        live._waiting = {follower: woken}  # waiting from before the last command, as a stream would be
        live.tagged = (first, last.version, seat, TAG)
        live.notify()
        assert woken.done()  # to read the end, and end the stream

    asyncio.run(body())


def test_streams_wake_in_the_order_they_began_to_wait() -> None:
    """As an asyncio.Event wakes its waiters: with 1,000 spectator streams (the fan-out bench),
    waking them in another order (a set's) doubled the time from a command's answer to its
    update's delivery."""

    async def body() -> None:
        live = _game()
        resumed: list[int] = []

        async def stream(index: int) -> None:
            await live.wait_beyond(Follower(live.ledger.version))
            resumed.append(index)

        tasks = []
        for index in range(200):
            tasks.append(asyncio.ensure_future(stream(index)))
            await asyncio.sleep(0)  # each begins to wait before the next
        _commit(live)
        await asyncio.wait_for(asyncio.gather(*tasks), 10)
        assert resumed == list(range(200))

    asyncio.run(body())


def test_cancelled_waits_leave_nothing_behind() -> None:
    async def body() -> None:
        live = _game()
        waits = [asyncio.ensure_future(live.wait_beyond(Follower(live.ledger.version))) for _ in range(100)]
        await _settle()
        assert live._waiting is not None and len(live._waiting) == 100
        for wait in waits:
            wait.cancel()
        await asyncio.gather(*waits, return_exceptions=True)
        assert live._waiting is None

    asyncio.run(body())


def test_streams_opened_and_abandoned_on_an_idle_game_leave_it_holding_nothing(tmp_path: Path) -> None:
    server = ServerThread(tmp_path / "data").start()
    try:
        kennel = Kennel(server.address)
        created = kennel.create_game("hoarders", ["Ann", "Bob", "Cy"])
        session = kennel.session(created.game_id, created.credentials[0])
        version = session.view().version
        for _ in range(25):  # each one waits on the idle game until its deadline, then is gone
            with pytest.raises(KennelError) as ended:
                next(session.watch(after_version=version, max_reconnects=0, timeout=0.2, skip_own=True))
            assert ended.value.status == grpc.StatusCode.DEADLINE_EXCEEDED

        async def waiting() -> dict[Follower, asyncio.Future[None]] | None:
            assert server.running is not None
            live = await server.running.hub.get(created.game_id)
            return live._waiting

        for _ in range(500):  # the server hears of each stream's end shortly after its client
            if server._run(waiting()) is None:
                break
            server._run(asyncio.sleep(0.01))
        assert server._run(waiting()) is None
        kennel.close()
    finally:
        server.stop()
