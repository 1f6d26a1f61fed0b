"""A small hand-written Python client over the generated stubs.

    from kennel.client import Kennel
    with Kennel("127.0.0.1:50051") as kennel:
        game = kennel.create_game("hoarders", ["Ann", "Bob"])
        ann = kennel.session(game.game_id, game.credentials[0])
        view = ann.view()
        ann.act(view.legal_commands[0])          # any kennel.v1.Command
        for update in ann.watch():                # resumes by itself if the stream breaks
            ...

Errors arrive as `KennelError` with the gRPC status, the stable Kennel error code
(`hoarders/not_your_turn`) and a message for people.
"""

from __future__ import annotations

import itertools
import time
import uuid
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import Any

import grpc

from kennel.v1 import kennel_pb2 as pb
from kennel.v1 import kennel_pb2_grpc as pb_grpc

ERROR_CODE_KEY = "kennel-error-code"
RETRY_AFTER_KEY = "kennel-retry-after-ms"
# Failures after which a call may be sent again unchanged (commands carry an idempotency key).
RETRYABLE = frozenset({grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED})
RATE_LIMITED = "kennel/rate_limited"  # nothing was done; the server says when to send again
MAX_RATE_WAIT = 5.0  # seconds
RATE_RETRIES = 3  # a rate-limited call is sent again this many times, whatever the call
# A finished game's log comes whole in one GetLog answer: a long game's is larger than gRPC's
# default 4 MiB limit on what a client receives.
MAX_RECEIVE_BYTES = 256 << 20


def _trailing(error: grpc.RpcError, key: str) -> str | None:
    trailing = error.trailing_metadata() if hasattr(error, "trailing_metadata") else None
    for name, value in trailing or ():
        if name == key:
            return str(value)
    return None


def _rate_limited(error: grpc.RpcError) -> bool:
    return error.code() == grpc.StatusCode.RESOURCE_EXHAUSTED and _trailing(error, ERROR_CODE_KEY) == RATE_LIMITED


def _retry_delay(error: grpc.RpcError, attempt: int) -> float | None:
    """How long to wait before sending a failed call again, or None if it must not be resent."""
    if error.code() in RETRYABLE:
        return 0.05 * (2**attempt)
    if _rate_limited(error):
        hint = _trailing(error, RETRY_AFTER_KEY)
        return min(MAX_RATE_WAIT, int(hint) / 1000 if hint and hint.isdigit() else 0.1 * (2**attempt))
    return None


