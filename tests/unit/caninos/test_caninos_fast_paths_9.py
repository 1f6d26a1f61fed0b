"""¡Caninos!'s ninth-pass fast paths hold to the plain computations they replace, at every
position of seeded random games: a hand's discards and the seats' points kept per tuple
(`legal._discards`, `scoring.seat_points`), a steal's means summed up in one pass over the hand
(`stealing.Means.of`), the hexes asked without a generator for a seat under none, the held
answers made as one list, a turn's end that keeps the players of a seat under no hex, and a
view made whole per viewer instead of a copy of a public view kept per state; and a turn that
starts as one object per seat."""

from __future__ import annotations

from collections.abc import Iterator

from kennel.domain.caninos import GAME
from kennel.domain.caninos.cards import Card, Kind, Trick, distinct, kind_of, pack_of
from kennel.domain.caninos.commands import DiscardCard
from kennel.domain.caninos.events import TurnEnded, TurnStarted
from kennel.domain.caninos.evolve import evolve
from kennel.domain.caninos.legal import _discards
from kennel.domain.caninos.reactions import held_answers, latest_answers
from kennel.domain.caninos.scoring import scores, seat_points, slice_points
from kennel.domain.caninos.state import CaninosState, Hex, Turn
from kennel.domain.caninos.stealing import Means, held_ingredients, under_dieters, under_killjoys
from kennel.domain.caninos.views import view
from kennel.domain.core.frozen import replaced
from testkit.hidden_worlds import random_game


def positions(number: int, steps: int = 300) -> Iterator[CaninosState]:
    game = random_game(GAME, f"fast paths 9 {number}", 2 + number % 5, GAME.random_play_options, max_moves=steps)
    return (table.state for table in game.tables() if table.ended is None)


def every_position() -> Iterator[CaninosState]:
    return (state for number in range(5) for state in positions(number))


# ---- a hand's discards, the seats' points ----


def test_a_hands_discards_are_the_plain_ones_kept_per_hand() -> None:
    checked = 0
    for state in every_position():
        for player in state.players:
            hand = player.hand
            kept = _discards(hand)
            assert kept == tuple(DiscardCard(card=card) for card in distinct(hand))
            assert _discards(hand) is kept
            checked += len(kept) > 1
    assert checked > 100
    # Another hand (one card fewer, or an equal hand that is another tuple) is listed afresh.
    state = next(s for s in every_position() if len(distinct(s.players[0].hand)) > 1)
    hand = state.players[0].hand
    assert _discards(hand[1:]) == tuple(DiscardCard(card=card) for card in distinct(hand[1:]))
    assert _discards(tuple(list(hand))) == _discards(hand)


def plain_scores(state: CaninosState) -> tuple[int, ...]:
    return tuple(sum(slice_points(piece) for piece in player.collection) for player in state.players)


def test_the_seats_points_are_the_plain_scores_kept_per_players_tuple() -> None:
    checked = 0
    for state in every_position():
        kept = seat_points(state.players)
        assert kept == scores(state) == plain_scores(state)
        assert seat_points(state.players) is kept
        checked += max(kept) > 0
    assert checked > 100
    state = next(s for s in every_position() if s.players[0].collection)
    fewer = replaced(state.players[0], collection=state.players[0].collection[1:])
    changed = (fewer, *state.players[1:])
    assert seat_points(changed) == plain_scores(replaced(state, players=changed))


# ---- a steal's means, the hexes, the held answers ----


def plain_means(state: CaninosState, seat: int, hand: tuple[Card, ...]) -> Means:
    """`Means.of` as it was: a generator per flag over the hand's kinds of card."""
    no_dogs = any(hex_.trick is Trick.DIETERS for hex_ in state.players[seat].hexes)
    kinds = distinct(hand)
    dogs = [] if no_dogs else [card for card in kinds if kind_of(card) is Kind.PACK_DOG]
    packs = [pack_of(card) for card in dogs]
    return Means(
        wild=any(kind_of(card) in (Kind.MYSTIC_RACCOON, Kind.TANUKI) for card in kinds),
        hound=not no_dogs and any(kind_of(card) is Kind.CHAOS_HOUND for card in kinds),
        dog=bool(dogs),
        dog_pair=any(hand.count(card) >= 2 for card in dogs),
        pack_pair=len(set(packs)) < len(packs),
        held=held_ingredients(state, seat) if len(set(packs)) < len(packs) else frozenset(),
    )


