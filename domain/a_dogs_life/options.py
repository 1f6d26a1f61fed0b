"""Game options: the number of bones to bury, the rulebook's timed variant, and one house rule.

Every field is optional and None means "the default", so that an options message sent over the
wire with a field left unset asks for the default (proto3 cannot tell 0 from unset otherwise).
The defaults are the rulebook's game ("Object of the Game"); every option that departs from the
text is a house rule, off by default, and named in the game's header like every option
(docs/rules/a-dogs-life.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from kennel.domain.core.house_rules import house_rule

BONES_TO_WIN = 4  # "Find 4 bones and bury them in your home space"
MAX_BONES_TO_WIN = 10
NO_LIMIT = 0


@dataclass(frozen=True)
class Options:
    """`bones_to_win`: "the number of bones can be increased or decreased" (1 to 10; default 4).

    `round_limit`: the rulebook's "Variant" ("play for a set amount of time"), the time counted
    in rounds; when that many rounds are played the dog with the most buried bones wins, and
    tied dogs "continue their turns until one buries a bone". Unset or 0: the rulebook's game,
    won only by burying the bones.

    `overtime_rounds`: a house rule for the timed variant. Unset, tied dogs play on until one
    buries a bone, as the rulebook says; set, they share the win after that many overtime rounds.
    """

    bones_to_win: int | None = None
    round_limit: int | None = None
    overtime_rounds: int | None = house_rule(
        None, "house rule: dogs tied when the rounds run out share the win after {value} overtime rounds"
    )

    @property
    def bones(self) -> int:
        return BONES_TO_WIN if self.bones_to_win is None else self.bones_to_win

    @property
    def rounds(self) -> int:
        """The round limit of the timed variant; 0 for the rulebook's untimed game."""
        return NO_LIMIT if self.round_limit is None else self.round_limit

    @property
    def overtime(self) -> int | None:
        """The house rule's bound on overtime rounds; None (the rulebook) for no bound."""
        return self.overtime_rounds

