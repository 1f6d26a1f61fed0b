"""Canine Kleptomaniacs worlds one seat cannot tell apart (the `OtherWorlds` hook,
tests/testkit/hidden_worlds.py).

What P may not know and these worlds change: the order of the undrawn part of every deck
(Collectables, Action, Master's Bedroom), and the secret choices not yet revealed (the card
another seat set aside for Walkies, another fighter's weapon, the cards another seat put face
down into a trade offer not yet accepted). The other world is the same
stream with those changed, replayed from the same commands; the game's dice come from the seed,
which stays. (Other hands and the Laundry Pile are dealt out again by `redealt_hands` in
test_canine_kleptomaniacs_hidden.py, on a table rather than a replayed stream.) Once resolved, a
Walkies card passed between two other seats and a card traded face down between two other seats
stay secret from everyone else: `resolved_otherwise` makes those otherwise. (A battle's weapons
do not stay secret: they are thrown "face up".)
"""

from __future__ import annotations

from functools import partial
from typing import Any

from kennel.domain.canine_kleptomaniacs import commands as cmd
from kennel.domain.canine_kleptomaniacs.components import Collectable, Weapon
from kennel.domain.canine_kleptomaniacs.events import (
    ActionCardTaken,
    ActionDeckFormedAgain,
    ActionsShuffled,
    BedroomCardTaken,
    BedroomShuffled,
    CardsPassed,
    ChoiceAwaited,
    CollectablesDrawn,
    CollectablesShuffled,
    HandDealt,
    LeftoversReturned,
    Step,
    TradeCompleted,
)
from kennel.domain.canine_kleptomaniacs.state import Battle, CanineState, Offer, Owed
from kennel.domain.core.rng import Rng
from kennel.domain.core.rules import Viewer
from testkit.hidden_worlds import Playthrough, Resolved, moves_after, replay

PAW = Collectable.ULTIMATE_PAW


def other_world(game: Playthrough, moves: int, viewer: Viewer, rng: Rng) -> Playthrough:
    return replay(game, reshuffled_decks(game, moves, rng), moves, viewer, other_choices(game, moves, viewer, rng))


def hidden_part(state: CanineState, viewer: Viewer) -> Any:
    return (
        state.collectables,
        state.actions,
        state.bedroom,
        state.laundry,
        [seat.hand for number, seat in enumerate(state.seats) if number != viewer],
        state.effect,
    )


def reshuffled_decks(game: Playthrough, moves: int, rng: Rng) -> list[Any]:
    """The opening with the cards nobody has drawn yet in another order."""
    past = [event for move in game.moves[:moves] for event in move.events]
    opening = []
    for event in game.opening:
        if isinstance(event, CollectablesShuffled) and not any(isinstance(e, LeftoversReturned) for e in past):
            drawn = sum(e.count for e in (*game.opening, *past) if isinstance(e, (HandDealt, CollectablesDrawn)))
            event = CollectablesShuffled(deck=event.deck[:drawn] + rng.shuffled(event.deck[drawn:]))
        elif isinstance(event, ActionsShuffled) and not any(isinstance(e, ActionDeckFormedAgain) for e in past):
            taken = sum(isinstance(e, ActionCardTaken) for e in past)
            event = ActionsShuffled(deck=event.deck[:taken] + rng.shuffled(event.deck[taken:]))
        elif isinstance(event, BedroomShuffled):
            taken = sum(isinstance(e, BedroomCardTaken) for e in past)
            event = BedroomShuffled(deck=event.deck[:taken] + rng.shuffled(event.deck[taken:]))
        opening.append(event)
    return opening


