"""A game held in memory, and who may call on it.

A loaded game is its `Ledger` (table + records) and its desk (seed, credential hashes); the hub
(kennel.service.games) keeps one `LiveGame` per game it has loaded. Credentials are known only by
their SHA-256 digests; a `Principal` is what a credential makes its holder: a seat, a spectator
or an auditor."""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import hashlib
import secrets
import uuid
from dataclasses import dataclass, field
from typing import Any

import structlog
from kennel.domain.core import table as tables
from kennel.domain.core.rules import Game, Seat, Viewer
from kennel.replay.ledger import Ledger
from kennel.replay.logformat import Attempt, Log
from kennel.service.storage import (
    ATTEMPT_TOPIC,
    DESK_TOPIC,
    RECORD_TOPIC,
    Change,
    Desk,
    GameSummary,
)

log = structlog.get_logger(__name__)

def digest(credential: str) -> str:
    """Credentials are stored and compared only as SHA-256 hashes."""
    return hashlib.sha256(credential.encode("utf-8")).hexdigest()


def new_credential() -> str:
    return secrets.token_urlsafe(32)


_TOPICS = (RECORD_TOPIC, DESK_TOPIC, ATTEMPT_TOPIC)  # what a live game hears of from the store

SEAT = "seat"  # acts and sees as one seat of one game
SPECTATOR = "spectator"  # sees what is public in one game
AUDITOR = "auditor"  # configured on the server: reads every game, every seat's view; never acts


@dataclass(frozen=True)
class Principal:
    """Who is calling: a seat of the game, a spectator or an auditor (seat None for both)."""

    game_id: str
    role: str  # SEAT | SPECTATOR | AUDITOR
    seat: Seat | None

    @property
    def viewer(self) -> Viewer:
        """Whose view the caller gets unless it asks for another: its seat's, or the public one."""
        return self.seat if self.role == SEAT else None


# A frozen dataclass costs about 6,000 instructions to make (a call through object.__setattr__
# per field), as much as the rest of a credential's check: every call of a seat or spectator
# gets the same immutable Principal from here (issue 20). Holds game ids and seats, no credential.
_principal = functools.lru_cache(maxsize=4096)(Principal)


# Not frozen: one is made per command, and a frozen dataclass's __init__ (a call through
# object.__setattr__ per field) cost 1.6 us against 0.6 us for this one; nobody changes it.
@dataclass(slots=True)
class Accepted:
    first_version: int
    last_version: int
    replayed: bool


@dataclass(slots=True, eq=False)  # one per stream, found by identity
class Follower:
    """A Watch stream's place in a game: the last version it has had (`cursor`), and the mark
    of its own commands, (seat, client tag), whose updates it leaves out (None: it leaves out
    nothing; kennel.service.servicer.Watch)."""

    cursor: int
    own: tuple[int, str] | None = None


