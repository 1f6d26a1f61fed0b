"""The hub of live games: the in-memory projection of the store that the servicer reads and
writes through.

Every accepted command is decided, stored, then folded into the game's ledger, so views are read
from state kept up to date as events are appended, never rebuilt per request. A restarted server
rebuilds each game from its records on first use. The hub is composed of its halves, each in its
own module: `Lobby` (creating, forking, joining, the open-games list: kennel.service.lobby),
`Deciding` (commands, expiries and refusals: kennel.service.deciding) and `Replication` (other
replicas' appends on a shared store: kennel.service.replication); a game in memory is a
`LiveGame` (kennel.service.live). Their shared state is declared on `HubState`
(kennel.service.hubstate) and set here; what stays here: loading and following.
"""

from __future__ import annotations

import asyncio
import functools
import uuid
from collections import OrderedDict
from collections.abc import AsyncIterator

import structlog
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from kennel.domain.registry import GAMES
from kennel.replay.ledger import Ledger
from kennel.service.appender import Appender
from kennel.service.botseats import DEFAULT_BOT_THREADS, DEFAULT_MAX_BOT_LEVEL, BotSeats
from kennel.service.deciding import DEFAULT_REFUSALS_KEPT, Deciding
from kennel.service.errors import InvalidArgument, NotFound, game_not_found
from kennel.service.live import Follower, LiveGame
from kennel.service.lobby import DEFAULT_LIST_PAGE_SIZE, DEFAULT_LOBBY_TIMEOUT, Lobby
from kennel.service.replication import Replication
from kennel.service.storage import (
    Change,
    GameNotFound,
    GameStore,
    GameSummary,
)
from kennel.service.timers import PromptTimers

log = structlog.get_logger(__name__)

DEFAULT_FINISHED_IN_MEMORY = 1000  # finished games kept loaded (Config.finished_in_memory)


@functools.lru_cache(maxsize=4096)  # every call names its game: parse each id once, not per call
def parsed_game_id(game_id: str) -> uuid.UUID:
    """The game id as a UUID; NOT_FOUND when it is none, INVALID_ARGUMENT when spelt otherwise
    (refusals are not cached: an exception leaves the cache as it was)."""
    try:
        gid = uuid.UUID(game_id)
    except ValueError:
        raise game_not_found(game_id) from None
    if str(gid) != game_id:
        # One spelling per game (lower-case hex with hyphens): another would make a second
        # entry in the index, or leave a filled game listed as open.
        raise InvalidArgument(
            "kennel/bad_game_id", f"Game ids are written in lower case with hyphens, as {str(gid)!r}."
        )
    return gid


