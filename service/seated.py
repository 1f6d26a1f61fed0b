"""A match on a Kennel server whose bot seats the server itself plays (issue 19).

`RemoteMatch` (kennel.service.matches) holds a credential for every seat and lets this process's
bots choose; a `SeatedMatch` asks the server to seat its own bots (CreateGame bot seats,
docs/bots.md) and holds only the people's credentials: where a bot owes a move, this side waits
for the server's bot to make it. `kennel play --server` and `kennel simulate --server` use it, so
a search bot of any strength plays through the server, logged and verified like a player.
"""

from __future__ import annotations

import contextlib
from collections.abc import Generator, Mapping, Sequence
from typing import TYPE_CHECKING, cast

from kennel.domain.core.codec import Json
from kennel.replay.logformat import parse_log
from kennel.service.matches import NotOver, RemoteMatch, SimulationError, game_options

if TYPE_CHECKING:
    from kennel.client import Kennel, Session
    from kennel.v1 import kennel_pb2 as pb

BOT_WAIT_SECONDS = 120.0  # how long to wait for the server's bots to move before giving up


class SeatedMatch(RemoteMatch):
    """People at seats 0 to `people - 1` (through their credentials), the server's bots after."""

    def __init__(self, names: Sequence[str], sessions: Sequence[Session], spectator: Session) -> None:
        super().__init__(names, sessions, bot_texts=())
        self._spectator = spectator

    @classmethod
    def seat(
        cls,
        kennel: Kennel,
        game: str,
        names: Sequence[str],
        people: int,
        kind: str,
        level: int,
        options: Mapping[str, Json] | None = None,
    ) -> SeatedMatch:
        from kennel.client import Bot

        seats = [*names[:people], *(Bot(kind, level, name=name) for name in names[people:])]
        created = kennel.create_game(game, seats, game_options(game, options) if options else None)
        spectator = kennel.session(created.game_id, created.spectator_credential)
        sessions = [kennel.session(created.game_id, created.credentials[seat]) for seat in range(people)]
        return cls(names, sessions or [spectator], spectator)

    def bot_act(self, seat: int, command_id: str) -> None:
        """The server's bot plays `seat` (and perhaps others): wait until the game moves on."""
        version = self.version
        stream = cast(
            "Generator[pb.WatchResponse, None, None]",
            self._spectator.watch(version, max_reconnects=0, timeout=BOT_WAIT_SECONDS),
        )
        from kennel.client import KennelError

        try:
            with contextlib.closing(stream) as updates:
                for update in updates:
                    if update.events:
                        break
        except KennelError as error:
            raise SimulationError(f"the server's bots did not move from version {version}: {error}") from None
        self._latest = self._sessions[0].view()
        self._views = {0: self._latest}

    def commands(self) -> int:
        """Commands the seats sent (bots and people alike), from the finished game's log."""
        return len(
            {
                (r.cause.seat, r.cause.command_id)
                for r in parse_log(self.log()).records
                if r.cause.seat is not None
            }
        )

    def play_out(self, max_steps: int) -> int:
        """Wait for the server's bots to finish the game (no people at the table)."""
        for _ in range(max_steps):
            if self.result() is not None:
                return self.commands()
            self.bot_act(-1, "")
        if self.result() is not None:
            return self.commands()
        raise NotOver(f"the game is not over after {max_steps} waits for the server's bots")
