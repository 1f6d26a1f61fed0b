"""The flow of play: turns in seat order, their start and end, and every move the rules force.

`settle` runs after each command: it plays, as events of the same decision, whatever follows
without a choice (a window nobody is left to ask resolves its chain, a complete play is laid
down, a draft step with one public option is taken, a turn with nothing left to do ends, cards
are drawn, the next turn starts and the Dog Fairy's spell weakens), and stops at the next real
choice or at the end of the game. It never plays a choice that depends on a hidden card: a seat
asked to answer always answers itself, so that declining tells nothing about its hand.
"""

from __future__ import annotations

from kennel.domain.caninos.cards import HAND_SIZE, MAX_DISCARDS, Trick, is_double
from kennel.domain.caninos.drafts import Step, declared_trick, next_step
from kennel.domain.caninos.effects import apply_play
from kennel.domain.caninos.events import (
    CardsDrawn,
    DeckRanOut,
    DiscardShuffled,
    LevellingEnded,
    NoMoreChosen,
    PlayMade,
    RoundPassed,
    SeatChosen,
    SliceChosen,
    SliceReturned,
    TurnEnded,
    TurnStarted,
)
from kennel.domain.caninos.options import UNLIMITED, DeckRunsOut
from kennel.domain.caninos.outcome import outcome
from kennel.domain.caninos.reactions import answers_to_play, resolve_chain, window
from kennel.domain.caninos.resolution import Resolution
from kennel.domain.caninos.scoring import points, slice_points
from kennel.domain.caninos.slices import collection_refs
from kennel.domain.caninos.spell import break_spent_spells
from kennel.domain.caninos.state import CaninosState, Play, SliceRef
from kennel.domain.caninos.listed import seats_of, slices_of
from kennel.domain.caninos.tricks import can_start, glutton_cards, may_perform
from kennel.domain.core.rng import Rng


def settle(resolution: Resolution, rng: Rng) -> None:
    """Play every forced move, then stop at the next real choice (or the end of the game)."""
    while outcome(resolution.state) is None:
        state = resolution.state
        if state.level is not None:
            if not _forced_levelling(resolution):
                return
        elif state.asking:
            return
        elif state.play is not None:
            play = state.play
            if resolve_chain(resolution):
                apply_play(resolution, play, rng)
        elif state.draft is not None:
            if not _forced_draft_step(resolution):
                return
        elif state.unspelling:
            return  # the enchanted seats' choice (spell.py)
        elif state.turn is not None and turn_is_over(state):
            end_turn(resolution, rng)
        else:
            return


def lay_down(resolution: Resolution, play: Play) -> None:
    """The play's cards leave the hand and its reaction window opens."""
    asking = window(resolution.state, play, play.seat, answers_to_play(play))
    resolution.record(PlayMade(play=play, asking=asking))


# Module constants for the enum members read below as commands are decided, listed and told: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_COMPLETE = Step.COMPLETE
_SEAT = Step.SEAT
_SLICE = Step.SLICE
_SLICE_OR_DONE = Step.SLICE_OR_DONE


def _forced_draft_step(resolution: Resolution) -> bool:
    """Take the draft's next step if it has a single, public option; False at a real choice."""
    state = resolution.state
    draft = state.draft
    assert draft is not None
    seat = draft.play.seat
    step = next_step(draft)
    if step is _COMPLETE:
        lay_down(resolution, draft.play)
        return True
    if step is _SEAT:
        seats = seats_of(state, draft)
        if len(seats) == 1:
            resolution.record(SeatChosen(seat=seat, target=seats[0]))
            return True
    elif step is _SLICE:
        refs = slices_of(state, draft)
        if len(refs) == 1:
            resolution.record(SliceChosen(seat=seat, slice=refs[0]))
            return True
    elif step is _SLICE_OR_DONE and not slices_of(state, draft):
        resolution.record(NoMoreChosen(seat=seat))
        return True
    return False  # CARDS depend on the hand: the seat always chooses them itself


# ---- the Pack Leader's levelling ----


def owing(state: CaninosState) -> list[int]:
    """Seats still above the Pack Leader's level, in seat order."""
    level = state.level
    return (
        [] if level is None else [seat for seat, player in enumerate(state.players) if points(player) > level]
    )


def levelling_options(state: CaninosState, seat: int) -> list[SliceRef]:
    """The slices a seat above the level may return: those worth something (returning a plush
    toy or a slice under Cerberus would bring it no nearer)."""
    return collection_refs(seat, state.players[seat].collection, lambda piece: slice_points(piece) > 0)


