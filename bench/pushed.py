"""The peer's load shape in Kennel: every seat follows its own Watch stream and acts as soon as
its view says it owes a decision (boardgame.io's driver opens one socket per seat, and the server
sends every seat an update after every move). No seat ever asks for a view: each update carries
it, and a seat's own command's answer carries its update, so its stream leaves that one out
(`client_tag`, as the SDKs' `watch(skip_own=True)` does). Used by `python -m bench.load play
--push` (the `peer` section's Kennel figure).
"""

from __future__ import annotations

import asyncio
import random
import time
from typing import TYPE_CHECKING

import grpc
from kennel.service.matches import proposes_undo
from kennel.v1 import kennel_pb2 as pb

if TYPE_CHECKING:  # bench.load imports this module
    from bench.load import Bot, Recorder

# A refusal that a pushed seat expects now and then: another seat's command got in first, so the
# state moved on; the seat acts again on the next update.
RACED = (grpc.StatusCode.FAILED_PRECONDITION, grpc.StatusCode.ABORTED)


async def play_seat(bot: Bot, seat: int, recorder: Recorder, rng: random.Random, max_steps: int) -> None:
    """Follow seat `seat`'s stream until the game ends, the run's deadline passes or the game
    reaches `max_steps` commands; submit a random legal command (never an undo proposal) whenever
    the newest view received owes this seat a decision. Updates that queued while the seat was
    submitting are skipped to the newest, as a client showing the game would."""
    metadata = bot.metadata(seat)
    tag = f"seat-{seat}"  # one client per seat: its stream and its commands
    stream = bot.stub.Watch(
        pb.WatchRequest(game_id=bot.game_id, after_version=0, client_tag=tag), metadata=metadata, timeout=120
    )
    newest: list[pb.View] = []
    arrived = asyncio.Event()

    async def read() -> None:
        try:
            async for update in stream:
                if not newest or update.view.version >= newest[-1].version:
                    newest[:] = [update.view]
                arrived.set()
        finally:
            arrived.set()  # the stream ended or failed: wake the seat so that it sees which

    reader = asyncio.create_task(read())
    acted = 0
    try:
        while not reader.done() or arrived.is_set():
            await arrived.wait()
            arrived.clear()
            view = newest[-1]
            if view.HasField("outcome"):
                bot.latest = view
                return
            if time.perf_counter() >= recorder.deadline or bot.steps >= max_steps:
                return
            if view.version <= acted or not view.legal_commands or all(p.seat != seat for p in view.pending):
                continue
            acted = view.version
            choices = [c for c in view.legal_commands if not proposes_undo(c)] or list(view.legal_commands)
            request = pb.SubmitCommandRequest(
                game_id=bot.game_id, command_id=f"s{seat}-{view.version}", command=rng.choice(choices), client_tag=tag
            )
            started = time.perf_counter()
            try:
                response = await bot.stub.SubmitCommand(request, metadata=metadata, timeout=60)
            except grpc.aio.AioRpcError as error:
                if error.code() not in RACED:
                    raise
                recorder.raced += 1  # expected now and then: counted, not an error
                continue
            recorder.add("command", started, time.perf_counter())
            bot.steps += 1
            if response.view.version > newest[-1].version:  # newer than any update yet: act on it
                newest[:] = [response.view]
                arrived.set()
        if reader.done() and reader.exception() is not None:
            raise reader.exception()  # type: ignore[misc]
    finally:
        reader.cancel()
        stream.cancel()


async def play_game(bot: Bot, recorder: Recorder, max_steps: int) -> None:
    """One game with every seat pushed. It ends when the first seat stops: that seat saw the
    outcome (the others will too), or the run's deadline or the step limit, which a seat that
    owes nothing would only notice on an update that no longer comes, so the others are
    cancelled. A game in which no seat stops within a grace period after the deadline stalled:
    TimeoutError."""
    seats = [
        asyncio.create_task(play_seat(bot, seat, recorder, random.Random(bot.rng.random()), max_steps))
        for seat in range(bot.players)
    ]
    try:
        grace = max(1.0, recorder.deadline - time.perf_counter() + 10)
        done, _ = await asyncio.wait(seats, timeout=grace, return_when=asyncio.FIRST_COMPLETED)
        if not done:
            raise TimeoutError("no seat of this game acted or stopped")
        for task in done:
            task.result()  # a seat's error is this game's
    finally:
        for task in seats:
            task.cancel()
        await asyncio.gather(*seats, return_exceptions=True)  # let each seat close its stream