@dataclass(slots=True)
class LiveGame:
    """One game in memory. Kept small: a server holds thousands of idle ones, so what only a
    busy or replicated game needs (the lock, the watchers' wake-up, what the store's listener
    heard) is made on first use."""

    id: uuid.UUID
    ledger: Ledger
    desk: Desk
    attempts: list[Attempt] = field(default_factory=list)
    _lock: asyncio.Lock | None = None
    # The streams waiting for what comes next, each with what wakes it, in the order they began
    # to wait (woken in that order, as an asyncio.Event wakes its waiters); None while none waits.
    _waiting: dict[Follower, asyncio.Future[None]] | None = None
    # The newest version heard from the store's listener, by topic (GameHub._heard); None while
    # nothing was heard (a store no other process writes to reports nothing).
    _heard: dict[str, int] | None = None
    # The newest tagged command's (first version, last version, seat, client tag): a Watch
    # stream of that seat opened with that tag leaves out the update of exactly those versions,
    # which the command's answer carried (kennel.service.servicer.Watch). One per game: a stream
    # waiting when it is set is not even woken (`notify`); one that lags gets a larger batch, sent.
    tagged: tuple[int, int, int, str] | None = None

    @property
    def lock(self) -> asyncio.Lock:
        """Serialises the game's decisions (made on first use, on the event loop)."""
        if self._lock is None:
            self._lock = asyncio.Lock()
        return self._lock

    def locked(self) -> bool:
        """Whether a decision holds the game's lock now."""
        return self._lock is not None and self._lock.locked()

    @property
    def game(self) -> Game[Any]:
        return self.ledger.game

    @property
    def table(self) -> tables.Table[Any]:
        return self.ledger.table

    def log(self) -> Log:
        """The whole log as exported: records, refused attempts, and the checkpoint once signed."""
        return dataclasses.replace(
            self.ledger.log(), attempts=tuple(self.attempts), checkpoint=self.desk.checkpoint
        )

    def principal(self, credential_digest: str, game_id: str | None = None) -> Principal | None:
        """The seat or spectator whose credential has this SHA-256 digest, if any. `game_id`:
        this game's id as text, when the caller has it (formatting the UUID costs more than the
        rest of this; the interceptor has the request's, checked as canonical by the hub)."""
        found = self.desk.credentials.get(credential_digest)
        if found is None:
            return None
        role, seat = found
        return _principal(game_id or str(self.id), role, seat)

    def notify(self) -> None:
        """Wake the streams waiting for versions the game now has; each then reads what is new
        after its own cursor. All but one kind: a stream whose only news is the update of its
        own command (the versions `tagged` names, right after its cursor), which the command's
        answer carried, and which the stream would leave out on waking. Its cursor moves past
        those versions and it waits on, not woken for nothing (unless the command ended the
        game: then it wakes, to end)."""
        waiting = self._waiting
        if not waiting:
            return
        version, tagged = self.ledger.version, self.tagged
        # Whose the newest tagged command is, and its first version, while its versions are the
        # game's newest and it did not end the game.
        own, first = None, 0
        if tagged is not None and tagged[1] == version and self.table.ended is None:
            own, first = tagged[2:], tagged[0]
        for follower in list(waiting):
            if follower.cursor >= version:
                continue
            if own is not None and follower.own == own and follower.cursor + 1 == first:
                follower.cursor = version
                continue
            woken = waiting.pop(follower)
            if not woken.done():
                woken.set_result(None)

    async def wait_beyond(self, follower: Follower) -> None:
        """Return once the game has versions after the follower's cursor (which `notify` may
        move on). A wait that is cancelled (its stream closed) leaves nothing behind."""
        while self.ledger.version <= follower.cursor:
            if self._waiting is None:
                self._waiting = {}
            woken = self._waiting[follower] = asyncio.get_running_loop().create_future()
            try:
                await woken
            finally:
                if self._waiting is not None:
                    self._waiting.pop(follower, None)
                    if not self._waiting:
                        self._waiting = None  # an idle game holds no empty table

    def hear(self, change: Change) -> bool:
        """Note an entry the store's listener reported; True if this copy has not folded it yet."""
        if change.topic not in _TOPICS:
            return False
        if self._heard is None:
            self._heard = dict.fromkeys(_TOPICS, 0)
        self._heard[change.topic] = max(self._heard[change.topic], change.version)
        return self.behind()

    def behind(self) -> bool:
        """Whether the store holds something of this game, as heard, that this copy has not
        folded. A replica hears its own appends too, often before their commit is folded
        here: checked again under the game's lock, those are no longer behind."""
        if self._heard is None:
            return False
        return (
            self._heard[RECORD_TOPIC] > self.ledger.version
            or self._heard[DESK_TOPIC] > self.desk.version
            or self._heard[ATTEMPT_TOPIC] > len(self.attempts)
        )

    def summary(self) -> GameSummary:
        return GameSummary(
            str(self.id), self.game.name, tuple(self.desk.seats), self.desk.ended,
            timed=bool(self.table.prompt_limit_ms),
            fork=self.ledger.header.parent is not None, opened_ms=self.desk.opened_ms,
        )
