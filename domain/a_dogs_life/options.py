"""Game options: the number of bones to bury, and the timed variant as a round limit.

Every field is optional and None means "the default", so that an options message sent over the
wire with a field left unset asks for the default (proto3 cannot tell 0 from unset otherwise).
"""

from __future__ import annotations

from dataclasses import dataclass

BONES_TO_WIN = 4  # "Find 4 bones and bury them in your home space"
DEFAULT_ROUND_LIMIT = 30  # docs/rules/a-dogs-life.md, "The timed variant is the default"
DEFAULT_OVERTIME_ROUNDS = 5  # docs/rules/a-dogs-life.md, "Overtime"
MAX_BONES_TO_WIN = 10
NO_LIMIT = 0


@dataclass(frozen=True)
class Options:
    """`bones_to_win`: "the number of bones can be increased or decreased" (1 to 10; default 4).

    `round_limit`: the timed variant ("Variant"), measured in rounds; when that many rounds
    are played the dog with the most buried bones wins. Default 30; 0 plays the rulebook's
    untimed game, which may never end.

    `overtime_rounds`: after the limit, tied dogs "continue their turns until one buries a
    bone", for at most this many rounds (default 5), after which they share the win.
    """

    bones_to_win: int | None = None
    round_limit: int | None = None
    overtime_rounds: int | None = None

    @property
    def bones(self) -> int:
        return BONES_TO_WIN if self.bones_to_win is None else self.bones_to_win

    @property
    def rounds(self) -> int:
        """The round limit; 0 for none."""
        return DEFAULT_ROUND_LIMIT if self.round_limit is None else self.round_limit

    @property
    def overtime(self) -> int:
        return DEFAULT_OVERTIME_ROUNDS if self.overtime_rounds is None else self.overtime_rounds
