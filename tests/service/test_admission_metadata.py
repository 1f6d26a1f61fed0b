"""Admission reads a call's metadata as gRPC gave it to find the call's handler
(kennel.service.lookup.AdmittedHandlers), not again from the context, and only when it was
found in the very task that runs the call; and reads the client's address only for the calls
limited by it. Through a real server: many calls at once, each with its own credential (or a
wrong one, or none), each admitted as its own caller."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import grpc
import pytest
from kennel.client import Kennel
from kennel.service import interceptors, lookup
from kennel.service.errors import ERROR_CODE_KEY
from kennel.service.interceptors import ACCESS, SERVICE, _method
from kennel.service.lookup import AdmittedHandlers
from kennel.v1 import kennel_pb2 as pb
from testkit.servers import ServerThread


class _Details(grpc.HandlerCallDetails):
    def __init__(self, method: str, metadata: Any) -> None:
        self.method = method
        self.invocation_metadata = metadata


def _handlers() -> AdmittedHandlers:
    handler = grpc.unary_unary_rpc_method_handler(lambda request, context: None)
    return AdmittedHandlers(SERVICE, {"GetView": handler})


def test_metadata_is_noted_only_in_a_task_and_seen_only_by_it() -> None:
    handlers = _handlers()
    assert handlers.service(_Details(f"/{SERVICE}/GetView", (("a", "1"),))) is not None  # no loop: nothing noted
    assert lookup._looked_up.get(None) is None
    assert handlers.service(_Details(f"/{SERVICE}/Nothing", ())) is None

    async def call(number: int) -> tuple[Any, Any]:
        handlers.service(_Details(f"/{SERVICE}/GetView", (("n", str(number)),)))
        await asyncio.sleep(0)
        noted = lookup._looked_up.get()
        other = await asyncio.get_running_loop().create_task(_seen_from_a_task_it_started())
        return noted, other

    async def both() -> list[tuple[Any, Any]]:
        return await asyncio.gather(*(call(number) for number in range(20)))

    for number, (noted, other) in enumerate(asyncio.run(both())):
        assert noted[1] == (("n", str(number)),)
        assert other[0] is not other[1]  # a task the call starts sees the note, never as its own task


async def _seen_from_a_task_it_started() -> tuple[Any, Any]:
    return lookup._looked_up.get()[0], asyncio.current_task()


def test_only_calls_limited_per_address_read_the_clients_address() -> None:
    reads = {name: _method(name, access, None, stream=name == "Watch").client for name, access in ACCESS.items()}
    assert reads == {"CreateGame": True, "ListOpenGames": True, "GetGuide": True, "JoinGame": True,
                     "SubmitCommand": False, "GetView": False, "Watch": True, "GetLog": False, "ForkGame": True}


def test_many_calls_at_once_are_each_admitted_as_their_own_caller(server: ServerThread) -> None:
    """Views of every seat of several games asked at once, shuffled with calls carrying a wrong
    credential and none, on one channel: each view is its own seat's, each wrong call refused."""
    with Kennel(server.address, timeout=10) as kennel:
        games = [kennel.create_game("hoarders", ["Ann", "Bob", "Cy"]) for _ in range(3)]
    calls: list[tuple[str, str | None, int | None]] = [
        (game.game_id, credential, seat) for game in games for seat, credential in game.credentials.items()
    ] * 6
    calls += [(games[0].game_id, games[1].credentials[0], None)] * 10  # another game's credential
    calls += [(games[1].game_id, None, None)] * 10  # none
    random.Random("admission-metadata").shuffle(calls)

    async def run() -> list[Any]:
        async with grpc.aio.insecure_channel(server.address) as channel:
            get_view = channel.unary_unary(
                f"/{SERVICE}/GetView", pb.GetViewRequest.SerializeToString, pb.GetViewResponse.FromString
            )

            async def one(game_id: str, credential: str | None) -> Any:
                metadata = (("authorization", f"Bearer {credential}"),) if credential else ()
                try:
                    return await get_view(pb.GetViewRequest(game_id=game_id), metadata=metadata, timeout=10)
                except grpc.aio.AioRpcError as error:
                    return dict(error.trailing_metadata() or ()).get(ERROR_CODE_KEY)

            return await asyncio.gather(*(one(game_id, credential) for game_id, credential, _ in calls))

    for (game_id, credential, seat), answer in zip(calls, asyncio.run(run()), strict=True):
        if seat is not None:
            assert isinstance(answer, pb.GetViewResponse) and answer.view.seat == seat and answer.view.game_id == game_id
        else:
            assert answer == ("kennel/bad_credential" if credential else "kennel/no_credential")


@pytest.mark.parametrize("method", ["SubmitCommand", "GetView"])
def test_a_call_admitted_without_the_noted_metadata_reads_the_context(method: str, tmp_path: Path) -> None:
    """Where gRPC finds a handler by another way (a handler of ours given straight to the server),
    nothing is noted, and admission reads the metadata from the call's context as before."""
    running = ServerThread(tmp_path / "data").start()
    try:
        with Kennel(running.address, timeout=10) as kennel:
            game = kennel.create_game("hoarders", ["Ann", "Bob"])
            seat = kennel.session(game.game_id, game.credentials[0])
            noted = lookup._looked_up
            try:
                lookup._looked_up = _Unset()  # type: ignore[assignment]
                view = seat.view()
                if method == "SubmitCommand":
                    actor = kennel.session(game.game_id, game.credentials[view.pending[0].seat])
                    actor.act(actor.view().legal_commands[0], command_id="c1")
            finally:
                lookup._looked_up = noted
            assert seat.view().seat == 0
    finally:
        running.stop()


class _Unset:
    def get(self, default: Any = None) -> Any:
        return default

    def set(self, value: Any) -> None:
        pass


def test_the_noted_metadata_is_let_go_once_admission_has_read_it(server: ServerThread) -> None:
    """Tasks a call starts copy its context: after admission nothing of the metadata (the
    credential) is left in it. Seen from the servicer, as a task it started would see it."""
    seen: list[Any] = []
    original = interceptors.current_call

    def spying() -> Any:
        seen.append(lookup._looked_up.get("unset"))
        return original()

    from kennel.service import servicer

    servicer_current_call = servicer.current_call
    servicer.current_call = spying  # type: ignore[assignment]
    try:
        with Kennel(server.address, timeout=10) as kennel:
            game = kennel.create_game("hoarders", ["Ann", "Bob"])
            kennel.session(game.game_id, game.credentials[0]).view()
    finally:
        servicer.current_call = servicer_current_call  # type: ignore[assignment]
    assert seen == [None]