class KennelError(Exception):
    def __init__(self, status: grpc.StatusCode, code: str, message: str) -> None:
        super().__init__(f"{status.name} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message

    @classmethod
    def from_rpc(cls, error: grpc.RpcError) -> KennelError:
        return cls(error.code(), _trailing(error, ERROR_CODE_KEY) or "", error.details() or "")


@dataclass(frozen=True)
class Bot:
    """A seat the server's bot plays (docs/bots.md): kind "search" (level 1 to the server's
    maximum; 0 is the default level) or "random". Give it in `create_game`'s seats, or as the
    `takeover` bot."""

    kind: str = "search"
    level: int = 0
    name: str | None = None  # None: the server names it after the bot


@dataclass(frozen=True)
class CreatedGame:
    game_id: str
    credentials: dict[int, str]  # seat -> credential, for every named seat
    spectator_credential: str


class Kennel:
    """A connection to one Kennel server, or to several replicas taken in turn."""

    def __init__(self, address: str | Sequence[str], timeout: float = 30.0) -> None:
        addresses = [address] if isinstance(address, str) else list(address)
        if not addresses:
            raise ValueError("no server address")
        options = [("grpc.max_receive_message_length", MAX_RECEIVE_BYTES)]
        self._channels = [grpc.insecure_channel(a, options=options) for a in addresses]
        self._stubs = [pb_grpc.KennelStub(c) for c in self._channels]
        self._turn = itertools.cycle(range(len(self._stubs)))
        self.timeout = timeout

    def __enter__(self) -> Kennel:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        for channel in self._channels:
            channel.close()

    def stub(self) -> pb_grpc.KennelStub:
        return self._stubs[next(self._turn)]

    def call(self, method: str, request: Any, credential: str | None = None, retries: int = 3) -> Any:
        """One unary call; sent again up to `retries` times on UNAVAILABLE (0 for a call that is
        not idempotent: CreateGame, JoinGame, ForkGame) and, after the wait the server asks for,
        up to RATE_RETRIES times when it was refused as rate-limited, which any call may be:
        the server did nothing."""
        metadata = (("authorization", f"Bearer {credential}"),) if credential else ()
        for attempt in itertools.count():
            try:
                return getattr(self.stub(), method)(request, timeout=self.timeout, metadata=metadata)
            except grpc.RpcError as error:
                delay = _retry_delay(error, attempt)
                if delay is not None and attempt < (RATE_RETRIES if _rate_limited(error) else retries):
                    time.sleep(delay)
                    continue
                raise KennelError.from_rpc(error) from None
        raise AssertionError("unreachable")

    def create_game(
        self,
        game_type: str,
        seats: Sequence[str | Bot | None],
        options: pb.GameOptions | None = None,
        prompt_limit_ms: int = 0,
        takeover: Bot | None = None,
        takeover_after: int = 0,
    ) -> CreatedGame:
        """Create a game; a seat named None is open, for `join`, and a `Bot` seat is played by
        the server's bot (no credential comes back for it). With `prompt_limit_ms`, every
        prompt the server does not hear an answer to in time is answered by the game's rules.
        With `takeover`, that bot plays a seat whose player leaves (`Session.leave`) or runs
        out of time `takeover_after` times (0: only on leaving), until the player returns."""
        request = pb.CreateGameRequest(
            game_type=game_type,
            prompt_limit_ms=prompt_limit_ms,
            seats=[_seat_spec(seat) for seat in seats],
        )
        if options is not None:
            request.options.CopyFrom(options)
        if takeover is not None:
            request.takeover.CopyFrom(
                pb.TakeoverSpec(bot=pb.BotSpec(kind=takeover.kind, level=takeover.level), after_timeouts=takeover_after)
            )
        response = self.call("CreateGame", request, retries=0)
        return CreatedGame(
            game_id=response.game_id,
            credentials={s.seat: s.credential for s in response.seats},
            spectator_credential=response.spectator_credential,
        )

    def list_open_games(self, game_type: str = "", max_pages: int = 10) -> list[pb.OpenGame]:
        """Open games, page after page (the server pages them), at most `max_pages` pages."""
        games: list[pb.OpenGame] = []
        token = ""
        for _ in range(max_pages):
            page = self.call("ListOpenGames", pb.ListOpenGamesRequest(game_type=game_type, page_token=token))
            games.extend(page.games)
            token = page.next_page_token
            if not token:
                break
        return games

    def guide(self, game_type: str) -> pb.GetGuideResponse:
        """How to play `game_type` in a player's words, and the names of its places."""
        return self.call("GetGuide", pb.GetGuideRequest(game_type=game_type))

    def join(self, game_id: str, name: str, seat: int | None = None) -> tuple[int, str]:
        """Take an open seat: returns (seat, credential)."""
        request = pb.JoinGameRequest(game_id=game_id, name=name)
        if seat is not None:
            request.seat = seat
        response = self.call("JoinGame", request, retries=0)
        return response.seat, response.credential

    def session(self, game_id: str, credential: str) -> Session:
        return Session(self, game_id, credential)


class Session:
    """One seat (or a spectator) in one game."""

    def __init__(self, kennel: Kennel, game_id: str, credential: str) -> None:
        self.kennel = kennel
        self.game_id = game_id
        self._credential = credential
        # Sent with this session's commands, so that its watch(skip_own=True) streams can be
        # spared the updates its commands' answers carried (WatchRequest.client_tag).
        self.client_tag = uuid.uuid4().hex

    def view(self, at_version: int | None = None, as_seat: int | None = None) -> pb.View:
        """The view now, or as it was at `at_version`; another seat's only once the game is over."""
        request = pb.GetViewRequest(game_id=self.game_id)
        if at_version is not None:
            request.at_version = at_version
        if as_seat is not None:
            request.as_seat = as_seat
        return self.kennel.call("GetView", request, self._credential).view

    def fork(self, at_version: int) -> CreatedGame:
        """A new game from this finished game's first `at_version` events."""
        response = self.kennel.call(
            "ForkGame", pb.ForkGameRequest(game_id=self.game_id, at_version=at_version), self._credential, retries=0
        )
        return CreatedGame(
            game_id=response.game_id,
            credentials={s.seat: s.credential for s in response.seats},
            spectator_credential=response.spectator_credential,
        )

    def signed_log(self) -> tuple[bytes, str]:
        """The finished game's log and the hex public key that checks its signed checkpoint."""
        response = self.kennel.call("GetLog", pb.GetLogRequest(game_id=self.game_id), self._credential)
        return bytes(response.log), response.signing_public_key

    def act(self, command: pb.Command, command_id: str | None = None) -> pb.SubmitCommandResponse:
        """Send a command; retried with the same idempotency key, so it is applied at most once."""
        request = pb.SubmitCommandRequest(
            game_id=self.game_id, command_id=command_id or str(uuid.uuid4()), command=command,
            client_tag=self.client_tag,
        )
        return self.kennel.call("SubmitCommand", request, self._credential)

    def leave(self, command_id: str | None = None) -> pb.SubmitCommandResponse:
        """Leave the game: its takeover bot plays this seat until `come_back` (or any command)."""
        return self.act(pb.Command(engine=pb.EngineCommand(leave_seat=pb.LeaveSeat())), command_id)

    def come_back(self, command_id: str | None = None) -> pb.SubmitCommandResponse:
        """Play this seat again after leaving or being taken over by a bot."""
        return self.act(pb.Command(engine=pb.EngineCommand(return_seat=pb.ReturnSeat())), command_id)

    def log(self) -> bytes:
        return bytes(self.kennel.call("GetLog", pb.GetLogRequest(game_id=self.game_id), self._credential).log)

    def watch(
        self, after_version: int = 0, max_reconnects: int = 20, timeout: float | None = None,
        skip_own: bool = False,
    ) -> Generator[pb.WatchResponse, None, None]:
        """Updates as they happen; a broken stream is resumed from the last version received.

        Ends when the game is over and everything has been delivered; `timeout` (seconds, per
        connection) bounds how long one stream may stay open. Closing the generator cancels it.
        `skip_own`: the server leaves out the updates of the commands this session sent (their
        `act` answers carried the same events and view), though one may still arrive (after a
        reconnection, or from another replica): apply updates by version.
        """
        cursor = after_version
        failures = 0
        metadata = (("authorization", f"Bearer {self._credential}"),)
        while True:
            stream = self.kennel.stub().Watch(
                pb.WatchRequest(
                    game_id=self.game_id, after_version=cursor, client_tag=self.client_tag if skip_own else ""
                ),
                metadata=metadata, timeout=timeout,
            )
            try:
                for update in stream:
                    failures = 0
                    if update.events:
                        cursor = update.events[-1].version
                    yield update
                return
            except grpc.RpcError as error:
                if error.code() not in RETRYABLE or failures >= max_reconnects:
                    raise KennelError.from_rpc(error) from None
                failures += 1
                time.sleep(min(1.0, 0.05 * (2**failures)))
            finally:
                stream.cancel()


def _seat_spec(seat: str | Bot | None) -> pb.SeatSpec:
    if isinstance(seat, Bot):
        spec = pb.SeatSpec(bot=pb.BotSpec(kind=seat.kind, level=seat.level))
        if seat.name is not None:
            spec.name = seat.name
        return spec
    return pb.SeatSpec(name=seat) if seat is not None else pb.SeatSpec()
