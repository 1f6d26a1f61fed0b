"""Undo cannot stall a game (issue 16, hole 5): with a 2 s limit one seat held a game for 14 s
with 9 proposals, since each refused proposal restarted the clocks. Now a seat may propose
MAX_PROPOSALS times per decision (kennel.domain.core.undo) and no proposal or answer moves a clock.
Against a real server, through the SDK."""

from __future__ import annotations

import grpc
import pytest
from kennel.client import Kennel, KennelError
from kennel.domain.core.undo import MAX_PROPOSALS
from kennel.v1 import kennel_pb2 as pb

GAME = "hoarders"
LIMIT_MS = 600_000  # long enough that nothing expires during the test: it compares deadlines


def _deadlines(view: pb.View) -> dict[int, int]:
    return {prompt.seat: prompt.deadline_unix_ms for prompt in view.pending}


def _engine(view: pb.View, kind: str) -> list[pb.Command]:
    return [c for c in view.legal_commands if c.WhichOneof("game") == "engine" and c.engine.WhichOneof("kind") == kind]


def test_a_refused_undo_moves_no_clock_and_cannot_be_proposed_again(kennel: Kennel) -> None:
    created = kennel.create_game(GAME, ["Ann", "Bob", "Cy"], prompt_limit_ms=LIMIT_MS)
    seats = [kennel.session(created.game_id, created.credentials[i]) for i in range(3)]
    spectator = kennel.session(created.game_id, created.spectator_credential)
    seats[0].act(seats[0].view().legal_commands[0])  # a secret pick: reversible, so undo may be proposed
    before = _deadlines(spectator.view())
    assert set(before) == {1, 2}
    (propose,) = _engine(seats[0].view(), "propose_undo")  # only a seat that moved may propose
    for _ in range(MAX_PROPOSALS):
        seats[0].act(propose)
        asked = _deadlines(spectator.view())
        assert set(asked) == {1, 2} and max(asked.values()) <= max(before.values())  # no fresh minute for anyone
        no = next(c for c in _engine(seats[1].view(), "answer_undo") if not c.engine.answer_undo.agree)
        seats[1].act(no)
        assert _deadlines(spectator.view()) == before  # play resumes on the clocks it had
    assert not _engine(seats[0].view(), "propose_undo")  # MAX_PROPOSALS per decision
    with pytest.raises(KennelError) as again:
        seats[0].act(propose, command_id="again")
    assert again.value.status == grpc.StatusCode.FAILED_PRECONDITION and again.value.code == "kennel/undo_limit"
    assert _deadlines(spectator.view()) == before
