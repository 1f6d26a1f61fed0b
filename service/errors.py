"""The service's errors and the one place they become gRPC status codes (design.md).

Every error carries a stable machine code (sent as the `kennel-error-code` trailing metadata)
and a sentence for people (the status details). Nothing is appended when any of them is raised.
"""

from __future__ import annotations

import grpc
from eventsourcing.persistence import InterfaceError, OperationalError
from kennel.domain.core.rules import RuleViolation
from kennel.wire import WireError

ERROR_CODE_KEY = "kennel-error-code"
RETRY_AFTER_KEY = "kennel-retry-after-ms"  # sent with kennel/rate_limited: when to try again


class ApiError(Exception):
    status: grpc.StatusCode = grpc.StatusCode.INTERNAL

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class InvalidArgument(ApiError):
    status = grpc.StatusCode.INVALID_ARGUMENT


class NotFound(ApiError):
    status = grpc.StatusCode.NOT_FOUND


class Unauthenticated(ApiError):
    status = grpc.StatusCode.UNAUTHENTICATED


class PermissionDenied(ApiError):
    status = grpc.StatusCode.PERMISSION_DENIED


class IllegalMove(ApiError):
    status = grpc.StatusCode.FAILED_PRECONDITION

    @classmethod
    def from_violation(cls, violation: RuleViolation) -> IllegalMove:
        return cls(violation.code, violation.message)


class Aborted(ApiError):
    status = grpc.StatusCode.ABORTED


class ResourceExhausted(ApiError):
    """A limit was reached (docs/api.md, "Limits"); `retry_after` seconds, when known, until it eases."""

    status = grpc.StatusCode.RESOURCE_EXHAUSTED

    def __init__(self, code: str, message: str, retry_after: float | None = None) -> None:
        super().__init__(code, message)
        self.retry_after = retry_after


class Unavailable(ApiError):
    status = grpc.StatusCode.UNAVAILABLE


def game_not_found(game_id: str) -> NotFound:
    return NotFound("kennel/game_not_found", f"There is no game {game_id!r}.")


def status_of(error: BaseException) -> tuple[grpc.StatusCode, str, str]:
    """(status, machine code, human message) for an error raised while serving a call."""
    if isinstance(error, ApiError):
        return error.status, error.code, error.message
    if isinstance(error, RuleViolation):
        return grpc.StatusCode.FAILED_PRECONDITION, error.code, error.message
    if isinstance(error, WireError):
        return grpc.StatusCode.INVALID_ARGUMENT, error.code, error.message
    if isinstance(error, (OperationalError, InterfaceError)):
        # The store could not be reached or was busy (a lost connection, a lock timeout): the
        # call may be sent again, and a command with the same id is applied at most once.
        return grpc.StatusCode.UNAVAILABLE, "kennel/store_unavailable", "The game store is unavailable; try again."
    return grpc.StatusCode.INTERNAL, "kennel/internal", "The server failed; the error is logged."
