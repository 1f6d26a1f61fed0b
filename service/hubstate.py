"""The hub's state, declared once for the halves that share it.

`GameHub` (kennel.service.games) is composed of halves in their own modules: `Lobby`, `Deciding`
and `Replication`. Each reads the same attributes, which `GameHub.__init__` sets; they are
declared here, on a base class every half derives from, so a type checker sees them and a new
attribute is added in one place."""

from __future__ import annotations

import asyncio
import uuid

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from kennel.service.appender import Appender
from kennel.service.botseats import BotSeats
from kennel.service.live import LiveGame
from kennel.service.storage import GameStore, GameSummary
from kennel.service.timers import PromptTimers


class HubState:
    """What every half of the hub reads and writes (set by kennel.service.games.GameHub.__init__)."""

    store: GameStore
    signing_key: Ed25519PrivateKey
    appender: Appender  # group commit of concurrent appends
    timers: PromptTimers
    _live: dict[uuid.UUID, LiveGame]  # games held in memory
    _loading: dict[uuid.UUID, asyncio.Future[LiveGame]]  # games being read from the store
    _summaries: dict[str, GameSummary]  # the index of games, by id
    # Cross-replica updates (a shared store): which game a stored stream belongs to, games that
    # changed while loading, and games being caught up (True: once more after that).
    _streams: dict[uuid.UUID, uuid.UUID]
    _changed_while_loading: set[uuid.UUID]
    _catching_up: dict[uuid.UUID, bool]
    _tasks: set[asyncio.Task[None]]  # background tasks kept referenced until done
    bots: BotSeats  # the server's bots at the tables (kennel.service.botseats)

    def keep_if_finished(self, live: LiveGame) -> None:  # kennel.service.games
        raise NotImplementedError

    def _schedule(self, live: LiveGame) -> None:
        """After `live` changed: run its prompts' clocks, and its bots where a bot owes a move;
        once it is over (by a command, a clock, a closed lobby or another replica), count it
        among the finished games kept in memory."""
        self.timers.schedule(live)
        self.bots.schedule(live)
        self.keep_if_finished(live)
