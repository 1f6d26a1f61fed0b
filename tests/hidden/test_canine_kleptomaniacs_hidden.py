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

The first two are `canine_kleptomaniacs_worlds` (also used by the test over every game);
the third is here. Replaying, not patching state, is what catches a rule whose public effect depends on a hidden
card; patching hands catches a view, prompt, legal list or refusal that reads another's hand.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

import pytest
from canine_kleptomaniacs_worlds import hidden_part, other_choices, reshuffled_decks
from kennel.domain.canine_kleptomaniacs import GAME
from kennel.domain.canine_kleptomaniacs import commands as cmd
from kennel.domain.canine_kleptomaniacs.components import KINDS, BedroomCard, Collectable, Weapon
from kennel.domain.canine_kleptomaniacs.events import Step
from kennel.domain.canine_kleptomaniacs.state import Battle, CanineState, Choosing, Offer, Owed
from kennel.domain.core import table as tables
from kennel.domain.core.rng import Rng, seed_from_text
from testkit.hidden_worlds import Playthrough, answer, random_game, replay, what_seat_knows

GAMES = 24
SAMPLES_PER_GAME = 3
PAW, POO = Collectable.ULTIMATE_PAW, Collectable.POO_PIZZA


def game_number(number: int) -> Playthrough:
    seat_count = 2 + number % 5 if number % 6 else 2 + number % 9
    return random_game(GAME, f"canine hidden {number}", seat_count, undo=True)


def redealt_hands(state: CanineState, viewer: int | None, rng: Rng) -> CanineState:
    """The other seats' hands, the undrawn deck and the Laundry Pile dealt out again, every
    size kept; the Paw stays where it was declared and the Poo never goes to the Laundry Pile."""
    sniffing = isinstance(state.effect, Choosing) and state.effect.step is Step.SNIFF_SELECT and state.effect.seat == viewer
    others = [seat for seat in range(state.seat_count) if seat != viewer]
    # What is public about a hand stays: the declared Paw, and the cards offered face up in a
    # trade. Cards offered face down are dealt again like the rest, and the offer names the new ones.
    public = {seat: [PAW] if PAW in state.seats[seat].hand else [] for seat in others}
    offer = state.effect if isinstance(state.effect, Offer) else None
    if offer is not None and offer.proposer in public:
        known = public[offer.proposer]
        shown = Counter(i.kind for i in offer.gives if i.source is cmd.Source.HAND and not i.face_down)
        for kind, count in shown.items():
            known.extend([kind] * (count - known.count(kind)))  # the declared Paw is known already
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
    if offer is not None and offer.proposer in public:
        offer = _face_down_dealt_again(offer, seats[offer.proposer].hand, public[offer.proposer])
    effect = offer if offer is not None else state.effect
    return dataclasses.replace(state, seats=tuple(seats), collectables=deck, laundry=new_laundry, effect=effect)


def _face_down_dealt_again(offer: Offer, hand: tuple[Collectable, ...], public: list[Collectable]) -> Offer:
    """The offer's face-down cards named again from the proposer's new hand (any but the
    public cards and the Paw, which is never offered face down)."""
    spare = _without_all(hand, public)
    spare = [card for card in spare if card is not PAW]
    gives = []
    for item in offer.gives:
        if item.source is cmd.Source.HAND and item.face_down:
            item = dataclasses.replace(item, kind=spare.pop(0))
        gives.append(item)
    return dataclasses.replace(offer, gives=tuple(gives))


def _without_all(cards: tuple[Collectable, ...], gone: list[Collectable]) -> list[Collectable]:
    left = list(cards)
    for card in gone:
        left.remove(card)
    return left


# ---- what a seat knows ----


