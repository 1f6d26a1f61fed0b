"""Random playouts with the RESHUFFLE ending (the generic playouts, tests/playouts, play the
default MOST_POINTS ending): every game ends, keeps every card, and replays to the same log."""

import pytest
from kennel.domain.caninos import GAME
from kennel.domain.core import table as tables
from kennel.domain.core.bots import RandomBot
from kennel.domain.core.rng import seed_from_text
from kennel.domain.registry import GAMES
from kennel.replay.ledger import Ledger
from kennel.replay.logformat import parse_log
from kennel.replay.rerun import rerun
from kennel.replay.verify import verify

GAMES_PLAYED = 20
MAX_COMMANDS = 20_000


@pytest.mark.parametrize("chunk", range(4))
def test_reshuffle_games_end_conserve_every_card_and_replay(chunk):
    assert GAMES["caninos"] is GAME
    reshuffled = 0
    for number in range(chunk, GAMES_PLAYED, 4):
        seats = 2 + number % 5
        options = {"deck_runs_out": "reshuffle", "reshuffle_limit": number % 3 + 1}
        text = f"reshuffle {number}"
        seed = seed_from_text(text)
        ledger = Ledger.create(GAME, f"test/{text}", options, [f"p{s}" for s in range(seats)], seed)
        bots = [RandomBot(f"{text}:{s}") for s in range(seats)]
        expected = None
        for step in range(MAX_COMMANDS):
            table_ = ledger.table
            if table_.ended is not None:
                break
            if expected is None and table_.state.turn is not None:
                expected = GAME.inventory(table_.state)
            seat = table_.pending()[step % len(table_.pending())].seat
            ledger.commit(ledger.play(seat, bots[seat].choose(table_, seat), f"c{step}", seed))
            assert GAME.inventory(ledger.table.state) == expected
        assert ledger.table.ended is not None, text
        raw = ledger.log().to_bytes()
        report = verify(raw)
        assert report.ok and report.rules_checked, report.failure
        assert rerun(GAME, parse_log(raw), seed).log().to_bytes() == raw
        assert tables.fold(GAME, ledger.events) == ledger.table
        reshuffled += ledger.table.state.reshuffles > 0
    assert reshuffled, "no game reshuffled: the test would prove nothing"
