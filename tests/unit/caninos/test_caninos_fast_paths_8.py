"""¡Caninos!'s fast paths hold to the plain computations they replace, at every position of
seeded random games: the slices named once per collection and once per pizza on the table
(`slices.named_slices`, `slices.table_slices`), filtered by each rule's test; the events folded
into one copy of the state; the outcome, the view's players and mini-decks (kept per tuple of
the state's); a trick's slices, and whether a trick may start, asked of its first slice."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from kennel.domain.caninos import GAME
from kennel.domain.caninos.cards import (
    WINNING_POINTS,
    Card,
    Effect,
    Kind,
    Pizza,
    Trick,
    box,
    distinct,
    kind_of,
    sorted_cards,
    sorted_pizzas,
)
from kennel.domain.caninos.drafts import Step, declared_trick, next_step
from kennel.domain.caninos.evolve import evolve
from kennel.domain.caninos.events import (
    CardDiscarded,
    CardsDrawn,
    ChainResolved,
    PlayMade,
    Reacted,
    SliceStolen,
    TurnEnded,
)
from kennel.domain.caninos.outcome import outcome
from kennel.domain.caninos.scoring import scores, slice_points
from kennel.domain.caninos.slices import (
    can_take_topping,
    collection_refs,
    collection_slices,
    named_slices,
    table_refs,
    table_slices,
    without,
    without_all,
)
from kennel.domain.caninos.state import Action, Answer, CaninosState, Player, Slice, SliceRef, Turn
from kennel.domain.caninos.tricks import _refs, can_start, slice_options, tricks_of
from kennel.domain.caninos.views import MiniDeckView, PlayerView, view
from kennel.domain.core import table as tables
from kennel.domain.core.frozen import replaced
from testkit.hidden_worlds import random_game

# Every test a rule asks of a slice it may name (tricks.slice_options, turns.levelling_options).
KEEPS: list[Callable[[Slice], bool]] = [
    lambda piece: True,
    can_take_topping,
    lambda piece: piece.topping is not None,
    lambda piece: not piece.plush,
    lambda piece: slice_points(piece) > 0,
]


def positions(number: int, steps: int = 300) -> Iterator[CaninosState]:
    game = random_game(GAME, f"fast paths 8 {number}", 2 + number % 5, GAME.random_play_options, max_moves=steps)
    return (table.state for table in game.tables() if table.ended is None)


def made_collections() -> Iterator[tuple[Slice, ...]]:
    """Collections where one pizza lies with and without a topping, as a plush toy and under
    Cerberus, in several orders (random play seldom makes those)."""
    toppings = [card for card in Card if kind_of(card) is Kind.TOPPING]
    increase = next(card for card in toppings if box().effects[card] is Effect.INCREASE)
    reduction = next(card for card in toppings if box().effects[card] is not Effect.INCREASE)
    pizzas, cards = [Pizza.HAM, Pizza.TOMATO_AND_HAM], [increase, reduction]
    pieces = [
        Slice(pizza, topping=topping, plush=plush, cerberus=cerberus)
        for pizza in pizzas
        for topping in (None, *cards)
        for plush in (False, True)
        for cerberus in (None, Card.CERBERO)
    ]
    for start in range(len(pieces)):
        yield tuple(pieces[start:] + pieces[:start] + pieces[::3])


def plain_table_refs(state: CaninosState) -> list[SliceRef]:
    refs = [SliceRef(owner=None, pizza=pizza) for pizza in sorted_pizzas(set(state.doubles))]
    for deck in state.mini_decks:
        if deck and SliceRef(owner=None, pizza=deck[0]) not in refs:
            refs.append(SliceRef(owner=None, pizza=deck[0]))
    return refs


def test_a_collections_kept_refs_are_the_plain_ones() -> None:
    collections = [
        (owner, player.collection)
        for number in range(5)
        for state in positions(number)
        for owner, player in enumerate(state.players)
    ]
    collections += [(1, collection) for collection in made_collections()]
    checked = 0
    for owner, collection in collections:
        for keep in KEEPS:
            plain = [ref for ref, _ in collection_slices(owner, collection, keep)]
            assert collection_refs(owner, collection, keep) == plain
        assert collection_refs(owner, collection) == [ref for ref, _ in collection_slices(owner, collection)]
        checked += len(collection) > 1
    assert checked > 100


def test_a_collections_named_slices_are_kept_per_collection() -> None:
    state = next(s for s in positions(2) if any(len(p.collection) > 1 for p in s.players))
    owner, player = next((o, p) for o, p in enumerate(state.players) if len(p.collection) > 1)
    kept = named_slices(player.collection, owner)
    assert named_slices(player.collection, owner) is kept
    assert kept == collection_slices(owner, player.collection)
    # Another collection (one slice fewer) is listed afresh.
    ref = kept[0][0]
    thief = (owner + 1) % state.seat_count
    after = evolve(state, SliceStolen(thief=thief, slice=ref, mini_deck=None, topping_lost=False))
    changed = after.players[owner].collection
    assert changed is not player.collection
    assert named_slices(changed, owner) == collection_slices(owner, changed)
    assert named_slices(changed, owner) is not kept


def test_the_table_slices_are_the_plain_refs_one_pair_per_pizza() -> None:
    checked = 0
    for state in (state for number in range(5) for state in positions(number)):
        pairs = table_slices(state)
        assert table_refs(state) == [ref for ref, _ in pairs] == plain_table_refs(state)
        assert [piece for _, piece in pairs] == [Slice(ref.pizza) for ref, _ in pairs]
        again = table_slices(state)
        assert all(a is b for pair, other in zip(pairs, again, strict=True) for a, b in zip(pair, other, strict=True))
        checked += 1
    assert checked > 100


# ---- the events folded into one copy of the state ----


def _plain_change_player(state: CaninosState, seat: int | None, change: Callable[[Player], Player]) -> CaninosState:
    if seat is None or not 0 <= seat < state.seat_count:
        return state
    players = list(state.players)
    players[seat] = change(players[seat])
    return replaced(state, players=tuple(players))


def _plain_change_turn(state: CaninosState, change: Callable[[Turn], Turn]) -> CaninosState:
    return state if state.turn is None else replaced(state, turn=change(state.turn))


def _plain_discarded(state: CaninosState, cards: tuple[Card, ...]) -> CaninosState:
    return state if not cards else replaced(state, discard=state.discard + cards)


def _hand(p: Player, hand: tuple[Card, ...]) -> Player:
    return replaced(p, hand=sorted_cards(hand))


def plain_evolve(state: CaninosState, event: object) -> CaninosState:
    """The events `evolve` folds into one copy of the state, folded a part at a time."""
    if isinstance(event, CardDiscarded):
        if not 0 <= event.seat < state.seat_count or event.card not in state.players[event.seat].hand:
            return state
        state = _plain_change_player(state, event.seat, lambda p: _hand(p, without(p.hand, event.card)))
        state = _plain_discarded(state, (event.card,))
        return _plain_change_turn(state, lambda t: replaced(t, discarded=t.discarded + 1))
    if isinstance(event, TurnEnded):
        turn = state.turn
        played = turn.played if turn is not None else ()
        passed = turn is not None and not (turn.laid or turn.discarded)
        hexes = state.players[event.seat].hexes if 0 <= event.seat < state.seat_count else ()
        state = _plain_change_player(state, event.seat, lambda p: replaced(p, hexes=()))
        state = _plain_discarded(state, played + tuple(hex_.card for hex_ in hexes))
        return replaced(state, turn=None, passes=state.passes + 1 if passed else 0)
    if isinstance(event, PlayMade):
        play = event.play
        if play.trick is Trick.GLUTTONS:
            state = _plain_change_turn(state, lambda t: replaced(t, played=without_all(t.played, play.cards)))
        else:
            state = _plain_change_player(state, play.seat, lambda p: _hand(p, without_all(p.hand, play.cards)))
        tried = (play.trick,) if play.action is Action.TRICK and play.trick is not None else ()
        state = _plain_change_turn(state, lambda t: replaced(t, laid=t.laid + 1, tried=t.tried + tried))
        return replaced(state, draft=None, play=play, answers=(), adopted=(), asking=event.asking)
    if isinstance(event, Reacted):
        state = _plain_change_player(state, event.seat, lambda p: _hand(p, without(p.hand, event.card)))
        answers = state.answers + (Answer(seat=event.seat, card=event.card),)
        return replaced(state, answers=answers, asking=event.asking)
    if isinstance(event, ChainResolved):
        play = state.play
        if play is None:
            return state
        play_cards = () if 0 in state.adopted else play.cards
        answered = tuple(
            answer.card for link, answer in enumerate(state.answers, start=1) if link not in state.adopted
        )
        state = _plain_discarded(state, answered)
        state = _plain_change_turn(state, lambda t: replaced(t, played=t.played + play_cards))
        if event.succeeded and play.action is Action.STEAL:
            state = _plain_change_turn(state, lambda t: replaced(t, stole=True, stolen_with=play.cards))
        elif event.succeeded and play.trick is not None:
            trick = play.trick
            state = _plain_change_turn(state, lambda t: replaced(t, tricks=t.tricks + (trick,)))
        return replaced(state, play=None, answers=(), adopted=(), asking=())
    return evolve(state, event)


MERGED = (CardDiscarded, TurnEnded, PlayMade, Reacted, ChainResolved)


def test_events_folded_into_one_copy_are_folded_as_a_part_at_a_time() -> None:
    folded = {kind: 0 for kind in MERGED}
    for number in range(6):
        seed = f"fast paths 8 evolve {number}"
        game = random_game(GAME, seed, 2 + number % 5, GAME.random_play_options, max_moves=300)
        state = tables.fold(GAME, game.opening).state
        for move in game.moves:
            for event in move.events:
                if isinstance(event, MERGED):
                    assert evolve(state, event) == plain_evolve(state, event)
                    folded[type(event)] += 1
                state = evolve(state, event) if not isinstance(event, tables.GameEnded) else state
    assert all(count > 5 for count in folded.values()), folded


def test_events_that_do_not_fit_change_what_they_did_before() -> None:
    state = next(s for s in positions(3) if s.turn is not None)
    seat = state.turn.seat if state.turn is not None else 0
    odd = [
        CardDiscarded(seat=seat, card=next(c for c in Card if c not in state.players[seat].hand)),
        CardDiscarded(seat=state.seat_count + 1, card=Card.QUIETO),
        TurnEnded(seat=state.seat_count + 1),
        Reacted(seat=state.seat_count + 1, card=Card.QUIETO, asking=()),
        ChainResolved(succeeded=True),
    ]
    for event in odd:
        assert evolve(state, event) == plain_evolve(state, event)
    turnless = replaced(state, turn=None)
    for event in (TurnEnded(seat=seat), CardDiscarded(seat=seat, card=state.players[seat].hand[0])):
        assert evolve(turnless, event) == plain_evolve(turnless, event)


# ---- the outcome, the scores, the view's players and mini-decks, a trick's slices ----


def plain_outcome(state: CaninosState) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """The winners and scores of the plain outcome (the reason's words are `outcome`'s alone)."""
    points = tuple(player.points for player in state.players)
    reached = [seat for seat, score in enumerate(points) if score >= WINNING_POINTS]
    if reached:
        best = max(points[seat] for seat in reached)
        return tuple(seat for seat in reached if points[seat] == best), points
    if state.deck_ran_out or state.stalled:
        return tuple(seat for seat, score in enumerate(points) if score == max(points)), points
    return None


def plain_refs(players: tuple[Player, ...], keep: Callable[[int, Slice], bool]) -> list[SliceRef]:
    return [
        ref
        for owner, player in enumerate(players)
        for ref, _ in collection_slices(owner, player.collection, lambda piece, owner=owner: keep(owner, piece))
    ]


def test_outcomes_views_and_a_tricks_slices_are_the_plain_ones() -> None:
    ended = 0
    for number in range(6):
        game = random_game(GAME, f"fast paths 8 outcome {number}", 2 + number % 5, GAME.random_play_options)
        for table in game.tables():
            state = table.state
            assert scores(state) == tuple(player.points for player in state.players)
            found = outcome(state)
            assert (None if found is None else (found.winners, found.scores)) == plain_outcome(state)
            ended += found is not None
            public = view(state, None)
            assert public.players == tuple(
                PlayerView(
                    seat=seat,
                    collection=p.collection,
                    points=p.points,
                    hand_size=len(p.hand),
                    hexes=p.hexes,
                    fairy=p.fairy,
                )
                for seat, p in enumerate(state.players)
            )
            assert public.mini_decks == tuple(
                MiniDeckView(top=deck[0] if deck else None, size=len(deck)) for deck in state.mini_decks
            )
            assert view(state, 0).players is public.players
            for seat in range(state.seat_count):
                keeps: list[Callable[[int, Slice], bool]] = [
                    lambda owner, piece: owner != seat and not piece.plush,
                    lambda owner, piece: can_take_topping(piece),
                ]
                for keep in keeps:
                    assert list(_refs(state.players, keep)) == plain_refs(state.players, keep)
    assert ended >= 3


def test_the_views_players_are_kept_per_players_tuple() -> None:
    state = next(s for s in positions(4) if s.turn is not None)
    declined = replaced(state, asking=(1,))  # another state, the same players
    assert view(declined, None).players is view(state, None).players
    assert view(declined, None).mini_decks is view(state, None).mini_decks
    other = evolve(state, CardsDrawn(seat=0, count=1, cards=state.deck[:1]))
    assert other.players is not state.players
    assert view(other, None).players is not view(state, None).players
    assert view(other, None).players[1] is view(state, None).players[1]  # seat 1 unchanged: seen as before


def test_whether_a_trick_may_start_asks_for_its_first_slice_as_the_list_would() -> None:
    asked = 0
    for state in (state for number in range(8) for state in positions(number)):
        turn = state.turn
        if turn is None or state.draft is not None:
            continue
        for card in distinct(state.players[turn.seat].hand):
            for trick in (*tricks_of(card), Trick.GLUTTONS):
                draft = declared_trick(turn.seat, card, trick, turn.stolen_with)
                if next_step(draft) is Step.SLICE:
                    assert can_start(state, draft) == bool(slice_options(state, draft))
                    asked += 1
    assert asked > 200, asked


def test_a_cards_tricks_are_found_once_per_card() -> None:
    for card in Card:
        assert tricks_of(card) == tricks_of.__wrapped__(card)
        assert tricks_of(card) is tricks_of(card)
