"""A search bot for every game: determinized Monte Carlo search from a seat's sight alone.

For one decision it samples a few worlds its seat cannot tell from the real one
(kennel.domain.core.worlds), then spends its iterations as a bandit over its legal commands
(UCB1): each iteration plays one command in one sampled world and finishes the game (or a set
number of decisions, then asks the game's evaluation) with a cheap rollout policy for every
seat. The command with the best mean wins. Each game lends it a `Kit`: its determinizer, its
rollout policy and its evaluation (domain/<game>/bot.py, listed in kennel.domain.bots); and
maybe a hint, its own pick, which the search leans towards (progressive bias) and then plays
unless its rollouts clearly favour another command: for a long game whose rollouts see too
little of it to tell most moves apart (A Dog's Life).

Strength is set by iterations, not time, so that the same sight and seed give the same choice
on any machine (the tests depend on it). The bot's own randomness is a `random.Random` seeded
from its seed and the sight's version and seat: it is fast, and it is never the game's chance
(a bot's choices are recorded as commands, so nobody needs to re-derive them elsewhere).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from kennel.domain.core.rng import Rng, seed_from_text
from kennel.domain.core.rules import Game, RuleViolation, Seat
from kennel.domain.core.sight import Sight
from kennel.domain.core.undo import ENGINE_COMMANDS, AnswerUndo
from kennel.domain.core.worlds import Sampler, Worlds

Policy = Callable[[Game[Any], Any, Seat, Sequence[Any], random.Random], Any]
Evaluation = Callable[[Any, Seat], float]

EXPLORATION = 0.7  # UCB1's constant, for rewards in [0, 1]


def random_policy(game: Game[Any], state: Any, seat: Seat, legal: Sequence[Any], rng: random.Random) -> Any:
    return legal[rng.randrange(len(legal))]


def no_evaluation(state: Any, seat: Seat) -> float:
    return 0.0


@dataclass(frozen=True)
class Kit:
    """What a game lends the search bot."""

    worlds: Worlds
    policy: Policy = random_policy  # how every seat plays in a rollout
    evaluate: Evaluation = no_evaluation  # a rollout cut short: the seat's chance of winning, in [0, 1]
    depth: int = 400  # decisions in a rollout before it is cut short
    # The game's own pick among the legal commands, if it has one worth trusting: the search
    # then leans towards it (progressive bias), and needs clear evidence to choose otherwise.
    hint: Policy | None = None
    hint_weight: float = 0.0  # the lean, in reward: it fades as 1 / (visits + 1)


@dataclass(frozen=True)
class Level:
    iterations: int
    worlds: int


LEVELS: dict[int, Level] = {
    1: Level(iterations=16, worlds=4),
    2: Level(iterations=48, worlds=6),
    3: Level(iterations=256, worlds=12),
}
DEFAULT_LEVEL = 2


class SearchBot:
    """Determinized Monte Carlo search; see the module."""

    def __init__(
        self, kit: Kit, seed_text: str, level: int = DEFAULT_LEVEL, depth: int | None = None
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"bot levels are {sorted(LEVELS)}")
        self._kit = kit
        self._seed = seed_from_text(f"search bot:{seed_text}")
        self._level = LEVELS[level]
        self._depth = kit.depth if depth is None else depth
        self._sampler = Sampler(kit.worlds, self._seed)

    def choose(self, sight: Sight) -> Any | None:
        if not sight.legal:
            return None
        options = [command for command in sight.legal if command not in ENGINE_COMMANDS]
        if not options:  # asked about an undo: a bot never stands in a player's way
            return AnswerUndo(agree=True) if AnswerUndo(agree=True) in sight.legal else sight.legal[0]
        if len(options) == 1:
            return options[0]
        chance = Rng(self._seed, sight.version * 16 + sight.seat)
        rng = random.Random(chance.next_u64())
        worlds = [table.state for table in self._sampler.worlds(sight, self._level.worlds)]
        return options[self._search(sight, options, worlds, rng)]

    def _hinted(self, sight: Sight, options: list[Any], world: Any, rng: random.Random) -> int | None:
        """The arm the game's hint picks in the first world (None without a hint)."""
        if self._kit.hint is None:
            return None
        pick = self._kit.hint(sight.game, world, sight.seat, options, rng)
        return options.index(pick) if pick in options else None

    def _search(self, sight: Sight, options: list[Any], worlds: list[Any], rng: random.Random) -> int:
        visits = [0] * len(options)
        totals = [0.0] * len(options)
        hinted = self._hinted(sight, options, worlds[0], rng)
        bias = [self._kit.hint_weight if arm == hinted else 0.0 for arm in range(len(options))]
        for iteration in range(max(self._level.iterations, len(options))):
            if iteration < len(options):
                arm = iteration
            else:
                log_n = math.log(iteration)
                arm = max(
                    range(len(options)),
                    key=lambda a: totals[a] / visits[a]
                    + bias[a] / (visits[a] + 1)
                    + EXPLORATION * math.sqrt(log_n / visits[a]),
                )
            world = worlds[iteration % len(worlds)]
            visits[arm] += 1
            totals[arm] += self._rollout(sight.game, world, sight.seat, options[arm], rng)
        if hinted is not None:  # the most visited: with a lean, visits weigh the evidence against it
            return max(range(len(options)), key=lambda a: (visits[a], totals[a] / visits[a]))
        return max(range(len(options)), key=lambda a: (totals[a] / visits[a], visits[a]))

    def _rollout(self, game: Game[Any], state: Any, seat: Seat, command: Any, rng: random.Random) -> float:
        chance = Rng(rng.getrandbits(256).to_bytes(32, "big"), 0)  # this rollout's dice, one stream
        state = _play(game, state, seat, command, chance)
        for _ in range(self._depth):
            outcome = game.outcome(state)
            if outcome is not None:
                return 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0
            prompts = game.pending(state)
            if not prompts:
                break
            actor = prompts[rng.randrange(len(prompts))].seat
            legal = game.legal_commands(state, actor)
            if not legal:
                break
            state = _play(game, state, actor, self._kit.policy(game, state, actor, legal, rng), chance)
        outcome = game.outcome(state)
        if outcome is not None:
            return 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0
        return self._kit.evaluate(state, seat)


def _play(game: Game[Any], state: Any, seat: Seat, command: Any, chance: Rng) -> Any:
    try:
        events = game.decide(state, seat, command, chance)
    except RuleViolation as error:  # a legal command refused: the game's defect, said plainly
        raise AssertionError(f"{game.name}: legal command {command!r} refused: {error}") from error
    for event in events:
        state = game.evolve(state, event)
    return state
