"""Where errors become gRPC statuses (kennel.service.errors.status_of; docs/api.md, "Errors")."""

from __future__ import annotations

import grpc
import pytest
from eventsourcing.persistence import IntegrityError, InterfaceError, OperationalError
from kennel.domain.core.rules import RuleViolation
from kennel.service.errors import Aborted, IllegalMove, status_of


@pytest.mark.parametrize("error", [OperationalError("lock timeout"), InterfaceError("connection closed")])
def test_a_store_that_cannot_be_reached_is_unavailable_so_clients_may_retry(error: Exception) -> None:
    status, code, message = status_of(error)
    assert (status, code) == (grpc.StatusCode.UNAVAILABLE, "kennel/store_unavailable")
    assert "lock timeout" not in message and "connection" not in message  # the store's words stay in the log


def test_rule_violations_and_races_keep_their_statuses() -> None:
    assert status_of(RuleViolation("hoarders/not_your_turn", "Not your turn."))[:2] == (
        grpc.StatusCode.FAILED_PRECONDITION, "hoarders/not_your_turn")
    assert status_of(IllegalMove("kennel/game_over", "Over."))[0] is grpc.StatusCode.FAILED_PRECONDITION
    assert status_of(Aborted("kennel/conflict", "Again."))[0] is grpc.StatusCode.ABORTED


def test_anything_else_is_internal_and_says_nothing_of_itself() -> None:
    # An IntegrityError never reaches a caller (the hub turns it into a retry); if one did, it
    # would be a bug, not a reason to retry.
    status, code, message = status_of(IntegrityError("duplicate key value (secret detail)"))
    assert (status, code) == (grpc.StatusCode.INTERNAL, "kennel/internal")
    assert "secret" not in message
