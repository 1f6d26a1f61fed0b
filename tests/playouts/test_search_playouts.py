"""Search-bot playouts (issue 19): the search bot on every seat plays each game to the
rulebook's own ending, through a `Ledger` (the server's path: commands, hash-chained records),
and the log verifies. Random bots in A Dog's Life hardly ever bury a bone; search bots end it by
burying the bones ("Find 4 bones and bury them in your home space"), at 2, 3 and 4 seats.

The bots here search lightly (level 1, short rollouts): these tests are about reaching the
endings through the one interface, not about strength (`kennel bots duel` measures that).
"""

from __future__ import annotations

import pytest
from kennel.domain.bots import KITS
from kennel.domain.core.rng import seed_from_text
from kennel.domain.core.search import SearchBot
from kennel.domain.core.sight import sight_of
from kennel.domain.registry import GAMES
from kennel.replay.ledger import Ledger
from kennel.replay.verify import verify

MAX_DECISIONS = 3_000
DEPTH = 6  # decisions per rollout before the evaluation


def search_game(name: str, seats: int, text: str) -> Ledger:
    game = GAMES[name]
    seed = seed_from_text(text)
    ledger = Ledger.create(game, f"search-{text}", None, [f"bot{seat}" for seat in range(seats)], seed)
    bots = [SearchBot(KITS[name], f"{text}:{seat}", level=1, depth=DEPTH) for seat in range(seats)]
    for step in range(MAX_DECISIONS):
        if ledger.table.ended is not None:
            break
        seat = ledger.table.pending()[0].seat
        command = bots[seat].choose(sight_of(ledger.table, ledger.events, seat))
        ledger.commit(ledger.play(seat, command, f"cmd-{step}", seed))
    return ledger


@pytest.mark.parametrize("name", sorted(set(GAMES) - {"a-dogs-life"}))  # that one: below, at 2 to 4 seats
def test_search_bots_play_every_game_to_its_ending_and_the_log_verifies(name: str) -> None:
    ledger = search_game(name, 2, f"search playout {name}")
    assert ledger.table.ended is not None, f"{name}: no ending within {MAX_DECISIONS} decisions"
    assert GAMES[name].outcome(ledger.table.state) is not None  # the rules ended it, not the engine
    report = verify(ledger.log().to_bytes())
    assert report.ok, report


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_search_bots_end_a_dogs_life_by_burying_the_bones(seats: int) -> None:
    """Rules as written (no round limit): the game ends only when a dog buries the bones, so a
    game that ends within the bound ended that way; the winner is the dog that did."""
    ledger = search_game("a-dogs-life", seats, f"search playout bones {seats}")
    state = ledger.table.state
    assert ledger.table.ended is not None, f"no ending within {MAX_DECISIONS} decisions"
    assert state.options.rounds == 0  # the rulebook's untimed game
    diggers = [seat for seat, dog in enumerate(state.dogs) if dog.buried >= state.options.bones]
    assert list(ledger.table.ended.winners) == diggers, [dog.buried for dog in state.dogs]
    report = verify(ledger.log().to_bytes())
    assert report.ok, report
