"""Creating, forking and joining games, and the list of games with open seats.

Mixed into the hub (kennel.service.games.GameHub): a new game's opening records and its desk
(seed, credential hashes) are stored in one append; a join is decided and appended like a
command.

Two rules keep a table from being rigged (docs/reliability.md, "Threat model"):
- a fork replays a deal its caller already knows (the parent's seed is public once it ended),
  so every seat of a fork goes to its caller (open seats are filled with the parent's names)
  and a fork is never listed;
- a game with open seats is dealt only when its last seat fills (kennel.domain.core.table), and
  one not filled within the lobby timeout is closed by `kennel.CloseLobby` and leaves the list.
"""

from __future__ import annotations

import asyncio
import secrets
import time
import uuid
from collections.abc import Mapping, Sequence
from typing import Any

import structlog
from kennel.domain.core.codec import Json
from kennel.domain.core.rules import Game, RuleViolation, Seat
from kennel.domain.registry import game_named
from kennel.replay import fork as forking
from kennel.replay.ledger import Appending, Ledger
from kennel.service.botseats import bot_name, bot_spec
from kennel.service.errors import IllegalMove, InvalidArgument
from kennel.service.hubstate import HubState
from kennel.service.live import SEAT, SPECTATOR, LiveGame, digest, new_credential
from kennel.service.storage import Append, Desk, GameSummary

log = structlog.get_logger(__name__)

MAX_NAME = 64
DEFAULT_LIST_PAGE_SIZE = 100  # open games a ListOpenGames page holds at most (Config.list_page_size)
DEFAULT_LOBBY_TIMEOUT = 3600.0  # seconds a game may wait for its open seats (Config.lobby_timeout)


