"""Hoarders worlds one seat cannot tell apart (the `OtherWorlds` hook, tests/testkit/hidden_worlds.py).

What P may not know: the critters the other seats hold in hand or face down, the order of the
undrawn nut deck, and the seed. The other world starts from the same stream with the undrawn
cards in another order, and replays the same commands under another seed, except that the other
seats pick other critters this round (in every way that fits what P has seen). Replaying, not
patching state, is what catches a rule whose public effect depends on a hidden card: then the
other world's events differ, or one of its commands is refused. The games must be played
without undo (one pick per seat and round: see `_other_picks`).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from kennel.domain.core.rng import Rng, seed_from_text
from kennel.domain.core.rules import Viewer
from kennel.domain.hoarders.cards import Critter, sorted_critters
from kennel.domain.hoarders.commands import PickCritters
from kennel.domain.hoarders.events import NutsShuffled, NutStolen, RoundStarted
from kennel.domain.hoarders.state import HoardersState
from testkit.hidden_worlds import Playthrough, Resolved, moves_after, replay


def other_world(game: Playthrough, moves: int, viewer: Viewer, rng: Rng) -> Playthrough:
    state: HoardersState = game.table(moves).state
    opening = [_reshuffled(event, state, rng) for event in game.opening]
    repicks = _other_picks(game, moves, state, viewer, rng)
    seed = seed_from_text(f"another seed {rng.below(1 << 30)}")
    return replay(game, opening, moves, viewer, repicks, seed)


def hidden_part(state: HoardersState, viewer: Viewer) -> Any:
    return state.deck, [(h.hand, h.face_down) for seat, h in enumerate(state.hoards) if seat != viewer]


def _reshuffled(event: Any, state: HoardersState, rng: Rng) -> Any:
    """The shuffle with the cards nobody has drawn yet in another order."""
    if not isinstance(event, NutsShuffled):
        return event
    drawn = len(event.deck) - len(state.deck)
    return NutsShuffled(deck=event.deck[:drawn] + rng.shuffled(event.deck[drawn:]))


def _other_picks(
    game: Playthrough, moves: int, state: HoardersState, viewer: Viewer, rng: Rng
) -> dict[int, PickCritters]:
    """Other picks this round for the seats other than `viewer`, by move index.

    Earlier rounds are public: by a round's end every picked critter has been revealed.
    """
    round_start = max(
        (i for i, move in enumerate(game.moves[:moves]) if any(isinstance(e, RoundStarted) for e in move.events)),
        default=-1,
    )
    repicks = {}
    for index in range(round_start + 1, moves):
        move = game.moves[index]
        if isinstance(move.command, PickCritters) and move.seat != viewer:
            repicks[index] = PickCritters(_another_pick(state, move.seat, rng))
    return repicks


def _another_pick(state: HoardersState, seat: int, rng: Rng) -> tuple[Critter, ...]:
    hoard = state.hoards[seat]
    if Critter.GROUNDHOG in hoard.revealed:
        return sorted_critters(hoard.played)  # what the Groundhog did told everyone what its partner is
    pool = [critter for critter in Critter if critter not in hoard.revealed]
    if any(Critter.BEAVER in other.revealed for other in state.hoards):
        pool = [critter for critter in pool if critter is not Critter.BEAVER]  # all Beavers are face up by now
    if state.theft is None and state.seat_in_turn == seat and len(hoard.face_down) == 1:
        pool = [critter for critter in pool if critter is not Critter.HAMSTER]  # a last Hamster is revealed at once
    return sorted_critters(hoard.revealed + rng.shuffled(pool)[: len(hoard.face_down)])


def resolved_otherwise(game: Playthrough, viewer: Viewer, rng: Rng) -> list[Resolved]:
    """Each theft let through, just after the nut changed hands: its victim may have kept a
    face-down Hamster secret (AllowTheft), so the other world picks otherwise this round."""
    return [(moves, partial(other_world, game, moves, viewer, rng)) for moves in moves_after(game, _a_theft)]


def _a_theft(event: Any) -> bool:
    return isinstance(event, NutStolen)
