"""Turn timers: the server's clock runs prompts out; the rules say what follows.

In a game created with a time limit (kennel.domain.core.timeouts) every seat that owes a decision has
a clock: when its prompt opened, in Unix milliseconds. A seat's clock starts again after a
decision when that seat made it or when its prompts are not what they were before; it keeps
running while other seats decide around it, so a seat that walks away from a simultaneous
choice is not given a new minute each time another seat answers. Its deadline is that time
plus the limit. When a deadline passes, the hub appends `kennel.ExpirePrompt` for the seat
through the same decide -> append path as a command (`GameHub.expire`).

The clocks are the game's desk entries (`{"kind": "clocks", ...}`), written in the same
transaction as the records that moved them, so a restarted server finds every deadline where
it was; the index marks timed games, so only those that are still running are loaded at start.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import structlog
from kennel.domain.core.rules import Prompt, Seat
from kennel.domain.core.timeouts import PromptExpired
from kennel.domain.core.undo import UndoAnswered, UndoProposed
from kennel.replay.logformat import EXPIRE_PROMPT, Cause

if TYPE_CHECKING:
    from kennel.replay.ledger import Appending
    from kennel.service.live import LiveGame

log = structlog.get_logger(__name__)

CLOCKS = "clocks"  # the desk entry kind
RETRY_SECONDS = 5.0  # after an expiry failed for a reason other than the game moving on


def now_ms() -> int:
    return time.time_ns() // 1_000_000


def actor(cause: Cause) -> Seat | None:
    """Who made a decision: the seat that sent the command, or the seat whose prompt expired."""
    if cause.type == EXPIRE_PROMPT:
        seat: Seat = cause.data["seat"]
        return seat
    return cause.seat


def restarted(
    clocks: Mapping[Seat, int], before: Sequence[Prompt], after: Sequence[Prompt], mover: Seat | None, now: int
) -> dict[Seat, int]:
    """The clocks after a decision: kept for a seat that owes the same prompts as before and did
    not decide, started at `now` for every other seat that owes something."""
    owed_before, owed_after = _by_seat(before), _by_seat(after)
    return {
        seat: clocks[seat] if seat != mover and seat in clocks and owed_before.get(seat) == prompts else now
        for seat, prompts in owed_after.items()
    }


def held(clocks: Mapping[Seat, int], after: Sequence[Prompt], now: int) -> dict[Seat, int]:
    """The clocks after an undo proposal or a refused one: none moves (issue 16: each refused
    proposal restarted the clock, so one seat could hold a timed game up for ever). A seat asked
    to answer runs on the oldest running clock; the others keep theirs for when play resumes."""
    oldest = min(clocks.values(), default=now)
    kept = dict(clocks)
    for seat in _by_seat(after):
        kept.setdefault(seat, oldest)
    return kept


def _holds_clocks(events: Sequence[Any]) -> bool:
    """A decision of undo proposals and answers that did not undo anything."""
    return bool(events) and all(isinstance(e, (UndoProposed, UndoAnswered, PromptExpired)) for e in events) and any(
        isinstance(e, (UndoProposed, UndoAnswered)) for e in events
    )


def deadlines(live: LiveGame) -> dict[Seat, int]:
    """When each owing seat's prompt expires (Unix ms); empty in a game without a time limit.
    Only seats that owe something now: others' clocks are held through an undo proposal."""
    return deadlines_of(live.table, live.desk.clocks)


def deadlines_of(table: Any, clocks: Mapping[Seat, int]) -> dict[Seat, int]:
    """`deadlines` of a table with these clocks (a decision's, before it is folded)."""
    limit = table.prompt_limit_ms
    if not limit or table.ended is not None:
        return {}
    owing = {prompt.seat for prompt in table.pending()}
    return {seat: opened + limit for seat, opened in clocks.items() if seat in owing}


def clocks_after(clocks: Mapping[Seat, int], entries: Sequence[Mapping[str, Any]]) -> Mapping[Seat, int]:
    """The clocks once these desk entries are folded (as `Desk.fold` does: the last clocks entry rules)."""
    for entry in entries:
        if entry["kind"] == CLOCKS:
            clocks = {seat: opened for seat, opened in entry["opened"]}
    return clocks


def _by_seat(prompts: Sequence[Prompt]) -> dict[Seat, tuple[tuple[str, str], ...]]:
    owed: dict[Seat, tuple[tuple[str, str], ...]] = {}
    for prompt in prompts:
        owed[prompt.seat] = (*owed.get(prompt.seat, ()), (prompt.kind.value, prompt.label))
    return owed


Expire = Callable[["LiveGame", Seat, int], Awaitable[None]]


class PromptTimers:
    """One sleeping task per running timed game, woken at its earliest deadline."""

    def __init__(self, expire: Expire, clock: Callable[[], int] = now_ms) -> None:
        self._expire = expire
        self._clock = clock
        self._tasks: dict[uuid.UUID, asyncio.Task[None]] = {}

    def entries(self, live: LiveGame, appending: Appending) -> list[dict[str, Any]]:
        """The desk entry recording the clocks after this decision (none for an untimed game)."""
        table = appending.table
        if not table.prompt_limit_ms or not appending.records:
            return []
        mover = actor(appending.records[0].cause)
        if _holds_clocks(appending.events):
            clocks = held(live.desk.clocks, table.pending(), self._clock())
        else:
            clocks = restarted(live.desk.clocks, live.table.pending(), table.pending(), mover, self._clock())
        if not clocks and not live.desk.clocks:
            return []
        return [{"kind": CLOCKS, "game_id": str(live.id), "version": table.version,
                 "opened": sorted([seat, opened] for seat, opened in clocks.items())}]

    def opening_entries(self, game_id: uuid.UUID, table: Any) -> list[dict[str, Any]]:
        """The clocks of a game that starts as it is created (every seat named)."""
        if not table.prompt_limit_ms:
            return []
        now = self._clock()
        opened = sorted({prompt.seat for prompt in table.pending()})
        if not opened:
            return []
        return [{"kind": CLOCKS, "game_id": str(game_id), "version": table.version,
                 "opened": [[seat, now] for seat in opened]}]

    def schedule(self, live: LiveGame, not_before: float = 0.0) -> None:
        """(Re)arm the game's timer for its earliest deadline; disarm it when none is left."""
        task = self._tasks.pop(live.id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()
        due = deadlines(live)
        if not due:
            return
        delay = max(not_before, (min(due.values()) - self._clock()) / 1000)
        self._tasks[live.id] = asyncio.get_running_loop().create_task(
            self._fire(live, live.ledger.version, delay), name=f"prompt-timer-{live.id}"
        )

    async def _fire(self, live: LiveGame, version: int, delay: float) -> None:
        await asyncio.sleep(delay)
        if self._tasks.get(live.id) is asyncio.current_task():
            del self._tasks[live.id]
        if live.ledger.version != version:
            return  # the append that moved the game on has scheduled its own deadlines
        now = self._clock()
        overdue = sorted(seat for seat, deadline in deadlines(live).items() if deadline <= now)
        if not overdue:
            self.schedule(live)  # woken early (the clock is coarser than the loop's)
            return
        try:
            # One seat at a time: its expiry's append re-arms the timer for the next one.
            await self._expire(live, overdue[0], version)
        except Exception:
            log.exception("prompt_expiry_failed", game_id=str(live.id), seat=overdue[0], version=version)
            self.schedule(live, not_before=RETRY_SECONDS)

    def close(self) -> None:
        for task in self._tasks.values():
            task.cancel()
        self._tasks.clear()
