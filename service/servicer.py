"""The Kennel gRPC servicer: it only translates, proto in, hub call, proto out.

Credentials and roles were checked by the interceptor (kennel.service.interceptors), which hands over
the caller's `Principal` and the game the request names, loaded to check them; errors raised here
become statuses there.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from typing import Any

import grpc
import structlog
from kennel import wire
from kennel.domain.core import table as tables
from kennel.domain.core import telling
from kennel.domain.registry import game_named, wire_name
from kennel.replay.logformat import mid_decision
from kennel.replay.signing import public_bytes
from kennel.service import logs
from kennel.service.calls import CallsInProgress
from kennel.service.deciding import check_client_tag
from kennel.service.errors import InvalidArgument, status_of
from kennel.service.games import GameHub
from kennel.service.history import History
from kennel.service.interceptors import current_call, current_game, current_principal
from kennel.service.live import Accepted, LiveGame, Principal
from kennel.service.metrics import Metrics
from kennel.service.protobytes import tag, varint
from kennel.service.projections import (
    GET_VIEW_VIEW_FIELD,
    SUBMIT_FIELDS,
    Projections,
    build_view,
    message_field,
    response_bytes,
)
from kennel.v1 import kennel_pb2 as pb
from kennel.v1 import kennel_pb2_grpc as pb_grpc

log = structlog.get_logger(__name__)


class KennelServicer(pb_grpc.KennelServicer):
    def __init__(self, hub: GameHub, projections: Projections, metrics: Metrics | None = None) -> None:
        self._hub = hub
        self._projections = projections
        self._metrics = metrics or Metrics()
        self._history = History()  # past views from snapshots (kennel.service.history)
        # SubmitCommand and GetView calls in progress (see `_warm_views`), and whether a command
        # is served alone (its append then written on the loop: kennel.service.calls)
        self._calls = CallsInProgress()

    async def CreateGame(self, request: pb.CreateGameRequest, context: grpc.aio.ServicerContext) -> Any:
        options = None
        if request.HasField("options"):
            which = request.options.WhichOneof("game")
            if which is not None:
                if which != request.game_type.replace("-", "_"):
                    raise InvalidArgument("kennel/options_mismatch", f"These options are for {which}, not {request.game_type}.")
                options = wire.read_options(getattr(request.options, which))
        seats = [spec.name if spec.HasField("name") else None for spec in request.seats]
        bots = {seat: (spec.bot.kind, spec.bot.level) for seat, spec in enumerate(request.seats) if spec.HasField("bot")}
        takeover = None
        if request.HasField("takeover"):
            spec = request.takeover
            takeover = (spec.bot.kind, spec.bot.level, spec.after_timeouts)
        live, credentials, spectator = await self._hub.create(
            request.game_type, options, seats, prompt_limit_ms=request.prompt_limit_ms, bots=bots, takeover=takeover
        )
        return pb.CreateGameResponse(
            game_id=str(live.id),
            seats=[pb.SeatCredential(seat=seat, name=name, credential=c) for seat, name, c in credentials],
            spectator_credential=spectator,
        )

    async def ListOpenGames(self, request: pb.ListOpenGamesRequest, context: grpc.aio.ServicerContext) -> Any:
        games = []
        page, next_token = self._hub.open_page(request.game_type, request.page_size, request.page_token)
        for summary in page:
            seats = []
            for seat, name in enumerate(summary.seats):
                info = pb.SeatInfo(seat=seat)
                if name is not None:
                    info.name = name
                seats.append(info)
            games.append(pb.OpenGame(game_id=summary.game_id, game_type=summary.game, seats=seats))
        return pb.ListOpenGamesResponse(games=games, next_page_token=next_token)

    async def JoinGame(self, request: pb.JoinGameRequest, context: grpc.aio.ServicerContext) -> Any:
        seat = request.seat if request.HasField("seat") else None
        joined, credential = await self._hub.join(request.game_id, request.name, seat)
        return pb.JoinGameResponse(seat=joined, credential=credential)

    async def SubmitCommand(self, request: pb.SubmitCommandRequest, context: grpc.aio.ServicerContext) -> Any:
        started = time.perf_counter()
        game, outcome = "unknown", "INTERNAL"  # None once counted after the answer
        principal, live = current_call()
        self._calls.start(live)
        try:
            assert principal.seat is not None  # the interceptor admits only seats here
            game = live.game.name
            seat = principal.seat
            command = _command(live, seat, request.command)
            # The answer's view and events are built while the commit runs, served once it stands.
            accepted = await self._hub.submit(
                live, seat, request.command_id, command,
                meanwhile=lambda appending, entries: self._projections.prepare(live, seat, appending, entries),
                alone=self._calls.alone, client_tag=request.client_tag,
            )
            try:
                answer = response_bytes(  # sent as they are (kennel.service.interceptors)
                    SUBMIT_FIELDS,
                    events=self._projections.events_bytes(live, seat, accepted.first_version, accepted.last_version),
                    view=self._projections.view_bytes(live, seat),
                    head=_submit_head(accepted.first_version, accepted.last_version, accepted.replayed),
                )
            except Exception:  # the command stands (it is committed): its line is written all the same
                _log_accepted(accepted)
                raise
            # What need not precede the answer follows it: the next turn of the loop, after gRPC
            # has begun sending the answer (the handler returns first). Nothing a client can see
            # waits for it: the command is committed and folded (a GetView after the answer sees
            # it; watchers were woken by the fold), and a client's next call arrives only after
            # the answer, so after this ran. The log line keeps the call's fields (call_soon
            # copies the context: game id, role, seat, command id); the time served is read now.
            asyncio.get_running_loop().call_soon(
                self._after_answer, live, seat, accepted, game, time.perf_counter() - started
            )
            outcome = None  # counted there
            return answer
        except Exception as error:
            outcome = status_of(error)[0].name
            raise
        finally:
            self._calls.end()
            if outcome is not None:
                self._metrics.command_served(game, outcome, time.perf_counter() - started)

    def _after_answer(self, live: LiveGame, seat: int, accepted: Accepted, game: str, seconds: float) -> None:
        """A served command's log line, metrics and early views, once its answer is on its way."""
        _log_accepted(accepted)
        self._metrics.command_served(game, "replayed" if accepted.replayed else "accepted", seconds)
        if not accepted.replayed and live.ledger.version == accepted.last_version:
            self._warm_views(live, seat)  # only while the game is still where the answer left it

    async def GetView(self, request: pb.GetViewRequest, context: grpc.aio.ServicerContext) -> Any:
        principal, live = current_call()
        self._calls.start(live)
        try:
            return await self._get_view(request, principal, live)
        finally:
            self._calls.end()

    async def _get_view(self, request: pb.GetViewRequest, principal: Principal, live: LiveGame) -> Any:
        viewer = principal.viewer
        if request.HasField("as_seat") and request.as_seat != viewer:
            # The interceptor has decided that this role may see that seat's view now.
            if not 0 <= request.as_seat < len(live.table.seats):
                raise InvalidArgument("kennel/no_such_seat", f"There is no seat {request.as_seat}.")
            viewer = request.as_seat
        if not request.HasField("at_version"):
            return message_field(GET_VIEW_VIEW_FIELD, self._projections.view_bytes(live, viewer))
        if not 1 <= request.at_version <= live.ledger.version:
            raise InvalidArgument("kennel/bad_version", f"Versions run from 1 to {live.ledger.version}.")
        past = await self._history.table_at(live.ledger, request.at_version)  # off the event loop
        settled = not mid_decision(live.ledger.records, request.at_version)
        return pb.GetViewResponse(view=build_view(live, viewer, past, settled))

    def _warm_views(self, live: LiveGame, seat: int) -> None:
        """After a command's answer: build the views of the seats that owe a prompt now, which
        their players are about to ask for (GetView, or a Watch update), while the server has
        nothing else to do. Only once the sender owes nothing more (else its own next command,
        with the view its answer carried, is the likelier call, and must not wait behind them).
        One view per turn of the loop, each only while no SubmitCommand or GetView is in
        progress and the game is still at this version, so a busy server seldom spends anything
        here; a view is built at most once per version and seat either way
        (Projections.view_bytes keeps it, in its own seat's cache)."""
        owing = list(dict.fromkeys(prompt.seat for prompt in live.table.pending()))
        if owing and seat not in owing:
            asyncio.get_running_loop().call_soon(self._warm_next, live, live.ledger.version, owing)

    def _warm_next(self, live: LiveGame, version: int, seats: list[int]) -> None:
        if self._calls.count or live.ledger.version != version:
            return  # calls are waiting (their work comes first), or the game moved on
        try:
            self._projections.view_bytes(live, seats.pop(0))
        except Exception:  # only an early build: the seat's own GetView builds it again, and meets the error there
            log.warning("warm_view_failed", game_id=str(live.id), exc_info=True)
            return
        if seats:
            asyncio.get_running_loop().call_soon(self._warm_next, live, version, seats)

    async def Watch(self, request: pb.WatchRequest, context: grpc.aio.ServicerContext) -> AsyncIterator[Any]:
        live = current_game()
        viewer = current_principal().viewer
        if request.after_version < 0:
            raise InvalidArgument("kennel/bad_version", "after_version is 0 or more.")
        check_client_tag(request.client_tag)
        # The versions of one command this seat sent with this tag: their update is left out.
        own = None if viewer is None or not request.client_tag else (viewer, request.client_tag)
        self._metrics.watch_streams.inc()
        try:
            async for first, last in self._hub.follow(live, request.after_version, own):
                if own is not None and live.tagged == (first, last, *own):
                    continue  # the command's answer carried this update (a stream that was not waiting)
                yield self._projections.update(live, viewer, first, last)
        finally:  # also when the client cancels the stream
            self._metrics.watch_streams.dec()

    async def ForkGame(self, request: pb.ForkGameRequest, context: grpc.aio.ServicerContext) -> Any:
        parent = current_game()
        live, credentials, spectator = await self._hub.fork(parent, request.at_version)
        return pb.ForkGameResponse(
            game_id=str(live.id),
            seats=[pb.SeatCredential(seat=seat, name=name, credential=c) for seat, name, c in credentials],
            spectator_credential=spectator,
        )

    async def GetGuide(self, request: pb.GetGuideRequest, context: grpc.aio.ServicerContext) -> Any:
        return guide(request.game_type)

    async def GetLog(self, request: pb.GetLogRequest, context: grpc.aio.ServicerContext) -> Any:
        live = current_game()  # running games only for auditors (interceptor)
        return pb.GetLogResponse(
            log=live.log().to_bytes(), signing_public_key=public_bytes(self._hub.signing_key).hex()
        )


