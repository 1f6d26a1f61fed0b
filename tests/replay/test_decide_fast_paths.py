"""Shortcuts taken while deciding a command, each held to its plain definition:

- `Rng`'s blocks are HMAC-SHA256 as the `hmac` module computes it (docs/rng.md), though each
  seed's keyed halves are kept and copied (kennel.domain.core.rng);
- the games' card enums hash by identity (kennel.domain.core.rules.IdentityEnum) and still
  find each member as a plain enum does;
- a ¡Caninos! player's points are the sum of its slices' points, though kept per collection by
  the collection's identity (kennel.domain.caninos.state.collection_points), on every state of
  bot games."""

from __future__ import annotations

import hashlib
import hmac
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from kennel.domain.caninos.scoring import slice_points
from kennel.domain.caninos.state import CaninosState
from kennel.domain.core import rng as rngs
from kennel.domain.core import table as tables
from kennel.domain.core.rng import RNG_LABEL, SEED_BYTES, Rng
from kennel.domain.core.rules import IdentityEnum
from kennel.domain.registry import GAMES
from testkit.bot_games import bot_game


def plain_block(seed: bytes, stream: int, counter: int) -> bytes:
    message = RNG_LABEL + b"\x00" + stream.to_bytes(8, "big") + counter.to_bytes(8, "big")
    return hmac.new(seed, message, hashlib.sha256).digest()


@settings(max_examples=200, deadline=None)
@given(
    seed=st.binary(min_size=SEED_BYTES, max_size=SEED_BYTES),
    stream=st.integers(min_value=0, max_value=2**64 - 1),
    blocks=st.integers(min_value=1, max_value=4),
)
def test_rng_blocks_are_hmac_sha256(seed: bytes, stream: int, blocks: int) -> None:
    rng = Rng(seed, stream)
    assert [rng._next_block() for _ in range(blocks)] == [plain_block(seed, stream, n) for n in range(blocks)]


def test_rng_blocks_stay_hmac_sha256_as_seeds_come_and_go() -> None:
    """More seeds than are kept, each asked again after others pushed it out, and the same seed
    in two generators at once: each block is still the hmac module's."""
    seeds = [hashlib.sha256(bytes([n])).digest() for n in range(rngs._KEYED_KEPT * 2 + 3)]
    for seed in [*seeds, *reversed(seeds)]:
        first, second = Rng(seed, 7), Rng(seed, 7)
        assert first._next_block() == plain_block(seed, 7, 0)
        assert second.next_u64() == int.from_bytes(plain_block(seed, 7, 0)[:8], "big")
        assert first._next_block() == plain_block(seed, 7, 1)
    assert len(rngs._KEYED) <= rngs._KEYED_KEPT


def caninos_tables() -> list[tables.Table[Any]]:
    game = GAMES["caninos"]
    found = []
    for seats in (2, 3, 4):
        ledger = bot_game(game, f"decide-fast/caninos/{seats}", seats)
        table = tables.fold(game, ledger.events[:1])
        for event in ledger.events[1:]:
            table = tables.evolve(table, event)
            found.append(table)
    return found


def test_caninos_points_are_the_sum_of_the_slices_points() -> None:
    checked = 0
    for table in caninos_tables():
        state: CaninosState = table.state
        for player in state.players:
            assert player.points == sum(slice_points(piece) for piece in player.collection)
            # A collection equal to this one but another tuple: worked out, not taken for it.
            again = tuple(player.collection)
            assert type(player)(collection=(*again,)).points == player.points
            checked += bool(player.collection)
    assert checked > 500


def identity_enums() -> list[type[IdentityEnum]]:
    found: list[type[IdentityEnum]] = []
    pending = list(IdentityEnum.__subclasses__())
    while pending:
        cls = pending.pop()
        found.append(cls)
        pending.extend(cls.__subclasses__())
    return found


def test_identity_enums_hash_in_c_and_look_up_as_plain_enums() -> None:
    """The games' card enums hash by identity (no Python `__hash__` per look-up), and every
    member still finds exactly itself in a dict or a set, as a plain enum's member does."""
    enums = identity_enums()
    assert {cls.__name__ for cls in enums} >= {"Card", "Pizza", "Nut", "Critter", "Collectable", "Dog"}
    for cls in enums:
        assert cls.__hash__ is object.__hash__
        members = list(cls)
        by_member = {member: index for index, member in enumerate(members)}
        assert [by_member[member] for member in members] == list(range(len(members)))
        assert len(set(members)) == len(members)
        assert all(cls(member.value) in by_member and cls[member.name] in set(members) for member in members)
