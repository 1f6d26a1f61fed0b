"""¡Caninos!' events in plain sentences, for `kennel replay explain` and the replay page.

The event given is already redacted for its reader, so a blanked field is narrated as hidden.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kennel.domain.caninos.cards import Card, title
from kennel.domain.caninos.events import (
    CardDiscarded,
    CardsDealt,
    CardsDrawn,
    CardsGambled,
    CerberusPlaced,
    ChainResolved,
    CollectionEnchanted,
    DeckRanOut,
    DeckShuffled,
    Declined,
    DiscardShuffled,
    ExtraTricksGranted,
    HexPlaced,
    LevellingEnded,
    LevellingStarted,
    MiniDecksLaid,
    NoMoreChosen,
    PizzaDealt,
    PizzasShuffled,
    PizzaTurnedUp,
    PlayMade,
    PlushKept,
    PlushTurnedBack,
    RaccoonAdopted,
    Reacted,
    RoundPassed,
    SeatChosen,
    SliceChosen,
    SliceReturned,
    SliceStolen,
    SpellBroken,
    StealDeclared,
    ToppingMoved,
    ToppingPlaced,
    ToppingsRedistributed,
    ToppingsSwept,
    TrickDeclared,
    TurnEnded,
    TurnStarted,
)
from kennel.domain.caninos.state import Action, Play, SliceRef
from kennel.domain.core.dispatch import by_type


def describe(event: Any, names: Sequence[str]) -> str:
    return _describe(event, names)


def _cards(cards: Sequence[Card]) -> str:
    return ", ".join(title(card) for card in cards)


def _slice(ref: SliceRef, names: Sequence[str]) -> str:
    owner = "the table" if ref.owner is None else names[ref.owner]
    plush = "plush " if ref.plush else ""
    topping = f" with {title(ref.topping)}" if ref.topping is not None else ""
    return f"{owner}'s {plush}{title(ref.pizza)}{topping}"


def _slices(refs: Sequence[SliceRef], names: Sequence[str]) -> str:
    return " and ".join(_slice(ref, names) for ref in refs) or "nothing"


# Module constants for the enum members read below as commands are decided, listed and told: an
# enum class's attribute is read through `EnumType`'s `__getattr__` hook (about 870 instructions,
# callgrind), a module constant is a dict look-up.
_STEAL = Action.STEAL


def _play(play: Play, names: Sequence[str]) -> str:
    who, cards = names[play.seat], _cards(play.cards)
    if play.action is _STEAL:
        return f"{who} played {cards} to steal {_slices(play.slices, names)}"
    assert play.trick is not None
    aim = ""
    if play.target is not None:
        aim = f" on {names[play.target]}"
    elif play.onto:
        aim = f", moving toppings from {_slices(play.slices, names)} to {_slices(play.onto, names)}"
    elif play.slices:
        aim = f" on {_slices(play.slices, names)}"
    return f"{who} played {cards} for the {play.trick.title} trick{aim}"


@by_type
def _describe(event: Any, names: Sequence[str]) -> str:
    raise TypeError(f"no sentence for {type(event).__name__}")


@_describe.register
def _(event: DeckShuffled, names: Sequence[str]) -> str:
    if event.deck:
        return f"The main deck was shuffled; from the top: {_cards(event.deck)}."
    return "The main deck was shuffled face down."


@_describe.register
def _(event: PizzasShuffled, names: Sequence[str]) -> str:
    if event.pizzas:
        return f"The Normal pizzas were shuffled: {', '.join(title(p) for p in event.pizzas)}."
    return "The Normal pizzas were shuffled."


@_describe.register
def _(event: PizzaDealt, names: Sequence[str]) -> str:
    return f"{names[event.seat]} was dealt a {title(event.pizza)} face up."


@_describe.register
def _(event: MiniDecksLaid, names: Sequence[str]) -> str:
    decks = " and ".join(
        f"{size} cards showing {title(top)}" for size, top in zip(event.sizes, event.tops, strict=True)
    )
    return f"The other Normal pizzas went into two face-up mini-decks: {decks}."


@_describe.register
def _(event: CardsDealt, names: Sequence[str]) -> str:
    if event.cards:
        return f"{names[event.seat]} was dealt {_cards(event.cards)}."
    return f"{names[event.seat]} was dealt {event.count} cards."


@_describe.register
def _(event: TurnStarted, names: Sequence[str]) -> str:
    return f"{names[event.seat]}'s turn began."


@_describe.register
def _(event: PlushTurnedBack, names: Sequence[str]) -> str:
    return f"{names[event.seat]} turned a plush toy back into a {title(event.pizza)}."


@_describe.register
def _(event: PlushKept, names: Sequence[str]) -> str:
    return f"{names[event.seat]} turned no plush toy back this turn."


@_describe.register
def _(event: SpellBroken, names: Sequence[str]) -> str:
    return f"{names[event.seat]} has no plush toy left; the Dog Fairy went to the discard pile."


@_describe.register
def _(event: CardDiscarded, names: Sequence[str]) -> str:
    return f"{names[event.seat]} discarded {title(event.card)}."


@_describe.register
def _(event: TurnEnded, names: Sequence[str]) -> str:
    return f"{names[event.seat]} ended the turn; the cards used went to the discard pile."


@_describe.register
def _(event: CardsDrawn, names: Sequence[str]) -> str:
    if event.cards:
        return f"{names[event.seat]} drew {_cards(event.cards)}."
    return f"{names[event.seat]} drew {event.count} card{'s' if event.count != 1 else ''}."


@_describe.register
def _(event: DiscardShuffled, names: Sequence[str]) -> str:
    return f"The {event.count} cards of the discard pile were shuffled into a new main deck."


@_describe.register
def _(event: DeckRanOut, names: Sequence[str]) -> str:
    return "The main deck ran out."


@_describe.register
def _(event: RoundPassed, names: Sequence[str]) -> str:
    return "Every seat passed a whole round: the game ends."


@_describe.register
def _(event: StealDeclared, names: Sequence[str]) -> str:
    return f"{names[event.seat]} set out to steal {_slice(event.slice, names)}."


@_describe.register
def _(event: TrickDeclared, names: Sequence[str]) -> str:
    return f"{names[event.seat]} set out to perform the {event.trick.title} trick with {title(event.card)}."


@_describe.register
def _(event: SliceChosen, names: Sequence[str]) -> str:
    return f"{names[event.seat]} chose {_slice(event.slice, names)}."


@_describe.register
def _(event: SeatChosen, names: Sequence[str]) -> str:
    return f"{names[event.seat]} aimed at {names[event.target]}."


@_describe.register
def _(event: NoMoreChosen, names: Sequence[str]) -> str:
    return f"{names[event.seat]} chose no more."


@_describe.register
def _(event: PlayMade, names: Sequence[str]) -> str:
    asked = ", ".join(names[seat] for seat in event.asking) or "nobody (it cannot be answered)"
    return f"{_play(event.play, names)}; asked to answer, in order: {asked}."


@_describe.register
def _(event: Reacted, names: Sequence[str]) -> str:
    asked = ", ".join(names[seat] for seat in event.asking) or "nobody (it cannot be answered)"
    return f"{names[event.seat]} answered with {title(event.card)}; asked to answer it: {asked}."


@_describe.register
def _(event: Declined, names: Sequence[str]) -> str:
    return f"{names[event.seat]} let it be."


@_describe.register
def _(event: RaccoonAdopted, names: Sequence[str]) -> str:
    return f"{names[event.seat]} kept the Mystic Raccoon it stopped."


@_describe.register
def _(event: ChainResolved, names: Sequence[str]) -> str:
    return (
        "The chain resolved: the play takes effect."
        if event.succeeded
        else "The chain resolved: the play was stopped."
    )


@_describe.register
def _(event: SliceStolen, names: Sequence[str]) -> str:
    lost = (
        f", which lost its {title(event.slice.topping)}" if event.topping_lost and event.slice.topping else ""
    )
    return f"{names[event.thief]} stole {_slice(event.slice, names)}{lost}."


@_describe.register
def _(event: PizzaTurnedUp, names: Sequence[str]) -> str:
    return f"Mini-deck {event.mini_deck + 1} now shows {title(event.pizza)}."


@_describe.register
def _(event: ExtraTricksGranted, names: Sequence[str]) -> str:
    return f"{names[event.seat]} may perform {event.tricks} more tricks this turn."


@_describe.register
def _(event: HexPlaced, names: Sequence[str]) -> str:
    return f"{title(event.card)} lies by {names[event.seat]}'s collection for the {event.trick.title} trick."


@_describe.register
def _(event: CardsGambled, names: Sequence[str]) -> str:
    if not event.cards:
        return f"{names[event.seat]} had no card to lose."
    return f"{names[event.seat]} lost {_cards(event.cards)} to the discard pile."


@_describe.register
def _(event: ToppingMoved, names: Sequence[str]) -> str:
    return f"The topping on {_slice(event.source, names)} moved to {_slice(event.destination, names)}."


@_describe.register
def _(event: ToppingsRedistributed, names: Sequence[str]) -> str:
    return f"The toppings on {_slices(event.lifted, names)} went to {_slices(event.onto, names)}."


@_describe.register
def _(event: ToppingPlaced, names: Sequence[str]) -> str:
    return f"{title(event.card)} went on {_slice(event.slice, names)}."


@_describe.register
def _(event: CerberusPlaced, names: Sequence[str]) -> str:
    return f"{title(event.card)} lies on {_slice(event.slice, names)} for good: it is worth nothing."


@_describe.register
def _(event: ToppingsSwept, names: Sequence[str]) -> str:
    return "Every topping went to the discard pile."


@_describe.register
def _(event: LevellingStarted, names: Sequence[str]) -> str:
    return f"Everyone above {event.level} points must return pizza to the table."


@_describe.register
def _(event: SliceReturned, names: Sequence[str]) -> str:
    return f"{names[event.seat]} returned a {title(event.slice.pizza)} to the table."


@_describe.register
def _(event: LevellingEnded, names: Sequence[str]) -> str:
    return "Everyone is down to the Pack Leader's level."


@_describe.register
def _(event: CollectionEnchanted, names: Sequence[str]) -> str:
    return f"{names[event.seat]}'s pizzas turned into plush toys."
