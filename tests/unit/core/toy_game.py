"""High Card: the smallest game that exercises the whole engine, for the engine's own tests.

Each seat is dealt one hidden card from a shuffled deck (chance at set-up). In turn, each seat
reveals its card and rolls a die for a bonus (chance in a decision). Once every card is up, the
highest card plus bonus wins. Hidden information: a dealt card is seen by its holder only until
revealed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from kennel.domain.core.codec import TypeRegistry
from kennel.domain.core.rng import Rng
from kennel.domain.core.rules import Game, Outcome, Prompt, PromptKind, RuleViolation, Seat, SeatRange, Viewer


@dataclass(frozen=True)
class Options:
    deck_size: int = 10


@dataclass(frozen=True)
class Reveal:
    pass


@dataclass(frozen=True)
class CardsDealt:
    cards: tuple[int | None, ...]  # one per seat; None where the viewer may not see it


@dataclass(frozen=True)
class CardRevealed:
    seat: Seat
    card: int
    bonus: int


@dataclass(frozen=True)
class State:
    cards: tuple[int | None, ...]
    revealed: tuple[int | None, ...]  # card + bonus, once revealed
    turn: Seat


@dataclass(frozen=True)
class View:
    my_card: int | None
    revealed: tuple[int | None, ...]
    turn: Seat


class HighCard:
    name = "toy-high-card"
    title = "High Card"
    rules_version = "1"
    seats = SeatRange(2, 4)
    options_type: type = Options
    commands: TypeRegistry[Any] = TypeRegistry.of([Reveal])
    events: TypeRegistry[Any] = TypeRegistry({"toy.CardsDealt": CardsDealt, "toy.CardRevealed": CardRevealed})

    def initial_state(self, options: Options, seat_count: int) -> State:
        return State(cards=(None,) * seat_count, revealed=(None,) * seat_count, turn=0)

    def setup(self, options: Options, seat_count: int, rng: Rng) -> Sequence[object]:
        if options.deck_size < seat_count:
            raise RuleViolation("toy/deck_too_small", "The deck has fewer cards than there are players.")
        deck = rng.shuffled(range(1, options.deck_size + 1))
        return [CardsDealt(cards=tuple(deck[:seat_count]))]

    def decide(self, state: State, seat: Seat, command: object, rng: Rng) -> Sequence[object]:
        if self.outcome(state) is not None:
            raise RuleViolation("toy/over", "Every card is up.")
        if seat != state.turn:
            raise RuleViolation("toy/not_your_turn", "It is not your turn.")
        card = state.cards[seat]
        assert card is not None
        return [CardRevealed(seat=seat, card=card, bonus=rng.die(6))]

    def evolve(self, state: State, event: object) -> State:
        if isinstance(event, CardsDealt):
            return dataclasses.replace(state, cards=event.cards)
        if isinstance(event, CardRevealed):
            revealed = list(state.revealed)
            revealed[event.seat] = event.card + event.bonus
            return dataclasses.replace(state, revealed=tuple(revealed), turn=(event.seat + 1) % len(revealed))
        return state

    def pending(self, state: State) -> tuple[Prompt, ...]:
        if self.outcome(state) is not None:
            return ()
        return (Prompt(state.turn, PromptKind.TURN, "reveal your card"),)

    def view(self, state: State, viewer: Viewer) -> View:
        mine = state.cards[viewer] if viewer is not None else None
        return View(my_card=mine, revealed=state.revealed, turn=state.turn)

    def redact(self, event: object, viewer: Viewer) -> object:
        if isinstance(event, CardsDealt):
            return CardsDealt(
                cards=tuple(card if seat == viewer else None for seat, card in enumerate(event.cards))
            )
        return event

    def legal_commands(self, state: State, seat: Seat) -> Sequence[object]:
        return (Reveal(),) if seat in {prompt.seat for prompt in self.pending(state)} else ()

    def inventory(self, state: State) -> dict[str, int]:
        return {"card": len(state.cards)}  # one card per seat, dealt or not

    def outcome(self, state: State) -> Outcome | None:
        if any(total is None for total in state.revealed):
            return None
        scores = tuple(total or 0 for total in state.revealed)
        best = max(scores)
        winners = tuple(seat for seat, score in enumerate(scores) if score == best)
        return Outcome(winners=winners, scores=scores, reason="highest card plus bonus")


GAME: Game[State] = HighCard()
