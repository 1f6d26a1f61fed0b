"""Goal of the Game: five identical nuts wins at once; or, by our ruling, the deck runs out."""

from __future__ import annotations

import operator

from kennel.domain.core.frozen import per_recent_state
from kennel.domain.core.kept import keep
from kennel.domain.core.rules import Outcome
from kennel.domain.hoarders.cards import WINNING_COUNT, Nut, most_identical
from kennel.domain.hoarders.state import HoardersState, Phase


def five_of_a_kind_holders(state: HoardersState) -> tuple[int, ...]:
    """Seats holding five identical nuts, closest to the crown first.

    Only one seat can get there by a single draw or theft, and the game ends at once; several
    can when more than one Beaver was played and every other seat draws ("Beaver").
    """
    return _holders(state, _scores(state))


def _scores(state: HoardersState) -> tuple[int, ...]:
    """Each seat's most identical nuts, kept by the nut collections themselves (face up, so
    public): a turn's end asks them (`five_of_a_kind_holders`), then `outcome` asks them of the
    state the forced turns after it lead to, whose collections are most often the very same."""
    collections = tuple(map(_NUTS_OF, state.hoards))
    scores = _SCORES.get(collections)  # hashed and compared in C; the same tuples compare by identity
    if scores is None:
        scores = keep(_SCORES, collections, tuple(map(most_identical, collections)), SCORES_KEPT)
    return scores


SCORES_KEPT = 256  # tables of collections whose scores are kept (every game's together)
_SCORES: dict[tuple[tuple[Nut, ...], ...], tuple[int, ...]] = {}
_NUTS_OF = operator.attrgetter("nuts")


def _holders(state: HoardersState, scores: tuple[int, ...]) -> tuple[int, ...]:
    if max(scores, default=0) < WINNING_COUNT:  # nearly always: no need to go round the table
        return ()
    return tuple(seat for seat in state.seats_from_crown() if scores[seat] >= WINNING_COUNT)


# Module constants for the enum members read below as commands are decided, listed and told: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_ROUND_ENDED = Phase.ROUND_ENDED


def deck_ran_out(state: HoardersState) -> bool:
    """A round ended with no nut left to draw (docs/rules/hoarders.md, "The nut deck runs out")."""
    return state.phase is _ROUND_ENDED and not state.deck


# Asked by prompts, legal commands, the view and the decision: once per state, kept beside the
# state (`per_recent_state`), not in it, where the next event's `replaced` copy met it (a slower copy).
@per_recent_state
def outcome(state: HoardersState) -> Outcome | None:
    scores = _scores(state)
    holders = _holders(state, scores)  # five of a kind: the scores say it, no need to count again
    if holders:
        winner = holders[0]
        return Outcome(
            winners=(winner,),
            scores=scores,
            reason=f"Seat {winner} gathered five {_biggest_group(state, winner).title}s.",
        )
    if deck_ran_out(state):
        # Most identical nuts wins; a tie goes to the seat closest to the crown, as in "Beaver".
        best = max(scores)
        winner = next(seat for seat in state.seats_from_crown() if scores[seat] == best)
        return Outcome(
            winners=(winner,),
            scores=scores,
            reason=f"The nut deck ran out; seat {winner} holds the most identical nuts ({best}).",
        )
    return None


def _biggest_group(state: HoardersState, seat: int) -> Nut:
    nuts = state.hoards[seat].nuts
    return max(Nut, key=nuts.count)
