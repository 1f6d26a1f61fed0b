"""`legal_commands` lists every command `decide` accepts, and `decide` accepts nothing else; the
lists stay short (equivalent cards offered once), so that bots, interfaces and fuzzers can
enumerate them."""

from itertools import product

from caninos_support import GAME, QUIETO, RACCOON, TANUKI, C, P, play, ref, table
from kennel.domain.caninos.cards import Card, Pizza, Trick
from kennel.domain.caninos.commands import (
    ChooseNoMore,
    ChooseSeat,
    ChooseSlice,
    Decline,
    DiscardCard,
    EndTurn,
    PayWith,
    PerformTrick,
    React,
    Steal,
)
from kennel.domain.caninos.slices import collection_refs, table_refs
from kennel.domain.core import table as tables
from kennel.domain.core.bots import RandomBot
from kennel.domain.core.rng import Rng, seed_from_text
from kennel.domain.core.rules import RuleViolation


def candidates(state):
    """Commands of every type, with arguments good and bad."""
    refs = {*table_refs(state), ref(None, Pizza.MUSHROOMS, plush=True), ref(7, Pizza.HAM)}
    for owner, player in enumerate(state.players):
        refs.update(collection_refs(owner, player.collection))
        refs.add(ref(owner, Pizza.BACON_AND_SPINACH, Card.GUINDILLA))
    held = {card for player in state.players for card in player.hand} | set(
        state.turn.played if state.turn else ()
    )
    cards = sorted(held | {Card.CHIHUAHUA_FURIOSO, Card.PERRO_ADOPTIVO, Card.TANUKI}, key=list(Card).index)
    return [
        *(Steal(r) for r in refs),
        *(ChooseSlice(r) for r in refs),
        *(PerformTrick(c, t) for c, t in product(cards, Trick)),
        *(PayWith((c,)) for c in cards),
        *(PayWith(pair) for pair in product(cards, repeat=2)),
        *(ChooseSeat(s) for s in range(-1, state.seat_count + 1)),
        *(React(c) for c in Card),
        *(DiscardCard(c) for c in cards),
        ChooseNoMore(),
        EndTurn(),
        Decline(),
    ]


def accepted(state, seat, command):
    try:
        GAME.decide(state, seat, command, Rng(seed_from_text("legal"), 0))
    except RuleViolation:
        return False
    return True


def test_decide_accepts_exactly_the_legal_commands():
    """design.md: legal_commands is "every command the seat may send now"."""
    checked = 0
    for number, seat_count in enumerate([2, 3, 4, 6]):
        seed = seed_from_text(f"legal {number}")
        table_ = tables.fold(GAME, tables.create(GAME, None, [f"p{i}" for i in range(seat_count)], seed))
        bot = RandomBot(f"legal {number}", undo=False)
        for step in range(600):
            if table_.ended is not None:
                break
            prompts = table_.pending()
            if step % 7 == 0:
                asked = sorted({p.seat for p in prompts})
                for seat in {*asked, (asked[0] + 1) % seat_count}:
                    legal = set(GAME.legal_commands(table_.state, seat))
                    found = {c for c in candidates(table_.state) if accepted(table_.state, seat, c)}
                    assert found == legal, (step, seat, found ^ legal)
                    checked += 1
            seat = prompts[step % len(prompts)].seat
            for event in tables.play(table_, seat, bot.choose(table_, seat), seed):
                table_ = tables.evolve(table_, event)
    assert checked > 150


def test_ruling_identical_cards_and_slices_are_alike():
    """Rulebook: "play a ¡QUIETO!", never "¡QUIETO! number seven": identical cards are one choice."""
    state = table(
        (C.GALGO_TRILERO,), (QUIETO, QUIETO, QUIETO, RACCOON, RACCOON, TANUKI), collections=[(), (P.HAM,)]
    )
    state, _ = play(state, (0, Steal(ref(1, P.HAM))), (0, PayWith((C.GALGO_TRILERO,))))
    assert GAME.legal_commands(state, 1) == (Decline(), React(QUIETO), React(RACCOON), React(TANUKI))
    discards = [
        c for c in GAME.legal_commands(table((QUIETO, QUIETO, RACCOON), ()), 0) if isinstance(c, DiscardCard)
    ]
    assert discards == [DiscardCard(QUIETO), DiscardCard(RACCOON)]


def test_the_lists_stay_short_in_random_games():
    """Every play is put together one choice at a time, so no list is a product of choices; a
    reaction offers at most five answers."""
    longest = {"reaction": 0, "turn": 0, "choice": 0}
    for number in range(12):
        seat_count = 2 + number % 5
        seed = seed_from_text(f"short {number}")
        table_ = tables.fold(GAME, tables.create(GAME, None, [f"p{i}" for i in range(seat_count)], seed))
        bot = RandomBot(f"short {number}", undo=False)
        step = 0
        while table_.ended is None:
            prompt = table_.pending()[step % len(table_.pending())]
            options = GAME.legal_commands(table_.state, prompt.seat)
            kind = prompt.kind.value if prompt.kind.value in longest else "choice"
            longest[kind] = max(longest[kind], len(options))
            for event in tables.play(table_, prompt.seat, bot.choose(table_, prompt.seat), seed):
                table_ = tables.evolve(table_, event)
            step += 1
    assert longest["reaction"] <= 5
    assert longest["turn"] <= 60 and longest["choice"] <= 20, longest