class GameHub(Lobby, Deciding, Replication):
    """Creates, loads, changes and follows games on top of a `GameStore`."""

    def __init__(
        self,
        store: GameStore,
        signing_key: Ed25519PrivateKey,
        appender: Appender | None = None,
        lobby_timeout: float = DEFAULT_LOBBY_TIMEOUT,
        list_page_size: int = DEFAULT_LIST_PAGE_SIZE,
        refusals_kept: int = DEFAULT_REFUSALS_KEPT,
        bot_threads: int = DEFAULT_BOT_THREADS,
        max_bot_level: int = DEFAULT_MAX_BOT_LEVEL,
        finished_in_memory: int = DEFAULT_FINISHED_IN_MEMORY,
    ) -> None:
        self.store = store
        self.signing_key = signing_key
        self.appender = appender or Appender(store)  # group commit of concurrent appends
        self._live: dict[uuid.UUID, LiveGame] = {}
        # Finished games in `_live`, least recently used first: past `finished_in_memory` the
        # oldest is dropped from memory (it reloads from the store when next asked for). A
        # running game stays: its clocks, bots and lobby need it, and lobby expiry bounds them.
        self._finished: OrderedDict[uuid.UUID, None] = OrderedDict()
        self.finished_in_memory = finished_in_memory
        self._loading: dict[uuid.UUID, asyncio.Future[LiveGame]] = {}
        self._summaries: dict[str, GameSummary] = {}
        # Cross-replica updates (a shared store): which game a stored stream belongs to, games
        # that changed while loading, and games being caught up (True: once more after that).
        self._streams: dict[uuid.UUID, uuid.UUID] = {}
        self._changed_while_loading: set[uuid.UUID] = set()
        self._catching_up: dict[uuid.UUID, bool] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self.timers = PromptTimers(self.expire)
        self.bots = BotSeats(self.submit_as_bot, bot_threads)
        self.max_bot_level = max_bot_level
        self.lobby_timeout = lobby_timeout  # seconds a game waits for its open seats (kennel.service.lobby)
        self.list_page_size = list_page_size
        self.refusals_kept = refusals_kept
        self._omitted: dict[tuple[uuid.UUID, int, int], tuple[int, str]] = {}
        self._lobby_closers: dict[uuid.UUID, asyncio.TimerHandle] = {}

    async def start(self) -> None:
        """Read the index of games (not their records: those load on first use, except running
        games with turn timers, whose clocks must run again)."""
        loop = asyncio.get_running_loop()

        def heard(changes: list[Change]) -> None:  # on the listener's thread
            loop.call_soon_threadsafe(self._heard, changes)

        # Listen first, then read the index: whatever is appended in between is heard.
        await asyncio.to_thread(self.store.listen, heard)
        summaries = await asyncio.to_thread(lambda: list(self.store.summaries()))
        for summary in summaries:
            self._summaries.setdefault(summary.game_id, summary)
        # Running games with turn timers load now: their clocks must run again.
        timed = [s.game_id for s in summaries if s.timed and not s.ended]
        for game_id in timed:
            self.timers.schedule(await self.get(game_id))
        # Games still waiting for players close when their lobby time is up, restart or not.
        for summary in summaries:
            if not summary.ended and not summary.fork and None in summary.seats:
                self.schedule_lobby_close(summary.game_id, summary.opened_ms)
        log.info("games_indexed", games=len(self._summaries), timed=len(timed))

    def close(self) -> None:
        self.timers.close()
        self.bots.close()
        for closer in self._lobby_closers.values():
            closer.cancel()
        self._lobby_closers.clear()

    # Loading -----------------------------------------------------------------------------

    def loaded(self, game_id: str) -> LiveGame | None:
        """The game if it is in memory now, else None (then `get` loads it): what `get` returns
        without a coroutine, for the calls that name a loaded game, nearly all of them. Raises
        as `get` does on an id that is not one."""
        live = self._live.get(parsed_game_id(game_id))
        if live is not None:
            self.keep_if_finished(live)  # the most recently used, if over (and counted, if it was not)
        return live

    async def get(self, game_id: str) -> LiveGame:
        live = self.loaded(game_id)
        if live is not None:
            return live
        gid = parsed_game_id(game_id)
        pending = self._loading.get(gid)
        if pending is None:
            pending = asyncio.get_running_loop().create_future()
            self._loading[gid] = pending
            self._track(gid)
            try:
                live = await asyncio.to_thread(self._read, gid)
            except BaseException as error:
                self._untrack(gid)  # no such game, say: hold nothing for it
                pending.set_exception(error)
                pending.exception()  # retrieved here, so a lone loader leaves no warning behind
                raise
            finally:
                del self._loading[gid]
            self._live[gid] = live
            self.keep_if_finished(live)
            self.bots.schedule(live)  # a game with bots owing a move (after a restart, say) plays on
            if gid in self._changed_while_loading:  # another replica appended as it was read
                self._changed_while_loading.discard(gid)
                self._catch_up_soon(live)
            pending.set_result(live)
            return live
        return await pending

    def keep_if_finished(self, live: LiveGame) -> None:
        """Count `live` among the finished games kept in memory if it is over, and let go of the
        least recently used beyond `finished_in_memory`. One being changed (its lock held: the
        append that ended it, say) or caught up from another replica is kept this time."""
        if live.table.ended is None:
            return
        self._finished[live.id] = None
        self._finished.move_to_end(live.id)
        while len(self._finished) > self.finished_in_memory:
            gid, _ = self._finished.popitem(last=False)
            oldest = self._live.get(gid)
            if oldest is None or oldest.locked() or gid in self._catching_up:
                continue  # counted again when next used
            del self._live[gid]
            self._untrack(gid)

    def games_in_memory(self) -> int:
        """Games loaded now, running and finished."""
        return len(self._live)

    def _read(self, gid: uuid.UUID) -> LiveGame:
        try:
            desk = self.store.read_desk(gid)
        except GameNotFound:
            raise game_not_found(str(gid)) from None
        game = GAMES.get(desk.header.game)
        if game is None:
            raise NotFound("kennel/game_type_gone", f"This server no longer hosts {desk.header.game!r}.")
        ledger = Ledger.from_records(game, desk.header, self.store.read_records(gid))
        return LiveGame(id=gid, ledger=ledger, desk=desk, attempts=self.store.read_attempts(gid))

    # Following ---------------------------------------------------------------------------

    async def follow(
        self, live: LiveGame, after_version: int, own: tuple[int, str] | None = None
    ) -> AsyncIterator[tuple[int, int]]:
        """Yield (first, last) version ranges as events appear after `after_version`. `own`:
        the (seat, client tag) of the commands whose updates the caller leaves out; a range
        that is only one of those may be passed over without waking the caller (LiveGame.notify)."""
        follower = Follower(max(0, after_version), own)
        while True:
            if live.ledger.version > follower.cursor:
                first, follower.cursor = follower.cursor + 1, live.ledger.version
                yield first, follower.cursor
                if live.table.ended is not None and follower.cursor == live.ledger.version:
                    return
            elif live.table.ended is not None:
                return
            else:
                await live.wait_beyond(follower)
