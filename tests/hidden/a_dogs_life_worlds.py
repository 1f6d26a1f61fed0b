"""A Dog's Life worlds one seat cannot tell apart (the `OtherWorlds` hook,
tests/testkit/hidden_worlds.py).

What P may not know: the order of every deck's undrawn cards (nobody knows it), the addresses of
the newspapers P has not seen (carried by other dogs, lying face down, or in the kiosk's stack),
and the seed. The other world is the same game with the undrawn part of each dog's current deck
in another order, and with the addresses P never saw (and nobody saw delivered) swapped around.
It is *replayed*, not patched: every command, relabelled, goes through `decide` in the other
world under the same seed, and each event must come out as the original one relabelled, except
chance the other world may draw differently (a newspaper taken from the kiosk, a shuffle), which
is set to the relabelled original after checking it could have been drawn. A rule whose public
effect depends on a hidden card or address then shows as a different event, or as a command the
other world refuses.
"""

from __future__ import annotations

import dataclasses
from functools import partial
from typing import Any

from kennel.domain.a_dogs_life import GAME
from kennel.domain.a_dogs_life.commands import DropNewspaper
from kennel.domain.a_dogs_life.events import (
    CardDrawn,
    DeckShuffled,
    NewspaperCollected,
    NewspaperDelivered,
    NewspaperDropped,
    NewspaperTaken,
)
from kennel.domain.a_dogs_life.state import NEWSPAPERS, ADogsLifeState
from kennel.domain.core import table as tables
from kennel.domain.core.rng import Rng
from kennel.domain.core.rules import RuleViolation, Viewer
from testkit.hidden_worlds import Move, Playthrough, Resolved, moves_after

ADDRESSED = (NewspaperTaken, NewspaperDropped, NewspaperCollected, NewspaperDelivered)


def hidden_part(state: ADogsLifeState, viewer: Viewer) -> Any:
    return (
        [dog.deck for dog in state.dogs],
        [dog.newspapers for seat, dog in enumerate(state.dogs) if seat != viewer],
        [item.address for item in state.ground],
        state.kiosk,
    )


def address_relabelling(events: list[Any], viewer: Viewer, chance: Rng) -> dict[int, int]:
    """A permutation of the addresses the viewer never saw and nobody saw delivered."""
    known = set()
    for event in events:
        if isinstance(event, NewspaperDelivered):
            known.add(event.address)
        elif isinstance(event, ADDRESSED) and viewer is not None:
            seen = GAME.redact(event, viewer)
            if seen.address:
                known.add(seen.address)
    free = [address for address in range(1, NEWSPAPERS + 1) if address not in known]
    return dict(zip(free, chance.shuffled(free), strict=True))


def _reshuffled_decks(events: list[Any], chance: Rng) -> dict[int, DeckShuffled]:
    """For each seat's last shuffle (by index in `events`), the same shuffle with its cards not
    yet drawn in another order."""
    last: dict[int, int] = {}
    drawn: dict[int, int] = {}
    for index, event in enumerate(events):
        if isinstance(event, DeckShuffled):
            last[event.seat], drawn[event.seat] = index, 0
        elif isinstance(event, CardDrawn):
            drawn[event.seat] += 1
    patched = {}
    for seat, index in last.items():
        deck = events[index].deck
        patched[index] = DeckShuffled(
            seat=seat, deck=deck[: drawn[seat]] + chance.shuffled(deck[drawn[seat] :])
        )
    return patched


def _relabel(value: Any, relabelling: dict[int, int]) -> Any:
    if isinstance(value, (*ADDRESSED, DropNewspaper)):
        return dataclasses.replace(value, address=relabelling.get(value.address, value.address))
    return value


def other_world(game: Playthrough, moves: int, viewer: Viewer, chance: Rng) -> Playthrough:
    """The first `moves` moves replayed in a world that differs only in what `viewer` may not
    know; each event must come out as the original relabelled (see the module)."""
    original = game.events(moves)
    relabelling = address_relabelling(original, viewer, chance)
    decks = _reshuffled_decks(original, chance)
    expected = [decks.get(index, _relabel(event, relabelling)) for index, event in enumerate(original)]
    opening = expected[: len(game.opening)]
    table = tables.fold(game.game, opening)
    index = len(opening)
    replayed = []
    for number, move in enumerate(game.moves[:moves]):
        command = _relabel(move.command, relabelling)
        try:
            produced = tables.play(table, move.seat, command, game.seed)
        except RuleViolation as error:
            raise AssertionError(
                f"move {number} is refused in a world seat {viewer} cannot tell apart: {error}"
            ) from error
        wanted = expected[index : index + len(move.events)]
        assert [type(e) for e in produced] == [type(e) for e in wanted], f"move {number} went another way"
        final = []
        for got, want in zip(produced, wanted, strict=True):
            if isinstance(want, NewspaperTaken):
                assert want.address in table.state.kiosk, "the relabelled newspaper could not have been taken"
                got = want  # the kiosk holds other addresses here: the draw may differ
            elif isinstance(want, DeckShuffled):
                assert sorted(want.deck) == sorted(got.deck)
                got = want  # the shuffle whose undrawn cards are in another order
            assert got == want, f"move {number}: {got} where the other world expects {want}"
            final.append(got)
            table = tables.evolve(table, got)
        index += len(move.events)
        replayed.append(Move(move.seat, command, tuple(final)))
    return Playthrough(game.game, game.seed, tuple(opening), tuple(replayed))


def resolved_otherwise(game: Playthrough, viewer: Viewer, chance: Rng) -> list[Resolved]:
    """Each newspaper another dog dropped, just after it lies face down: which of its
    newspapers the dropper chose (and every address the viewer never saw) differs."""
    def dropped_by_another(event: Any) -> bool:
        return isinstance(event, NewspaperDropped) and event.seat != viewer

    points = moves_after(game, dropped_by_another)
    return [(moves, partial(other_world, game, moves, viewer, chance)) for moves in points]
