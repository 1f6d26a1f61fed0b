"""What each seat may see, and every event as that seat may see it.

Public: every collection with its toppings, plush toys, Cerberus, Dieters, Killjoys and Dog
Fairy; the Double row; each mini-deck's top and size; the size of the main deck; the discard
pile (face up); how many cards each seat holds; the turn, the play being put together, the
reaction chain and who is asked; the Pack Leader's level. Private to a seat: its hand. Nobody,
not even the seat that will draw them, sees the order of the main deck or of the pizzas under
the mini-deck tops.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kennel.domain.caninos.cards import Card, Pizza
from kennel.domain.caninos.events import CardsDealt, CardsDrawn, DeckShuffled, DiscardShuffled, PizzasShuffled
from kennel.domain.caninos.options import Options
from kennel.domain.caninos.scoring import points
from kennel.domain.caninos.state import Answer, CaninosState, Draft, Hex, Play, Player, Slice, Turn
from kennel.domain.core.frozen import per_recent_part, replaced, short_lived


@short_lived
@dataclass(frozen=True)
class MiniDeckView:
    top: Pizza | None  # None: the mini-deck is empty
    size: int


@short_lived
@dataclass(frozen=True)
class PlayerView:
    seat: int
    collection: tuple[Slice, ...]
    points: int
    hand_size: int  # how many, never which
    hexes: tuple[Hex, ...]
    fairy: Card | None


@short_lived
@dataclass(frozen=True)
class CaninosView:
    viewer: int | None  # None: a spectator
    options: Options
    turn: Turn | None
    players: tuple[PlayerView, ...]
    doubles: tuple[Pizza, ...]
    mini_decks: tuple[MiniDeckView, ...]
    deck_size: int
    discard: tuple[Card, ...]  # face up, the last discarded last
    draft: Draft | None  # the play the seat in turn is putting together
    play: Play | None  # the play at the bottom of the reaction chain
    answers: tuple[Answer, ...]  # the chain above it, the latest last
    adopted: tuple[int, ...]  # chain links whose Raccoon went to an adopter's hand
    asking: tuple[int, ...]  # the open window: seats still to be asked, the first now
    level: int | None  # the Pack Leader's level while seats return pizza
    reshuffles: int
    hand: tuple[Card, ...]  # the viewer's own; empty for a spectator


def view(state: CaninosState, viewer: int | None) -> CaninosView:
    """The spectator's view (`viewer` None, or no seat of this table), or a seat's: the same
    with its own hand. Made whole for each viewer, not as a copy of a public view kept per
    state: a state is mostly seen by one seat (the one it asks), and what viewers share is
    shared anyway (the players' and mini-decks' views are the very objects for every viewer,
    `per_recent_part`); keeping the public view cost a table entry per state and a copy per view."""
    hand: tuple[Card, ...] = ()
    if viewer is not None and 0 <= viewer < len(state.players):  # `state.seat_count`, a call fewer
        hand = state.players[viewer].hand
    else:
        viewer = None
    return CaninosView(
        viewer=viewer,
        options=state.options,
        turn=state.turn,
        players=_players_view(state.players),
        doubles=state.doubles,
        mini_decks=_mini_decks_view(state.mini_decks),
        deck_size=len(state.deck),
        discard=state.discard,
        draft=state.draft,
        play=state.play,
        answers=state.answers,
        adopted=state.adopted,
        asking=state.asking,
        level=state.level,
        reshuffles=state.reshuffles,
        hand=hand,
    )


# The players and the mini-decks unchanged since the last state (the same tuple: most events
# move neither, a turn's declarations and answers none) are seen as before, without a call per
# item; a player or mini-deck unchanged is seen as before too (the same object).
@per_recent_part
def _players_view(players: tuple[Player, ...]) -> tuple[PlayerView, ...]:
    return tuple([_player_view(player, seat) for seat, player in enumerate(players)])


@per_recent_part
def _mini_decks_view(decks: tuple[tuple[Pizza, ...], ...]) -> tuple[MiniDeckView, ...]:
    return tuple([_mini_deck_view(deck) for deck in decks])


@per_recent_part
def _player_view(player: Player, seat: int) -> PlayerView:
    return PlayerView(
        seat=seat,
        collection=player.collection,
        points=points(player),
        hand_size=len(player.hand),
        hexes=player.hexes,
        fairy=player.fairy,
    )


@per_recent_part
def _mini_deck_view(deck: tuple[Pizza, ...]) -> MiniDeckView:
    return MiniDeckView(top=deck[0] if deck else None, size=len(deck))


def redact(event: Any, viewer: int | None) -> Any:
    """Blank what `viewer` may not see; every event still reaches every viewer, so the number
    and order of events tell nothing the rules do not."""
    if isinstance(event, DeckShuffled | DiscardShuffled):
        return replaced(event, deck=())
    if isinstance(event, PizzasShuffled):
        return replaced(event, pizzas=())
    if isinstance(event, CardsDealt | CardsDrawn) and event.seat != viewer:
        return replaced(event, cards=())
    return event
