"""What a play does once its chain resolved and it took effect: one function per rulebook entry
(`steal_slice` for Stealing Pizza, then the pack tricks, the Chaos tricks and the toppings)."""

from __future__ import annotations

from kennel.domain.caninos.cards import EXTRA_TRICKS, GAMBLED_CARDS, Trick, is_double
from kennel.domain.caninos.events import (
    CardsGambled,
    CerberusPlaced,
    CollectionEnchanted,
    ExtraTricksGranted,
    HexPlaced,
    LevellingStarted,
    PizzaTurnedUp,
    SliceStolen,
    ToppingMoved,
    ToppingPlaced,
    ToppingsRedistributed,
    ToppingsSwept,
)
from kennel.domain.caninos.outcome import outcome
from kennel.domain.caninos.resolution import Resolution
from kennel.domain.caninos.scoring import scores
from kennel.domain.caninos.slices import mini_deck_showing, slice_named
from kennel.domain.caninos.state import Action, Play, SliceRef
from kennel.domain.caninos.stealing import topping_kept
from kennel.domain.core.rng import Rng


# Module constants for the enum members read below as commands are decided, listed and told: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_STEAL = Action.STEAL
_GLUTTONS = Trick.GLUTTONS
_SMART_ALECKS = Trick.SMART_ALECKS
_DIETERS = Trick.DIETERS
_KILLJOYS = Trick.KILLJOYS
_GAMBLERS = Trick.GAMBLERS
_BROKERS = Trick.BROKERS
_BIRTHDAY_GIRL = Trick.BIRTHDAY_GIRL
_DESTROYER = Trick.DESTROYER
_CERBERUS = Trick.CERBERUS
_PACK_LEADER = Trick.PACK_LEADER
_DOG_FAIRY = Trick.DOG_FAIRY
_TOPPING = Trick.TOPPING


def apply_play(resolution: Resolution, play: Play, rng: Rng) -> None:
    trick = play.trick
    if play.action is _STEAL or trick is _GLUTTONS:
        steal_slice(resolution, play.seat, play.slices[0], birthday=False)
    elif trick is _SMART_ALECKS:
        smart_alecks(resolution, play)
    elif trick in (_DIETERS, _KILLJOYS):
        dieters_or_killjoys(resolution, play)
    elif trick is _GAMBLERS:
        gamblers(resolution, play, rng)
    elif trick is _BROKERS:
        resolution.record(ToppingMoved(source=play.slices[0], destination=play.onto[0]))
    elif trick is _BIRTHDAY_GIRL:
        birthday_girl(resolution, play)
    elif trick is _DESTROYER:
        if play.slices:
            resolution.record(ToppingsRedistributed(lifted=play.slices, onto=play.onto))
    elif trick is _CERBERUS:
        resolution.record(CerberusPlaced(card=play.cards[0], slice=play.slices[0]))
    elif trick is _PACK_LEADER:
        pack_leader(resolution)
    elif trick is _DOG_FAIRY:
        assert play.target is not None
        resolution.record(CollectionEnchanted(seat=play.target, card=play.cards[0]))
    elif trick is _TOPPING:
        resolution.record(ToppingPlaced(card=play.cards[0], slice=play.slices[0]))


def steal_slice(resolution: Resolution, thief: int, ref: SliceRef, birthday: bool) -> None:
    """The slice joins the thief's collection. From the table a Normal comes off the first
    mini-deck showing it, which then shows its next card. A stolen slice keeps a reduction and
    loses an increase (the modified-value table); the Birthday Girl's loses any topping."""
    state = resolution.state
    if ref.owner is None:
        if is_double(ref.pizza):
            resolution.record(SliceStolen(thief=thief, slice=ref, mini_deck=None, topping_lost=False))
            return
        deck = mini_deck_showing(state, ref.pizza)
        if deck is None:
            return
        resolution.record(SliceStolen(thief=thief, slice=ref, mini_deck=deck, topping_lost=False))
        rest = resolution.state.mini_decks[deck]
        if rest:
            resolution.record(PizzaTurnedUp(mini_deck=deck, pizza=rest[0]))
        return
    piece = slice_named(state, ref)
    if piece is None:
        return
    lost = piece.topping is not None and (birthday or not topping_kept(piece))
    resolution.record(SliceStolen(thief=thief, slice=ref, mini_deck=None, topping_lost=lost))


def smart_alecks(resolution: Resolution, play: Play) -> None:
    """Smart Alecks: "Perform two additional tricks using two more cards"."""
    resolution.record(ExtraTricksGranted(seat=play.seat, tricks=EXTRA_TRICKS))


def dieters_or_killjoys(resolution: Resolution, play: Play) -> None:
    """The card lies in the target's collection area and takes effect during its next turn."""
    assert play.target is not None and play.trick is not None
    resolution.record(HexPlaced(seat=play.target, card=play.cards[0], trick=play.trick))


def gamblers(resolution: Resolution, play: Play, rng: Rng) -> None:
    """Gamblers: "Remove two cards from one of your opponents without looking at them, and place them
    face up on the discard pile": two cards at random (fewer if the hand holds fewer)."""
    assert play.target is not None
    hand = resolution.state.players[play.target].hand
    count = min(GAMBLED_CARDS, len(hand))
    positions = sorted(rng.shuffled(tuple(range(len(hand))))[:count])
    resolution.record(CardsGambled(seat=play.target, cards=tuple(hand[i] for i in positions)))


def birthday_girl(resolution: Resolution, play: Play) -> None:
    """Birthday Girl: "Steal up to two slices of pizza of any type from the player or players of your choice.
    If the pizza had any topping, the topping goes to the discard pile." A win stops the rest."""
    for ref in play.slices:
        steal_slice(resolution, play.seat, ref, birthday=True)
        if outcome(resolution.state) is not None:
            return


def pack_leader(resolution: Resolution) -> None:
    """Every topping goes to the discard pile; then every seat above the fewest points returns
    pizzas to the table until it is down to them (`levelling` asks each for its slices)."""
    resolution.record(ToppingsSwept())
    points = scores(resolution.state)
    level = min(points)
    if any(score > level for score in points):
        resolution.record(LevellingStarted(level=level))
