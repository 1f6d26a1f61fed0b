"""Indistinguishability (design.md "Hidden information") for Canine Kleptomaniacs: two tables
that differ only in what seat P may not know give P identical views, redacted streams, prompts,
legal commands and answers to probe commands.

What P may not know: the order of every deck (Collectables, Action, Master's Bedroom), the other
seats' hands, what lies in the Laundry Pile, and the secret choices not yet revealed (the card
another seat set aside for Walkies, another fighter's weapon). Three kinds of other world:

- decks: the same stream with the undrawn part of each deck in another order, replayed from the
  same commands (the game's dice come from the seed, which stays);
- secret choices: the same stream with other seats' pending Walkies cards or weapons chosen
  otherwise, replayed;
- hands: the table at one moment with the cards of the other seats' hands, the undrawn deck and
  (unless P is looking through it) the Laundry Pile dealt out again among them, sizes kept.

Replaying, not patching state, is what catches a rule whose public effect depends on a hidden
card; patching hands catches a view, prompt, legal list or refusal that reads another's hand.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

import pytest

from domain.canine_kleptomaniacs import GAME
from domain.canine_kleptomaniacs import commands as cmd
from domain.canine_kleptomaniacs.components import KINDS, BedroomCard, Collectable, Weapon
from domain.canine_kleptomaniacs.events import (
    ActionCardTaken,
    ActionDeckFormedAgain,
    ActionsShuffled,
    BedroomCardTaken,
    BedroomShuffled,
    ChoiceAwaited,
    CollectablesDrawn,
    CollectablesShuffled,
    HandDealt,
    LeftoversReturned,
    Step,
)
from domain.canine_kleptomaniacs.state import Battle, CanineState, Choosing, Offer, Owed
from domain.core import table as tables
from domain.core.bots import RandomBot
from domain.core.rng import Rng, seed_from_text
from domain.core.rules import RuleViolation

GAMES = 24
SAMPLES_PER_GAME = 3
PAW, POO = Collectable.ULTIMATE_PAW, Collectable.POO_PIZZA


@dataclass(frozen=True)
class Move:
    seat: int
    command: Any
    events: tuple[Any, ...]


@dataclass(frozen=True)
class Playthrough:
    opening: tuple[Any, ...]
    moves: tuple[Move, ...]
    seed: bytes

    def events(self, moves: int) -> list[Any]:
        return [*self.opening, *(event for move in self.moves[:moves] for event in move.events)]


def random_game(number: int) -> Playthrough:
    seat_count = 2 + number % 5 if number % 6 else 2 + number % 9
    seed = seed_from_text(f"canine hidden {number}")
    opening = tables.create(GAME, None, [f"p{seat}" for seat in range(seat_count)], seed)
    table = tables.fold(GAME, opening)
    bot = RandomBot(f"canine hidden {number}")
    moves: list[Move] = []
    while table.ended is None:
        prompts = table.pending()
        seat = prompts[len(moves) % len(prompts)].seat
        command = bot.choose(table, seat)
        events = tables.play(table, seat, command, seed)
        for event in events:
            table = tables.evolve(table, event)
        moves.append(Move(seat, command, tuple(events)))
    return Playthrough(tuple(opening), tuple(moves), seed)


def replay(game: Playthrough, opening: list[Any], moves: int, commands: dict[int, Any], viewer: int | None) -> Playthrough:
    table = tables.fold(GAME, opening)
    replayed = []
    for index, move in enumerate(game.moves[:moves]):
        command = commands.get(index, move.command)
        try:
            events = tables.play(table, move.seat, command, game.seed)
        except RuleViolation as error:
            raise AssertionError(f"move {index} is refused in a world seat {viewer} cannot tell apart: {error}") from error
        for event in events:
            table = tables.evolve(table, event)
        replayed.append(Move(move.seat, command, tuple(events)))
    return Playthrough(tuple(opening), tuple(replayed), game.seed)


# ---- other worlds ----


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


def other_choices(game: Playthrough, moves: int, viewer: int | None, rng: Rng) -> dict[int, Any]:
    """Other Walkies cards and weapons for the choices other seats made since the effect that
    asked for them began (they are still secret: the effect has not resolved)."""
    state: CanineState = tables.fold(GAME, game.events(moves)).state
    effect = state.effect
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
        elif isinstance(move.command, cmd.PassCard):
            before = tables.fold(GAME, game.events(index)).state.seats[move.seat].hand
            others = [k for k in set(before) if k is not move.command.kind and PAW not in (k, move.command.kind)]
            if others:
                choices[index] = cmd.PassCard(sorted(others, key=list(Collectable).index)[0])
    return choices


def redealt_hands(state: CanineState, viewer: int | None, rng: Rng) -> CanineState:
    """The other seats' hands, the undrawn deck and the Laundry Pile dealt out again, every
    size kept; the Paw stays where it was declared and the Poo never goes to the Laundry Pile."""
    sniffing = isinstance(state.effect, Choosing) and state.effect.step is Step.SNIFF_SELECT and state.effect.seat == viewer
    others = [seat for seat in range(state.seat_count) if seat != viewer]
    # What is public about a hand stays: the declared Paw, and a card offered in a trade.
    public = {seat: [PAW] if PAW in state.seats[seat].hand else [] for seat in others}
    offer = state.effect
    if isinstance(offer, Offer) and offer.give is not None and offer.give.kind is not None and offer.proposer in public:
        kind, known = offer.give.kind, public[offer.proposer]
        if known.count(kind) < state.seats[offer.proposer].hand.count(kind):  # the declared Paw is known already
            known.append(kind)
    pool = [card for seat in others for card in _without_all(state.seats[seat].hand, public[seat])]
    pool += [card for card in state.collectables if card is not PAW]
    laundry = [] if sniffing else list(state.laundry)
    ordinary = [card for card in pool if card is not POO] + laundry
    shuffled = list(rng.shuffled(ordinary))
    # The Poo Pizza goes back among the hands and the deck only.
    if POO in pool:
        shuffled.insert(rng.below(len(pool)), POO)
    seats = list(state.seats)
    for seat in others:
        keep = public[seat]
        size = len(seats[seat].hand) - len(keep)
        hand, shuffled = shuffled[:size], shuffled[size:]
        seats[seat] = dataclasses.replace(seats[seat], hand=tuple(sorted(hand + keep, key=list(Collectable).index)))
    size = len(state.collectables) - state.collectables.count(PAW)
    deck_cards, shuffled = shuffled[:size], shuffled[size:]
    if PAW in state.collectables:  # where the Paw lies in the deck is hidden, but not whether
        deck_cards.insert(state.collectables.index(PAW), PAW)
    deck = tuple(deck_cards)
    new_laundry = state.laundry if sniffing else tuple(sorted(shuffled, key=list(Collectable).index))
    return dataclasses.replace(state, seats=tuple(seats), collectables=deck, laundry=new_laundry)


def _without_all(cards: tuple[Collectable, ...], gone: list[Collectable]) -> list[Collectable]:
    left = list(cards)
    for card in gone:
        left.remove(card)
    return left


# ---- what a seat knows ----


def probes(seat_count: int) -> list[Any]:
    """Commands of every type, good and bad (their answers must not depend on hidden cards)."""
    items = [cmd.TradeItem(cmd.Source.HAND, kind=k) for k in KINDS] + [cmd.TradeItem(cmd.Source.HIDING_PLACE, place=0)]
    return [
        cmd.TakeActionCard(), cmd.TakeMrSquirrel(), cmd.EndTurn(), cmd.ProposeTrade(), cmd.CallOffTrade(),
        cmd.AcceptTrade(), cmd.DeclineTrade(), cmd.PlayCheesyDistraction(), cmd.SniffLaundryPile(),
        cmd.UseCharmOffensive(), cmd.AllowTheft(), cmd.StopRolling(), cmd.EndLeafStorm(), cmd.ClaimImmunity(),
        cmd.JoinRumble(), cmd.ClaimBedroomCard(), cmd.ClaimThreeCards(), cmd.LoseCollectables(None),
        *(cmd.HideSet(p, k, b) for p in (0, 1) for k in KINDS for b in ((), (BedroomCard.LAUNDRY_BASKET,))),
        *(cmd.SwapSets(0, k) for k in KINDS),
        cmd.SwapPlaces(0, 1),
        *(cmd.OfferTrade(s, g, t) for s in range(seat_count) for g in items[:2] for t in items),
        *(cmd.ChooseVictim(s) for s in range(seat_count)),
        *(c(k) for c in (cmd.AskForCollectable, cmd.RollAgain, cmd.DiscardCard, cmd.LoseCollectables, cmd.PassCard) for k in Collectable),
        cmd.PickFromLaundry((Collectable.BASIC_SOCKS,) * 3),
        cmd.DiscardTwo((Collectable.BASIC_SOCKS,) * 2),
        *(cmd.ChooseWeapon(w) for w in Weapon),
    ]


def answer(state: CanineState, seat: int, command: Any) -> tuple[str, str] | None:
    try:
        GAME.decide(state, seat, command, Rng(seed_from_text("probe"), 0))
    except RuleViolation as error:
        return error.code, error.message
    return None


def state_knowledge(state: CanineState, viewer: int | None) -> dict[str, Any]:
    known: dict[str, Any] = {
        "view": GAME.view(state, viewer),
        "pending": GAME.pending(state),
        "outcome": GAME.outcome(state),
    }
    if viewer is not None:
        known["legal"] = GAME.legal_commands(state, viewer)
        known["answers"] = [answer(state, viewer, command) for command in probes(state.seat_count)]
    return known


def what_seat_knows(game: Playthrough, moves: int, viewer: int | None) -> dict[str, Any]:
    events = game.events(moves)
    table = tables.fold(GAME, events)
    known = state_knowledge(table.state, viewer)
    known["stream"] = [_seedless(tables.redact(table, event, viewer)) for event in events]
    return known


def _seedless(event: Any) -> Any:
    return dataclasses.replace(event, seed="") if isinstance(event, tables.GameEnded) else event


def hidden_part(state: CanineState, viewer: int | None) -> Any:
    return (
        state.collectables,
        state.actions,
        state.bedroom,
        state.laundry,
        [seat.hand for number, seat in enumerate(state.seats) if number != viewer],
        state.effect,
    )


@pytest.mark.parametrize("number", range(GAMES))
def test_a_seat_cannot_tell_apart_tables_that_differ_only_in_what_it_may_not_know(number):
    game = random_game(number)
    chance = Rng(seed_from_text(f"canine points {number}"), 0)
    seat_count = len(game.opening[0].seats)
    differing = 0
    for sample in range(SAMPLES_PER_GAME):
        moves = chance.below(len(game.moves))  # not the very end: then every hand is revealed
        real = tables.fold(GAME, game.events(moves)).state
        for viewer in [None, *range(seat_count)]:
            rng = Rng(seed_from_text(f"canine world {number} {sample} {viewer}"), 0)
            mine = what_seat_knows(game, moves, viewer)
            decks = replay(game, reshuffled_decks(game, moves, rng), moves, {}, viewer)
            assert what_seat_knows(decks, moves, viewer) == mine
            choices = other_choices(game, moves, viewer, rng)
            if choices:
                chosen = replay(game, list(game.opening), moves, choices, viewer)
                assert what_seat_knows(chosen, moves, viewer) == mine
                differing += 1
            other = redealt_hands(real, viewer, rng)
            assert state_knowledge(other, viewer) == state_knowledge(real, viewer)
            decks_state = tables.fold(GAME, decks.events(moves)).state
            differing += hidden_part(decks_state, viewer) != hidden_part(real, viewer)
            differing += hidden_part(other, viewer) != hidden_part(real, viewer)
    assert differing > 0, "no sample changed anything hidden: the test would prove nothing"


def test_secret_weapons_and_walkies_cards_are_covered():
    """Some sampled games do hit a pending battle or Walkies, so the second world is exercised."""
    hits = 0
    for number in range(GAMES):
        game = random_game(number)
        for moves in range(len(game.moves)):
            if other_choices(game, moves, None, Rng(seed_from_text("x"), 0)):
                hits += 1
                break
    assert hits > 0