class Lobby(HubState):
    """The hub's lobby half: games created, forked, listed and joined."""

    # The hub's state beyond HubState's (kennel.service.games.GameHub.__init__ sets it).
    max_bot_level: int  # the strongest bot a creator may seat (kennel.service.botseats)
    lobby_timeout: float
    list_page_size: int
    _lobby_closers: dict[uuid.UUID, asyncio.TimerHandle]


    async def create(
        self,
        game_type: str,
        options: Mapping[str, Json] | None,
        seats: Sequence[str | None],
        prompt_limit_ms: int = 0,
        bots: Mapping[Seat, tuple[str, int]] | None = None,
        takeover: tuple[str, int, int] | None = None,
    ) -> tuple[LiveGame, list[tuple[Seat, str, str]], str]:
        """A new game; returns it, (seat, name, credential) per named seat a person plays, and a
        spectator credential. `bots` names the seats the server's bots play ((kind, level) by
        seat; kennel.service.botseats), `takeover` the bot (kind, level) that may take over a
        seat and after how many timeouts."""
        try:
            game = game_named(game_type)
        except RuleViolation as violation:
            raise InvalidArgument(violation.code, violation.message) from None
        names = [_clean_name(name) if name is not None else None for name in seats]
        seating = self._seating(game, bots or {}, takeover)
        for seat, kind, level in _bots_of(seating):
            if 0 <= seat < len(names) and names[seat] is None:
                names[seat] = bot_name(seat, kind, level)
        game_id = uuid.uuid4()
        seed = secrets.token_bytes(32)
        try:
            ledger = Ledger.create(
                game, str(game_id), options, names, seed, prompt_limit_ms=prompt_limit_ms, seating=seating
            )
        except RuleViolation as violation:
            raise InvalidArgument(violation.code, violation.message) from None
        return await self._open(game_id, ledger, seed)

    def _seating(
        self, game: Game[Any], bots: Mapping[Seat, tuple[str, int]], takeover: tuple[str, int, int] | None
    ) -> dict[str, Json] | None:
        """The `SeatingSet` a creation asks for, as JSON (kennel.domain.core.seating), every bot
        checked against what this server runs; None when it asks for none."""
        if not bots and takeover is None:
            return None
        listed: list[Json] = []
        for seat, (kind, level) in sorted(bots.items()):
            kind, level = bot_spec(game, kind, level, self.max_bot_level)
            listed.append({"seat": seat, "kind": kind, "level": level})
        seating: dict[str, Json] = {"bots": listed}
        if takeover is not None:
            kind, level = bot_spec(game, takeover[0], takeover[1], self.max_bot_level)
            seating.update(takeover_kind=kind, takeover_level=level, takeover_after=takeover[2])
        return seating

    async def fork(self, parent: LiveGame, at_version: int) -> tuple[LiveGame, list[tuple[Seat, str, str]], str]:
        """A new game holding the first `at_version` events of a finished one (kennel.replay.fork)."""
        if parent.table.ended is None:
            raise IllegalMove("kennel/game_running", "Only a finished game can be forked: until then its seed is secret.")
        game_id = uuid.uuid4()
        seed = parent.desk.seed
        try:
            ledger = forking.fork(parent.game, parent.ledger.log(), seed, at_version, str(game_id))
        except forking.ForkError as error:
            raise InvalidArgument("kennel/bad_version", str(error)) from None
        # Its deal is known to whoever read the parent's log: no stranger may sit down to it.
        for seat in ledger.table.open_seats:
            name = parent.table.seats[seat] or f"seat {seat}"
            ledger.commit(ledger.fill_seat(seat, name, f"fork-fill-{seat}", seed))
        return await self._open(game_id, ledger, seed)

    async def _open(
        self, game_id: uuid.UUID, ledger: Ledger, seed: bytes
    ) -> tuple[LiveGame, list[tuple[Seat, str, str]], str]:
        """Store a new game's opening records with its desk: seed and credential hashes."""
        names = ledger.table.seats
        seating = ledger.table.seating
        robots = seating.bot_seats if seating is not None else ()  # played by the server: no credential
        credentials = [
            (seat, name, new_credential())
            for seat, name in enumerate(names)
            if name is not None and seat not in robots
        ]
        spectator = new_credential()
        limit = ledger.table.prompt_limit_ms
        lobby = not ledger.table.started
        entries: list[dict[str, Any]] = [
            {"kind": "created", "game_id": str(game_id), "header": ledger.header.to_json(), "seed": seed.hex(),
             **({"prompt_limit_ms": limit} if limit else {}), **({"opened_ms": _now_ms()} if lobby else {})},
            *({"kind": "seat_filled", "game_id": str(game_id), "seat": seat, "name": name}
              for seat, name in enumerate(names) if name is not None and ledger.header.seats[seat] is None),
            *({"kind": "credential", "game_id": str(game_id), "role": SEAT, "seat": seat, "digest": digest(c)}
              for seat, _, c in credentials),
            {"kind": "credential", "game_id": str(game_id), "role": SPECTATOR, "seat": None, "digest": digest(spectator)},
            *self.timers.opening_entries(game_id, ledger.table),
        ]
        await self.appender.append(Append(game_id, ledger.records, 0, entries))
        desk = Desk(header=ledger.header, seed=seed)
        for entry in entries:
            desk.fold(entry)
        live = LiveGame(id=game_id, ledger=ledger, desk=desk)
        self._live[game_id] = live
        self._track(game_id)
        self._summaries[str(game_id)] = live.summary()
        self._schedule(live)
        if lobby:
            self.schedule_lobby_close(str(game_id), desk.opened_ms)
        log.info("game_created", game_id=str(game_id), game=ledger.game.name, seats=len(names),
                 parent=ledger.header.parent.game_id if ledger.header.parent else None)
        return live, credentials, spectator

    def count_open(self) -> int:
        """Games kept live in memory that are not over yet."""
        return sum(1 for live in list(self._live.values()) if live.table.ended is None)

    def open_games(self, game_type: str = "") -> list[GameSummary]:
        return [s for s in self._summaries.values() if _listed(s, game_type)]

    def open_page(self, game_type: str, size: int, after: str) -> tuple[list[GameSummary], str]:
        """At most `size` open games (in creation order) after the game `after`, and the token of
        the next page ("" when this is the last): one answer never outgrows a client's limit."""
        size = min(size, self.list_page_size) if size > 0 else self.list_page_size
        if after and after not in self._summaries:
            raise InvalidArgument("kennel/bad_page_token", "This page token names no game; list from the start.")
        page: list[GameSummary] = []
        started = not after  # the index keeps every game in creation order, listed or not
        for summary in list(self._summaries.values()):
            if not started:
                started = summary.game_id == after
                continue
            if not _listed(summary, game_type):
                continue
            if len(page) == size:
                return page, page[-1].game_id
            page.append(summary)
        return page, ""

    def schedule_lobby_close(self, game_id: str, opened_ms: int) -> None:
        """Close the game `lobby_timeout` seconds after it opened unless its seats fill first
        (a game indexed without a time, from before this rule, counts as opened now)."""
        opened = opened_ms / 1000 if opened_ms else time.time()
        delay = max(0.0, opened + self.lobby_timeout - time.time())
        gid = uuid.UUID(game_id)
        previous = self._lobby_closers.pop(gid, None)
        if previous is not None:
            previous.cancel()

        def fire() -> None:
            self._lobby_closers.pop(gid, None)
            task = asyncio.get_running_loop().create_task(self.close_lobby(game_id), name=f"lobby-close-{game_id}")
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

        self._lobby_closers[gid] = asyncio.get_running_loop().call_later(delay, fire)

    async def close_lobby(self, game_id: str) -> None:
        """End a game whose open seats were not all filled in time (kennel.CloseLobby)."""
        try:
            live = await self.get(game_id)

            def prepare() -> tuple[Appending, list[dict[str, Any]]]:
                appending = live.ledger.close_lobby("close-lobby", live.desk.seed)
                return appending, self._closing_entries(live, appending)

            await self._append(live, prepare)
        except RuleViolation:
            return  # filled (or ended) meanwhile, perhaps on another replica
        except Exception:
            log.exception("lobby_close_failed", game_id=game_id)
            return
        self._summaries[game_id] = live.summary()
        log.info("lobby_closed", game_id=game_id)

    async def join(self, game_id: str, name: str, seat: Seat | None) -> tuple[Seat, str]:
        live = await self.get(game_id)
        game_id = str(live.id)  # the one spelling the index and the desk use
        clean = _clean_name(name)
        credential = new_credential()

        def prepare() -> tuple[Appending, list[dict[str, Any]]]:
            appending = live.ledger.fill_seat(seat, clean, f"join-{uuid.uuid4()}", live.desk.seed)
            filled = appending.events[0]
            return appending, [
                {"kind": "seat_filled", "game_id": game_id, "seat": filled.seat, "name": filled.name},
                {"kind": "credential", "game_id": game_id, "role": SEAT, "seat": filled.seat,
                 "digest": digest(credential)},
            ]

        appending, _ = await self._append(live, prepare)
        filled = appending.events[0]
        self._summaries[game_id] = live.summary()
        if live.table.started:
            closer = self._lobby_closers.pop(live.id, None)
            if closer is not None:
                closer.cancel()
        log.info("seat_filled", game_id=game_id, seat=filled.seat)
        return filled.seat, credential


def _clean_name(name: str) -> str:
    clean = " ".join(name.split())
    if not clean or len(clean) > MAX_NAME:
        raise InvalidArgument("kennel/bad_name", f"A player's name is 1 to {MAX_NAME} characters.")
    return clean


def _bots_of(seating: dict[str, Json] | None) -> list[tuple[Seat, str, int]]:
    """(seat, kind, level) of each bot seat a creation's seating names."""
    listed = seating.get("bots", []) if seating is not None else []
    return [(bot["seat"], bot["kind"], bot["level"]) for bot in listed if isinstance(bot, dict)]  # type: ignore[misc]


def _now_ms() -> int:
    return time.time_ns() // 1_000_000


def _listed(summary: GameSummary, game_type: str) -> bool:
    """Whether the lobby lists a game: waiting for players, not over, and not a fork."""
    return (
        not summary.ended and not summary.fork and None in summary.seats
        and (not game_type or summary.game == game_type)
    )
