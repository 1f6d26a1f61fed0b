"""A command's answer is built while its records commit (Projections.prepare), and served only
once the commit stood: a commit that fails answers an error and leaves no trace of the version it
would have made; a lost race answers from the state decided again; a prepared answer reads as the
one built afresh after the commit, clocks included."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import grpc
import pytest
from eventsourcing.persistence import OperationalError
from kennel.domain.core import table as tables
from kennel.service.config import Config
from kennel.service.games import GameHub
from kennel.service.projections import Projections, _redacted, build_view
from kennel.service.server import RunningServer, start_server
from kennel.service.storage import Append, GameStore, VersionConflict
from kennel.service.viewbytes import command_message
from kennel.v1 import kennel_pb2 as pb
from kennel.v1 import kennel_pb2_grpc as pb_grpc
from testkit.servers import ServerThread, run_with_hub


class FlakyStore(GameStore):
    """A SQLite store whose next append fails with `fail_next`, once, as a commit does whose
    sync fails: after its rows are in (`before_commit` called, as SQLiteWriter calls it)."""

    fail_next: Exception | None = None

    def append_many(self, appends: Sequence[Append], before_commit: Callable[[], None] | None = None) -> None:
        failure, self.fail_next = self.fail_next, None
        if failure is not None:
            if before_commit is not None:
                before_commit()
            raise failure
        super().append_many(appends, before_commit)


class FlakyServer(ServerThread):
    def __init__(self, data_dir: Path, store: GameStore) -> None:
        super().__init__(data_dir)
        self.store = store

    def start(self) -> FlakyServer:
        self._thread.start()
        config = Config(host="127.0.0.1", port=0, data_dir=str(self.data_dir))
        self.running: RunningServer | None = self._run(start_server(config, self.store))
        return self


@pytest.fixture
def prepared_calls(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The versions Projections.prepare built answers for (so a test knows it ran)."""
    calls: list[int] = []
    original = Projections.prepare

    def counting(self: Projections, live: Any, viewer: Any, appending: Any, entries: Any) -> None:
        calls.append(appending.table.version)
        original(self, live, viewer, appending, entries)

    monkeypatch.setattr(Projections, "prepare", counting)
    return calls


@pytest.fixture
def flaky(tmp_path: Path) -> Iterator[tuple[FlakyStore, pb_grpc.KennelStub]]:
    store = FlakyStore.sqlite(tmp_path / "data")
    server = FlakyServer(tmp_path / "data", store).start()
    channel = grpc.insecure_channel(server.address)
    try:
        yield store, pb_grpc.KennelStub(channel)
    finally:
        channel.close()
        server.stop()


def _auth(credential: str) -> tuple[tuple[str, str]]:
    return (("authorization", f"Bearer {credential}"),)


def test_a_commit_that_fails_after_the_answer_was_prepared_answers_an_error_and_leaves_no_phantom(
    flaky: tuple[FlakyStore, pb_grpc.KennelStub], prepared_calls: list[int]
) -> None:
    store, stub = flaky
    created = stub.CreateGame(pb.CreateGameRequest(game_type="hoarders", seats=[pb.SeatSpec(name=n) for n in "ABC"]))
    credentials = {s.seat: s.credential for s in created.seats}
    spectator = _auth(created.spectator_credential)
    seat = created.seats[0].seat
    before = stub.GetView(pb.GetViewRequest(game_id=created.game_id), metadata=_auth(credentials[seat])).view
    seat = before.pending[0].seat
    before = stub.GetView(pb.GetViewRequest(game_id=created.game_id), metadata=_auth(credentials[seat])).view
    public_before = stub.GetView(pb.GetViewRequest(game_id=created.game_id), metadata=spectator).view
    request = pb.SubmitCommandRequest(game_id=created.game_id, command_id="c1", command=before.legal_commands[0])

    store.fail_next = OperationalError("disk I/O error")
    with pytest.raises(grpc.RpcError) as failed:
        stub.SubmitCommand(request, metadata=_auth(credentials[seat]))
    assert failed.value.code() is grpc.StatusCode.UNAVAILABLE
    assert prepared_calls == [before.version + 1]  # the answer was built beside the failed commit

    # Nobody sees the version the failed command would have made.
    for viewer in credentials.values():
        view = stub.GetView(pb.GetViewRequest(game_id=created.game_id), metadata=_auth(viewer)).view
        assert view.version == before.version
    assert stub.GetView(pb.GetViewRequest(game_id=created.game_id), metadata=_auth(credentials[seat])).view == before
    assert stub.GetView(pb.GetViewRequest(game_id=created.game_id), metadata=spectator).view == public_before
    watch = stub.Watch(pb.WatchRequest(game_id=created.game_id, after_version=before.version - 1), metadata=spectator)
    first = next(watch)
    watch.cancel()
    assert [event.version for event in first.events] == [before.version]
    assert first.view == public_before

    # Sent again, it is accepted, and its answer is the state everyone then sees.
    accepted = stub.SubmitCommand(request, metadata=_auth(credentials[seat]))
    assert not accepted.replayed and accepted.first_version == before.version + 1
    assert accepted.view.version == accepted.last_version
    assert [event.version for event in accepted.events] == list(range(accepted.first_version, accepted.last_version + 1))
    assert stub.GetView(pb.GetViewRequest(game_id=created.game_id), metadata=_auth(credentials[seat])).view == accepted.view