def _log_accepted(accepted: Accepted) -> None:
    logs.info("command_accepted", first=accepted.first_version, last=accepted.last_version, replayed=accepted.replayed)


# SubmitCommandResponse's fields before its events and view (kennel.v1 kennel.proto), written
# by hand: making the message to serialise it cost as much as the rest of the answer's assembly.
_FIRST, _LAST, _REPLAYED = (tag(pb.SubmitCommandResponse.DESCRIPTOR.fields_by_name[name].number, 0)
                            for name in ("first_version", "last_version", "replayed"))


def _submit_head(first: int, last: int, replayed: bool) -> bytes:
    """`pb.SubmitCommandResponse(first_version=first, last_version=last, replayed=replayed)
    .SerializeToString()`: proto3 leaves out a field at its zero value."""
    return b"".join((
        _FIRST + varint(first) if first else b"",
        _LAST + varint(last) if last else b"",
        _REPLAYED + b"\x01" if replayed else b"",
    ))


def guide(game_type: str) -> pb.GetGuideResponse:
    """How to play `game_type` and the names of its places, from the game's own words."""
    game = game_named(game_type)
    how = telling.how_to_play(game)
    return pb.GetGuideResponse(
        game_type=game.name,
        title=game.title,
        goal=how.goal,
        turn=how.turn,
        cards=[pb.CardText(name=card.name, text=card.text) for card in how.cards],
        components=dict(game.words.components()),
    )


