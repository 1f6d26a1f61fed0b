"""Gameplay Summary: turns in clockwise order, the hand limit, and the game's end.

After every command, `settle` plays whatever the rules force and stops where a seat owes a
choice: once the seat in turn has ended it (`EndTurn`: it may trade "at any point during a
turn", so its turn stays open after its action), the hand limit is applied, the game ends when a
draw pile has run out, and the next seat's turn begins. Moves the rules force are events of the
decision that led to them.
"""

from __future__ import annotations

from kennel.domain.canine_kleptomaniacs.components import ActionCard, manifest
from kennel.domain.canine_kleptomaniacs.events import (
    ActionDeckFormedAgain,
    ChoiceAwaited,
    GameFinished,
    Pile,
    Step,
    TurnEnded,
    TurnStarted,
)
from kennel.domain.canine_kleptomaniacs.hands import discardable
from kennel.domain.canine_kleptomaniacs.resolution import Resolution
from kennel.domain.canine_kleptomaniacs.state import CanineState, TurnPhase


# Module constants for the enum members read below as commands are decided, listed and told: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_CLOSING = TurnPhase.CLOSING


def settle(resolution: Resolution) -> None:
    while True:
        state = resolution.state
        if state.finished is not None or state.effect is not None or state.turn_number == 0:
            return
        if state.phase is not _CLOSING:
            return
        if hand_limit(resolution):
            return
        end_turn(resolution)


def hand_limit(resolution: Resolution) -> bool:
    """Hand Limit: "Once you have had your turn ... excess cards from your hand must be
    discarded face down". Skipped when the game ends with this turn: a hand scores nothing
    but the Paw and the Poo, which cannot be discarded. True when a choice is now owed."""
    state = resolution.state
    seat = state.turn
    hand = state.seats[seat].hand
    excess = min(len(hand) - manifest().numbers["hand_limit"], len(discardable(hand)))
    if excess <= 0 or game_ends(state):
        return False
    resolution.record(ChoiceAwaited(step=Step.HAND_LIMIT, card=None, seat=seat, owing=(seat,), count=excess))
    return True


def game_ends(state: CanineState) -> Pile | None:
    """Game's end: "The game ends when the Action card draw pile runs out". In the longer game:
    when the Collectables deck has run out, or the Action deck has run out a second time
    (docs/rules: "The longer game")."""
    if state.options.longer_game:
        if not state.collectables:
            return Pile.COLLECTABLES
        if not state.actions and state.reformed:
            return Pile.ACTION
        return None
    return None if state.actions else Pile.ACTION


def end_turn(resolution: Resolution) -> None:
    state = resolution.state
    resolution.record(TurnEnded(seat=state.turn, quiet=not state.took_action_card))
    pile = game_ends(resolution.state)
    if pile is not None:
        resolution.record(GameFinished(pile=pile))
        return
    if not resolution.state.actions:
        form_action_deck_again(resolution)
    state = resolution.state
    resolution.record(TurnStarted(seat=(state.turn + 1) % state.seat_count, number=state.turn_number + 1))


def form_action_deck_again(resolution: Resolution) -> None:
    """For a longer game: "reshuffling all Action cards (including unused ones from people's
    playing areas) and adding ONE more Hiding Place per player"."""
    state = resolution.state
    added = min(
        manifest().numbers["hiding_places_added_per_seat_for_longer_game"] * state.seat_count,
        state.box_hiding_places,
    )
    kept = tuple(card for seat in state.seats for card in seat.kept)
    cards = state.discards + state.in_play + kept + (ActionCard.HIDING_PLACE,) * added
    resolution.record(ActionDeckFormedAgain(deck=resolution.rng.shuffled(cards), hiding_places_added=added))
