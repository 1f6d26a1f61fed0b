"""The golden playthrough tests/golden/caninos/reaction-chain.jsonl holds a reaction chain at
least three answers deep (tests/golden/test_golden_playthroughs.py replays every *.jsonl of the
folder line for line; this test makes sure that one keeps its chain).

It is the eleventh game of `kennel simulate caninos --players 4 --seed reaction-chain-4 --games 11`
(index 10; index 1 until rules version 2). When the rules deliberately change what logs replay
to, rewrite it with:

    .venv/bin/python -c "from pathlib import Path; from kennel.service.simulate import simulate_local;
    from kennel.domain.registry import GAMES; Path('tests/golden/caninos/reaction-chain.jsonl').write_bytes(
    simulate_local(GAMES['caninos'], 4, 'reaction-chain-4', 10, 10_000).log)"

and check that this test still passes (else pick another game index with a deep chain).
"""

from pathlib import Path

from kennel.domain.caninos import GAME
from kennel.domain.core import table as tables
from kennel.replay.logformat import parse_log

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "caninos" / "reaction-chain.jsonl"


def deepest_chain(raw: bytes) -> int:
    deepest, answers = 0, None
    for record in parse_log(raw).records:
        kind = record.event["type"]
        if kind == "PlayMade":
            answers = 0
        elif kind == "Reacted" and answers is not None:
            answers += 1
            deepest = max(deepest, answers)
        elif kind == "ChainResolved":
            answers = None
    return deepest


def test_the_golden_reaction_chain_is_at_least_three_answers_deep():
    raw = GOLDEN.read_bytes()
    log = parse_log(raw)
    assert log.header.game == GAME.name and log.records[-1].event["type"] == "kennel.GameEnded"
    assert deepest_chain(raw) >= 3


def test_the_golden_chain_resolves_from_the_top():
    """Every chain resolves from the top: the play succeeds exactly when an even number of answers
    sits on it (each answer stops the link below it unless it is stopped itself)."""
    events = [tables.decode_event(GAME, record.event) for record in parse_log(GOLDEN.read_bytes()).records]
    answers, checked = None, 0
    for event in events:
        name = type(event).__name__
        if name == "PlayMade":
            answers = 0
        elif name == "Reacted" and answers is not None:
            answers += 1
        elif name == "ChainResolved" and answers is not None:
            assert event.succeeded == (answers % 2 == 0)  # the top stands, and so on down
            checked += answers >= 3
            answers = None
    assert checked >= 1
