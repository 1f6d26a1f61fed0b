"""To win: "be the first to get at least 50 points in pizza cards, taking into account any
Modifier Toppings in play"; or, when the main deck runs out, the most points."""

from __future__ import annotations

from kennel.domain.caninos.cards import WINNING_POINTS
from kennel.domain.caninos.scoring import scores
from kennel.domain.caninos.state import CaninosState
from kennel.domain.core.frozen import per_recent_state
from kennel.domain.core.rules import Outcome


# Asked by prompts, legal commands, the view and the decision: once per state, kept beside the
# state (`per_recent_state`), not in it, where the next event's `replaced` copy met it (a slower copy).
@per_recent_state
def outcome(state: CaninosState) -> Outcome | None:
    points = scores(state)
    if max(points) >= WINNING_POINTS:  # most states: nobody has (the list below is not made)
        reached = [seat for seat, score in enumerate(points) if score >= WINNING_POINTS]
        # Several seats reach 50 at once only when one trick moves toppings onto several
        # collections: the most points win, and a tie shares the win (docs/rules/caninos.md).
        best = max(points[seat] for seat in reached)
        winners = tuple(seat for seat in reached if points[seat] == best)
        who = _seats(winners)
        return Outcome(
            winners=winners, scores=points, reason=f"{who[0].upper()}{who[1:]} reached {best} points."
        )
    if state.deck_ran_out or state.stalled:
        best = max(points)
        winners = tuple(seat for seat, score in enumerate(points) if score == best)
        why = "The main deck ran out" if state.deck_ran_out else "Every seat passed a whole round"
        return Outcome(
            winners=winners, scores=points, reason=f"{why}; {_seats(winners)} had the most points ({best})."
        )
    return None


def _seats(seats: tuple[int, ...]) -> str:
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ", ".join(str(seat) for seat in seats[:-1]) + f" and {seats[-1]}"