def probes(seat_count: int) -> list[Any]:
    """Commands of every type, good and bad (their answers must not depend on hidden cards)."""
    items = [cmd.TradeItem(cmd.Source.HAND, kind=k) for k in KINDS] + [cmd.TradeItem(cmd.Source.HIDING_PLACE, place=0)]
    items += [cmd.TradeItem(cmd.Source.HAND, kind=k, face_down=True) for k in (*KINDS, POO)]
    items += [cmd.TradeItem(cmd.Source.HIDDEN_CARD, kind=k, place=0) for k in KINDS]
    return [
        cmd.TakeActionCard(), cmd.TakeMrSquirrel(), cmd.EndTurn(), cmd.ProposeTrade(), cmd.CallOffTrade(),
        cmd.AcceptTrade(), cmd.DeclineTrade(), cmd.PlayCheesyDistraction(), cmd.SniffLaundryPile(),
        cmd.UseCharmOffensive(), cmd.AllowTheft(), cmd.StopRolling(), cmd.EndLeafStorm(), cmd.ClaimImmunity(),
        cmd.JoinRumble(), cmd.ClaimBedroomCard(), cmd.ClaimThreeCards(), cmd.LoseCollectables(None),
        *(cmd.HideSet(p, k, b) for p in (0, 1) for k in KINDS for b in ((), (BedroomCard.LAUNDRY_BASKET,))),
        *(cmd.SwapSets(0, k) for k in KINDS),
        cmd.SwapPlaces(0, 1),
        *(cmd.OfferTrade(s, g, t) for s in range(seat_count) for g in items[:2] for t in items[:2]),
        *(cmd.TradeWith(s) for s in range(seat_count)),
        *(c(item) for c in (cmd.GiveInTrade, cmd.AskInTrade) for item in items),
        cmd.SendOffer(),
        *(cmd.ChooseVictim(s) for s in range(seat_count)),
        *(c(k) for c in (cmd.AskForCollectable, cmd.RollAgain, cmd.DiscardCard, cmd.LoseCollectables, cmd.PassCard) for k in Collectable),
        cmd.PickFromLaundry((Collectable.BASIC_SOCKS,) * 3),
        cmd.DiscardTwo((Collectable.BASIC_SOCKS,) * 2),
        *(cmd.ChooseWeapon(w) for w in Weapon),
    ]


def state_knowledge(table: tables.Table[Any], viewer: int | None) -> dict[str, Any]:
    state = table.state
    known: dict[str, Any] = {
        "view": GAME.view(state, viewer),
        "pending": GAME.pending(state),
        "outcome": GAME.outcome(state),
    }
    if viewer is not None:
        known["legal"] = GAME.legal_commands(state, viewer)
        known["answers"] = [answer(table, viewer, command) for command in probes(state.seat_count)]
        if any(prompt.seat == viewer for prompt in GAME.pending(state)):
            known["timeout"] = GAME.timeout_command(state, viewer, Rng(seed_from_text("timeout"), 0))
    return known


@pytest.mark.parametrize("number", range(GAMES))
def test_a_seat_cannot_tell_apart_tables_that_differ_only_in_what_it_may_not_know(number):
    game = game_number(number)
    chance = Rng(seed_from_text(f"canine points {number}"), 0)
    differing = 0
    for sample in range(SAMPLES_PER_GAME):
        moves = chance.below(len(game.moves))  # not the very end: then every hand is revealed
        real = game.table(moves).state
        tried = probes(game.seat_count)
        for viewer in [None, *range(game.seat_count)]:
            rng = Rng(seed_from_text(f"canine world {number} {sample} {viewer}"), 0)
            mine = what_seat_knows(game, moves, viewer, tried)
            decks = replay(game, reshuffled_decks(game, moves, rng), moves, viewer)
            assert what_seat_knows(decks, moves, viewer, tried) == mine
            choices = other_choices(game, moves, viewer, rng)
            if choices:
                chosen = replay(game, list(game.opening), moves, viewer, choices)
                assert what_seat_knows(chosen, moves, viewer, tried) == mine
                differing += 1
            other = redealt_hands(real, viewer, rng)
            real_table = game.table(moves)
            other_table = dataclasses.replace(real_table, state=other)
            assert state_knowledge(other_table, viewer) == state_knowledge(real_table, viewer)
            decks_state = decks.table(moves).state
            differing += hidden_part(decks_state, viewer) != hidden_part(real, viewer)
            differing += hidden_part(other, viewer) != hidden_part(real, viewer)
    assert differing > 0, "no sample changed anything hidden: the test would prove nothing"


def test_secret_weapons_walkies_cards_and_face_down_offers_are_covered():
    """Some sampled games do hit a pending battle or Walkies, and an open trade offer with a
    card face down, so the second world is exercised for each."""
    hits = {"battle or walkies": 0, "face down": 0}
    for number in range(GAMES):
        game = game_number(number)
        table = tables.fold(GAME, list(game.opening))
        found: set[str] = set()
        for moves, move in enumerate(game.moves):
            # Folded as it goes; a full world is built only where a secret choice is pending.
            effect = table.state.effect
            if isinstance(effect, Battle) or (isinstance(effect, Owed) and effect.step is Step.WALKIES):
                kind = "battle or walkies"
            elif isinstance(effect, Offer) and any(item.face_down for item in effect.gives):
                kind = "face down"
            else:
                kind = ""
            if kind and kind not in found and other_choices(game, moves, None, Rng(seed_from_text("x"), 0)):
                hits[kind] += 1
                found.add(kind)
            if len(found) == len(hits):
                break
            for event in move.events:
                table = tables.evolve(table, event)
    assert all(hits.values()), hits