def made_hands() -> list[tuple[Card, ...]]:
    """Hands random play seldom deals: pairs of one dog, two dogs of one pack, every wild card."""
    dogs = [card for card in Card if kind_of(card) is Kind.PACK_DOG]
    same_pack = next((a, b) for a in dogs for b in dogs if a is not b and pack_of(a) is pack_of(b))
    others = [card for card in Card if kind_of(card) is not Kind.PACK_DOG]
    return [
        (),
        (dogs[0], dogs[0]),
        same_pack,
        (*same_pack, dogs[0], dogs[0]),
        *((card,) for card in others),
        tuple(others),
        tuple(Card),
    ]


def under(state: CaninosState, seat: int, *tricks: Trick) -> CaninosState:
    hexes = tuple(Hex(card=Card.QUIETO, trick=trick) for trick in tricks)
    players = list(state.players)
    players[seat] = replaced(players[seat], hexes=hexes)
    return replaced(state, players=tuple(players))


def test_a_steals_means_are_the_plain_ones() -> None:
    checked = 0
    for state in every_position():
        for seat, player in enumerate(state.players):
            assert Means.of(state, seat, player.hand) == plain_means(state, seat, player.hand)
            checked += 1
    assert checked > 300
    state = next(s for s in every_position() if any(p.collection for p in s.players))
    for hexed in (
        state,
        under(state, 0, Trick.DIETERS),
        under(state, 0, Trick.KILLJOYS),
        under(state, 0, Trick.KILLJOYS, Trick.DIETERS),
    ):
        for hand in made_hands():
            assert Means.of(hexed, 0, hand) == plain_means(hexed, 0, hand), hand


def test_the_hexes_asked_are_the_plain_answers() -> None:
    state = next(iter(positions(1)))
    for tricks in ((), (Trick.DIETERS,), (Trick.KILLJOYS,), (Trick.KILLJOYS, Trick.DIETERS), (Trick.GAMBLERS,)):
        hexed = under(state, 1, *tricks)
        assert under_dieters(hexed, 1) is (Trick.DIETERS in tricks)
        assert under_killjoys(hexed, 1) is (Trick.KILLJOYS in tricks)


def test_the_held_answers_are_the_plain_ones() -> None:
    checked = 0
    for state in every_position():
        allowed = latest_answers(state)
        for seat, player in enumerate(state.players):
            plain = tuple(
                card
                for card in (Card.QUIETO, Card.MAPACHE_MISTICO, Card.PERRO_ADOPTIVO, Card.TANUKI)
                if card in allowed and card in player.hand
            )
            assert held_answers(state, seat) == plain
            checked += bool(plain)
    assert checked > 20


# ---- a turn's end, the view ----


def test_a_turns_end_keeps_the_players_of_a_seat_under_no_hex() -> None:
    kept = hexed = 0
    for state in every_position():
        if state.turn is None:
            continue
        seat = state.turn.seat
        for before in (state, under(state, seat, Trick.DIETERS)):
            after = evolve(before, TurnEnded(seat=seat))
            plain_players = list(before.players)
            plain_players[seat] = replaced(plain_players[seat], hexes=())
            assert after.players == tuple(plain_players)
            if before.players[seat].hexes:
                assert after.players is not before.players
                hexed += 1
            else:
                assert after.players is before.players
                kept += 1
    assert kept > 100 and hexed > 100


def test_views_made_per_viewer_share_what_every_viewer_sees() -> None:
    """Each viewer's view is made whole (that it is the view made from scratch, for every viewer,
    is tests/unit/core/test_view_fast_paths.py's); what every viewer sees alike is still the very
    same object for each of them."""
    checked = 0
    for state in every_position():
        viewers: list[int | None] = [None, -1, state.seat_count, *range(state.seat_count)]
        made = [view(state, viewer) for viewer in viewers]
        assert all(seen.players is made[0].players and seen.mini_decks is made[0].mini_decks for seen in made)
        assert made[1] == made[2] == made[0]  # a seat not at this table sees what a spectator sees
        checked += 1
    assert checked > 300


def test_a_turn_starts_as_one_object_per_seat() -> None:
    state = next(s for s in every_position() if s.turn is not None)
    for seat in range(state.seat_count):
        started = evolve(state, TurnStarted(seat=seat)).turn
        assert started == Turn(seat=seat)
        assert evolve(state, TurnStarted(seat=seat)).turn is started
    assert evolve(state, TurnStarted(seat=0)).turn is not evolve(state, TurnStarted(seat=1)).turn