def _assert_answer_built_afresh(projections: Projections, live: Any, seat: int, first: int, last: int) -> None:
    assert projections.view(live, seat) == build_view(live, seat)
    assert projections.events(live, seat, first, last) == [_redacted(live, seat, v) for v in range(first, last + 1)]


def test_a_lost_race_answers_from_the_state_decided_again_not_from_the_prepared_one(tmp_path: Path) -> None:
    store = FlakyStore.sqlite(tmp_path / "data")
    projections = Projections()
    prepared: list[Any] = []

    async def body(hub: GameHub) -> None:
        live, _, _ = await hub.create("hoarders", None, ["A", "B", "C"])
        seat = live.table.pending()[0].seat
        command = tables.legal_commands(live.table, seat)[0]

        def meanwhile(appending: Any, entries: Any) -> None:
            prepared.append(appending.table)
            projections.prepare(live, seat, appending, entries)

        store.fail_next = VersionConflict(str(live.id))  # another writer got there first (it wrote nothing)
        accepted = await hub.submit(live, seat, "c1", command, meanwhile=meanwhile)
        assert len(prepared) == 2  # decided, and prepared, twice
        assert live.table is prepared[1] and live.table is not prepared[0]
        _assert_answer_built_afresh(projections, live, seat, accepted.first_version, accepted.last_version)

    run_with_hub(tmp_path / "data", body, store)


def test_a_failed_commits_prepared_answer_is_never_served_even_at_the_version_it_would_have_had(
    tmp_path: Path,
) -> None:
    store = FlakyStore.sqlite(tmp_path / "data")
    projections = Projections()

    async def body(hub: GameHub) -> None:
        live, _, _ = await hub.create("hoarders", None, ["A", "B", "C"])
        seat = live.table.pending()[0].seat
        first, other = tables.legal_commands(live.table, seat)[0], tables.legal_commands(live.table, seat)[-1]
        version = live.ledger.version

        def meanwhile(appending: Any, entries: Any) -> None:
            projections.prepare(live, seat, appending, entries)

        store.fail_next = OperationalError("disk I/O error")
        with pytest.raises(OperationalError):
            await hub.submit(live, seat, "c1", first, meanwhile=meanwhile)
        assert live.ledger.version == version
        _assert_answer_built_afresh(projections, live, seat, version, version)
        # Another command makes the version the failed one would have had, with no answer
        # prepared for it (a bot's, say): the seat sees that one, not the phantom.
        accepted = await hub.submit(live, seat, "c2", other)
        assert accepted.last_version > version
        _assert_answer_built_afresh(projections, live, seat, accepted.first_version, accepted.last_version)

    run_with_hub(tmp_path / "data", body, store)


def test_a_prepared_answer_reads_as_the_one_built_after_the_commit_clocks_included(tmp_path: Path) -> None:
    projections = Projections()

    async def body(hub: GameHub) -> None:
        live, _, _ = await hub.create("hoarders", None, ["A", "B", "C"], prompt_limit_ms=600_000)
        for step in range(6):
            seat = live.table.pending()[0].seat
            command = tables.legal_commands(live.table, seat)[0]
            accepted = await hub.submit(
                live, seat, f"c{step}", command,
                meanwhile=lambda appending, entries, seat=seat: projections.prepare(live, seat, appending, entries),
            )
            view = projections.view(live, seat)
            assert any(prompt.HasField("deadline_unix_ms") for prompt in view.pending) or not view.pending
            _assert_answer_built_afresh(projections, live, seat, accepted.first_version, accepted.last_version)
            assert list(view.legal_commands) == [
                command_message(live.game.name, tables.encode_command(live.game, c))
                for c in tables.legal_commands(live.table, seat)
            ]

    run_with_hub(tmp_path / "data", body)
