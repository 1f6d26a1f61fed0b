"""A clock a test sets by hand, for code that takes its clock as an argument."""

from __future__ import annotations


class Clock:
    def __init__(self, now: float = 100.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now
