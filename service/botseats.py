"""The server's bots at the table: seats a bot plays for the whole game, and seats taken over.

Which seats a bot plays is in the game's stream (kennel.domain.core.seating); this module runs
them. Whenever a game changes, each seat a bot plays that owes a decision gets one task: the
bot is handed that seat's `Sight` (the view, the redacted history and the legal commands, what
the server would send the seat's player, never the state) and its answer is submitted through
the hub's own `submit`, as the seat, under the command id `bot-<version>-<seat>`: logged, decided,
appended and verified exactly like a player's command.

Bounds (docs/reliability.md, "Threat model"): a bot thinks on a worker thread, never on the event
loop, and at most `threads` bots think at once on the whole server (a semaphore), so one caller's
tables full of strong bots slow only bots, never the players' commands; levels above
`max_level` are refused at creation. A bot that raises or answers nothing is logged and left:
the seat's prompt timer, if the game has one, then applies as to any player.
"""

from __future__ import annotations

import asyncio
import hashlib
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

import structlog
from kennel.domain.bots import KINDS, make_bot
from kennel.domain.core.rules import Game, RuleViolation, Seat
from kennel.domain.core.search import DEFAULT_LEVEL, LEVELS
from kennel.domain.core.sight import Bot, sight_of
from kennel.service.errors import InvalidArgument
from kennel.service.live import LiveGame

log = structlog.get_logger(__name__)

DEFAULT_BOT_THREADS = 1  # bots thinking at once on the whole server (Config.bot_threads)
DEFAULT_MAX_BOT_LEVEL = max(LEVELS)  # the strongest level a creator may ask for (Config.max_bot_level)
MAX_BOT_NAME = 64

Submit = Callable[[LiveGame, Seat, str, Any], Awaitable[Any]]


def bot_spec(game: Game[Any], kind: str, level: int, max_level: int) -> tuple[str, int]:
    """(kind, level) of a bot a creator asks for, level 0 meaning the default; refused with
    INVALID_ARGUMENT kennel/bad_bot when the server has no such bot or will not run it."""
    level = level or DEFAULT_LEVEL
    if kind == "random":
        level = 1  # a random bot has one strength; recorded as 1 whatever was asked
    elif kind in KINDS and level > max_level:
        raise InvalidArgument(
            "kennel/bad_bot", f"This server runs bots up to level {max_level}, not {level}."
        )
    try:
        make_bot(game, kind, "check", level)
    except RuleViolation as violation:
        raise InvalidArgument(violation.code, violation.message) from None
    return kind, level


def bot_name(seat: Seat, kind: str, level: int) -> str:
    return f"Bot {seat + 1} ({kind} {level})"


class BotSeats:
    """Runs every bot of every live game on this server (one per `GameHub`)."""

    def __init__(self, submit: Submit, threads: int = DEFAULT_BOT_THREADS) -> None:
        self._submit = submit
        self._thinking = asyncio.Semaphore(max(1, threads))
        self._running: dict[tuple[uuid.UUID, Seat], asyncio.Task[None]] = {}
        self._version_seen: dict[tuple[uuid.UUID, Seat], int] = {}  # the version each running bot saw
        self._closed = False

    def schedule(self, live: LiveGame) -> None:
        """Start a bot for each seat of `live` that a bot plays and that owes a decision now."""
        seating = live.table.seating
        if seating is None or self._closed or live.table.ended is not None:
            return
        version = live.ledger.version
        for seat in sorted({prompt.seat for prompt in live.table.pending()}):
            played = seating.bot_of(seat)
            key = (live.id, seat)
            if played is None or key in self._running:
                continue
            task = asyncio.get_running_loop().create_task(
                self._play(live, seat, played, version), name=f"bot-{live.id}-{seat}"
            )
            self._running[key] = task
            task.add_done_callback(lambda _, key=key, live=live: self._done(key, live))

    def _done(self, key: tuple[uuid.UUID, Seat], live: LiveGame) -> None:
        self._running.pop(key, None)
        if live.ledger.version != self._version_seen.pop(key, live.ledger.version):
            self.schedule(live)  # the game moved on while this bot thought: look again

    async def _play(self, live: LiveGame, seat: Seat, played: tuple[str, int], version: int) -> None:
        key = (live.id, seat)
        self._version_seen[key] = version
        kind, level = played
        bound = log.bind(game_id=str(live.id), seat=seat, bot=kind, level=level, version=version)
        table, events = live.table, tuple(live.ledger.events)  # one version's truth, immutable
        # Its own randomness, from the game's secret seed: reproducible, unpredictable to players.
        seed_text = hashlib.sha256(live.desk.seed + f"bot/{seat}/{version}".encode()).hexdigest()

        def think() -> Any:
            bot: Bot = make_bot(table.game, kind, seed_text, level)
            return bot.choose(sight_of(table, events, seat))  # the seat's sight, never the state

        try:
            async with self._thinking:
                if live.ledger.version != version:
                    return  # the game moved on while this bot waited its turn to think
                command = await asyncio.to_thread(think)
        except Exception as error:  # a bot's failure is the bot's: the seat's timer applies
            bound.error("bot_failed", error=repr(error))
            return
        if command is None:
            bound.warning("bot_passed")
            return
        if live.ledger.version != version:
            return  # moved on: `_done` looks again
        command_id = f"bot-{version}-{seat}"
        try:
            await self._submit(live, seat, command_id, command)
        except Exception as error:  # refused (a race with another writer, say): logged, left to the timer
            bound.warning("bot_command_refused", command_id=command_id, error=repr(error))
            return
        bound.info("bot_played", command_id=command_id)

    def close(self) -> None:
        """Stop starting bots and cancel those waiting (a thread already thinking finishes, unheard)."""
        self._closed = True
        for task in list(self._running.values()):
            task.cancel()