# Commands read, by game, seat and the command's bytes: a seat's next command is most often one
# it sent before in this game (the legal commands of a game are few: 69-85% of bot commands
# repeat their seat's own, by game), and its bytes are a fifth of a microsecond to get
# (protobuf's C serializer) against 3.5-9 us to read the message and decode it (issue 20). The
# bytes say the command whole (its member of the oneof and every field), and reading is pure,
# so equal bytes read the same command; commands are frozen, so one object may serve many calls.
# Kept per game and seat, not shared: a read that is quicker because another seat sent the same
# bytes would tell, to a client timing its own refused commands, what that seat sent (a secret
# pick, say). Refusals are not kept (they raise). Cleared whole once full.
_READ: dict[tuple[int, int, bytes], Any] = {}
_READ_KEPT = 4096


def _command(live: LiveGame, seat: int, message: pb.Command) -> Any:
    """The domain command in `message`, as `_read_command` reads it, kept by the game, the
    seat that sent it and its bytes."""
    key = (live.id.int, seat, message.SerializeToString())
    command = _READ.get(key)
    if command is None:
        command = _read_command(live, message)
        if len(_READ) >= _READ_KEPT:
            _READ.clear()
        _READ[key] = command
    return command


def _read_command(live: LiveGame, message: pb.Command) -> Any:
    which = message.WhichOneof("game")
    if which is None:
        raise InvalidArgument("kennel/malformed", "The command is empty.")
    if which == "engine":
        tagged = wire.read_union(message.engine)
        return wire.decode_or_invalid(tables.decode_command, live.game, {**tagged, "type": "kennel." + tagged["type"]})
    if which != wire_name(live.game):
        raise InvalidArgument("kennel/wrong_game", f"This game is {live.game.name}; the command is for {which}.")
    tagged = wire.read_union(getattr(message, which))
    return wire.decode_or_invalid(live.game.commands.decode, tagged)

