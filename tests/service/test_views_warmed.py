"""Once a seat's command leaves it owing nothing, the views of the seats that owe a prompt are
built after its answer while the server is otherwise idle (KennelServicer._warm_views), so that
the GetView their players send next is answered from the cache. A warmed view is the very view the seat would get built afresh,
only ever its own seat's, and never one of a version the game has left."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import grpc
import pytest
from kennel.domain.core import table as tables
from kennel.service import projections as projections_module
from kennel.service.games import GameHub
from kennel.service.projections import Projections, build_view
from kennel.service.servicer import KennelServicer
from kennel.v1 import kennel_pb2 as pb
from kennel.v1 import kennel_pb2_grpc as pb_grpc
from testkit.servers import ServerThread, run_with_hub

WAIT = 30.0  # seconds: a generous bound on a wait for the idle server to warm a view


@pytest.fixture
def built(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, int]]:
    """(viewer, version) of every view the projections built, in order."""
    calls: list[tuple[Any, int]] = []
    original = projections_module.build_view_bytes

    def counting(live: Any, viewer: Any, table: Any = None, *args: Any, **kwargs: Any) -> bytes:
        calls.append((viewer, (table if table is not None else live.table).version))
        return original(live, viewer, table, *args, **kwargs)

    monkeypatch.setattr(projections_module, "build_view_bytes", counting)
    return calls


def _auth(credential: str) -> tuple[tuple[str, str]]:
    return (("authorization", f"Bearer {credential}"),)


def _fresh_view(server: ServerThread, game_id: str, seat: int) -> bytes:
    """The seat's view built afresh from the game as the server holds it now."""

    async def build() -> bytes:
        assert server.running is not None
        live = await server.running.hub.get(game_id)
        return build_view(live, seat).SerializeToString()

    return server._run(build())


def _wait_for(condition: Any) -> None:
    deadline = time.monotonic() + WAIT
    while not condition():
        assert time.monotonic() < deadline, "the idle server did not warm the views"
        time.sleep(0.01)


def test_the_next_seats_views_are_built_before_they_ask_and_are_each_seats_own(
    server: ServerThread, built: list[tuple[Any, int]]
) -> None:
    with grpc.insecure_channel(server.address) as channel:
        stub = pb_grpc.KennelStub(channel)
        created = stub.CreateGame(pb.CreateGameRequest(game_type="caninos", seats=[pb.SeatSpec(name=n) for n in "ABC"]))
        credentials = {s.seat: s.credential for s in created.seats}
        view = stub.GetView(pb.GetViewRequest(game_id=created.game_id), metadata=_auth(credentials[0])).view
        warmed_some = False
        for step in range(12):
            if not view.pending:
                break
            seat = view.pending[0].seat
            view = stub.GetView(pb.GetViewRequest(game_id=created.game_id), metadata=_auth(credentials[seat])).view
            answer = stub.SubmitCommand(
                pb.SubmitCommandRequest(game_id=created.game_id, command_id=f"c{step}", command=view.legal_commands[0]),
                metadata=_auth(credentials[seat]),
            )
            version = answer.last_version
            owing = {prompt.seat for prompt in answer.view.pending}
            others = sorted(owing) if seat not in owing else []  # the sender owing more: nothing is warmed
            _wait_for(lambda: all((other, version) in built for other in others))
            warmed_some = warmed_some or bool(others)
            for other in others:
                before = len(built)
                got = stub.GetView(pb.GetViewRequest(game_id=created.game_id), metadata=_auth(credentials[other])).view
                assert len(built) == before  # served from the cache: built once, before it was asked for
                assert got.seat == other and got.version == version
                assert got.SerializeToString() == _fresh_view(server, created.game_id, other)
            view = answer.view
        assert warmed_some


def test_no_view_is_warmed_while_calls_are_in_progress_nor_for_a_version_the_game_has_left(
    tmp_path: Path, built: list[tuple[Any, int]]
) -> None:
    async def body(hub: GameHub) -> None:
        servicer = KennelServicer(hub, Projections())
        live, _, _ = await hub.create("hoarders", None, ["A", "B", "C"])
        pending = [prompt.seat for prompt in live.table.pending()]
        assert len(pending) > 1
        built.clear()
        servicer._calls.start(live)  # a call is being served: its work comes first
        servicer._warm_next(live, live.ledger.version, pending[1:])
        assert built == []
        servicer._calls.end()
        seat = pending[0]
        await hub.submit(live, seat, "c1", tables.legal_commands(live.table, seat)[0])
        servicer._warm_next(live, live.ledger.version - 1, pending[1:])  # the game has moved on
        assert built == []
        servicer._warm_next(live, live.ledger.version, [pending[1]])
        assert built == [(pending[1], live.ledger.version)]

    run_with_hub(tmp_path / "data", body)
