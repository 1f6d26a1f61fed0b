"""Points: "Normal pizza is worth 6 points and Double pizza is worth 10 points", and the
modified-value table (a topping adds or takes away 50%: 9 and 15, 3 and 5 points)."""

from __future__ import annotations

from kennel.domain.caninos.cards import DOUBLE_POINTS, NORMAL_POINTS, Pizza, increases, is_double
from kennel.domain.caninos.state import CaninosState, Player, Slice, collection_points
from kennel.domain.core.frozen import per_recent_part


def printed_points(pizza: Pizza) -> int:
    return DOUBLE_POINTS if is_double(pizza) else NORMAL_POINTS


def slice_points(piece: Slice) -> int:
    """A plush toy and a slice under Cerberus are worth nothing; a topping makes a slice worth
    half as much again (6 -> 9, 10 -> 15) or half (6 -> 3, 10 -> 5)."""
    if piece.plush or piece.cerberus is not None:
        return 0
    printed = printed_points(piece.pizza)
    if piece.topping is None:
        return printed
    return printed * 3 // 2 if increases(piece.topping) else printed // 2


def points(player: Player) -> int:
    return player.points


def scores(state: CaninosState) -> tuple[int, ...]:
    """Every seat's points, in seat order."""
    return seat_points(state.players)


# Asked of nearly every state a decision passes through (`outcome`), and most events leave the
# players as they were (the very tuple: a declaration, a decline, a draft's step, a turn's
# start): kept per players tuple, bounded per process (public values).
@per_recent_part(limit=256)
def seat_points(players: tuple[Player, ...]) -> tuple[int, ...]:
    # `collection_points` straight (what `Player.points` returns): a property's call and a
    # generator's fewer.
    return tuple([collection_points(player.collection) for player in players])