def return_slice(resolution: Resolution, seat: int, ref: SliceRef) -> None:
    """Pack Leader: "The discarded pizza returns to the table": a Double to the row, a Normal face up on top
    of the smaller mini-deck (the first on a tie)."""
    decks = resolution.state.mini_decks
    smaller = min(range(len(decks)), key=lambda index: len(decks[index]))
    resolution.record(
        SliceReturned(seat=seat, slice=ref, mini_deck=None if is_double(ref.pizza) else smaller)
    )


def _forced_levelling(resolution: Resolution) -> bool:
    seats = owing(resolution.state)
    if not seats:
        resolution.record(LevellingEnded())
        return True
    for seat in seats:
        refs = levelling_options(resolution.state, seat)
        if len(refs) == 1:
            return_slice(resolution, seat, refs[0])
            return True
    return False


# ---- turns ----


def turn_is_over(state: CaninosState) -> bool:
    """Whether the seat in turn visibly has nothing left to do but end it: judged on public
    facts only (what it did, how many cards it holds), never on which cards it holds."""
    turn = state.turn
    assert turn is not None
    holds_cards = bool(state.players[turn.seat].hand)
    if turn.discarded:
        return turn.discarded >= MAX_DISCARDS or not holds_cards
    tricks_left = len(turn.tricks) < turn.trick_limit
    if holds_cards and (turn.may_steal or tricks_left):
        return False
    return not (tricks_left and glutton_possible(state))


def glutton_possible(state: CaninosState) -> bool:
    turn = state.turn
    glutton = glutton_cards(state)
    if turn is None or not glutton or not may_perform(state, turn.seat, glutton[0], Trick.GLUTTONS):
        return False
    return can_start(state, declared_trick(turn.seat, glutton[0], Trick.GLUTTONS, turn.stolen_with))


def start_turn(resolution: Resolution, seat: int) -> None:
    """A turn starts; every enchanted seat with a plush toy is now asked whether to turn one
    back ("every turn counts", spell.py), and a Dog Fairy with no plush toy left by it (they
    were all stolen) goes to the discard pile."""
    resolution.record(TurnStarted(seat=seat))
    break_spent_spells(resolution)


def end_turn(resolution: Resolution, rng: Rng) -> None:
    """End of Turn: used cards to the discard pile, draw back to six, the next seat plays."""
    turn = resolution.state.turn
    assert turn is not None
    resolution.record(TurnEnded(seat=turn.seat))
    state = resolution.state
    if state.options.round_of_passes and state.passes >= state.seat_count:
        # A house rule only (docs/rules/caninos.md, "A round of passes"): "The game continues
        # until someone wins".
        resolution.record(RoundPassed())
        return
    draw_up(resolution, turn.seat, rng)
    if not resolution.state.deck_ran_out:
        start_turn(resolution, resolution.state.left_of(turn.seat))


def deck_is_final(state: CaninosState) -> bool:
    """Whether the main deck running out ends the game: it always does with MOST_POINTS; with
    RESHUFFLE never ("keep playing until someone wins"), unless the house rule's limit of
    reshuffles is used up."""
    options = state.options
    if options.deck_runs_out is DeckRunsOut.MOST_POINTS:
        return True
    return options.reshuffle_limit != UNLIMITED and state.reshuffles >= options.reshuffle_limit


def draw_up(resolution: Resolution, seat: int, rng: Rng) -> None:
    """End of Turn: "Take cards from the main deck as needed until you have 6 in your hand." When the deck
    is empty and more are owed, the discard pile becomes the deck (RESHUFFLE) or the game ends;
    with MOST_POINTS the game ends as soon as the deck is empty."""
    while True:
        state = resolution.state
        owed = HAND_SIZE - len(state.players[seat].hand)
        if owed <= 0:
            break
        if not state.deck:
            if deck_is_final(state):
                resolution.record(DeckRanOut())
                return
            if not state.discard:
                # Nothing anywhere to draw (all but impossible: hands and the table hold far
                # fewer than the 98 cards). The hand stays short and play goes on: "keep
                # playing until someone wins".
                break
            resolution.record(DiscardShuffled(count=len(state.discard), deck=rng.shuffled(state.discard)))
            continue
        drawn = state.deck[:owed]
        resolution.record(CardsDrawn(seat=seat, count=len(drawn), cards=drawn))
    if not resolution.state.deck and deck_is_final(resolution.state):
        resolution.record(DeckRanOut())