def other_choices(game: Playthrough, moves: int, viewer: Viewer, rng: Rng) -> dict[int, Any]:
    """Other Walkies cards and weapons for the choices other seats made since the effect that
    asked for them began, and other face-down cards in a trade offer still open (they are
    still secret: the effect has not resolved)."""
    state: CanineState = game.table(moves).state
    effect = state.effect
    if isinstance(effect, Offer):
        start = last_before(game, moves, "TradeProposed")
        return {} if effect.proposer == viewer else other_face_down_cards(game, start, moves, effect.proposer)
    if not (isinstance(effect, Battle) or (isinstance(effect, Owed) and effect.step is Step.WALKIES)):
        return {}
    start = max(
        i for i, move in enumerate(game.moves[:moves])
        if any(isinstance(e, ChoiceAwaited) and e.step is Step.WALKIES for e in move.events)
        or any(type(e).__name__ in ("BattleStarted", "ThrowMade") for e in move.events)
    )
    choices: dict[int, Any] = {}
    for index in range(start + 1, moves):
        move = game.moves[index]
        if move.seat == viewer:
            continue
        if isinstance(move.command, cmd.ChooseWeapon):
            choices[index] = cmd.ChooseWeapon(rng.choice([w for w in Weapon if w is not move.command.weapon]))
        elif isinstance(move.command, cmd.PassCard) and (other := another_pass(game, index)) is not None:
            choices[index] = other
    return choices


def resolved_otherwise(game: Playthrough, viewer: Viewer, rng: Rng) -> list[Resolved]:
    """Walkies cards passed between two other seats, and cards traded face down between two
    other seats, made otherwise; each world replayed to just after the cards changed hands."""
    worlds = []
    for end in moves_after(game, lambda event: isinstance(event, CardsPassed)):
        start = last_before(game, end, "ChoiceAwaited")
        passed = {p.giver for e in game.moves[end - 1].events if isinstance(e, CardsPassed) for p in e.passes
                  if viewer not in (p.giver, p.receiver)}
        choices = {
            index: other
            for index in range(start + 1, end)
            if game.moves[index].seat in passed
            and isinstance(game.moves[index].command, cmd.PassCard)
            and (other := another_pass(game, index)) is not None
        }
        if choices:
            worlds.append((end, partial(replay, game, game.opening, end, viewer, choices)))
    for end in moves_after(game, lambda event: isinstance(event, TradeCompleted)):
        (done,) = (e for e in game.moves[end - 1].events if isinstance(e, TradeCompleted))
        if viewer in (done.proposer, done.partner):
            continue
        choices = other_face_down_cards(game, last_before(game, end, "TradeProposed"), end, done.proposer)
        if choices:
            worlds.append((end, partial(replay, game, game.opening, end, viewer, choices)))
    return worlds


def last_before(game: Playthrough, moves: int, event_name: str) -> int:
    """The index of the last move before `moves` with an event of that name."""
    return max(
        index
        for index, move in enumerate(game.moves[:moves])
        if any(type(event).__name__ == event_name for event in move.events)
    )


def another_pass(game: Playthrough, index: int) -> cmd.PassCard | None:
    """Another kind its giver held for the Walkies pass at move `index` (never the Paw, which
    is declared when it changes hands)."""
    move = game.moves[index]
    before = game.table(index).state.seats[move.seat].hand
    others = [k for k in set(before) if k is not move.command.kind and PAW not in (k, move.command.kind)]
    return cmd.PassCard(sorted(others, key=list(Collectable).index)[0]) if others else None


def other_face_down_cards(game: Playthrough, start: int, moves: int, proposer: int) -> dict[int, Any]:
    """The proposer's face-down cards put into the offer begun at move `start` as another kind
    it held then, where no later move of the offer puts in that kind (so every later move
    stays legal)."""
    later_kinds = {
        move.command.item.kind
        for move in game.moves[start + 1 : moves]
        if isinstance(move.command, cmd.GiveInTrade) and move.command.item.source is cmd.Source.HAND
    }
    choices: dict[int, Any] = {}
    for index in range(start + 1, moves):
        command = game.moves[index].command
        if not (isinstance(command, cmd.GiveInTrade) and command.item.face_down):
            continue
        before = game.table(index).state
        given = before.effect.gives if isinstance(before.effect, Offer) else ()
        hand = before.seats[proposer].hand
        spare = [
            kind
            for kind in sorted(set(hand), key=list(Collectable).index)
            if kind is not PAW
            and kind not in later_kinds
            and hand.count(kind) > sum(1 for item in given if item.source is cmd.Source.HAND and item.kind is kind)
        ]
        if spare:
            item = cmd.TradeItem(cmd.Source.HAND, kind=spare[0], face_down=True)
            choices[index] = cmd.GiveInTrade(item)
            later_kinds.add(spare[0])
    return choices
