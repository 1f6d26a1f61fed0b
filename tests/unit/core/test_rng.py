"""The game RNG (domain/core/rng.py) against the test vectors published in docs/rng.md."""

from __future__ import annotations

import hashlib
import hmac
from collections import Counter

import pytest
from kennel.domain.core.rng import SEED_BYTES, Rng, seed_commitment, seed_from_text

SEED = bytes(range(32))  # 00 01 02 ... 1f, the seed of every vector in docs/rng.md


def words(stream: int, count: int) -> list[str]:
    rng = Rng(SEED, stream)
    return [f"{rng.next_u64():016x}" for _ in range(count)]


def test_first_words_of_streams_0_1_and_7_match_docs() -> None:
    assert words(0, 5) == [
        "55bd995279d49535",
        "77a394c5b4d4647a",
        "c03f14eced29562b",
        "de4cce20be22d656",
        "0dcd68eabaa263c2",
    ]
    assert words(1, 5) == [
        "051f0ee2f1fab00e",
        "2a82dbe4e528e45a",
        "52929392fb5c783f",
        "fa713983356edebc",
        "d2b93c174ef54169",
    ]
    assert words(7, 3) == ["827a40e4d4c42815", "9915cc556fb6b203", "42652fa31ff20543"]


def test_first_block_is_hmac_sha256_of_the_documented_message() -> None:
    message = bytes.fromhex("6b656e6e656c2f726e672f76310000000000000000010000000000000000")
    block = hmac.new(SEED, message, hashlib.sha256).hexdigest()
    assert block == "051f0ee2f1fab00e2a82dbe4e528e45a52929392fb5c783ffa713983356edebc"
    assert "".join(words(1, 4)) == block


def test_words_cross_from_one_block_to_the_next() -> None:
    rng = Rng(SEED, 1)
    for _ in range(4):
        rng.next_u64()
    assert f"{rng.next_u64():016x}" == "d2b93c174ef54169"  # the first word of block 1


def test_shuffle_of_range_10_on_stream_1_matches_docs() -> None:
    rng = Rng(SEED, 1)
    assert rng.shuffled(range(10)) == (4, 3, 0, 9, 1, 5, 8, 7, 6, 2)
    assert rng.draws == 9


def test_dice_on_stream_2_match_docs() -> None:
    rng = Rng(SEED, 2)
    assert [rng.die() for _ in range(10)] == [1, 6, 5, 5, 3, 1, 5, 2, 4, 6]


def test_choices_on_stream_3_match_docs() -> None:
    rng = Rng(SEED, 3)
    assert "".join(rng.choice("abcde") for _ in range(10)) == "aaaeebdece"


def test_seed_commitment_and_seed_from_text_match_docs() -> None:
    assert seed_commitment(SEED) == "9b09dd65efc3d3c44099189fd929407d1792b19acff16932c4fcc87cf4f22891"
    assert (
        seed_from_text("kennel").hex() == "18e49867714b6db7c72782e3f4a8b6a191496e6232a1fc2bea258f005796e3c3"
    )


def test_below_rejects_words_at_or_above_the_limit_and_draws_again() -> None:
    # n = 2**63 + 1: the limit is 2**64 - (2**64 mod n) = 2**63 + 1, so about half the words fail.
    # On stream 7 the first two words (0x827a..., 0x9915...) are over the limit; the third is taken.
    n = 2**63 + 1
    rng = Rng(SEED, 7)
    assert rng.below(n) == 0x42652FA31FF20543
    assert rng.draws == 3


def test_below_1_is_always_0_and_still_draws_one_word() -> None:
    rng = Rng(SEED, 0)
    assert [rng.below(1) for _ in range(20)] == [0] * 20
    assert rng.draws == 20


def test_below_never_reaches_n_and_is_roughly_uniform() -> None:
    rng = Rng(SEED, 11)
    counts = Counter(rng.below(6) for _ in range(6000))
    assert set(counts) == set(range(6))
    # Each face expects 1000; 850..1150 is about 5 standard deviations either side.
    assert all(850 <= count <= 1150 for count in counts.values()), counts


def test_shuffle_puts_every_item_everywhere_about_equally() -> None:
    positions: Counter[int] = Counter()
    for stream in range(2000):
        shuffled = Rng(SEED, stream).shuffled(range(4))
        positions[shuffled.index(0)] += 1
    # Item 0 expects each of the 4 positions 500 times; 400..600 is about 5 standard deviations.
    assert all(400 <= count <= 600 for count in positions.values()), positions


def test_a_stream_is_its_own_sequence() -> None:
    assert words(5, 3) == words(5, 3)
    assert words(5, 3) != words(6, 3)
    assert Rng(seed_from_text("a"), 5).next_u64() != Rng(seed_from_text("b"), 5).next_u64()


@pytest.mark.parametrize("seed", [b"", bytes(SEED_BYTES - 1), bytes(SEED_BYTES + 1)])
def test_a_seed_is_exactly_32_bytes(seed: bytes) -> None:
    with pytest.raises(ValueError):
        Rng(seed, 0)


def test_stream_numbers_are_not_negative_and_below_needs_n_at_least_1() -> None:
    with pytest.raises(ValueError):
        Rng(SEED, -1)
    with pytest.raises(ValueError):
        Rng(SEED, 0).below(0)


def test_die_covers_1_to_sides() -> None:
    rng = Rng(SEED, 12)
    assert {rng.die(4) for _ in range(200)} == {1, 2, 3, 4}
